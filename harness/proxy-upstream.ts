// An OpenAI-compatible test upstream for the proxy's bench and end-to-end tests.
// Its policy follows the task's plan line ("PLAN: a, b, c") calling each client
// tool once, and fills an argument only from text it sees in its prompt (a
// "NEED tool.arg FROM /regex/" line names where): when the value is not shown,
// it reads an advertised ref with lethe_read_ref first. It never carries a value
// it was not shown. Every request is recorded so tests can inspect the prompt.
// The cluster's own calls (the router's, the compressor's) get the local
// endpoint's policy, are recorded apart and never fault: the upstream plays the
// agent only. `node harness/proxy-upstream.ts --port 8788` runs it alone
// (docs/proxy.md): it prints its URL and stays up until Ctrl-C.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { answerWithStandIn, serviceCallMarker } from "./service-calls.ts";

export interface UpstreamMessage {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
export interface UpstreamRequest {
  model?: string;
  messages: UpstreamMessage[];
  tools?: { function: { name: string } }[];
  stream?: boolean;
}
export type Fault = "timeout" | "500" | "429" | "half-stream" | "invalid-json";

export interface TestUpstream {
  url: string;
  /** Every request body received from the agent's side, oldest first. */
  requests: UpstreamRequest[];
  /** The router's and the compressor's requests, oldest first (the stand-in answered them). */
  serviceRequests: UpstreamRequest[];
  /** The next requests fail this way (until cleared). */
  fault: Fault | undefined;
  /** Every fault answer carries this secret, so tests can prove it never reaches a client. */
  secret: string;
  close(): Promise<void>;
}

const REF = /ref:[0-9a-f]{32}/g;

function textOf(messages: readonly UpstreamMessage[]): string {
  return messages
    .map((m) =>
      [
        m.content ?? "",
        ...(m.tool_calls ?? []).map((c) => `${c.function.name}(${c.function.arguments})`),
      ].join("\n"),
    )
    .join("\n");
}

/** Client tools already called in this conversation (calls shown verbatim or in the summary). */
function called(text: string, tool: string): boolean {
  return text.includes(`${tool}(`);
}

export type Move = { content: string } | { call: { name: string; arguments: string } };

/**
 * The next ref read: page on through the last one read when it said there is
 * more, else an unread ref, offloaded originals first (a marker names them).
 */
function readRef(
  request: UpstreamRequest,
  text: string,
): { ref: string; offset?: number } | undefined {
  const last = request.messages.at(-1);
  const more =
    last?.role === "tool"
      ? /\[(ref:[0-9a-f]{32}): characters \d+-\d+ of \d+; call again with offset (\d+)\]$/.exec(
          last.content ?? "",
        )
      : null;
  if (more?.[1] !== undefined && more[2] !== undefined) {
    return { ref: more[1], offset: Number(more[2]) };
  }
  const read = new Set(
    request.messages
      .flatMap((m) => m.tool_calls ?? [])
      .filter((c) => c.function.name === "lethe_read_ref")
      .map((c) => (JSON.parse(c.function.arguments) as { ref: string }).ref),
  );
  const offloaded = [...text.matchAll(/\[CONTENT OFFLOADED: (ref:[0-9a-f]{32})/g)].map(
    (m) => m[1] ?? "",
  );
  const all = [...offloaded, ...(text.match(REF) ?? [])];
  const ref = all.find((r) => r !== "" && !read.has(r));
  return ref === undefined ? undefined : { ref };
}

/** The policy: one move from what the prompt shows. */
export function policy(request: UpstreamRequest): Move {
  const text = textOf(request.messages);
  const plan =
    /PLAN: ([\w, ]+)/
      .exec(text)?.[1]
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  const next = plan.find((tool) => !called(text, tool));
  if (next === undefined) {
    const finals = [...text.matchAll(/RESULT: ([^\n]+)/g)];
    return { content: `done: ${finals.at(-1)?.[1] ?? "no result seen"}` };
  }
  const needs = [...text.matchAll(/NEED (\w+)\.(\w+) FROM \/(.+?)\/(?:\s|$)/g)].filter(
    (m) => m[1] === next,
  );
  const args: Record<string, string> = {};
  for (const need of needs) {
    const [, , arg, source] = need;
    if (arg === undefined || source === undefined) {
      continue;
    }
    const found = new RegExp(source).exec(text)?.[1];
    if (found !== undefined) {
      args[arg] = found;
      continue;
    }
    const read = readRef(request, text);
    if (read === undefined) {
      return { content: `cannot find ${next}.${arg}` };
    }
    return { call: { name: "lethe_read_ref", arguments: JSON.stringify(read) } };
  }
  return { call: { name: next, arguments: JSON.stringify(args) } };
}

function completion(move: Move, n: number) {
  const message =
    "call" in move
      ? {
          role: "assistant",
          content: null,
          tool_calls: [{ id: `call_${n}`, type: "function", function: move.call }],
        }
      : { role: "assistant", content: move.content };
  return {
    id: `up-${n}`,
    object: "chat.completion",
    created: 0,
    model: "test-upstream",
    choices: [{ index: 0, message, finish_reason: "call" in move ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** Options of `startTestUpstream`. */
export interface TestUpstreamOptions {
  /** The agent's policy (default `policy`, the plan-following one); bench:proxy passes its own. */
  policy?: (request: UpstreamRequest) => Move;
}

/** Starts the upstream on 127.0.0.1; `port` 0 (the default) takes a free one. */
export async function startTestUpstream(
  port = 0,
  options: TestUpstreamOptions = {},
): Promise<TestUpstream> {
  const decide = options.policy ?? policy;
  let n = 0;
  const state: Omit<TestUpstream, "url" | "close"> = {
    requests: [],
    serviceRequests: [],
    fault: undefined,
    secret: `sk-upstream-${Math.random().toString(36).slice(2)}`,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/v1/models") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ object: "list", data: [{ id: "test-upstream", object: "model" }] }),
        );
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as UpstreamRequest;
      if (serviceCallMarker(body) !== null) {
        state.serviceRequests.push(body);
        void answerWithStandIn(body, res);
        return;
      }
      state.requests.push(body);
      n++;
      const secret = `{"error":{"message":"upstream key ${state.secret} rejected","stack":"Error at upstream.js:1"}}`;
      switch (state.fault) {
        case "timeout":
          return; // never answers; the proxy's timeout must fire
        case "500":
          res.writeHead(500, { "content-type": "application/json" });
          res.end(secret);
          return;
        case "429":
          res.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
          res.end(secret);
          return;
        case "invalid-json":
          res.writeHead(200, { "content-type": "application/json" });
          res.end(`{"id": "x", "choices": [ ${state.secret}`);
          return;
        case "half-stream":
          res.writeHead(200, {
            "content-type": body.stream ? "text/event-stream" : "application/json",
          });
          res.write(
            body.stream
              ? `data: {"id":"x","choices":[{"index":0,"delta":{"content":"${state.secret}`
              : `{"id":"x","choices":[{"index":0,`,
          );
          res.destroy();
          return;
        default:
          break;
      }
      const answer = completion(decide(body), n);
      if (body.stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        const message = answer.choices[0]?.message;
        res.write(
          `data: ${JSON.stringify({ ...answer, object: "chat.completion.chunk", choices: [{ index: 0, delta: message, finish_reason: answer.choices[0]?.finish_reason }] })}\n\n`,
        );
        res.end("data: [DONE]\n\n");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  const upstream: TestUpstream = {
    url: `http://127.0.0.1:${bound}/v1`,
    get requests() {
      return state.requests;
    },
    get serviceRequests() {
      return state.serviceRequests;
    },
    get fault() {
      return state.fault;
    },
    set fault(value) {
      state.fault = value;
    },
    get secret() {
      return state.secret;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return upstream;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: "string", default: "8788" } } });
  const upstream = await startTestUpstream(Number(values.port));
  console.log(`test upstream at ${upstream.url} (Ctrl-C to stop)`);
  console.log(`  start the cluster with LETHE_MODEL_BASE_URL=${upstream.url}`);
  process.on("SIGINT", () => void upstream.close().then(() => process.exit(0)));
}
