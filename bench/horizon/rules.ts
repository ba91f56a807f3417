// The stand-in model's policy for the long-horizon bench (bench/horizon/model-server.ts),
// one policy for every agent. The schedule (bench/horizon/workloads.ts) says which
// file to read next, as a user pointing at it would; everything else the policy
// decides from the prompt it was sent, and it never writes a value it did not
// read there:
// - read: the read tool offered (stage_context for Lethe, read_file for the rest);
// - save: after a read, the fact's value as the newest file text in the prompt
//   states it, with the save tool offered (save_artifact, record); no save tool,
//   no save. When the value is not in the prompt but a ref that may hold it is,
//   it reads the ref first (read_ref, at most MAX_REF_READS per move);
// - final: the current value of every fact the mission names, as the prompt shows
//   it (the last statement in message order wins; a summary's superseded lines
//   never count); a fact with no value but a ref is read first.
// Pure, so tests/bench/horizon.test.ts pins it.
import { factKey, factName } from "./files.ts";
import type { Move } from "./workloads.ts";

/** A chat message as it arrives on the wire (OpenAI's shape, the fields we read). */
export interface WireMessage {
  role: string;
  content?: string | null | Array<{ type?: string; text?: string }>;
  tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }>;
  tool_call_id?: string;
  name?: string;
}

export interface WireTool {
  function?: { name?: string; parameters?: { properties?: Record<string, unknown> } };
}

/** One tool call or a plain answer. */
export interface ModelAnswer {
  content: string | null;
  toolCall: { name: string; arguments: Record<string, unknown> } | null;
  /** A read the move needs first (a ref, a slice of a file too large to stage): the schedule does not advance. */
  extra?: boolean;
}

/** Slices of a file too large for the agent's context the policy stages for one move at most. */
export const MAX_SLICES = 40;

/** `[L1 REFUSED] PAGE_TOO_LARGE: page <path> has N tokens, L1 holds M` after `staged <path> (lines 1-X of X)`. */
const TOO_LARGE =
  /staged (\S+) \(lines 1-(\d+) of \d+\)\n\[L1 REFUSED\] PAGE_TOO_LARGE: page \S+ has (\d+) tokens, L1 holds (\d+)/;

/**
 * The next slice to stage when the newest read of `path` was refused as too large
 * for the agent's context: from the end backwards (a log's newest lines last),
 * slices sized to fit the limit with room to spare. Null when there is no such
 * refusal or every slice was staged.
 */
export function nextSlice(
  messages: readonly WireMessage[],
  path: string,
  staged: number,
): { start_line: number; end_line: number } | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const found = TOO_LARGE.exec(contentText(messages[i] as WireMessage));
    if (found === null || found[1] !== path) {
      continue;
    }
    const lines = Number(found[2]);
    const chunk = Math.max(5, Math.floor((lines * Number(found[4]) * 0.7) / Number(found[3])));
    const end = lines - staged * chunk;
    return end < 1 || staged >= MAX_SLICES
      ? null
      : { start_line: Math.max(1, end - chunk + 1), end_line: end };
  }
  return null;
}

/** Ref reads the policy makes for one move at most, before it acts without the value. */
export const MAX_REF_READS = 2;

const TAG = /\[horizon run ([a-z0-9:-]+)\]/;

export function contentText(message: WireMessage): string {
  const { content } = message;
  if (typeof content === "string") {
    return content;
  }
  return Array.isArray(content) ? content.map((p) => p.text ?? "").join("") : "";
}

/** The agent a request comes from: the tag its mission text carries. */
export function agentTag(messages: readonly WireMessage[]): string | null {
  for (const message of messages) {
    const found = TAG.exec(contentText(message));
    if (found !== null) {
      return found[1] ?? null;
    }
  }
  return null;
}

/** The facts the mission asks for: `FACT_01 to FACT_NN` in its text. */
export function missionFacts(messages: readonly WireMessage[]): number[] {
  for (const message of messages) {
    const text = contentText(message);
    if (!TAG.test(text)) {
      continue;
    }
    const found = /FACT_01 to FACT_(\d{2})/.exec(text);
    const last = Number(found?.[1] ?? 0);
    return Array.from({ length: last }, (_, i) => i + 1);
  }
  return [];
}

/**
 * An L1 page header as the envelope renders it: `[L1 file <id> | file:<path>@<version>:<a>-<b>]`,
 * or `[L1 file <path> @<version>:<a>-<b>]` when the id is the path (said once).
 */
const PAGE_HEADER = /^\[L1 file (?:\S+ \| file:(.+)|(\S+) )@[^:@]+:(\d+)-(\d+)\]\n/;

const UNTRUSTED = "<untrusted>\n";

export interface FileValue {
  value: number;
  /** `path:line` when the value sits in an L1 page whose lines are known. */
  evidence: string | null;
}

/** A fact's own line in file text: its declaration in a module, its `config set` in a log. */
function declaration(fact: number): RegExp {
  return new RegExp(
    `(?:^export const |\\bconfig set )${factName(fact)} = (-?\\d+)(?![\\d.])`,
    "gm",
  );
}

/**
 * The value file text in the prompt gives a fact: the newest message that states
 * it, and in that message its last statement (a log's later config line wins).
 * Null when no file text in the prompt states it.
 */
export function latestFileValue(messages: readonly WireMessage[], fact: number): FileValue | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = contentText(messages[i] as WireMessage);
    const found = [...text.matchAll(declaration(fact))].at(-1);
    if (found === undefined) {
      continue;
    }
    const header = PAGE_HEADER.exec(text);
    let evidence: string | null = null;
    const path = header?.[1] ?? header?.[2];
    if (header !== null && path !== undefined) {
      // The envelope may wrap a page's text in an <untrusted> line: not a file line.
      const wrapper = text.startsWith(UNTRUSTED, header[0].length) ? UNTRUSTED.length : 0;
      const start = header[0].length + wrapper;
      const lineIndex = text.slice(start, found.index).split("\n").length - 1;
      evidence = `${path}:${Number(header[3]) + lineIndex}`;
    }
    return { value: Number(found[1]), evidence };
  }
  return null;
}

/** `FACT_NN = n` / `fact_nn = n`: file text, notes, artifact listings, answers. Not `FACT_NN_PREV = n`. */
const FACT_TEXT = /\bfact_(\d{2})\s*=\s*(-?\d+)(?![\d.])/gi;
/** A summary block's fact line: `- <subject naming FACT_NN>: <value> [turns: …]`. */
const SUMMARY_LINE = /^- (.*?): (.*?) \[turns: [\d, ]+\]/;
const SUMMARY_MARKER = "[CONVERSATION SUMMARY]";

/** The fact a summary subject names exactly (`FACT_03`, `config set FACT_03`), not a look-alike. */
function subjectFact(subject: string): number | null {
  const found = /\bfact_(\d{2})(?![\w])/i.exec(subject);
  return found === null ? null : Number(found[1]);
}

/** Values a summary block states as current: its "current facts" section only. */
function summaryValues(text: string, seen: Map<number, number>): void {
  let section = "";
  for (const line of text.split("\n")) {
    if (!line.startsWith("- ")) {
      section = line;
      continue;
    }
    if (!section.startsWith("current facts")) {
      continue;
    }
    const found = SUMMARY_LINE.exec(line);
    const fact = found === null ? null : subjectFact(found[1] ?? "");
    const value = /^-?\d+$/.exec((found?.[2] ?? "").trim().replace(/;$/, ""));
    if (fact !== null && value !== null) {
      seen.set(fact, Number(value[0]));
    }
  }
}

/**
 * What the prompt says each fact's value is, the last statement in message order
 * winning: file text and notes (`FACT_NN = n`, `fact_nn = n`), saved or recorded
 * `{key: "fact_nn", value: n}` calls, and a summary block's current facts.
 */
export function recallFromPrompt(messages: readonly WireMessage[]): Map<number, number> {
  const seen = new Map<number, number>();
  for (const message of messages) {
    const text = contentText(message);
    if (text.startsWith(SUMMARY_MARKER)) {
      summaryValues(text, seen);
    } else {
      for (const found of text.matchAll(FACT_TEXT)) {
        seen.set(Number(found[1]), Number(found[2]));
      }
    }
    for (const call of message.tool_calls ?? []) {
      const args = parseArguments(call.function?.arguments ?? "");
      const key = typeof args.key === "string" ? /^fact_(\d{2})$/.exec(args.key) : null;
      if (key !== null && typeof args.value === "number") {
        seen.set(Number(key[1]), args.value);
      }
    }
  }
  return seen;
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Arguments that are not JSON carry no recorded fact.
    return {};
  }
}

/** The final answer: one `FACT_NN = value` line per fact the prompt showed, in fact order. */
export function formatRecall(values: ReadonlyMap<number, number>): string {
  return [...values.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([fact, value]) => `${factName(fact)} = ${value}`)
    .join("\n");
}

/** Facts an answer states, read the same way the model reads a prompt. */
export function parseRecall(answer: string): Map<number, number> {
  return recallFromPrompt([{ role: "assistant", content: answer }]);
}

const REF = /ref:[0-9a-f]{6,64}/g;

/** Refs the prompt has already read (read_ref / stage_context {ref} calls). */
function refsRead(messages: readonly WireMessage[]): Set<string> {
  const read = new Set<string>();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) {
      const ref = parseArguments(call.function?.arguments ?? "").ref;
      if (typeof ref === "string") {
        read.add(ref);
      }
    }
  }
  return read;
}

/**
 * A ref in the prompt that may hold the fact's value, not read yet: a ref on a
 * line that names the fact or its file, or, in a summary block, the ref of a turn
 * a line naming the fact cites. Newest message first; null when there is none.
 */
export function refFor(
  messages: readonly WireMessage[],
  fact: number,
  path: string | null,
): string | null {
  const done = refsRead(messages);
  const names = (line: string) =>
    new RegExp(`\\b${factName(fact)}(?!\\w)`, "i").test(line) ||
    (path !== null && line.includes(path));
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = contentText(messages[i] as WireMessage);
    if (!text.includes("ref:")) {
      continue;
    }
    const lines = text.split("\n");
    const turnRefs = new Map<number, string>();
    for (const line of lines) {
      if (line.startsWith("refs: ")) {
        for (const entry of line.slice(6).split(", ")) {
          const [turn, ref] = entry.split("=");
          if (turn !== undefined && ref !== undefined) {
            turnRefs.set(Number(turn), ref);
          }
        }
      }
    }
    for (const line of [...lines].reverse()) {
      if (!names(line)) {
        continue;
      }
      const direct = [...line.matchAll(REF)].map((m) => m[0]);
      const cited = (/\[turns: ([\d, ]+)\]/.exec(line)?.[1] ?? "")
        .split(", ")
        .map((t) => turnRefs.get(Number(t)))
        .filter((r): r is string => r !== undefined)
        .reverse();
      const ref = [...direct, ...cited].find((r) => !done.has(r));
      if (ref !== undefined) {
        return ref;
      }
    }
  }
  return null;
}

function offered(tools: readonly WireTool[], name: string): boolean {
  return tools.some((t) => t.function?.name === name);
}

/** The tool that saves a fact, when the agent offers one. */
export function saveTool(tools: readonly WireTool[]): "save_artifact" | "record" | null {
  return offered(tools, "save_artifact")
    ? "save_artifact"
    : offered(tools, "record")
      ? "record"
      : null;
}

const readRef = (ref: string): ModelAnswer => ({
  content: null,
  toolCall: { name: "read_ref", arguments: { ref } },
  extra: true,
});

/**
 * The answer to one scheduled move, in the tools the agent offers. `refReads` is
 * how many refs the policy already read for this move (it stops at MAX_REF_READS).
 * A save move with no save tool offered is not the policy's to answer: the server
 * skips it (see model-server.ts).
 */
export function answerMove(
  move: Move,
  messages: readonly WireMessage[],
  tools: readonly WireTool[],
  paths: Readonly<Record<number, string>> = {},
  refReads = 0,
): ModelAnswer {
  const lethe = offered(tools, "stage_context");
  // The final answer may need a ref per fact; a save, a couple at most.
  const limit =
    move.kind === "final" ? Math.max(MAX_REF_READS, missionFacts(messages).length) : MAX_REF_READS;
  const canReadRefs = offered(tools, "read_ref") && refReads < limit;
  if (move.kind === "read") {
    return {
      content: null,
      toolCall: lethe
        ? { name: "stage_context", arguments: { path: move.path } }
        : { name: "read_file", arguments: { path: move.path } },
    };
  }
  if (move.kind === "save") {
    const seen = latestFileValue(messages, move.fact);
    const path = paths[move.fact];
    const slice =
      seen === null && lethe && path !== undefined ? nextSlice(messages, path, refReads) : null;
    if (slice !== null) {
      return {
        content: null,
        toolCall: { name: "stage_context", arguments: { path, ...slice } },
        extra: true,
      };
    }
    if (seen === null && canReadRefs) {
      const ref = refFor(messages, move.fact, paths[move.fact] ?? null);
      if (ref !== null) {
        return readRef(ref);
      }
    }
    // Nothing visible to read the value from: the save says so rather than guess.
    const value = seen === null ? "unseen" : seen.value;
    const key = factKey(move.fact);
    return {
      content: null,
      toolCall:
        saveTool(tools) === "save_artifact"
          ? {
              name: "save_artifact",
              arguments: {
                key,
                value,
                kind: "fact",
                evidence: seen?.evidence ? [seen.evidence] : [],
              },
            }
          : { name: "record", arguments: { key, value } },
    };
  }
  const values = recallFromPrompt(messages);
  if (canReadRefs) {
    for (const fact of missionFacts(messages)) {
      const ref = values.has(fact) ? null : refFor(messages, fact, paths[fact] ?? null);
      if (ref !== null) {
        return readRef(ref);
      }
    }
  }
  const summary = formatRecall(values) || "no FACT value is visible";
  return offered(tools, "finish")
    ? { content: null, toolCall: { name: "finish", arguments: { status: "achieved", summary } } }
    : { content: summary, toolCall: null };
}
