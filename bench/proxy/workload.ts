// bench:proxy's workload: a seeded coding-agent conversation of CALLS tool calls.
// Most results are large logs (no facts); about half state settings as a real
// tool does: a config file read whole (JSON or YAML), an env file, a CSV query
// result, or a config diff whose removed line holds the previous value. Each
// planted value is unique, so a prompt shows it or not; a later value of a key
// supersedes the earlier ones.
import type { ChatMessage } from "../../shared/context/messages.ts";
import { mulberry32 } from "../../harness/prng.ts";

export const TOOLS = ["read_file", "run_tests", "search", "list_dir", "grep_logs"] as const;
const AREAS = ["db", "cache", "queue", "http", "auth", "deploy"];
const KNOBS = ["pool_max", "timeout_ms", "region", "retry_limit"];
/** 24 keys: every area × knob. */
export const FACT_KEYS = AREAS.flatMap((a) => KNOBS.map((k) => `${a}_${k}`));
const FORMATS = ["json", "yaml", "env", "csv", "diff"] as const;

export interface Planted {
  key: string;
  value: string;
  call: number;
}

export interface Workload {
  messages: ChatMessage[];
  planted: Planted[];
  formats: Record<string, number>;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function logLines(random: () => number, tool: string, call: number): string[] {
  const lines: string[] = [];
  const count = 40 + Math.floor(random() * 160);
  for (let i = 0; i < count; i++) {
    lines.push(
      `${tool} ${call}.${i}: module_${Math.floor(random() * 900)} ok in ${Math.floor(random() * 900)}ms (cache ${random() < 0.5 ? "hit" : "miss"})`,
    );
  }
  return lines;
}

/** A tool result stating `facts` in one format; `previous` gives a diff its removed values. */
function statement(
  format: (typeof FORMATS)[number],
  facts: readonly Planted[],
  previous: ReadonlyMap<string, string>,
): string {
  const settings = Object.fromEntries(facts.map((f) => [f.key, f.value]));
  switch (format) {
    case "json":
      return JSON.stringify({ service: "billing", settings, owner: "team-a" }, null, 2);
    case "yaml":
      return [
        "service: billing",
        "settings:",
        ...facts.map((f) => `  ${f.key}: ${f.value}`),
        "owner: team-a",
      ].join("\n");
    case "env":
      return ["# .env", ...facts.map((f) => `${f.key.toUpperCase()}=${f.value}`)].join("\n");
    case "csv":
      return [
        "key,value,updated",
        ...facts.map((f) => `${f.key},${f.value},2026-11-0${1 + (f.call % 9)}`),
      ].join("\n");
    case "diff":
      return [
        "diff --git a/config/app.yaml b/config/app.yaml",
        "--- a/config/app.yaml",
        "+++ b/config/app.yaml",
        `@@ -3,${facts.length + 1} +3,${facts.length + 1} @@ settings:`,
        "   owner: team-a",
        ...facts.flatMap((f) => {
          const was = previous.get(f.key);
          return was === undefined
            ? [`+  ${f.key}: ${f.value}`]
            : [`-  ${f.key}: ${was}`, `+  ${f.key}: ${f.value}`];
        }),
      ].join("\n");
  }
}

/** The conversation: system, task, then `calls` (assistant tool call, tool result) pairs. */
export function workload(seed: number, calls: number): Workload {
  const random = mulberry32(seed);
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a coding agent working in a large repository." },
    {
      role: "user",
      content:
        "Find why the nightly build fails and fix it. Keep track of every setting you learn.",
    },
  ];
  const planted: Planted[] = [];
  const latest = new Map<string, string>();
  const formats: Record<string, number> = {};
  for (let call = 1; call <= calls; call++) {
    const id = `call_${call}`;
    let tool: string = pick(random, TOOLS);
    let content: string;
    if (random() < 0.5) {
      const format = pick(random, FORMATS);
      const count = 1 + Math.floor(random() * 3);
      const keys = new Set<string>();
      while (keys.size < count) {
        keys.add(pick(random, FACT_KEYS));
      }
      const facts = [...keys].map((key) => ({
        key,
        value: `v${call}x${Math.floor(random() * 100_000)}`,
        call,
      }));
      tool = format === "diff" ? "git_diff" : format === "csv" ? "query_settings" : "read_file";
      content = statement(format, facts, latest);
      for (const f of facts) {
        latest.set(f.key, f.value);
      }
      planted.push(...facts);
      formats[format] = (formats[format] ?? 0) + 1;
    } else {
      content = logLines(random, tool, call).join("\n");
    }
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: tool, arguments: JSON.stringify({ target: `src/module_${call}.ts` }) },
        },
      ],
    });
    messages.push({ role: "tool", tool_call_id: id, content });
  }
  return { messages, planted, formats };
}
