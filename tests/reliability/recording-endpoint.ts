// A model endpoint for the reliability suite that records every request body it
// receives (the exact bytes the model would read) and answers with the local
// stand-in's policy, so a cluster pointed at it (LETHE_MODEL_BASE_URL) runs
// sessions and the proxy as usual. A chat request whose text holds a hold marker
// is never answered: the test sees when the cluster closes that connection (a
// client that went away must cancel the model call).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { answerWithStandIn, serviceCallMarker } from "../../harness/service-calls.ts";

export interface RecordedMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown;
}

export interface Recorded {
  path: string;
  /** The raw body as received. */
  raw: string;
  messages: RecordedMessage[];
  /** The router's or the compressor's marker, or null for the agent's own calls. */
  service: string | null;
}

export interface Held {
  marker: string;
  receivedAt: number;
  /** When the cluster closed the connection (null while it stays open). */
  closedAt: number | null;
}

export interface RecordingEndpoint {
  /** The base URL to give as LETHE_MODEL_BASE_URL. */
  url: string;
  requests: Recorded[];
  held: Held[];
  close(): Promise<void>;
}

/** A request whose body holds this prefix followed by an id is held open, never answered. */
export const HOLD_PREFIX = "LETHE-HOLD-";
const HOLD = new RegExp(`${HOLD_PREFIX}[0-9a-f]{8,}`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  state: { requests: Recorded[]; held: Held[] },
): Promise<void> {
  const raw = await readBody(req);
  const path = req.url ?? "";
  if (req.method === "GET" && path.endsWith("/models")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: [{ id: "recorded", object: "model" }] }));
    return;
  }
  let body: { messages?: unknown } | null = null;
  try {
    body = JSON.parse(raw) as { messages?: unknown };
  } catch {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "bad json", code: "bad_json" } }));
    return;
  }
  const service = serviceCallMarker(body);
  state.requests.push({
    path,
    raw,
    messages: Array.isArray(body?.messages) ? (body.messages as RecordedMessage[]) : [],
    service,
  });
  // The agent's calls and Lethe's own (the compressor's) alike.
  const hold = HOLD.exec(raw)?.[0];
  if (hold !== undefined) {
    const held: Held = { marker: hold, receivedAt: Date.now(), closedAt: null };
    state.held.push(held);
    // Never answered: only the cluster closing the connection ends it.
    res.on("close", () => {
      held.closedAt = Date.now();
    });
    return;
  }
  if (!path.endsWith("/chat/completions")) {
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: `no route ${path}`, code: "not_found" } }));
    return;
  }
  await answerWithStandIn(body, res);
}

/** Starts the endpoint on 127.0.0.1 on a free port. */
export async function startRecordingEndpoint(): Promise<RecordingEndpoint> {
  const state = { requests: [] as Recorded[], held: [] as Held[] };
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(req, res, state).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
      }
      res.end(JSON.stringify({ error: { message: String(error), code: "endpoint_failed" } }));
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: state.requests,
    held: state.held,
    close: async () => {
      for (const s of sockets) {
        s.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
