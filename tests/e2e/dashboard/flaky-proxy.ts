// A TCP proxy in front of the cluster that can cut every open connection at once,
// like a network that drops: the browser sees its sockets die without a close
// handshake and must reconnect by itself.
import net from "node:net";

export interface FlakyProxy {
  url: string;
  /** Destroys every open connection; returns how many were cut. */
  cut(): number;
  close(): Promise<void>;
}

export async function flakyProxy(target: { port: number }): Promise<FlakyProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, "127.0.0.1");
    open.add(client);
    const drop = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      const n = open.size;
      for (const s of open) {
        s.destroy();
      }
      return n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
