// The compressor's RPC methods as plain functions over the Worker's env: input
// validated once, Result values out, never a thrown error or a stack trace.
import type { ChatMessage } from "../../shared/context/messages.ts";
import { pruneForRetry, type PruneResult, type RetryError } from "../../shared/context/prune.ts";
import {
  isEncodingNotBundled,
  loadTokenizer,
  resolveEncoding,
  type EncodingName,
} from "../../shared/context/tokens.ts";
import { compressConversation, type CompressionRun } from "../../shared/compress/compress.ts";
import type { CompressInputErrorCode } from "../../shared/compress/errors.ts";
import {
  CountTokensRequestSchema,
  firstIssue,
  PruneRequestSchema,
  SummariseRequestSchema,
  type SummariseOptions,
} from "../../shared/compress/rpc.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { SCRIPT_HEADER } from "../../shared/model/script.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import {
  compressionDriver,
  compressionModel,
  summariserIdentity,
  type SummariserEnv,
} from "./summariser.ts";

const log = createLogger("compressor");

export type RpcErrorCode =
  | "BAD_REQUEST"
  | CompressInputErrorCode
  | "INVALID_DRIVER_CONFIG"
  | "MODEL_NOT_CONFIGURED"
  | "ENCODING_NOT_BUNDLED"
  | "INTERNAL";

export interface CountTokensValue {
  tokens: number;
  encoding: EncodingName;
  /** True when the model was not recognised and o200k_base counted. */
  fallback: boolean;
}

function internal(where: string, error: unknown): Result<never, "INTERNAL"> {
  log.error(`${where}.failed`, describeError(error));
  return err("INTERNAL", `the compressor failed in ${where}`, "retry; the failure is logged");
}

export async function summarise(
  env: SummariserEnv,
  messages: ChatMessage[],
  options: SummariseOptions,
): Promise<Result<CompressionRun, RpcErrorCode>> {
  const parsed = SummariseRequestSchema.safeParse({ messages, options });
  if (!parsed.success) {
    return err(
      "BAD_REQUEST",
      `invalid summarise request at ${firstIssue(parsed.error)}`,
      "send chat messages {role, content} and options {windowTokens?, turnNumbers?, ...}",
    );
  }
  const driver = compressionDriver(env);
  if (!driver.ok) {
    return driver;
  }
  try {
    const o = parsed.data.options;
    const tokenizer = await loadTokenizer(o.model ?? compressionModel(driver.value));
    const run = await compressConversation(parsed.data.messages, {
      tokenizer,
      ...(o.method === "structural" ? {} : { client: driver.value }),
      ...(o.windowTokens === undefined ? {} : { windowTokens: o.windowTokens }),
      ...(o.section === undefined ? {} : { section: o.section }),
      ...(o.turnNumbers === undefined ? {} : { turnNumbers: o.turnNumbers }),
      ...(o.budget === undefined ? {} : { budget: o.budget }),
      ...(o.script === undefined ? {} : { headers: { [SCRIPT_HEADER]: o.script } }),
    });
    // Only a summary the model wrote names its writer.
    return run.ok && run.value.method === "map-reduce"
      ? ok({ ...run.value, summariser: summariserIdentity(env, driver.value) })
      : run;
  } catch (error) {
    return internal("summarise", error);
  }
}

export async function countTokens(
  text: string,
  model?: string,
): Promise<Result<CountTokensValue, RpcErrorCode>> {
  const parsed = CountTokensRequestSchema.safeParse({ text, model });
  if (!parsed.success) {
    return err(
      "BAD_REQUEST",
      `invalid count request at ${firstIssue(parsed.error)}`,
      "send (text, model?)",
    );
  }
  try {
    const tokenizer = await loadTokenizer(parsed.data.model);
    const { encoding, fallback } = resolveEncoding(parsed.data.model);
    return ok({ tokens: tokenizer.count(parsed.data.text), encoding, fallback });
  } catch (error) {
    if (isEncodingNotBundled(error)) {
      return err(error.code, error.message, error.hint);
    }
    return internal("countTokens", error);
  }
}

export async function prune(
  messages: ChatMessage[],
  error: RetryError,
  preset?: string,
): Promise<Result<PruneResult, RpcErrorCode>> {
  const parsed = PruneRequestSchema.safeParse({ messages, error, preset });
  if (!parsed.success) {
    return err(
      "BAD_REQUEST",
      `invalid prune request at ${firstIssue(parsed.error)}`,
      'send (messages, error, preset: "small" | "medium" | "large")',
    );
  }
  try {
    const tokenizer = await loadTokenizer(parsed.data.model);
    return ok(
      pruneForRetry(parsed.data.messages, parsed.data.error, {
        preset: parsed.data.preset,
        tokenizer,
      }),
    );
  } catch (caught) {
    return internal("prune", caught);
  }
}
