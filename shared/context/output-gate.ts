// The output gate: a tool output over its token cap enters history as a
// sandwich preview (head, an offload marker, tail) while the original is kept
// behind `ref:<key>`. The gatekeeper calls it on every tool output; pure.
import { AppError } from "../base/errors.ts";
import { err, ok, type Result } from "../base/result.ts";
import { refFor } from "./refs.ts";
import { reductionReport, type ReductionReport } from "./report.ts";
import { loadedTokenizer, type Tokenizer } from "./tokens.ts";

/** ARCHITECTURE.md / issue 3: a tool output enters history whole up to 1,500 tokens. */
export const DEFAULT_TOOL_OUTPUT_CAP_TOKENS = 1_500;
/** Per-tool caps; listings and searches are skimmed, so they get less. */
export const TOOL_OUTPUT_CAPS: Readonly<Record<string, number>> = {
  list_files: 800,
  search: 1_000,
  read_file: 2_000,
};
/** Above this the output is refused, not offloaded (1 MiB; a DO value holds 2 MB). */
export const HARD_CAP_BYTES = 1_048_576;
/** Share of the preview given to the head; the tail (errors, summaries) gets the rest. */
export const HEAD_SHARE = 0.6;
/**
 * Bounds the head/tail search to budget × this many characters. Ordinary text
 * averages ~4 per token; a whitespace token can cover 128, where the preview
 * just comes out shorter than it could be.
 */
const MAX_CHARS_PER_TOKEN = 32;

export interface GatedOutput {
  /** What enters history: the output itself, or its sandwich preview. */
  content: string;
  /** Exact tokens of `content`. */
  tokens: number;
  /** The original, to be stored by the caller under `ref`. */
  offloaded?: { ref: string; content: string; tokens: number };
  report?: ReductionReport;
}

export function offloadMarker(ref: string, tokens: number): string {
  return `[CONTENT OFFLOADED: ${ref}, ${tokens} tokens]`;
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes += 1;
    } else if (code < 0x800) {
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else {
      bytes += 3;
    }
  }
  return bytes;
}

/** Never cut between the halves of a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return at > 0 && at < text.length && code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** Longest prefix (or suffix) of `text` within `budget` tokens, by binary search. */
function fitChars(text: string, budget: number, tokenizer: Tokenizer, fromEnd: boolean): number {
  let low = 0;
  let high = Math.min(text.length, budget * MAX_CHARS_PER_TOKEN);
  const slice = (n: number) => (fromEnd ? text.slice(text.length - n) : text.slice(0, n));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (tokenizer.count(slice(mid)) <= budget) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

/** Head, marker and tail of `content` within `cap` tokens. */
export function sandwich(
  content: string,
  cap: number,
  ref: string,
  total: number,
  tokenizer: Tokenizer,
): string {
  const marker = offloadMarker(ref, total);
  const room = Math.max(0, cap - tokenizer.count(marker) - 2);
  let headBudget = Math.floor(room * HEAD_SHARE);
  let tailBudget = room - headBudget;
  for (;;) {
    const headChars = safeCut(content, fitChars(content, headBudget, tokenizer, false));
    let tailChars = fitChars(content.slice(headChars), tailBudget, tokenizer, true);
    const tailStart = content.length - tailChars;
    if (tailChars > 0 && tailStart < content.length && safeCut(content, tailStart) !== tailStart) {
      tailChars--;
    }
    const preview = `${content.slice(0, headChars)}\n${marker}\n${content.slice(content.length - tailChars)}`;
    // Boundary merges can shift a count by a token or two: shrink until it fits.
    if (tokenizer.count(preview) <= cap || (headBudget === 0 && tailBudget === 0)) {
      return preview;
    }
    headBudget = Math.max(0, headBudget - 2);
    tailBudget = Math.max(0, tailBudget - 2);
  }
}

/**
 * Gates one tool output. Over the hard cap: a typed refusal. Over the tool's
 * token cap: the sandwich preview, with the original in `offloaded`.
 * Counts with `options.tokenizer`, else the loaded tokenizer of `options.model`
 * (call `await loadTokenizer(model)` once at startup).
 */
export function gateOutput(
  content: string,
  options: { tool?: string; capTokens?: number; model?: string; tokenizer?: Tokenizer },
): Result<GatedOutput, "OUTPUT_TOO_LARGE"> {
  const bytes = content.length > HARD_CAP_BYTES ? content.length : utf8Length(content);
  if (bytes > HARD_CAP_BYTES) {
    return err(
      "OUTPUT_TOO_LARGE",
      `tool output is ${bytes} bytes; the hard cap is ${HARD_CAP_BYTES}`,
      "Narrow the tool call (a path, a line range, a filter) so it returns less than 1 MiB.",
    );
  }
  const tokenizer = options.tokenizer ?? loadedTokenizer(options.model);
  if (tokenizer === undefined) {
    throw new AppError(
      "TOKENIZER_NOT_LOADED",
      `no tokenizer loaded for ${options.model ?? "the default model"}`,
      {
        hint: "await loadTokenizer(model) once before gating outputs",
        status: 500,
      },
    );
  }
  const tool = options.tool ?? "tool";
  const cap = Math.max(
    1,
    options.capTokens ?? TOOL_OUTPUT_CAPS[tool] ?? DEFAULT_TOOL_OUTPUT_CAP_TOKENS,
  );
  const tokens = tokenizer.count(content);
  if (tokens <= cap) {
    return ok({ content, tokens });
  }
  const ref = refFor(content);
  const preview = sandwich(content, cap, ref, tokens, tokenizer);
  const previewTokens = tokenizer.count(preview);
  return ok({
    content: preview,
    tokens: previewTokens,
    offloaded: { ref, content, tokens },
    report: reductionReport(
      "offload",
      `tool_output:${tool}`,
      tokens,
      previewTokens,
      [`${tool} output: ${tokens - previewTokens} of ${tokens} tokens offloaded`],
      [ref],
    ),
  });
}
