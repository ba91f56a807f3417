// POST /v1/chat/completions with a hive key: the context-managing proxy. Stores
// what is new in the conversation (an AgentSession named by x-lethe-session),
// sends the managed envelope upstream with Lethe's tools beside the client's,
// runs Lethe's tool calls itself and answers the client in OpenAI's shape.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { refFor, type KeptContent } from "../../../shared/context/refs.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";
import type { ModelToolCall } from "../../../shared/driver/types.ts";
import { isAppError } from "../../../shared/errors.ts";
import { createLogger, describeError } from "../../../shared/log.ts";
import { SESSION_ID_PATTERN } from "../../../shared/session/config.ts";
import { hiveOfSessionId } from "../../../shared/contracts/session-id.ts";
import { HIVE_KEY_PREFIX } from "../../../shared/hive/keys.ts";
import { authorizeHive, presentedKey } from "../auth.ts";
import { chainOf, type ChainLink } from "./chain.ts";
import { buildEnvelope } from "./envelope.ts";
import { LETHE_TOOL_NAMES, LETHE_TOOLS, runLetheTool } from "./lethe-tools.ts";
import {
  CLIENT_TOKENS_HEADER,
  SESSION_HEADER,
  UPSTREAM_TOKENS_HEADER,
  invalidRequest,
  parseProxyRequest,
  proxyErrorBody,
  type ProxyError,
} from "./request.ts";
import { completionBody, completionChunks, streamResponse } from "./respond.ts";
import { upstreamDriver, upstreamError } from "./upstream.ts";
import { traced } from "./span.ts";

const log = createLogger("proxy");

/** A 20 MB tool result fits; the proxy keeps it behind a ref and sends a sandwich. */
export const MAX_PROXY_BODY_BYTES = 32 * 1024 * 1024;
/** Rounds of Lethe tool calls per client call before the proxy gives up. */
export const MAX_LETHE_ROUNDS = 8;
/** A stored message longer than this is stored once, as the original behind its ref. */
const INLINE_LINK_CHARS = 64 * 1024;

type Bindings = { Bindings: Env };

class ProxyFailure extends Error {
  readonly failure: ProxyError;
  constructor(failure: ProxyError) {
    super(failure.message);
    this.failure = failure;
  }
}

function fail(c: Context, error: ProxyError, session?: string): Response {
  const response = c.json(proxyErrorBody(error), error.status);
  if (session !== undefined) {
    response.headers.set(SESSION_HEADER, session);
  }
  return response;
}

/** The hive a key names (`lethe_<hive>_<random>`), verified against D1 by authorizeHive. */
async function keyHive(c: Context<Bindings>): Promise<string> {
  const key = presentedKey(c);
  if (key === null) {
    throw new ProxyFailure({
      status: 401,
      type: "authentication_error",
      code: "missing_api_key",
      message: "the proxy needs a hive API key",
      hint: "pass the hive key as the OpenAI client's apiKey (Authorization: Bearer <key>)",
    });
  }
  const rest = key.startsWith(HIVE_KEY_PREFIX) ? key.slice(HIVE_KEY_PREFIX.length) : "";
  const hive = rest.slice(0, Math.max(0, rest.lastIndexOf("_")));
  try {
    await authorizeHive(c, hive.length > 0 ? hive : "invalid-key");
  } catch (error) {
    if (isAppError(error)) {
      throw new ProxyFailure({
        status: 401,
        type: "authentication_error",
        code: "invalid_api_key",
        message: "the API key is not valid (unknown or revoked)",
        hint: "use a hive key an admin created with `lethe hive create <name>`",
      });
    }
    throw error;
  }
  return hive;
}

function sessionId(c: Context, hive: string): string {
  const given = c.req.header(SESSION_HEADER);
  if (given === undefined || given === "") {
    return `px-${crypto.randomUUID()}`;
  }
  if (!SESSION_ID_PATTERN.test(given)) {
    throw new ProxyFailure(
      invalidRequest(
        "invalid_session",
        `${SESSION_HEADER} must be letters, digits, '-' and '_' (up to 128)`,
        "omit the header to start a conversation; reuse the id the proxy returned",
      ),
    );
  }
  // An id naming a hive is that hive's alone: the session routes trust the name.
  const named = hiveOfSessionId(given);
  if (named !== null && named !== hive) {
    throw rpcFailure({ code: "FORBIDDEN_HIVE", message: "another hive's session id" });
  }
  return given;
}

function rpcFailure(result: { code: string; message: string; hint?: string }): ProxyFailure {
  if (result.code === "FORBIDDEN_HIVE") {
    return new ProxyFailure({
      status: 403,
      type: "permission_error",
      code: "forbidden_session",
      message: "this session belongs to another hive",
      hint: "use a session id your hive created, or omit the header to start one",
    });
  }
  return new ProxyFailure({
    status: 500,
    type: "server_error",
    code: "session_store_failed",
    message: "the conversation could not be stored",
    hint: "retry; the stored state is unchanged",
  });
}

/** The links to store: long contents go once, as their ref (the original is in `kept`). */
function storedLinks(
  messages: readonly ChatMessage[],
  chain: readonly ChainLink[],
  known: number,
  kept: KeptContent[],
) {
  return chain.slice(known).map((link) => {
    if (link.content.length <= INLINE_LINK_CHARS) {
      return link;
    }
    const message = messages[link.position];
    const text = message?.content ?? link.content;
    const ref = refFor(text);
    kept.push({ ref, content: text });
    return { ...link, content: JSON.stringify({ role: link.role, ref }) };
  });
}

/** Content longer than this is estimated (4 characters a token), not counted: a 20 MB result. */
const COUNT_EXACT_CHARS = 256 * 1024;

function countRequest(tokenizer: Tokenizer, messages: readonly ChatMessage[], tools: unknown[]) {
  let total = tools.length > 0 ? tokenizer.countCached(JSON.stringify(tools)) : 0;
  for (const message of messages) {
    const content = message.content ?? "";
    total +=
      content.length > COUNT_EXACT_CHARS
        ? tokenizer.countMessage({ ...message, content: "" }) + Math.ceil(content.length / 4)
        : tokenizer.countMessage(message);
  }
  return total;
}

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

interface Outgoing {
  session: string;
  model: string;
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  upstreamTokens: number;
  clientTokens: number;
  completionTokens: number;
  stream: boolean;
  includeUsage: boolean;
}

function answerClient(c: Context, out: Outgoing): Response {
  const answer = {
    id: `chatcmpl-${crypto.randomUUID()}`,
    model: out.model,
    content: out.content,
    toolCalls: out.toolCalls,
    finishReason: out.finishReason,
    promptTokens: out.upstreamTokens,
    completionTokens: out.completionTokens,
  };
  const headers = new Headers({
    [SESSION_HEADER]: out.session,
    [UPSTREAM_TOKENS_HEADER]: String(out.upstreamTokens),
    [CLIENT_TOKENS_HEADER]: String(out.clientTokens),
  });
  if (out.stream) {
    return streamResponse(completionChunks(answer, out.includeUsage), headers);
  }
  const response = c.json(completionBody(answer));
  headers.forEach((value, name) => response.headers.set(name, value));
  return response;
}

/** GET …/chat/sessions/:session(/refs/:ref): what the proxy stored, for the client and benches. */
async function inspect(c: Context<Bindings>, ref: string | undefined): Promise<Response> {
  const hive = await keyHive(c);
  const session = c.req.param("session") ?? "";
  if (!SESSION_ID_PATTERN.test(session)) {
    throw new ProxyFailure(invalidRequest("invalid_session", "not a session id"));
  }
  const stub = c.env.AgentSession.getByName(session);
  if (ref === undefined) {
    const stats = await stub.proxy().stats(hive);
    if (!stats.ok) {
      throw stats.code === "REF_NOT_FOUND"
        ? new ProxyFailure({
            status: 404,
            type: "invalid_request_error",
            code: "session_not_found",
            message: stats.message,
            hint: "POST /v1/chat/completions starts a session",
          })
        : rpcFailure(stats);
    }
    return c.json({ session, ...stats.value });
  }
  const full = ref.startsWith("ref:") ? ref : `ref:${ref}`;
  const read = await stub.proxy().readRef(hive, full);
  if (!read.ok) {
    if (read.code === "REF_NOT_FOUND") {
      throw new ProxyFailure({
        status: 404,
        type: "invalid_request_error",
        code: "ref_not_found",
        message: read.message,
        hint: "copy a ref the proxy showed in this session",
      });
    }
    throw rpcFailure(read);
  }
  return c.json({ session, ref: full, content: read.value });
}

async function guarded(c: Context<Bindings>, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProxyFailure) {
      return fail(c, error.failure);
    }
    log.error("proxy.failed", describeError(error));
    return fail(c, {
      status: 500,
      type: "server_error",
      code: "internal",
      message: "the proxy failed to handle this request",
      hint: "retry; the conversation's stored state is unchanged",
    });
  }
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
