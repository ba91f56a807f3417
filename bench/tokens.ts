// Token counting against the fastest peer, gpt-tokenizer (issue 41): cold, each side
// in its own fresh process (bench/context-cold.ts), and warm in one process with the
// same caching on both sides (caches off, then caches on). Two texts: hono's CommonJS
// build and Markdown READMEs of installed packages drawn by a seed. Prints figures and
// verdicts; never asserts. `npm run bench:tokens` (`-- --short`: fewer runs).
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { z } from "zod";
import { mulberry32 } from "../harness/prng.ts";
import { BpeCounter } from "../shared/context/bpe.ts";
import { O200K_PATTERNS } from "../shared/context/split-patterns.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";

const SHORT = process.argv.includes("--short");
const SEED = Number(process.env.SEED ?? 20261205);
const MIB = 1 << 20;
/** Fresh processes per (side, text); the median is reported. */
const COLD_RUNS = SHORT ? 3 : 5;
/** Warm runs per side after one unmeasured run; the median is reported. */
const WARM_RUNS = SHORT ? 4 : 8;
/** The headline target of issue 7, now judged against the fastest peer. */
const TARGET = 5;

/** 1 MiB of hono's pinned CommonJS build, files in sorted order (bench/context.ts's text). */
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
  for (const f of files) {
    text += readFileSync(f, "utf8");
    if (text.length >= MIB) {
      break;
    }
  }
  return text.slice(0, MIB);
}

/** 1 MiB of prose and code blocks: the READMEs of installed packages, in an order drawn by SEED. */
function readmeCorpus(): { text: string; files: number } {
  const found = readdirSync("node_modules")
    .flatMap((name) =>
      name.startsWith("@")
        ? readdirSync(join("node_modules", name)).map((sub) => join(name, sub))
        : [name],
    )
    .map((name) => join("node_modules", name, "README.md"))
    .filter((path) => existsSync(path))
    .sort();
  const rand = mulberry32(SEED);
  for (let k = found.length - 1; k > 0; k--) {
    const r = Math.floor(rand() * (k + 1));
    [found[k], found[r]] = [found[r] as string, found[k] as string];
  }
  let text = "";
  let files = 0;
  for (const f of found) {
    text += `${readFileSync(f, "utf8")}\n`;
    files++;
    if (text.length >= MIB) {
      break;
    }
  }
  return { text: text.slice(0, MIB), files };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const ColdSchema = z.object({
  side: z.string(),
  tokens: z.number(),
  init: z.object({ ms: z.number(), cpuMs: z.number() }),
  first: z.object({ ms: z.number(), cpuMs: z.number() }),
});
type Cold = z.infer<typeof ColdSchema>;

/** One side, COLD_RUNS fresh processes (with this process's loader flags), medians. */
function cold(side: "lethe" | "gpt-tokenizer", file: string): Cold {
  const samples = Array.from({ length: COLD_RUNS }, () => {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, "bench/context-cold.ts", side, file],
      { encoding: "utf8", timeout: 60_000 },
    );
    if (child.status !== 0) {
      throw new Error(`cold ${side} failed: ${child.stderr}`);
    }
    return ColdSchema.parse(JSON.parse(child.stdout));
  });
  const mid = (pick: (c: Cold) => number) => median(samples.map(pick));
  return {
    side,
    tokens: samples[0]?.tokens ?? Number.NaN,
    init: { ms: mid((c) => c.init.ms), cpuMs: mid((c) => c.init.cpuMs) },
    first: { ms: mid((c) => c.first.ms), cpuMs: mid((c) => c.first.cpuMs) },
  };
}

/** CPU ms of `fn`, median of WARM_RUNS after one unmeasured run; every run must agree. */
function warm(fn: () => number): { tokens: number; cpuMs: number; ms: number } {
  const tokens = fn();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    const c = process.cpuUsage();
    const start = performance.now();
    if (fn() !== tokens) {
      throw new Error("a counter gave different counts for the same text");
    }
    wall.push(performance.now() - start);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1_000);
  }
  return { tokens, cpuMs: median(cpu), ms: median(wall) };
}

const load = () => `load ${loadavg()[0]?.toFixed(1)}`;
function line(label: string, figure: string, verdict = ""): void {
  process.stdout.write(`${label.padEnd(62)} ${figure.padEnd(34)} ${load().padEnd(9)} ${verdict}\n`);
}
const judge = (ratio: number, same: boolean) =>
  `target ≥ ${TARGET}× with identical counts: ${ratio >= TARGET && same ? "MET" : "MISSED"}`;

const readme = readmeCorpus();
const texts = [
  { name: "code (hono cjs, 1 MiB)", text: codeCorpus() },
  { name: `readmes (${readme.files} READMEs, seed ${SEED}, 1 MiB)`, text: readme.text },
];
process.stdout.write(
  `bench:tokens — Lethe vs gpt-tokenizer ${JSON.parse(readFileSync("node_modules/gpt-tokenizer/package.json", "utf8")).version}, o200k_base, both COUNT (countTokens)\n` +
    `setup: ${SHORT ? "--short, " : ""}cold = median of ${COLD_RUNS} fresh processes per side (init timed apart from the first call);\n` +
    `       warm = one process, median of ${WARM_RUNS} runs after one unmeasured run; cache off: Lethe's piece cache 1 entry,\n` +
    `       gpt-tokenizer's merge cache size 0; cache on: both shipped caches, warm with the same text. CPU time of this process.\n` +
    `       node ${process.version}, flags ${process.execArgv.join(" ") || "(none)"}\n\n`,
);

const lethe = await loadTokenizer("o200k_base");
const letheOff = new BpeCounter(o200kRanks, O200K_PATTERNS, { cacheEntries: 1 });
const gpt = await import("gpt-tokenizer/encoding/o200k_base");
const gptCount = (text: string) => gpt.countTokens(text, { disallowedSpecial: new Set() });
const dir = mkdtempSync(join(tmpdir(), "lethe-bench-tokens-"));
try {
  for (const { name, text } of texts) {
    process.stdout.write(`${name}\n`);
    const file = join(dir, "text.txt");
    writeFileSync(file, text);
    const cl = cold("lethe", file);
    const cg = cold("gpt-tokenizer", file);
    const sameCold = cl.tokens === cg.tokens;
    line(
      "  cold lethe: init / first call",
      `${cl.init.cpuMs.toFixed(0)} / ${cl.first.cpuMs.toFixed(0)} ms cpu (${cl.tokens} tok)`,
    );
    line(
      "  cold gpt-tokenizer: init / first call",
      `${cg.init.cpuMs.toFixed(0)} / ${cg.first.cpuMs.toFixed(0)} ms cpu (${cg.tokens} tok)`,
    );
    const coldFirst = cg.first.cpuMs / cl.first.cpuMs;
    line(
      "  COLD first call, gpt-tokenizer / lethe",
      `${coldFirst.toFixed(2)}× cpu`,
      judge(coldFirst, sameCold),
    );
    const coldInit = (cg.init.cpuMs + cg.first.cpuMs) / (cl.init.cpuMs + cl.first.cpuMs);
    line(
      "  cold init + first call, gpt-tokenizer / lethe",
      `${coldInit.toFixed(2)}× cpu`,
      judge(coldInit, sameCold),
    );

    gpt.setMergeCacheSize(0);
    const gOff = warm(() => gptCount(text));
    const lOff = warm(() => letheOff.count(text));
    gpt.setMergeCacheSize(gpt.DEFAULT_MERGE_CACHE_SIZE);
    const gOn = warm(() => gptCount(text));
    const lOn = warm(() => lethe.count(text));
    const sameWarm =
      gOff.tokens === lOff.tokens && gOn.tokens === lOn.tokens && lOn.tokens === cl.tokens;
    line(
      "  warm, caches off: lethe / gpt-tokenizer",
      `${lOff.cpuMs.toFixed(0)} / ${gOff.cpuMs.toFixed(0)} ms cpu`,
    );
    line(
      "  WARM caches off, gpt-tokenizer / lethe",
      `${(gOff.cpuMs / lOff.cpuMs).toFixed(2)}× cpu`,
      judge(gOff.cpuMs / lOff.cpuMs, sameWarm),
    );
    line(
      "  warm, caches on: lethe / gpt-tokenizer",
      `${lOn.cpuMs.toFixed(0)} / ${gOn.cpuMs.toFixed(0)} ms cpu`,
    );
    line(
      "  WARM caches on, gpt-tokenizer / lethe",
      `${(gOn.cpuMs / lOn.cpuMs).toFixed(2)}× cpu`,
      judge(gOn.cpuMs / lOn.cpuMs, sameWarm),
    );
    line(
      "  counts",
      sameCold && sameWarm
        ? `identical (${cl.tokens})`
        : `MISMATCH lethe ${cl.tokens} gpt ${cg.tokens}`,
    );
    process.stdout.write("\n");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
