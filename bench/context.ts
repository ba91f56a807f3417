// Benchmarks of the context engine (issue 3): token counting against js-tiktoken
// and tiktoken (WASM) in the same run, the single-letter worst case, tokenizer
// heap, per-step envelope build time by history length, and pruneForRetry.
// Prints figures next to their targets; never asserts. `npm run bench:context`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200kRanks from "js-tiktoken/ranks/o200k_base";
import { get_encoding } from "tiktoken";
import { buildEnvelope, type EnvelopeInput, type Turn } from "../shared/context/envelope.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Page } from "../shared/context/page.ts";
import { pruneForRetry } from "../shared/context/prune.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";

const MIB = 1 << 20;
const gc = (globalThis as { gc?: () => void }).gc;

function heapMiB(): number {
  gc?.();
  return process.memoryUsage().heapUsed / MIB;
}

function time<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1_000, value };
}

interface Runs {
  value: number;
  cold: { ms: number; cpuMs: number };
  /** Medians of the runs after the first. */
  warm: { ms: number; cpuMs: number };
}

/** The first (cold) run and the medians of `count - 1` more; every run must agree. */
function runs(count: number, fn: () => number): Runs {
  const first = time(fn);
  const rest = Array.from({ length: count - 1 }, () => time(fn));
  if (rest.some((r) => r.value !== first.value)) {
    throw new Error("a counter gave different counts for the same text");
  }
  return {
    value: first.value,
    cold: { ms: first.ms, cpuMs: first.cpuMs },
    warm: { ms: median(rest.map((r) => r.ms)), cpuMs: median(rest.map((r) => r.cpuMs)) },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function line(label: string, figure: string, target = ""): void {
  process.stdout.write(`${label.padEnd(52)} ${figure.padEnd(28)} ${target}\n`);
}

/** 1 MiB of real code: hono's pinned CommonJS build, files in sorted order. */
function codeCorpus(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
      } else if (name.endsWith(".js")) {
        files.push(path);
      }
    }
  };
  walk("node_modules/hono/dist/cjs");
  let text = "";
  for (let i = 0; text.length < MIB; i++) {
    text += readFileSync(files[i % files.length] ?? "", "utf8");
  }
  return text.slice(0, MIB);
}

// --- tokenizer init and heap ---------------------------------------------------
process.stdout.write(
  `Context engine benchmark (node ${process.version}${gc ? ", --expose-gc" : ""})\n\n`,
);
let heap0 = heapMiB();
const init = performance.now();
const tokenizer = await loadTokenizer("o200k_base");
const oursInitMs = performance.now() - init;
const oursHeap = heapMiB() - heap0;
line(
  "ours (o200k_base): init / heap",
  `${oursInitMs.toFixed(0)} ms / +${oursHeap.toFixed(1)} MiB`,
  "heap target < 32 MB",
);

heap0 = heapMiB();
const jsInit = time(() => new Tiktoken(o200kRanks));
const jsHeap = heapMiB() - heap0;
const jsTiktoken = jsInit.value;
line("js-tiktoken: init / heap", `${jsInit.ms.toFixed(0)} ms / +${jsHeap.toFixed(1)} MiB`);
const wasmInit = time(() => get_encoding("o200k_base"));
const wasm = wasmInit.value;
line("tiktoken (WASM): init", `${wasmInit.ms.toFixed(0)} ms (heap is WASM memory)`);

// --- throughput on 1 MiB of code -------------------------------------------------
// Wall and CPU time both: on a shared machine the CPU figure is the steadier one.
const code = codeCorpus();
const ours = runs(6, () => tokenizer.count(code));
const js = runs(3, () => jsTiktoken.encode(code, [], []).length);
const wasmRuns = runs(3, () => wasm.encode(code, [], []).length);
// Imported only now, so the heap figure above is ours alone (the rank table module is shared).
const { countTokens: gptTokenizerCount } = await import("gpt-tokenizer/encoding/o200k_base");
const gpt = runs(3, () => gptTokenizerCount(code, { disallowedSpecial: new Set() }));
const same = ours.value === js.value && ours.value === wasmRuns.value && ours.value === gpt.value;
const mibps = (ms: number) => `${(1_000 / ms).toFixed(1)} MiB/s`;
const show = (r: Runs) =>
  `${r.warm.ms.toFixed(0)} ms ${mibps(r.warm.ms)}, cpu ${r.warm.cpuMs.toFixed(0)}; cold ${r.cold.ms.toFixed(0)}/cpu ${r.cold.cpuMs.toFixed(0)}`;
process.stdout.write("\n");
line(
  "1 MiB of code: tokens (ours / js / wasm / gpt-tok.)",
  `${ours.value} / ${js.value} / ${wasmRuns.value} / ${gpt.value}`,
  same ? "identical ✓" : "MISMATCH ✗",
);
line("ours (median of 5 after a cold run)", show(ours));
line("js-tiktoken (median of 2 after a cold run)", show(js));
line("tiktoken WASM (median of 2 after a cold run)", show(wasmRuns));
line("gpt-tokenizer countTokens, for reference", show(gpt));
const cpuRatio = js.warm.cpuMs / ours.warm.cpuMs;
line(
  "ours vs js-tiktoken: cpu / wall / cold cpu",
  `${cpuRatio.toFixed(1)}× / ${(js.warm.ms / ours.warm.ms).toFixed(1)}× / ${(js.cold.cpuMs / ours.cold.cpuMs).toFixed(1)}×`,
  `target ≥ 5× with identical counts ${cpuRatio >= 5 && same ? "✓" : "✗"}`,
);
line(
  "ours vs tiktoken WASM: cpu / wall",
  `${(wasmRuns.warm.cpuMs / ours.warm.cpuMs).toFixed(1)}× / ${(wasmRuns.warm.ms / ours.warm.ms).toFixed(1)}×`,
);

// --- worst cases: 100 KB of one character ------------------------------------------
process.stdout.write("\n");
const worstCase = (label: string, text: string, withTarget = false) => {
  const r = runs(3, () => tokenizer.count(text));
  const figure = `${r.cold.ms.toFixed(1)} ms (cpu ${r.cold.cpuMs.toFixed(1)}), again ${r.warm.ms.toFixed(1)}`;
  line(label, figure, withTarget ? `target < 100 ms ${r.cold.ms < 100 ? "✓" : "✗"}` : "");
};
worstCase("100 KB of one letter ('a'), first count", "a".repeat(100_000), true);
worstCase(
  "100 KB of letters without a space",
  Array.from({ length: 100_000 }, (_, i) => "abcdefghijklmnopqrstuvwxyz"[(i * 7_919) % 26]).join(
    "",
  ),
);
worstCase("100 KB of spaces", `x${" ".repeat(100_000)}x`);
worstCase("100 KB of one symbol ('=')", "=".repeat(100_000));
worstCase("100 KB of one CJK character (3 bytes each)", "中".repeat(33_334));
const caches = tokenizer.cacheSizes;
line(
  "tokenizer caches (pieces / counts / recent chars)",
  `${caches.pieces} / ${caches.counts} / ${caches.recentChars}`,
  "bounded",
);
line("heap after all counting (ours + js-tiktoken + gpt-tok.)", `${heapMiB().toFixed(1)} MiB`);
wasm.free();

// --- per-step envelope build ---------------------------------------------------------
process.stdout.write("\n");
const pageOf = (i: number): Page => {
  const content =
    `export function handler${i}(input: string): string {\n  return input.trim().toLowerCase();\n}\n`.repeat(
      20,
    );
  return {
    id: `src/f${i}.ts`,
    kind: i === 0 ? "file" : "symbol",
    sourceRef: `file:src/f${i}.ts`,
    content,
    tokens: tokenizer.count(content),
    priority: 5,
    pinned: i === 0,
    lastAccessStep: i,
  };
};
const pages = [0, 1, 2, 3].map(pageOf);
const turnOf = (i: number): Turn => {
  const message: ChatMessage =
    i % 2 === 0
      ? {
          role: "user",
          content: `Step ${i}: the parser fails on input ${i}; look at src/f${i % 4}.ts.`,
        }
      : {
          role: "assistant",
          content: `Read src/f${i % 4}.ts. The bug is on line ${i % 80}; I will patch it and rerun the tests (attempt ${i}).`,
        };
  // AgentSession stores each turn's content count when it is appended, as this does.
  return { ...message, tokens: tokenizer.count(message.content ?? "") };
};
const baseInput = (history: Turn[]): EnvelopeInput => ({
  system:
    "You are Lethe's coding agent. Context is evidence; artifacts are law. Answer with one JSON move.",
  static: [
    "Policy: never write outside the workspace.",
    JSON.stringify({ name: "read_file", parameters: { path: "string" } }),
  ],
  meta: ["artifact plan#3: 1. fix the parser 2. add a regression test"],
  pages,
  anchor: "Fix the failing parser test without changing its public API.",
  history,
});
const perStep: Record<number, number> = {};
for (const size of [10, 100, 1_000, 10_000]) {
  const history = Array.from({ length: size }, (_, i) => turnOf(i));
  const samples: number[] = [];
  for (let step = 0; step < 300; step++) {
    // Each step appends one new turn (new content), then builds.
    const message: ChatMessage = {
      role: "user",
      content: `new observation ${size}-${step}: test ${step % 7} still fails`,
    };
    history.push({ ...message, tokens: tokenizer.count(message.content) });
    const input = baseInput(history);
    const start = performance.now();
    buildEnvelope(input, { tokenizer });
    samples.push(performance.now() - start);
    history.pop();
  }
  perStep[size] = median(samples.slice(50));
  line(
    `envelope build, ${size.toLocaleString("en")} turns of history (median)`,
    `${((perStep[size] ?? 0) * 1_000).toFixed(0)} µs`,
  );
}
const ratio = (perStep[10_000] ?? 0) / (perStep[10] ?? 1);
line(
  "envelope at 10,000 turns vs 10 turns",
  `${ratio.toFixed(2)}×, ${(perStep[10_000] ?? 0).toFixed(3)} ms`,
  `target ≤ 2× and < 2 ms ${ratio <= 2 && (perStep[10_000] ?? 9) < 2 ? "✓" : "✗"}`,
);

// --- pruneForRetry on 200 messages -------------------------------------------------
process.stdout.write("\n");
const messages: ChatMessage[] = [{ role: "system", content: "You are Lethe's coding agent." }];
for (let i = 0; messages.length < 200; i++) {
  messages.push({ role: "user", content: `do step ${i}` });
  messages.push({
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: `c${i}`,
        type: "function",
        function: { name: "read_file", arguments: `{"path":"src/f${i}.ts"}` },
      },
    ],
  });
  messages.push({
    role: "tool",
    tool_call_id: `c${i}`,
    content: `line of output ${i}\n`.repeat(i % 3 === 0 ? 400 : 5),
  });
}
messages.length = 200;
const error = { code: "SCHEMA_INVALID", message: "missing field path" };
const bare: number[] = [];
const counted: number[] = [];
for (let i = 0; i < 200; i++) {
  bare.push(time(() => pruneForRetry(messages, error, { preset: "medium" })).ms);
}
const firstCounted = time(() => pruneForRetry(messages, error, { preset: "medium", tokenizer })).ms;
for (let i = 0; i < 200; i++) {
  counted.push(time(() => pruneForRetry(messages, error, { preset: "medium", tokenizer })).ms);
}
const pruneMs = median(bare);
line(
  "pruneForRetry, 200 messages (median)",
  `${(pruneMs * 1_000).toFixed(0)} µs`,
  `target < 1 ms ${pruneMs < 1 ? "✓" : "✗"}`,
);
line(
  "  with exact report tokens, counts cached (median)",
  `${(median(counted) * 1_000).toFixed(0)} µs`,
  `${median(counted) < 1 ? "✓" : "✗"}`,
);
line("  with exact report tokens, first (cold) call", `${firstCounted.toFixed(2)} ms`);
