// The stand-in model's rules for the long-horizon bench (bench/horizon/model-server.ts):
// which move the schedule asks for, and the values it fills in, read only from
// the prompt the agent sent. Pure, so tests/scripts/horizon.test.ts pins them.
import { factKey, factName, factPath } from "./files.ts";
import type { Move } from "./mission.ts";

/** A chat message as it arrives on the wire (OpenAI's shape, the fields we read). */
export interface WireMessage {
  role: string;
  content?: string | null | Array<{ type?: string; text?: string }>;
  tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: string } }>;
  tool_call_id?: string;
}

export interface WireTool {
  function?: { name?: string; parameters?: { properties?: Record<string, unknown> } };
}

/** One tool call or a plain answer. */
export interface ModelAnswer {
  content: string | null;
  toolCall: { name: string; arguments: Record<string, unknown> } | null;
}

const TAG = /\[horizon run ([a-z0-9-]+)\]/;

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

/** An L1 page header as the envelope renders it: `[L1 file <id> | file:<path>@<version>:<a>-<b>]`. */
const PAGE_HEADER = /^\[L1 file \S+ \| file:(.+)@[^:@]+:(\d+)-(\d+)\]\n/;

export interface FileValue {
  value: number;
  /** `path:line` when the value sits in an L1 page whose lines are known. */
  evidence: string | null;
}

/**
 * The newest `export const FACT_NN = <n>` visible in the prompt (the last one in
 * message order): what the agent has just staged or read. Null when none is visible.
 */
export function latestFileValue(messages: readonly WireMessage[], fact: number): FileValue | null {
  const pattern = new RegExp(`^export const ${factName(fact)} = (-?\\d+);`, "m");
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = contentText(messages[i] as WireMessage);
    const found = pattern.exec(text);
    if (found === null) {
      continue;
    }
    const header = PAGE_HEADER.exec(text);
    let evidence: string | null = null;
    if (header !== null && header[1] !== undefined) {
      const body = text.slice(header[0].length);
      const lineIndex = body.slice(0, body.indexOf(found[0])).split("\n").length - 1;
      evidence = `${header[1]}:${Number(header[2]) + lineIndex}`;
    }
    return { value: Number(found[1]), evidence };
  }
  return null;
}

const FACT_TEXT = /\bfact_(\d{2})\s*=\s*(-?\d+)(?![\d.])/gi;

/**
 * What the prompt says each fact's value is: every `FACT_NN = n` (file text,
 * answers), `fact_nn = n` (artifact listings) and saved or recorded
 * `{key: "fact_nn", value: n}` call, the last one in message order winning.
 */
export function recallFromPrompt(messages: readonly WireMessage[]): Map<number, number> {
  const seen = new Map<number, number>();
  for (const message of messages) {
    for (const found of contentText(message).matchAll(FACT_TEXT)) {
      seen.set(Number(found[1]), Number(found[2]));
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

function offered(tools: readonly WireTool[], name: string): boolean {
  return tools.some((t) => t.function?.name === name);
}

/**
 * The answer to one scheduled move, in the tools the agent offers: Lethe's
 * (stage_context, save_artifact, finish) or the baselines' (read_file, record).
 */
export function answerMove(
  move: Move,
  messages: readonly WireMessage[],
  tools: readonly WireTool[],
): ModelAnswer {
  const lethe = offered(tools, "stage_context");
  if (move.kind === "read") {
    const path = factPath(move.fact);
    return {
      content: null,
      toolCall: lethe
        ? { name: "stage_context", arguments: { path } }
        : { name: "read_file", arguments: { path } },
    };
  }
  if (move.kind === "save") {
    const seen = latestFileValue(messages, move.fact);
    // Nothing visible to read the value from: the save says so rather than guess.
    const value = seen === null ? "unseen" : seen.value;
    const key = factKey(move.fact);
    return {
      content: null,
      toolCall: lethe
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
  const summary = formatRecall(recallFromPrompt(messages)) || "no FACT value is visible";
  return offered(tools, "finish")
    ? { content: null, toolCall: { name: "finish", arguments: { status: "achieved", summary } } }
    : { content: summary, toolCall: null };
}
