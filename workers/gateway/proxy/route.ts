// POST /v1/chat/completions with a hive key: the context-managing proxy. Stores
// what is new in the conversation (an AgentSession named by x-lethe-session),
// sends the managed envelope upstream with Lethe's tools beside the client's,
// runs Lethe's tool calls itself and answers the client in OpenAI's shape.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { createLogger } from "../../../shared/base/log.ts";
import { answerClient } from "./answer-client.ts";
import { keyHive, sessionId } from "./caller.ts";
import { chainOf } from "./chain.ts";
import { buildEnvelope } from "./envelope.ts";
import { fail, guarded, ProxyFailure, rpcFailure, type Bindings } from "./failure.ts";
import { inspect } from "./inspect.ts";
import { LETHE_TOOL_NAMES, LETHE_TOOLS, runLetheTool } from "./lethe-tools.ts";
import { invalidRequest, parseProxyRequest } from "./request.ts";
import { countRequest, storedLinks } from "./stored-links.ts";
import { upstreamDriver, upstreamError } from "./upstream.ts";
import { traced } from "./span.ts";

const log = createLogger("proxy");

/** A 20 MB tool result fits; the proxy keeps it behind a ref and sends a sandwich. */
export const MAX_PROXY_BODY_BYTES = 32 * 1024 * 1024;
/** Rounds of Lethe tool calls per client call before the proxy gives up. */
export const MAX_LETHE_ROUNDS = 8;

async function handle(c: Context<Bindings>): Promise<Response> {
  const hive = await keyHive(c);
  const session = sessionId(c, hive);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ProxyFailure(
      invalidRequest("invalid_json", "the request body is not valid JSON", "send a JSON object"),
    );
  }
  const parsed = parseProxyRequest(body);
  if (!parsed.ok) {
    throw new ProxyFailure(parsed.error);
  }
  const { request, messages } = parsed;
  const clientTools = request.tools ?? [];
  const clash = clientTools.find((t) => LETHE_TOOL_NAMES.has(t.function.name));
  if (clash !== undefined) {
    throw new ProxyFailure(
      invalidRequest(
        "reserved_tool_name",
        `${clash.function.name} is one of Lethe's own tools`,
        "rename the tool",
      ),
    );
  }
  const upstream = upstreamDriver(c.env);
  if (!upstream.ok) {
    throw new ProxyFailure(upstream.error);
  }
  const tokenizer = await loadTokenizer();
  const stub = c.env.AgentSession.getByName(session);
  const chainLinks = chainOf(messages);
  const chain = chainLinks.map((l) => l.chain);
  const plan = await stub.proxy().plan(hive, { chain, refs: [] });
  if (!plan.ok) {
    throw rpcFailure(plan);
  }
  // Older prose is compacted by the compressor Worker (the code path of the
  // compress route and the session's compaction), structurally: no model call.
  const envelope = await buildEnvelope(messages, plan.value.artifacts, tokenizer, (texts, o) =>
    c.env.COMPRESSOR.summarise(texts, {
      method: "structural",
      model: o.encoding,
      section: o.section,
      turnNumbers: o.turnNumbers,
    }),
  );
  const kept = [...envelope.kept];
  const links = storedLinks(messages, chainLinks, plan.value.known, kept);
  const refs = [...new Set(kept.map((k) => k.ref))];
  const missing = await stub.proxy().plan(hive, { chain: [], refs });
  if (!missing.ok) {
    throw rpcFailure(missing);
  }
  const wanted = new Set(missing.value.missingRefs);
  const texts = kept
    .filter((k) => wanted.delete(k.ref))
    .map((k) => ({ key: k.ref, content: k.content }));
  const committed = await stub.proxy().commit(hive, { links, texts });
  if (!committed.ok) {
    throw rpcFailure(committed);
  }

  const tools = [...clientTools, ...LETHE_TOOLS];
  const upstreamMessages: ChatCompletionMessageParam[] = [...envelope.messages];
  const host = {
    readRef: async (ref: string) => {
      const read = await stub.proxy().readRef(hive, ref);
      return read.ok ? read : { ok: false as const, message: read.message };
    },
    saveArtifact: async (name: string, content: string) => {
      const saved = await stub.proxy().saveArtifact(hive, {
        name,
        content: content.slice(0, 256 * 1024),
      });
      return saved.ok ? saved : { ok: false as const, message: saved.message };
    },
  };
  let upstreamTokens = 0;
  let completionTokens = 0;
  for (let round = 0; round < MAX_LETHE_ROUNDS; round++) {
    upstreamTokens += countRequest(tokenizer, upstreamMessages as ChatMessage[], tools);
    const answer = await upstream.driver.call({
      role: "agent",
      messages: upstreamMessages,
      tools,
      signal: c.req.raw.signal,
    });
    if (!answer.ok) {
      log.warn("proxy.upstream_failed", { code: answer.code, status: answer.status, session });
      return fail(c, upstreamError(answer), session);
    }
    completionTokens += answer.value.usage.completionTokens;
    const calls = answer.value.toolCalls;
    const lethe = calls.filter((call) => LETHE_TOOL_NAMES.has(call.name));
    const clientCalls = calls.filter((call) => !LETHE_TOOL_NAMES.has(call.name));
    if (clientCalls.length > 0 || lethe.length === 0) {
      return answerClient(c, {
        session,
        model: request.model,
        content: answer.value.content,
        toolCalls: clientCalls,
        finishReason: clientCalls.length > 0 ? "tool_calls" : (answer.value.finishReason ?? "stop"),
        upstreamTokens,
        clientTokens: countRequest(tokenizer, messages, clientTools),
        completionTokens,
        stream: request.stream === true,
        includeUsage: request.stream_options?.include_usage === true,
      });
    }
    upstreamMessages.push({
      role: "assistant",
      content: answer.value.content.length > 0 ? answer.value.content : null,
      tool_calls: lethe.map((call) => ({
        id: call.id,
        type: "function" as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    });
    for (const call of lethe) {
      upstreamMessages.push({
        role: "tool",
        tool_call_id: call.id,
        content: await runLetheTool(call, host),
      });
    }
  }
  return fail(
    c,
    {
      status: 502,
      type: "upstream_error",
      code: "lethe_tool_loop",
      message: `the upstream model kept calling Lethe's tools for ${MAX_LETHE_ROUNDS} rounds`,
      hint: "retry; a model that loops on lethe_read_ref may need a larger context",
    },
    session,
  );
}

/** The proxy's body limit, mounted by app.ts ahead of the input contract. */
export const proxyBodyLimit = bodyLimit({
  maxSize: MAX_PROXY_BODY_BYTES,
  onError: (c) =>
    fail(c, {
      status: 413,
      type: "invalid_request_error",
      code: "request_too_large",
      message: `the request body exceeds ${MAX_PROXY_BODY_BYTES} bytes`,
      hint: "send fewer or smaller messages; the proxy keeps earlier turns itself",
    }),
});

export const proxy = new Hono<Bindings>()
  .post("/chat/completions", (c) => traced(c, () => guarded(c, () => handle(c))))
  .get("/chat/sessions/:session", (c) => guarded(c, () => inspect(c, undefined)))
  .get("/chat/sessions/:session/refs/:ref", (c) =>
    guarded(c, () => inspect(c, c.req.param("ref"))),
  );
