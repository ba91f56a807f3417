// The model driver: calls any OpenAI-compatible endpoint through the `openai`
// client (streaming or not) with per-attempt timeouts, a byte cap, bounded
// jittered retries on 429/5xx, and usage and cost per call; `move()` heals the
// answer into a typed move. Callers: AgentSession's step loop, router, compressor.
import OpenAI from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions";
import { createLogger, type Logger } from "../base/log.ts";
import type { DriverConfig } from "./config.ts";
import { healMove, moveFromToolCall, rawRef } from "./heal.ts";
import { costOf } from "./pricing.ts";
import {
  backoffMs,
  cappedFetch,
  isRetryableStatus,
  newTransportState,
  rawBody,
  statusOf,
  type DriverErrorCode,
  type FetchFn,
  type TransportState,
} from "./transport.ts";
import type {
  CallFailure,
  CallResult,
  CallUsage,
  DriverDeps,
  ModelRequest,
  ModelToolCall,
  MoveResult,
} from "./types.ts";

export type * from "./types.ts";

/** Characters per token when a server reports no usage: an estimate, flagged as such. */
const CHARS_PER_TOKEN_ESTIMATE = 4;

interface AttemptOk {
  ok: true;
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string | null;
  model: string | undefined;
  usage: { prompt: number; completion: number } | undefined;
}
interface AttemptErr {
  ok: false;
  code: DriverErrorCode;
  message: string;
  hint: string;
  status?: number;
  retryable: boolean;
  partial: string;
}

const HINTS: Record<DriverErrorCode, string> = {
  MODEL_TIMEOUT:
    "the model did not answer in time; raise LETHE_MODEL_TIMEOUT_MS or use a faster model",
  MODEL_HTTP_ERROR: "check LETHE_MODEL_BASE_URL, LETHE_MODEL_API_KEY and the model name",
  MODEL_UNREACHABLE: "nothing answers at LETHE_MODEL_BASE_URL; start the cluster or fix the URL",
  MODEL_ABORTED: "the caller cancelled the call",
  EMPTY_CHOICES: "the endpoint answered without a choice; retry or use another model",
  ANSWER_TOO_LARGE: "the answer exceeded LETHE_MODEL_MAX_ANSWER_BYTES; ask for a shorter answer",
  STREAM_INTERRUPTED: "the stream ended before the answer did; retry the step",
};

export class Driver {
  readonly config: DriverConfig;
  readonly #fetch: FetchFn;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #log: Logger;
  readonly #onUsage: DriverDeps["onUsage"];

  constructor(config: DriverConfig, deps: DriverDeps = {}) {
    this.config = config;
    this.#fetch = deps.fetch ?? ((input, init) => fetch(input, init));
    this.#sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#random = deps.random ?? Math.random;
    this.#now = deps.now ?? Date.now;
    this.#log = deps.logger ?? createLogger("driver");
    this.#onUsage = deps.onUsage;
  }

  /** One model call with retries. Never throws for model misbehaviour: failures are values. */
  async call(request: ModelRequest): Promise<CallResult> {
    const role = this.config.roles[request.role];
    const started = this.#now();
    const streamed = request.stream === true;
    let attempt = 0;
    for (;;) {
      attempt++;
      const state = newTransportState();
      const result = await this.#attempt(request, state);
      const usageOf = (ok: AttemptOk | undefined): CallUsage => {
        const text = ok ? ok.content + ok.toolCalls.map((c) => c.name + c.arguments).join("") : "";
        const promptChars = JSON.stringify(request.messages).length;
        const prompt = ok?.usage?.prompt ?? Math.ceil(promptChars / CHARS_PER_TOKEN_ESTIMATE);
        const completion =
          ok?.usage?.completion ?? Math.ceil(text.length / CHARS_PER_TOKEN_ESTIMATE);
        const model = ok?.model ?? role.model;
        const cost = costOf(model, prompt, completion);
        return {
          role: request.role,
          model,
          promptTokens: prompt,
          completionTokens: completion,
          costUsd: cost.usd,
          priced: cost.priced,
          reported: ok?.usage !== undefined,
          attempts: attempt,
          elapsedMs: this.#now() - started,
          streamed,
        };
      };
      if (result.ok) {
        const usage = usageOf(result);
        this.#onUsage?.(usage, undefined);
        const { content, toolCalls, finishReason } = result;
        return { ok: true, value: { content, toolCalls, finishReason, usage } };
      }
      if (result.retryable && attempt < this.config.maxAttempts && !request.signal?.aborted) {
        const delay = backoffMs(
          attempt,
          this.config.retryBaseMs,
          this.config.retryMaxMs,
          this.#random,
          state.retryAfterMs,
        );
        this.#log.warn("model.retry", { code: result.code, status: result.status, attempt, delay });
        await this.#sleep(delay);
        continue;
      }
      const raw = result.partial.length > 0 ? result.partial : rawBody(state);
      const failure: CallFailure = {
        ok: false,
        code: result.code,
        message: result.message,
        hint: result.hint,
        raw,
        rawRef: rawRef(raw),
        usage: usageOf(undefined),
      };
      this.#onUsage?.(failure.usage, failure.code);
      return result.status === undefined ? failure : { ...failure, status: result.status };
    }
  }

  /** A call healed into a typed move; the raw answer is kept on every failure. */
  async move(request: ModelRequest): Promise<MoveResult> {
    const called = await this.call(request);
    if (!called.ok) {
      return called;
    }
    const answer = called.value;
    const offeredTools = (request.tools ?? []).flatMap((t) =>
      t.type === "function" ? [t.function.name] : [],
    );
    const options = offeredTools.length > 0 ? { offeredTools } : { allowProse: true };
    const [first, ...others] = answer.toolCalls;
    const healed = first ? moveFromToolCall(first, options) : healMove(answer.content, options);
    if (!healed.ok) {
      return { ...healed, usage: answer.usage };
    }
    const raw = first ? JSON.stringify(answer.toolCalls) : answer.content;
    // One move per step: parallel tool calls beyond the first are reported, not run.
    const dropped = [...healed.value.dropped, ...others.map((c) => `tool_calls:${c.name}`)];
    return { ok: true, value: { ...healed.value, dropped, answer, raw } };
  }

  async #attempt(request: ModelRequest, state: TransportState): Promise<AttemptOk | AttemptErr> {
    const role = this.config.roles[request.role];
    const controller = new AbortController();
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort(new Error("model call timed out"));
    }, this.config.timeoutMs);
    const onAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener("abort", onAbort, { once: true });
    const client = new OpenAI({
      baseURL: this.config.baseURL,
      apiKey: this.config.apiKey,
      fetch: cappedFetch(this.#fetch, this.config.maxAnswerBytes, state),
      maxRetries: 0,
      // Our own timer (above) owns the deadline and marks it; the client's is a backstop.
      timeout: this.config.timeoutMs * 2,
      defaultHeaders: { ...this.config.headers, ...request.headers },
    });
    const body: ChatCompletionCreateParamsBase = {
      model: role.model,
      messages: request.messages,
      temperature: role.temperature,
    };
    if (request.tools && request.tools.length > 0) {
      body.tools = request.tools;
    }
    if (request.jsonMode) {
      body.response_format = { type: "json_object" };
    }
    if (request.maxTokens !== undefined) {
      body.max_tokens = request.maxTokens;
    }
    if (request.metadata) {
      body.metadata = request.metadata;
    }
    let partial = "";
    try {
      if (request.stream) {
        const stream = await client.chat.completions.create(
          { ...body, stream: true, stream_options: { include_usage: true } },
          { signal: controller.signal },
        );
        const calls = new Map<number, ModelToolCall>();
        let finishReason: string | null = null;
        let sawChoice = false;
        let model: string | undefined;
        let usage: AttemptOk["usage"];
        for await (const chunk of stream) {
          model = chunk.model || model;
          if (chunk.usage) {
            usage = {
              prompt: chunk.usage.prompt_tokens,
              completion: chunk.usage.completion_tokens,
            };
          }
          for (const choice of chunk.choices ?? []) {
            sawChoice = true;
            partial += choice.delta?.content ?? "";
            for (const d of choice.delta?.tool_calls ?? []) {
              const call = calls.get(d.index) ?? { id: "", name: "", arguments: "" };
              call.id = d.id ?? call.id;
              call.name += d.function?.name ?? "";
              call.arguments += d.function?.arguments ?? "";
              calls.set(d.index, call);
            }
            finishReason = choice.finish_reason ?? finishReason;
          }
        }
        // The client ends a stream quietly when it is aborted: classify that here.
        if (state.timedOut || request.signal?.aborted || state.tooLarge) {
          return this.#classify(undefined, state, request, partial);
        }
        if (!sawChoice) {
          return this.#fail("EMPTY_CHOICES", "the stream carried no choice", false, partial);
        }
        if (finishReason === null) {
          return this.#fail(
            "STREAM_INTERRUPTED",
            "the stream ended without a finish reason",
            true,
            partial,
          );
        }
        const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
        return { ok: true, content: partial, toolCalls, finishReason, model, usage };
      }
      const completion = await client.chat.completions.create(
        { ...body, stream: false },
        { signal: controller.signal },
      );
      const choice = completion.choices?.[0];
      if (!choice) {
        return this.#fail("EMPTY_CHOICES", "the completion has an empty choices list", false, "");
      }
      const toolCalls = (choice.message.tool_calls ?? []).flatMap((c) =>
        c.type === "function"
          ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }]
          : [],
      );
      return {
        ok: true,
        content: choice.message.content ?? "",
        toolCalls,
        finishReason: choice.finish_reason ?? null,
        model: completion.model || undefined,
        usage: completion.usage
          ? {
              prompt: completion.usage.prompt_tokens,
              completion: completion.usage.completion_tokens,
            }
          : undefined,
      };
    } catch (error) {
      return this.#classify(error, state, request, partial);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onAbort);
    }
  }

  #classify(
    error: unknown,
    state: TransportState,
    request: ModelRequest,
    partial: string,
  ): AttemptErr {
    if (state.tooLarge) {
      return this.#fail(
        "ANSWER_TOO_LARGE",
        `the answer passed ${this.config.maxAnswerBytes} bytes`,
        false,
        partial,
      );
    }
    if (state.timedOut || (error instanceof Error && error.name === "APIConnectionTimeoutError")) {
      return this.#fail(
        "MODEL_TIMEOUT",
        `no complete answer within ${this.config.timeoutMs} ms`,
        false,
        partial,
      );
    }
    if (request.signal?.aborted) {
      return this.#fail("MODEL_ABORTED", "the call was cancelled", false, partial);
    }
    const status = statusOf(error);
    if (status !== undefined) {
      const message = error instanceof Error ? error.message.slice(0, 300) : `HTTP ${status}`;
      return {
        ...this.#fail("MODEL_HTTP_ERROR", message, isRetryableStatus(status), partial),
        status,
      };
    }
    if (partial.length > 0 || state.bytes > 0) {
      return this.#fail(
        "STREAM_INTERRUPTED",
        "the connection dropped mid-answer (or the body was not a complete answer)",
        true,
        partial,
      );
    }
    const message = error instanceof Error ? error.message.slice(0, 300) : String(error);
    return this.#fail("MODEL_UNREACHABLE", `no answer from the model: ${message}`, true, partial);
  }

  #fail(code: DriverErrorCode, message: string, retryable: boolean, partial: string): AttemptErr {
    return { ok: false, code, message, hint: HINTS[code], retryable, partial };
  }
}
