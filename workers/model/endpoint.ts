// The local model endpoint's pure core: OpenAI-compatible chat completions (plain
// and as SSE chunks), embeddings and the model list. A DETERMINISTIC STAND-IN, not
// a language model: the same request gives the same bytes (no clock, no
// randomness; ids are hashes of the request). workers/model/index.ts serves it over HTTP.
import { moveToWire } from "../../shared/driver/move.ts";
import { embedLexical, LEXICAL_DIMENSIONS, LEXICAL_MODEL } from "../../shared/embed/lexical.ts";
import { contentKey } from "../../shared/base/hash.ts";
import { agentMove, selfAssessment } from "./policy/moves/agent-policy.ts";
import {
  ASSESSMENT_MARKER,
  ROUTER_MARKER,
  SUMMARISE_MARKER,
} from "../../shared/model/contracts.ts";
import { answerFromFacts } from "./policy/fact-answer.ts";
import {
  ChatRequestSchema,
  EmbeddingsRequestSchema,
  messageText,
  type ChatCompletion,
  type ChatRequest,
  type ToolCall,
} from "../../shared/model/openai-schemas.ts";
import { routeByOverlap } from "./policy/router-policy.ts";
import { scriptedEntry, type ScriptEntry, type ScriptSource } from "../../shared/model/script.ts";
import { extractiveSummary } from "./summarise/extractive.ts";
import {
  chatWork,
  embeddingWork,
  overWorkBudget,
  STAND_IN_READ_CHARS,
  type WorkBudgetExceeded,
} from "./work-budget.ts";

/** The chat model this endpoint reports, whatever model name the request carries. */
export const LOCAL_CHAT_MODEL = "lethe-local";
/** `created` of every object: a constant, because the answer must not depend on a clock. */
export const CREATED_AT = 0;
/** Identifies the policy version in `system_fingerprint`; bump when answers change. */
export const POLICY_FINGERPRINT = "lethe-policy-v2";
/** Characters per streamed content delta: small enough to exercise stream assembly. */
export const STREAM_CHUNK_CHARS = 24;
/** Usage is an estimate (UTF-16 characters / 4), documented as such: there is no tokenizer here. */
const CHARS_PER_TOKEN = 4;

export type RequestKind = "router" | "summarise" | "agent" | "scripted";

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string; hint?: string };
}

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; body: OpenAIErrorBody };

export function openAIError(
  status: number,
  code: string,
  message: string,
  hint?: string,
  param: string | null = null,
): { ok: false; status: number; body: OpenAIErrorBody } {
  const type = status >= 500 ? "server_error" : "invalid_request_error";
  const error =
    hint === undefined ? { message, type, param, code } : { message, type, param, code, hint };
  return { ok: false, status, body: { error } };
}

const budgetError = (e: WorkBudgetExceeded) => openAIError(e.status, e.code, e.message, e.hint);

const estimate = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** Which policy answers: the first line of the first system message names it. */
export function requestKind(request: ChatRequest): Exclude<RequestKind, "scripted"> {
  const system = request.messages.find((m) => m.role === "system" || m.role === "developer");
  const firstLine = (system ? messageText(system) : "").split("\n", 1)[0]?.trim() ?? "";
  if (firstLine.startsWith(ROUTER_MARKER)) {
    return "router";
  }
  if (firstLine.startsWith(SUMMARISE_MARKER)) {
    return "summarise";
  }
  return "agent";
}

interface Answer {
  content: string | null;
  toolCalls: { name: string; arguments: string }[];
  empty?: boolean;
}

function policyAnswer(request: ChatRequest): Answer {
  const kind = requestKind(request);
  const system = request.messages.find((m) => m.role === "system" || m.role === "developer");
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user");
  const userText = lastUser ? messageText(lastUser) : "";
  if (kind === "router") {
    const answer = routeByOverlap(system ? messageText(system) : "", userText);
    return { content: JSON.stringify(answer), toolCalls: [] };
  }
  if (kind === "summarise") {
    return { content: extractiveSummary(userText, request.max_tokens ?? undefined), toolCalls: [] };
  }
  // The step budget's self-assessment always gets a status (the contract's JSON).
  if (userText.startsWith(ASSESSMENT_MARKER)) {
    return { content: selfAssessment(request), toolCalls: [] };
  }
  const fromFacts = answerFromFacts(request);
  if (fromFacts !== null) {
    return { content: fromFacts, toolCalls: [] };
  }
  // A named tool_choice narrows the offer to that one tool, as OpenAI does.
  const choice = request.tool_choice;
  const named = typeof choice === "object" ? choice.function.name : undefined;
  const offered =
    named === undefined ? request.tools : request.tools?.filter((t) => t.function.name === named);
  const move = agentMove({ ...request, tools: offered });
  const toolsOn = (request.tools ?? []).length > 0 && request.tool_choice !== "none";
  if (move.kind === "tool" && toolsOn) {
    return {
      content: null,
      toolCalls: [{ name: move.tool, arguments: JSON.stringify(move.args) }],
    };
  }
  const jsonMode = request.response_format?.type === "json_object";
  if (move.kind === "final" && !jsonMode) {
    return { content: move.answer, toolCalls: [] };
  }
  return { content: JSON.stringify(moveToWire(move)), toolCalls: [] };
}

function scriptedAnswer(entry: ScriptEntry): Answer {
  if (typeof entry === "string") {
    return { content: entry, toolCalls: [] };
  }
  if ("content" in entry) {
    return { content: entry.content, toolCalls: [] };
  }
  if ("tool_calls" in entry) {
    const toolCalls = entry.tool_calls.map((c) => ({
      name: c.name,
      arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
    }));
    return { content: null, toolCalls };
  }
  return { content: null, toolCalls: [], empty: true };
}

export interface ChatAnswer {
  completion: ChatCompletion;
  /** The request asked for SSE (`stream: true`), with a final usage chunk or not. */
  stream: boolean;
  includeUsage: boolean;
}

/** The request with each message's text (string or parts) cut to STAND_IN_READ_CHARS, as the policies read it. */
function readable(request: ChatRequest): ChatRequest {
  return {
    ...request,
    messages: request.messages.map((m) => {
      const text = messageText(m);
      return text.length > STAND_IN_READ_CHARS
        ? { ...m, content: text.slice(0, STAND_IN_READ_CHARS) }
        : m;
    }),
  };
}

/** Validates a chat request and answers it (scripted, router, summarise or agent). */
export function completeChat(body: unknown, source: ScriptSource = {}): Outcome<ChatAnswer> {
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join(".") || null;
    return openAIError(
      400,
      "invalid_request",
      `${param ?? "body"}: ${issue?.message ?? "invalid"}`,
      "send an OpenAI chat-completions body: {model, messages: [{role, content}], ...}",
      param,
    );
  }
  const request = parsed.data;
  const over = overWorkBudget(chatWork(request), "this chat request");
  if (over !== null) {
    return budgetError(over);
  }
  const scripted = scriptedEntry(request, source);
  if (!scripted.ok) {
    return openAIError(400, scripted.code.toLowerCase(), scripted.message, scripted.hint);
  }
  const entry = scripted.value;
  if (entry !== undefined && typeof entry === "object" && "error" in entry) {
    return openAIError(
      entry.error.status,
      "scripted_error",
      entry.error.message ?? `scripted HTTP ${entry.error.status}`,
    );
  }
  const answer = entry === undefined ? policyAnswer(readable(request)) : scriptedAnswer(entry);
  const key = contentKey(
    JSON.stringify({ body, script: source.header ?? null, index: source.indexHeader ?? null }),
  );
  const toolCalls: ToolCall[] = answer.toolCalls.map((c, i) => ({
    id: `call_${contentKey(`${key}:${i}`).slice(0, 24)}`,
    type: "function",
    function: { name: c.name, arguments: c.arguments },
  }));
  const promptChars =
    JSON.stringify(request.messages).length + JSON.stringify(request.tools ?? []).length;
  const completionTokens = estimate(
    (answer.content ?? "") + answer.toolCalls.map((c) => c.name + c.arguments).join(""),
  );
  const promptTokens = Math.ceil(promptChars / CHARS_PER_TOKEN);
  const message =
    toolCalls.length > 0
      ? {
          role: "assistant" as const,
          content: answer.content,
          tool_calls: toolCalls,
          refusal: null,
        }
      : { role: "assistant" as const, content: answer.content ?? "", refusal: null };
  const completion: ChatCompletion = {
    id: `chatcmpl-${key.slice(0, 24)}`,
    object: "chat.completion",
    created: CREATED_AT,
    model: LOCAL_CHAT_MODEL,
    system_fingerprint: POLICY_FINGERPRINT,
    choices: answer.empty
      ? []
      : [
          {
            index: 0,
            message,
            finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
            logprobs: null,
          },
        ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
  return {
    ok: true,
    value: {
      completion,
      stream: request.stream === true,
      includeUsage: request.stream_options?.include_usage === true,
    },
  };
}

/** A completion as the SSE chunks OpenAI streams (without the `[DONE]` line). */
export function completionChunks(completion: ChatCompletion, includeUsage: boolean): object[] {
  const base = {
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
    system_fingerprint: completion.system_fingerprint,
  };
  const chunk = (delta: object, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const chunks: object[] = [];
  const choice = completion.choices[0];
  if (choice) {
    chunks.push(chunk({ role: "assistant", content: "" }, null));
    const content = choice.message.content ?? "";
    for (let i = 0; i < content.length; i += STREAM_CHUNK_CHARS) {
      chunks.push(chunk({ content: content.slice(i, i + STREAM_CHUNK_CHARS) }, null));
    }
    (choice.message.tool_calls ?? []).forEach((call, index) => {
      chunks.push(
        chunk(
          {
            tool_calls: [
              {
                index,
                id: call.id,
                type: "function",
                function: { name: call.function.name, arguments: "" },
              },
            ],
          },
          null,
        ),
      );
      const args = call.function.arguments;
      for (let i = 0; i < args.length; i += STREAM_CHUNK_CHARS) {
        chunks.push(
          chunk(
            {
              tool_calls: [
                { index, function: { arguments: args.slice(i, i + STREAM_CHUNK_CHARS) } },
              ],
            },
            null,
          ),
        );
      }
    });
    chunks.push(chunk({}, choice.finish_reason));
  }
  if (includeUsage || !choice) {
    chunks.push({ ...base, choices: [], usage: completion.usage });
  }
  return chunks;
}

function float32Base64(vector: readonly number[]): string {
  const bytes = new Uint8Array(Float32Array.from(vector).buffer);
  let binary = "";
  for (const b of bytes) {
    binary += String.fromCharCode(b);
  }
  return btoa(binary);
}

/** `/v1/embeddings` with the lexical embedder (shared/embed/lexical.ts), floats or base64 float32. */
export function createEmbeddings(body: unknown): Outcome<object> {
  const parsed = EmbeddingsRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join(".") || null;
    return openAIError(
      400,
      "invalid_request",
      `${param ?? "body"}: ${issue?.message ?? "invalid"}`,
      "send {model, input: string | string[]}",
      param,
    );
  }
  const { input, encoding_format: format, dimensions = LEXICAL_DIMENSIONS } = parsed.data;
  if (dimensions > 1_536) {
    return openAIError(400, "invalid_request", "dimensions: at most 1536", undefined, "dimensions");
  }
  const inputs = typeof input === "string" ? [input] : input;
  const over = overWorkBudget(embeddingWork(inputs), "this embeddings request");
  if (over !== null) {
    return budgetError(over);
  }
  const data = inputs.map((text, index) => {
    const vector = embedLexical(text, dimensions);
    return {
      object: "embedding",
      index,
      embedding: format === "base64" ? float32Base64(vector) : vector,
    };
  });
  const tokens = inputs.reduce((sum, t) => sum + estimate(t), 0);
  return {
    ok: true,
    value: {
      object: "list",
      data,
      model: LEXICAL_MODEL,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}

export function listModels(): object {
  const owned_by = "lethe (deterministic stand-in, not a language model)";
  return {
    object: "list",
    data: [
      { id: LOCAL_CHAT_MODEL, object: "model", created: CREATED_AT, owned_by },
      { id: LEXICAL_MODEL, object: "model", created: CREATED_AT, owned_by },
    ],
  };
}
