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

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
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
const code = codeCorpus();
const cold = time(() => tokenizer.count(code));
const oursRuns = [cold.ms];
for (let i = 0; i < 4; i++) {
  oursRuns.push(time(() => tokenizer.count(code)).ms);
}
const jsRun = time(() => jsTiktoken.encode(code, [], []).length);
const wasmRun = time(() => wasm.encode(code, [], []).length);
// Imported only now, so the heap figure above is ours alone (the rank table module is shared).
const { countTokens: gptTokenizerCount } = await import("gpt-tokenizer/encoding/o200k_base");
const gptRun = time(() => gptTokenizerCount(code, { disallowedSpecial: new Set() }));
const same =
  cold.value === jsRun.value && cold.value === wasmRun.value && cold.value === gptRun.value;
const oursMs = median(oursRuns);
const mibps = (ms: number) => `${(1_000 / ms).toFixed(1)} MiB/s`;
process.stdout.write("\n");
line(
  "1 MiB of code: tokens (ours / js / wasm / gpt-tok.)",
  `${cold.value} / ${jsRun.value} / ${wasmRun.value} / ${gptRun.value}`,
  same ? "identical ✓" : "MISMATCH ✗",
);
line(
  "ours: cold / median of 5",
  `${cold.ms.toFixed(0)} ms / ${oursMs.toFixed(0)} ms (${mibps(oursMs)})`,
);
line("js-tiktoken", `${jsRun.ms.toFixed(0)} ms (${mibps(jsRun.ms)})`);
line("tiktoken (WASM)", `${wasmRun.ms.toFixed(0)} ms (${mibps(wasmRun.ms)})`);
line("gpt-tokenizer countTokens (reference)", `${gptRun.ms.toFixed(0)} ms (${mibps(gptRun.ms)})`);
const vsJs = jsRun.ms / oursMs;
line(
  "throughput ratio ours / js-tiktoken",
  `${vsJs.toFixed(1)}× (cold ${(jsRun.ms / cold.ms).toFixed(1)}×)`,
  `target ≥ 5× ${vsJs >= 5 ? "✓" : "✗"}`,
);
line("throughput ratio ours / tiktoken WASM", `${(wasmRun.ms / oursMs).toFixed(1)}×`);

// --- worst case: 100 KB of one letter ----------------------------------------------
process.stdout.write("\n");
const worst = time(() => tokenizer.count("a".repeat(100_000)));
line(
  "100 KB of one letter ('a')",
  `${worst.ms.toFixed(1)} ms (${worst.value} tokens)`,
  `target < 100 ms ${worst.ms < 100 ? "✓" : "✗"}`,
);
const worstRandom = time(() =>
  tokenizer.count(
    Array.from({ length: 100_000 }, (_, i) => "abcdefghijklmnopqrstuvwxyz"[(i * 7919) % 26]).join(
      "",
    ),
  ),
);
line("100 KB of mixed letters, no space", `${worstRandom.ms.toFixed(1)} ms`);
const worstSpace = time(() => tokenizer.count(`x${" ".repeat(100_000)}x`));
line("100 KB of spaces", `${worstSpace.ms.toFixed(1)} ms`);
const worstCjk = time(() => tokenizer.count("中".repeat(33_000)));
line("100 KB of one CJK character", `${worstCjk.ms.toFixed(1)} ms`);
line(
  "tokenizer caches after the run (pieces / counts)",
  `${tokenizer.cacheSizes.pieces} / ${tokenizer.cacheSizes.counts}`,
  "bounded",
);
line("heap after all counting (ours + js-tiktoken)", `${heapMiB().toFixed(1)} MiB`);
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
  // AgentSession stores each turn's count when it is appended, as this does.
  return { ...message, tokens: tokenizer.countMessage(message) };
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
    history.push({ ...message, tokens: tokenizer.countMessage(message) });
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
