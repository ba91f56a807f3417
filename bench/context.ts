// Benchmarks of the context engine: token counting against js-tiktoken and tiktoken
// (WASM), cold (fresh process per side, bench/context-cold.ts) and warm (same caching),
// the single-letter bomb cold, tokenizer heap, envelope build time, pruneForRetry, and the per-step
// cost of the agent step's stages on a booted cluster (bench/context-stages.ts).
// Prints figures next to their targets; never asserts. `npm run bench:context`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import o200kLetheRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { Tiktoken } from "js-tiktoken/lite";
import o200kRanks from "js-tiktoken/ranks/o200k_base";
import { get_encoding } from "tiktoken";
import { z } from "zod";
import { BpeCounter } from "../shared/context/bpe.ts";
import { buildEnvelope, type EnvelopeInput, type Turn } from "../shared/context/envelope.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Page } from "../shared/context/page.ts";
import { pruneForRetry } from "../shared/context/prune.ts";
import { O200K_PATTERNS } from "../shared/context/split-patterns.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { measureStages } from "./context-stages.ts";

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
  process.stdout.write(`${label.padEnd(60)} ${figure.padEnd(30)} ${target}\n`);
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
  `Context engine benchmark (node ${process.version}${gc ? ", --expose-gc" : ""})\n` +
    "Work counted: Lethe COUNTS (it has no encode API, so no encode-length figure); js-tiktoken\n" +
    "and tiktoken (WASM) ENCODE to a token array and take its length (they have no count API);\n" +
    "gpt-tokenizer's countTokens counts. Data: 1 MiB of hono's CommonJS build; 100 KB bombs.\n\n",
);
let heap0 = heapMiB();
const init = performance.now();
const tokenizer = await loadTokenizer("o200k_base");
const oursInitMs = performance.now() - init;
const oursHeap = heapMiB() - heap0;
line(
  "ours (o200k_base): init / heap",
  `${oursInitMs.toFixed(0)} ms / +${oursHeap.toFixed(1)} MiB`,
  `heap target < 32 MB ${oursHeap < 32 ? "✓" : "✗"}`,
);

heap0 = heapMiB();
const jsInit = time(() => new Tiktoken(o200kRanks));
const jsHeap = heapMiB() - heap0;
const jsTiktoken = jsInit.value;
line("js-tiktoken: init / heap", `${jsInit.ms.toFixed(0)} ms / +${jsHeap.toFixed(1)} MiB`);
const wasmInit = time(() => get_encoding("o200k_base"));
const wasm = wasmInit.value;
line("tiktoken (WASM): init", `${wasmInit.ms.toFixed(0)} ms (heap is WASM memory)`);

const code = codeCorpus();
const bomb = "a".repeat(100_000);
const corpusDir = mkdtempSync(join(tmpdir(), "lethe-bench-context-"));
const codeFile = join(corpusDir, "code.txt");
const bombFile = join(corpusDir, "bomb.txt");
writeFileSync(codeFile, code);
writeFileSync(bombFile, bomb);

// --- cold: each tokenizer in a fresh child process ----------------------------------
// Every side starts with nothing loaded, no JIT and no caches; init is timed apart from
// the first call. Median of COLD_RUNS fresh processes per (side, text).
const COLD_RUNS = 3;
const ColdSchema = z.object({
  side: z.string(),
  tokens: z.number(),
  init: z.object({ ms: z.number(), cpuMs: z.number() }),
  first: z.object({ ms: z.number(), cpuMs: z.number() }),
});
type Cold = z.infer<typeof ColdSchema>;
/** Per child process; a side still running after it is reported as killed, not timed. */
const COLD_TIMEOUT_MS = 20_000;
function cold(side: string, file: string, count = COLD_RUNS): Cold | undefined {
  const samples: Cold[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawnSync(process.execPath, ["bench/context-cold.ts", side, file], {
      encoding: "utf8",
      timeout: COLD_TIMEOUT_MS,
    });
    if (child.signal !== null) {
      return undefined;
    }
    if (child.status !== 0) {
      throw new Error(`cold ${side} failed: ${child.stderr}`);
    }
    samples.push(ColdSchema.parse(JSON.parse(child.stdout)));
  }
  const mid = (pick: (c: Cold) => number) => median(samples.map(pick));
  return {
    side,
    tokens: samples[0]?.tokens ?? Number.NaN,
    init: { ms: mid((c) => c.init.ms), cpuMs: mid((c) => c.init.cpuMs) },
    first: { ms: mid((c) => c.first.ms), cpuMs: mid((c) => c.first.cpuMs) },
  };
}
const SIDES = ["lethe", "js-tiktoken", "tiktoken", "gpt-tokenizer"] as const;
process.stdout.write(
  `\nCOLD: each side in its own fresh process (median of ${COLD_RUNS} processes); first call after init\n`,
);
const coldCode = SIDES.flatMap((side) => cold(side, codeFile) ?? []);
for (const c of coldCode) {
  line(
    `  ${c.side}: init / first 1 MiB of code`,
    `${c.init.cpuMs.toFixed(0)} / ${c.first.cpuMs.toFixed(0)} ms cpu (${c.tokens} tok)`,
  );
}
const coldOf = (list: readonly Cold[], side: string) => list.find((c) => c.side === side);
const coldLethe = coldOf(coldCode, "lethe");
const coldJs = coldOf(coldCode, "js-tiktoken");
const coldWasm = coldOf(coldCode, "tiktoken");
if (coldLethe && coldJs && coldWasm) {
  line(
    "  ours (count) vs js-tiktoken (encode), cold first call",
    `${(coldJs.first.cpuMs / coldLethe.first.cpuMs).toFixed(1)}× cpu`,
  );
  line(
    "  ours (count) vs tiktoken WASM (encode), cold first call",
    `${(coldWasm.first.cpuMs / coldLethe.first.cpuMs).toFixed(1)}× cpu`,
  );
  line(
    "  ours vs js-tiktoken, cold init + first call",
    `${((coldJs.init.cpuMs + coldJs.first.cpuMs) / (coldLethe.init.cpuMs + coldLethe.first.cpuMs)).toFixed(1)}× cpu`,
  );
}
// The bomb is one 100 KB pre-tokenizer piece: the others get one process each, killed
// after COLD_TIMEOUT_MS (their merge loops are quadratic in the piece's length).
for (const side of SIDES) {
  const c = cold(side, bombFile, side === "lethe" ? COLD_RUNS : 1);
  if (c === undefined) {
    line(`  ${side}: 100 KB of 'a', first call`, `> ${COLD_TIMEOUT_MS / 1_000} s wall, killed`);
    continue;
  }
  const target = c.side === "lethe" ? `target < 100 ms cpu ${c.first.cpuMs < 100 ? "✓" : "✗"}` : "";
  line(
    `  ${c.side}: 100 KB of 'a', first call`,
    `${c.first.cpuMs.toFixed(1)} ms cpu, ${c.first.ms.toFixed(1)} wall`,
    target,
  );
}
rmSync(corpusDir, { recursive: true, force: true });

// --- warm: same process, every side run once before timing ---------------------------
// js-tiktoken and tiktoken keep no cache between calls; Lethe's piece cache would be
// warm with this very text, so the like-for-like row uses a counter whose piece cache
// holds one entry (off), and the shipped counter (cache warm) is a labelled extra row.
// Tokenizer.count() never uses the content-hash count cache (only countCached() does).
const uncached = new BpeCounter(o200kLetheRanks, O200K_PATTERNS, { cacheEntries: 1 });
const oursUncached = runs(6, () => uncached.count(code));
const oursCached = runs(6, () => tokenizer.count(code));
const js = runs(3, () => jsTiktoken.encode(code, [], []).length);
const wasmRuns = runs(3, () => wasm.encode(code, [], []).length);
// Imported only now, so the heap figure above is ours alone (the rank table module is shared).
const { countTokens: gptTokenizerCount } = await import("gpt-tokenizer/encoding/o200k_base");
const gpt = runs(3, () => gptTokenizerCount(code, { disallowedSpecial: new Set() }));
const same =
  oursUncached.value === js.value &&
  oursCached.value === js.value &&
  oursUncached.value === wasmRuns.value &&
  oursUncached.value === gpt.value;
const mibps = (ms: number) => `${(1_000 / ms).toFixed(1)} MiB/s`;
const show = (r: Runs) =>
  `${r.warm.ms.toFixed(0)} ms ${mibps(r.warm.ms)}, cpu ${r.warm.cpuMs.toFixed(0)}`;
process.stdout.write(
  "\nWARM: same process, median of the runs after a first run (left out of the ratio)\n",
);
line(
  "  1 MiB of code: tokens (ours / js / wasm / gpt-tok.)",
  `${oursUncached.value} / ${js.value} / ${wasmRuns.value} / ${gpt.value}`,
  same ? "identical ✓" : "MISMATCH ✗",
);
line("  ours, count, piece cache off", show(oursUncached));
line("  ours, count, piece cache on (warm: same text)", show(oursCached));
line("  js-tiktoken, encode, no cache", show(js));
line("  tiktoken WASM, encode, no cache", show(wasmRuns));
line("  gpt-tokenizer countTokens, its merge cache on", show(gpt));
const cpuRatio = js.warm.cpuMs / oursUncached.warm.cpuMs;
line(
  "  ours (count, cache off) vs js-tiktoken (encode)",
  `${cpuRatio.toFixed(1)}× cpu / ${(js.warm.ms / oursUncached.warm.ms).toFixed(1)}× wall`,
  `target ≥ 5× with identical counts ${cpuRatio >= 5 && same ? "✓" : "✗"}`,
);
line(
  "  ours (count, cache off) vs tiktoken WASM (encode)",
  `${(wasmRuns.warm.cpuMs / oursUncached.warm.cpuMs).toFixed(1)}× cpu / ${(wasmRuns.warm.ms / oursUncached.warm.ms).toFixed(1)}× wall`,
);
line(
  "  ours (count, cache ON) vs js-tiktoken (encode), not like-for-like",
  `${(js.warm.cpuMs / oursCached.warm.cpuMs).toFixed(1)}× cpu`,
);

// --- worst cases in this (warm) process: 100 KB of one character -----------------------
process.stdout.write("\nWARM worst cases (this process, JIT warm; the cold bomb is above)\n");
const worstCase = (label: string, text: string) => {
  const r = runs(3, () => tokenizer.count(text));
  line(
    label,
    `${r.cold.ms.toFixed(1)} ms (cpu ${r.cold.cpuMs.toFixed(1)}), again ${r.warm.ms.toFixed(1)}`,
  );
};
worstCase("  100 KB of one letter ('a')", bomb);
worstCase(
  "  100 KB of letters without a space",
  Array.from({ length: 100_000 }, (_, i) => "abcdefghijklmnopqrstuvwxyz"[(i * 7_919) % 26]).join(
    "",
  ),
);
worstCase("  100 KB of spaces", `x${" ".repeat(100_000)}x`);
worstCase("  100 KB of one symbol ('=')", "=".repeat(100_000));
worstCase("  100 KB of one CJK character (3 bytes each)", "中".repeat(33_334));
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

// The agent step's stages on a real cluster (a workerd process, the offline model).
if (!process.argv.includes("--no-stages")) {
  console.log(
    "\nagent step stages: the demo's two missions on a booted cluster, offline model, warm after the first step",
  );
  console.log(
    "  (workerd's clock advances only across I/O, so a stage that only computes reads 0-1 ms)",
  );
  const measured = await measureStages();
  line("  committed steps measured", String(measured.steps));
  for (const stage of measured.stages) {
    line(
      `  ${stage.name} (${stage.steps} steps)`,
      `mean ${stage.meanMs.toFixed(2)} ms, p95 ${stage.p95Ms.toFixed(2)} ms`,
      `${(stage.share * 100).toFixed(1)}% of stage time`,
    );
  }
}
