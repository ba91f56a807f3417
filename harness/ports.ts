// The ports a local cluster takes: a free one chosen by the kernel, and whether
// something already answers HTTP on one (so a cluster never mistakes another
// server for itself).
import { createServer } from "node:net";

/** A port nothing listens on right now, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when something already answers HTTP on the port (another cluster, say). */
export async function portAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    // Nothing listening (connection refused) or nothing answering: the port is ours to take.
    return false;
  }
}
