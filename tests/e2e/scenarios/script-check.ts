// Proofs that cannot be handed the answer: a scripted move may choose a tool and
// its target, but every value it carries (numbers, identifiers, quoted code) must
// appear in the prompt the model received at that step. Used by harness.ts.
import type { ScriptEntry } from "../../../shared/model/script.ts";

/** Arguments that name a target or a label the model chooses freely: not checked. */
const TARGET_ARGS: ReadonlySet<string> = new Set([
  "path",
  "target",
  "file",
  "page",
  "id",
  "ref",
  "query",
  "key",
  "kind",
  "status",
  "persona",
  "evidence",
  "symbol",
  "symbols",
  "name",
  "version",
]);
const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g;
/** snake_case, camelCase and SCREAMING_CASE names: identifiers, not prose words. */
const IDENTIFIER = /\b(?:[a-z]+[A-Z]\w*|[A-Za-z]+_\w+|[A-Z]{2,}[A-Z0-9_]*)\b/g;
const QUOTED = /(["'`])([^"'`\s][^"'`\n]{1,79})\1/g;

export interface ScriptValueLeak {
  code: "SCRIPT_VALUE_NOT_IN_PROMPT";
  /** The scripted tool call, counted from 0 among the script's tool calls. */
  call: number;
  tool: string;
  value: string;
  message: string;
}

function strings(value: unknown, key: string): string[] {
  if (TARGET_ARGS.has(key)) {
    return [];
  }
  if (typeof value === "string") {
    return [value];
  }
  if (typeof value === "number") {
    return [String(value)];
  }
  if (Array.isArray(value)) {
    return value.flatMap((v) => strings(v, ""));
  }
  if (value !== null && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => strings(v, k));
  }
  return [];
}

/** The values a scripted tool call carries, from the arguments that are not targets. */
export function carriedValues(args: Record<string, unknown>): string[] {
  const out = new Set<string>();
  for (const text of Object.entries(args).flatMap(([k, v]) => strings(v, k))) {
    // A unified diff: only its added lines carry new values; the rest is the file's own text.
    const lines = text.includes("\n@@") || text.startsWith("---") ? addedLines(text) : [text];
    for (const line of lines) {
      for (const m of line.matchAll(NUMBER)) {
        out.add(m[0]);
      }
      for (const m of line.matchAll(IDENTIFIER)) {
        out.add(m[0]);
      }
      for (const m of line.matchAll(QUOTED)) {
        out.add(m[2] ?? "");
      }
    }
  }
  return [...out].filter((v) => v.length > 0);
}

function addedLines(diff: string): string[] {
  return diff
    .split("\n")
    .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
    .map((l) => l.slice(1));
}

function argsOf(entry: ScriptEntry): Array<{ tool: string; args: Record<string, unknown> }> {
  if (typeof entry !== "object" || !("tool_calls" in entry)) {
    return [];
  }
  return entry.tool_calls.map((c) => {
    if (typeof c.arguments !== "string") {
      return { tool: c.name, args: c.arguments };
    }
    try {
      const parsed: unknown = JSON.parse(c.arguments);
      return {
        tool: c.name,
        args:
          parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {},
      };
    } catch {
      return { tool: c.name, args: {} };
    }
  });
}

/**
 * Every value of every scripted tool call that the prompt of its step does not
 * contain. `promptAt(i)` is the prompt text the model received for the i-th
 * scripted tool call (null when unreadable: that call is reported too).
 */
export async function scriptValueLeaks(
  script: readonly ScriptEntry[],
  promptAt: (call: number, calls: number) => Promise<string | null>,
): Promise<ScriptValueLeak[]> {
  const leaks: ScriptValueLeak[] = [];
  const calls = script.flatMap(argsOf);
  for (const [i, c] of calls.entries()) {
    const values = carriedValues(c.args);
    if (values.length === 0) {
      continue;
    }
    const prompt = await promptAt(i, calls.length);
    for (const value of values) {
      // Case-insensitive: an artifact key is the lower-cased name the code spells.
      if (prompt === null || !prompt.toLowerCase().includes(value.toLowerCase())) {
        leaks.push({
          code: "SCRIPT_VALUE_NOT_IN_PROMPT",
          call: i,
          tool: c.tool,
          value,
          message: `scripted ${c.tool} (call ${i}) carries ${JSON.stringify(value)}, which the prompt at that step does not contain: the script handed the model the answer`,
        });
      }
    }
  }
  return leaks;
}
