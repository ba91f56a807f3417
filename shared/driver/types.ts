// The driver's public types: what a caller passes to Driver.call()/move() and
// what comes back. Kept apart from the Driver class so callers can import types only.
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { Logger } from "../base/log.ts";
import type { Err } from "../base/result.ts";
import type { ModelRole } from "./config.ts";
import type { HealErrorCode, Healed } from "./heal.ts";
import type { DriverErrorCode, FetchFn } from "./transport.ts";

export interface DriverDeps {
  /** Inside workerd: a fetch through the MODEL service binding. In Node: the global fetch. */
  fetch?: FetchFn;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  logger?: Logger;
  /** Called once per call, success or failure, with its usage (the trace records it). */
  onUsage?: (usage: CallUsage, code: string | undefined) => void;
}

export interface ModelRequest {
  role: ModelRole;
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  /** `response_format: {type: "json_object"}`. */
  jsonMode?: boolean;
  stream?: boolean;
  maxTokens?: number;
  /** Extra headers for this call only (merged over the config's). */
  headers?: Record<string, string>;
  /** Metadata sent with the request (the local endpoint reads its scripted mode here too). */
  metadata?: Record<string, string>;
  signal?: AbortSignal;
}

export interface CallUsage {
  role: ModelRole;
  model: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** False when the model is not in the price table (cost reported as 0). */
  priced: boolean;
  /** False when the server sent no usage and the counts are estimates. */
  reported: boolean;
  attempts: number;
  elapsedMs: number;
  streamed: boolean;
}

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ModelAnswer {
  content: string;
  toolCalls: ModelToolCall[];
  finishReason: string | null;
  usage: CallUsage;
}

/** A failed call: typed code, HTTP status when there was one, the raw bytes read, usage so far. */
export type CallFailure<C extends string = DriverErrorCode> = Err<C> & {
  status?: number;
  raw: string;
  rawRef: string;
  usage: CallUsage;
};
export type CallResult = { ok: true; value: ModelAnswer } | CallFailure;

export interface MoveAnswer extends Healed {
  answer: ModelAnswer;
  raw: string;
}
export type MoveResult =
  | { ok: true; value: MoveAnswer }
  | CallFailure<DriverErrorCode | HealErrorCode>;
