// One tokenizer, cold, in a fresh process: bench/context.ts spawns this once per
// (tokenizer, text) pair so no side inherits another's JIT, rank tables or caches.
// Prints one JSON line: init and first-call wall/CPU times and the token count.
import { readFileSync } from "node:fs";

const SIDES = ["lethe", "js-tiktoken", "tiktoken", "gpt-tokenizer"] as const;
type Side = (typeof SIDES)[number];

function isSide(value: string | undefined): value is Side {
  return SIDES.some((side) => side === value);
}

function clock(): () => { ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1_000 };
  };
}

const side = process.argv[2];
const textFile = process.argv[3];
if (!isSide(side) || textFile === undefined) {
  process.stderr.write(`usage: node bench/context-cold.ts <${SIDES.join("|")}> <text file>\n`);
  process.exit(2);
}
const text = readFileSync(textFile, "utf8");

const stopInit = clock();
let measure: (input: string) => number;
if (side === "lethe") {
  const { loadTokenizer } = await import("../shared/context/tokens.ts");
  const tokenizer = await loadTokenizer("o200k_base");
  measure = (input) => tokenizer.count(input);
} else if (side === "js-tiktoken") {
  const { Tiktoken } = await import("js-tiktoken/lite");
  const ranks = (await import("js-tiktoken/ranks/o200k_base")).default;
  const encoder = new Tiktoken(ranks);
  measure = (input) => encoder.encode(input, [], []).length;
} else if (side === "tiktoken") {
  const { get_encoding } = await import("tiktoken");
  const encoder = get_encoding("o200k_base");
  measure = (input) => encoder.encode(input, [], []).length;
} else {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  measure = (input) => countTokens(input, { disallowedSpecial: new Set() });
}
const init = stopInit();

const stopFirst = clock();
const tokens = measure(text);
const first = stopFirst();

process.stdout.write(`${JSON.stringify({ side, tokens, init, first })}\n`);
