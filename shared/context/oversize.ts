// Pages larger than L1: instead of refusing them (PAGE_TOO_LARGE), the agent loop
// stages a digest in their place — counts, the key–value lines (settings that
// appear on few lines verbatim, fields repeated on many lines as value counts) and
// the last lines — while the whole text is kept behind a ref that read_ref reads
// in slices. Generic: nothing here knows a format beyond `key = value` / `key: value`.
// Called by the session's tool stage (durable-objects/session/step/tool.ts); pure.
import type { PageInput, PagerOp } from "./page.ts";
import { keep, type KeptContent } from "./refs.ts";
import type { Tokenizer } from "./tokens.ts";

/** Share of L1 a digest may fill: the rest stays for the anchor, artifacts and another page. */
export const DIGEST_L1_SHARE = 0.5;
/** A digest's ceiling whatever L1 holds: ~a screenful, the size of an ordinary file page. */
export const DIGEST_MAX_TOKENS = 1_200;
/** A key on at most this many lines is a setting: its lines are shown verbatim. */
export const SETTING_MAX_LINES = 4;
/** Fields (keys on more lines than that) listed at most, most frequent first. */
export const MAX_FIELDS = 12;
/** Distinct values up to which a field's value counts are listed. */
export const FIELD_MAX_LISTED_VALUES = 4;
/** Last lines shown at most (fewer when the budget runs out). */
export const TAIL_LINES = 12;
/** A shown line longer than this is cut: one line must not eat the digest. */
export const MAX_LINE_CHARS = 240;

/** `key = value`, `key: value`, `key=value`, `"key": value`; the key starts with a letter. */
const KEY_VALUE =
  /(?<![\w.-])"?([A-Za-z_][\w.-]{0,63})"?\s*[=:]\s*("[^"\n]{0,200}"|'[^'\n]{0,200}'|[^\s,;}\]]{1,200})/g;

interface KeyStats {
  lines: number[];
  values: Map<string, number>;
}

function scanKeys(lines: readonly string[]): Map<string, KeyStats> {
  const keys = new Map<string, KeyStats>();
  lines.forEach((line, i) => {
    for (const found of line.matchAll(KEY_VALUE)) {
      const key = found[1] ?? "";
      const value = found[2] ?? "";
      // `http://…`, `08:15`: a value that is another separator or a path start is no value.
      if (value.startsWith("//") || value.startsWith(":")) {
        continue;
      }
      const stats = keys.get(key) ?? { lines: [], values: new Map<string, number>() };
      if (stats.lines.at(-1) !== i) {
        stats.lines.push(i);
      }
      stats.values.set(value, (stats.values.get(value) ?? 0) + 1);
      keys.set(key, stats);
    }
  });
  return keys;
}

const cutLine = (line: string) =>
  line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS - 1)}…` : line;

function fieldLine(key: string, stats: KeyStats): string {
  const values = [...stats.values.entries()].sort((a, b) => b[1] - a[1]);
  const listed =
    values.length <= FIELD_MAX_LISTED_VALUES
      ? `: ${values.map(([v, n]) => `${cutLine(v)} ×${n}`).join(", ")}`
      : "";
  return `  ${key}: on ${stats.lines.length} lines, ${values.length} distinct values${listed}`;
}

export interface Digest {
  /** What stands in for the text in L1. */
  content: string;
  tokens: number;
  /** The whole text, to be stored under its ref. */
  kept: KeptContent;
}

/**
 * The digest of `text` within `budget` tokens: a header (size, the ref and how
 * to read it), setting lines verbatim with their line numbers (in line order, so
 * a later line supersedes an earlier one; the newest kept when the budget runs
 * out), field value counts, and the last lines.
 */
export function digestText(
  text: string,
  options: { label: string; budget: number; tokens: number; tokenizer: Tokenizer },
): Digest {
  const { label, budget, tokenizer } = options;
  const kept = keep(text);
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  const keys = scanKeys(lines);
  const header = `[DIGEST] ${label}: ${lines.length} lines, ${options.tokens} tokens, larger than L1 can hold. The whole text is ${kept.ref}: read_ref {"ref": "${kept.ref}", "offset": <character>} reads it in slices.`;
  let used = tokenizer.count(header) + 1;
  const fits = (line: string) => {
    const cost = tokenizer.count(line) + 1;
    if (used + cost > budget) {
      return false;
    }
    used += cost;
    return true;
  };
  // Settings first: they are what a reader of a large text most often needs.
  const settingLines = [
    ...new Set(
      [...keys.values()].filter((s) => s.lines.length <= SETTING_MAX_LINES).flatMap((s) => s.lines),
    ),
  ].sort((a, b) => b - a);
  const shownSettings: number[] = [];
  for (const i of settingLines) {
    if (!fits(`  ${i + 1}: ${cutLine(lines[i] ?? "")}`)) {
      break;
    }
    shownSettings.push(i);
  }
  const fields: string[] = [];
  const frequent = [...keys.entries()]
    .filter(([, s]) => s.lines.length > SETTING_MAX_LINES)
    .sort((a, b) => b[1].lines.length - a[1].lines.length)
    .slice(0, MAX_FIELDS);
  for (const [key, stats] of frequent) {
    const line = fieldLine(key, stats);
    if (!fits(line)) {
      break;
    }
    fields.push(line);
  }
  const tail: number[] = [];
  for (let i = lines.length - 1; i >= 0 && tail.length < TAIL_LINES; i--) {
    if (shownSettings.includes(i)) {
      continue;
    }
    if (!fits(`  ${i + 1}: ${cutLine(lines[i] ?? "")}`)) {
      break;
    }
    tail.unshift(i);
  }
  const show = (i: number) => `  ${i + 1}: ${cutLine(lines[i] ?? "")}`;
  const render = () => {
    const sections = [header];
    if (shownSettings.length > 0) {
      const hidden = settingLines.length - shownSettings.length;
      sections.push(
        `key-value lines (line: text; a later line supersedes an earlier one${hidden > 0 ? `; ${hidden} older not shown` : ""}):`,
        ...[...shownSettings].sort((a, b) => a - b).map(show),
      );
    }
    if (fields.length > 0) {
      sections.push("keys repeated on many lines:", ...fields);
    }
    if (tail.length > 0) {
      sections.push("last lines:", ...tail.map(show));
    }
    return sections.join("\n");
  };
  // The section headings were not counted line by line: shed the least needed
  // lines (the oldest tail line, the last field, the oldest setting) until it fits.
  let content = render();
  while (tokenizer.count(content) > budget) {
    if (tail.length > 1) {
      tail.shift();
    } else if (fields.length > 0) {
      fields.pop();
    } else if (shownSettings.length > 0) {
      shownSettings.pop();
    } else {
      tail.shift();
      content = render();
      break;
    }
    content = render();
  }
  return { content, tokens: tokenizer.count(content), kept };
}

/** Tokens a digest may take in an L1 of `capacity` tokens. */
export function digestBudget(capacity: number): number {
  return Math.max(1, Math.min(DIGEST_MAX_TOKENS, Math.floor(capacity * DIGEST_L1_SHARE)));
}

export interface DigestedOps {
  ops: PagerOp[];
  /** Whole texts to keep under their refs. */
  kept: KeptContent[];
  /** One line per page staged as a digest, for the tool's output. */
  notes: string[];
}

/**
 * Stage ops whose page is larger than L1 (`capacity`) become stage ops of its
 * digest: same id and kind, the ref of the whole text as its source. Other ops
 * pass unchanged.
 */
export function digestOversizePages(
  ops: readonly PagerOp[],
  capacity: number,
  tokenizer: Tokenizer,
): DigestedOps {
  const kept: KeptContent[] = [];
  const notes: string[] = [];
  const out = ops.map((op): PagerOp => {
    if (op.type !== "stage") {
      return op;
    }
    const tokens = tokenizer.count(op.page.content);
    if (tokens <= capacity) {
      return op;
    }
    const digest = digestText(op.page.content, {
      label: op.page.id,
      budget: digestBudget(capacity),
      tokens,
      tokenizer,
    });
    kept.push(digest.kept);
    notes.push(
      `[DIGEST] ${op.page.id} has ${tokens} tokens, L1 holds ${capacity}: staged a ${digest.tokens}-token digest; the whole text is ${digest.kept.ref} (read_ref reads it in slices).`,
    );
    const page: PageInput = { ...op.page, content: digest.content, sourceRef: digest.kept.ref };
    return { type: "stage", page };
  });
  return { ops: out, kept, notes };
}
