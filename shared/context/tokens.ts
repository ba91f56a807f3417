// Exact token counts for o200k_base and cl100k_base, with a model → encoding
// table and a bounded content-hash count cache. Used by the pager, the envelope,
// the output gate, the pruner, AgentSession and the compressor.
import { contentKey } from "../base/hash.ts";
import { BpeCounter, type RawRanks } from "./bpe.ts";
import { LruCache } from "./lru.ts";
import type { ChatMessage } from "./messages.ts";

export type EncodingName = "o200k_base" | "cl100k_base";

/** Every current OpenAI chat model uses o200k_base; unknown models fall back to it. */
export const DEFAULT_ENCODING: EncodingName = "o200k_base";

/**
 * Model-name prefixes, most specific first ("gpt-4o" before "gpt-4"), from
 * tiktoken's model.py MODEL_PREFIX_TO_ENCODING / MODEL_TO_ENCODING.
 */
const MODEL_PREFIXES: readonly (readonly [string, EncodingName])[] = [
  ["gpt-4o", "o200k_base"],
  ["chatgpt-4o", "o200k_base"],
  ["gpt-4.1", "o200k_base"],
  ["gpt-4.5", "o200k_base"],
  ["gpt-5", "o200k_base"],
  ["o1", "o200k_base"],
  ["o3", "o200k_base"],
  ["o4", "o200k_base"],
  ["gpt-4", "cl100k_base"],
  ["gpt-3.5", "cl100k_base"],
  ["gpt-35", "cl100k_base"],
  ["text-embedding-3", "cl100k_base"],
  ["text-embedding-ada-002", "cl100k_base"],
];

/**
 * Count cache size (entries, keyed by encoding and content hash). A session's
 * envelope re-counts a few hundred pieces of content per step; 4,096 entries
 * hold many steps of them in well under 1 MiB.
 */
export const COUNT_CACHE_ENTRIES = 4_096;
/**
 * In front of it, counts keyed by the string itself: V8 hashes a string once
 * and keeps the hash, so re-counting text already in memory skips SHA-256.
 * Bounded in characters (1 Mi, ~2 MiB); the strings are usually the caller's own.
 */
export const RECENT_TEXT_CHARS = 1 << 20;
/**
 * OpenAI's published chat overhead (cookbook "How to count tokens with
 * tiktoken", gpt-3.5-turbo-0613 onwards and every later model): 3 tokens per
 * message, 1 more for a name, 3 to prime the reply.
 */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
export const REPLY_PRIMING_TOKENS = 3;
/**
 * OpenAI does not publish how tool calls are serialised into the prompt: the
 * function name and arguments are counted exactly, plus this estimate per call
 * (the id, type and JSON framing), so such messages are approximate.
 */
export const TOOL_CALL_OVERHEAD_TOKENS = 7;

export interface EncodingChoice {
  encoding: EncodingName;
  /** True when the model was not recognised and DEFAULT_ENCODING was used. */
  fallback: boolean;
}

export function isEncodingName(value: string): value is EncodingName {
  return value === "o200k_base" || value === "cl100k_base";
}

/** Which encoding a model uses; provider prefixes ("openai/gpt-4o") are ignored. */
export function resolveEncoding(model?: string): EncodingChoice {
  if (model === undefined || model.length === 0) {
    return { encoding: DEFAULT_ENCODING, fallback: true };
  }
  const name = (model.split("/").pop() ?? model).toLowerCase();
  if (isEncodingName(name)) {
    return { encoding: name, fallback: false };
  }
  for (const [prefix, encoding] of MODEL_PREFIXES) {
    const boundary = name.charAt(prefix.length);
    if (name.startsWith(prefix) && (boundary === "" || "-.:_".includes(boundary))) {
      return { encoding, fallback: false };
    }
  }
  return { encoding: DEFAULT_ENCODING, fallback: true };
}

export class Tokenizer {
  readonly encoding: EncodingName;
  readonly #bpe: BpeCounter;
  readonly #counts = new LruCache<string, number>(COUNT_CACHE_ENTRIES);
  readonly #recent = new LruCache<string, number>(COUNT_CACHE_ENTRIES, {
    weigh: (text) => text.length,
    maxWeight: RECENT_TEXT_CHARS,
  });

  constructor(encoding: EncodingName, bpe: BpeCounter) {
    this.encoding = encoding;
    this.#bpe = bpe;
  }

  /** Exact count, identical to tiktoken's; special-token strings count as text. */
  count(text: string): number {
    return text.length === 0 ? 0 : this.#bpe.count(text);
  }

  /** Same as count(), memoised by content hash: re-counting a session costs only new content. */
  countCached(text: string): number {
    if (text.length === 0) {
      return 0;
    }
    const recent = this.#recent.get(text);
    if (recent !== undefined) {
      return recent;
    }
    const key = contentKey(text);
    const count = this.#counts.get(key) ?? this.#bpe.count(text);
    this.#counts.set(key, count);
    this.#recent.set(text, count);
    return count;
  }

  /**
   * Tokens of one message inside a chat request (overhead included, reply
   * priming not). `contentTokens`, when the caller already knows it, replaces
   * counting the content.
   */
  countMessage(message: ChatMessage, contentTokens?: number): number {
    let total = TOKENS_PER_MESSAGE + this.countCached(message.role);
    total += contentTokens ?? this.countCached(message.content ?? "");
    if ("name" in message && message.name !== undefined) {
      total += TOKENS_PER_NAME + this.countCached(message.name);
    }
    if (message.role === "assistant" && message.tool_calls !== undefined) {
      for (const call of message.tool_calls) {
        total += TOOL_CALL_OVERHEAD_TOKENS;
        total += this.countCached(call.function.name) + this.countCached(call.function.arguments);
      }
    }
    return total;
  }

  /** Prompt tokens of a whole chat request, reply priming included. */
  countMessages(messages: readonly ChatMessage[]): number {
    let total = REPLY_PRIMING_TOKENS;
    for (const message of messages) {
      total += this.countMessage(message);
    }
    return total;
  }

  get cacheSizes(): { counts: number; recentChars: number; pieces: number } {
    return {
      counts: this.#counts.size,
      recentChars: this.#recent.weight,
      pieces: this.#bpe.cacheSize,
    };
  }
}

const loaded = new Map<EncodingName, Tokenizer>();
const loading = new Map<EncodingName, Promise<Tokenizer>>();

/**
 * Set by a Worker's wrangler `[define]` (`LETHE_ENCODING = '"o200k_base"'`): the one
 * encoding its bundle carries. Undefined elsewhere (Node, tests): every encoding.
 */
declare const LETHE_ENCODING: string | undefined;

export class EncodingNotBundledError extends Error {
  readonly code = "ENCODING_NOT_BUNDLED";
  readonly hint: string;
  constructor(encoding: EncodingName) {
    super(
      `this Worker was built with the ${typeof LETHE_ENCODING === "string" ? LETHE_ENCODING : "?"} rank tables only, not ${encoding}`,
    );
    this.name = "EncodingNotBundledError";
    this.hint = `set [define] LETHE_ENCODING = '"${encoding}"' in the Worker's wrangler.toml (npm run deploy derives it from LETHE_MODEL)`;
  }
}

/** Matches on the code, not the class: the error may come from another bundle. */
export function isEncodingNotBundled(error: unknown): error is EncodingNotBundledError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "ENCODING_NOT_BUNDLED"
  );
}

// Dynamic imports behind constant conditions: with the define set, the bundler drops the
// other encoding's rank tables (~450 KiB or ~1 MiB gzip) from the Worker entirely.
async function importEncoding(encoding: EncodingName): Promise<Tokenizer> {
  const { CL100K_PATTERNS, O200K_PATTERNS } = await import("./split-patterns.ts");
  if (encoding === "o200k_base") {
    if (typeof LETHE_ENCODING === "undefined" || LETHE_ENCODING === "o200k_base") {
      const ranks: RawRanks = (await import("gpt-tokenizer/bpeRanks/o200k_base")).default;
      return new Tokenizer(encoding, new BpeCounter(ranks, O200K_PATTERNS));
    }
    throw new EncodingNotBundledError(encoding);
  }
  if (typeof LETHE_ENCODING === "undefined" || LETHE_ENCODING === "cl100k_base") {
    const ranks: RawRanks = (await import("gpt-tokenizer/bpeRanks/cl100k_base")).default;
    return new Tokenizer(encoding, new BpeCounter(ranks, CL100K_PATTERNS));
  }
  throw new EncodingNotBundledError(encoding);
}

/** Loads (once) the tokenizer for a model or an encoding name. */
export async function loadTokenizer(modelOrEncoding?: string): Promise<Tokenizer> {
  const { encoding } = resolveEncoding(modelOrEncoding);
  const ready = loaded.get(encoding);
  if (ready !== undefined) {
    return ready;
  }
  let pending = loading.get(encoding);
  if (pending === undefined) {
    pending = importEncoding(encoding).then(
      (tokenizer) => {
        loaded.set(encoding, tokenizer);
        loading.delete(encoding);
        return tokenizer;
      },
      (error: unknown) => {
        // Forget the failed attempt so the next call retries the import.
        loading.delete(encoding);
        throw error;
      },
    );
    loading.set(encoding, pending);
  }
  return pending;
}

/** The tokenizer for a model if loadTokenizer() already finished for its encoding. */
export function loadedTokenizer(modelOrEncoding?: string): Tokenizer | undefined {
  return loaded.get(resolveEncoding(modelOrEncoding).encoding);
}
