// The generated corpus of bench/workspace.ts: 1,000 files of TypeScript, Python
// and JavaScript (~5 MB), each with six documented functions, and the query sets
// drawn from it (identifiers as written; descriptions from the doc comments,
// inflected and reordered; held-out sets from bench/workspace-heldout.ts).
// Deterministic: the same corpus on every run.
import { mulberry32 } from "../harness/prng.ts";
import { heldOutSets } from "./workspace-heldout.ts";

export const FILES = 1_000;
/** Definitions per generated file: with bodies, ~5 KB per file, ~5 MB in all. */
const SYMBOLS_PER_FILE = 6;
/** Queries of each kind, sampled from the corpus's symbols. */
const QUERIES = 300;

const VERBS = [
  "reconcile",
  "validate",
  "compute",
  "render",
  "merge",
  "schedule",
  "parse",
  "encode",
  "archive",
  "resolve",
  "normalize",
  "index",
  "publish",
  "throttle",
  "rotate",
  "audit",
  "estimate",
  "migrate",
  "summarize",
  "dispatch",
  "hydrate",
  "prune",
  "export",
  "import",
  "sign",
  "verify",
  "allocate",
  "cache",
  "compress",
  "forecast",
];
const NOUNS = [
  "invoice",
  "ledger",
  "tenant",
  "session",
  "token",
  "shipment",
  "order",
  "payment",
  "report",
  "cursor",
  "manifest",
  "schema",
  "bucket",
  "quota",
  "webhook",
  "profile",
  "catalog",
  "coupon",
  "refund",
  "account",
  "batch",
  "snapshot",
  "metric",
  "alert",
  "route",
  "policy",
  "credential",
  "document",
  "thumbnail",
  "playlist",
  "warehouse",
  "parcel",
  "contract",
  "budget",
  "forecast",
  "inventory",
  "customer",
  "subscription",
  "channel",
  "message",
];
const TAILS = [
  "and returns the updated totals",
  "before it is persisted",
  "for the nightly job",
  "using the configured limits",
  "and records an audit entry",
  "so that callers can retry safely",
  "when the upstream service is slow",
  "and reports any drift it finds",
];
const STOP = new Set([
  "the",
  "and",
  "for",
  "it",
  "is",
  "so",
  "that",
  "can",
  "any",
  "when",
  "a",
  "of",
  "using",
  "before",
  "returns",
  "finds",
]);

/** Deterministic PRNG (mulberry32): the same corpus on every run. */
export function rng(seed: number): () => number {
  return mulberry32(seed);
}

export interface Sym {
  name: string;
  path: string;
  doc: string;
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function generate(): { files: Record<string, string>; symbols: Sym[] } {
  const random = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const used = new Set<string>();
  const files: Record<string, string> = {};
  const symbols: Sym[] = [];
  for (let f = 0; f < FILES; f++) {
    const lang = f % 20 < 12 ? "ts" : f % 20 < 17 ? "py" : "js";
    const dir = `pkg${f % 25}`;
    const filePath = `${dir}/${pick(NOUNS)}_${f}.${lang}`;
    const parts: string[] = [];
    for (let s = 0; s < SYMBOLS_PER_FILE; s++) {
      let words: string[];
      do {
        words = [pick(VERBS), pick(NOUNS), pick(NOUNS)];
      } while (used.has(words.join(" ")) || words[1] === words[2]);
      used.add(words.join(" "));
      const [verb, n1, n2] = words as [string, string, string];
      const name = lang === "py" ? `${verb}_${n1}_${n2}` : `${verb}${cap(n1)}${cap(n2)}`;
      const doc = `${cap(verb)}s the ${n1} ${n2} ${pick(TAILS)}.`;
      symbols.push({ name, path: filePath, doc });
      const body = Array.from({ length: 7 }, (_, i) =>
        lang === "py"
          ? `    value_${i} = items[${i} % len(items)] if items else ${i}\n    total += value_${i} * ${i + 1}`
          : `  const value${i} = items.length > 0 ? items[${i} % items.length] : ${i};\n  total += value${i} * ${i + 1};`,
      ).join("\n");
      parts.push(
        lang === "py"
          ? `def ${name}(items, limit=10):\n    """${doc}"""\n    total = 0\n${body}\n    return min(total, limit)\n`
          : `/** ${doc} */\nexport function ${name}(items${lang === "ts" ? ": number[]" : ""}, limit = 10) {\n  let total = 0;\n${body}\n  return Math.min(total, limit);\n}\n`,
      );
    }
    files[filePath] = parts.join("\n");
  }
  return { files, symbols };
}

/** "reconcile" -> "reconciling": an inflection the identifier never spells. */
function gerund(verb: string): string {
  return verb.endsWith("e") && !verb.endsWith("ee") ? `${verb.slice(0, -1)}ing` : `${verb}ing`;
}

function descriptionQuery(doc: string, random: () => number): string {
  const words = doc
    .toLowerCase()
    .replace(/[.]/g, "")
    .split(/\s+/)
    .filter((w) => !STOP.has(w));
  const [verbs, n1, n2, ...rest] = words;
  const verb = (verbs ?? "").replace(/s$/, "");
  const extra = rest.filter(() => random() < 0.4);
  // Words of the doc comment, inflected (gerund, plural) and reordered, with part
  // of its tail: never the identifier as written.
  return [gerund(verb), n1, `${n2}s`, ...extra].join(" ");
}

/** Every content word the generator writes into identifiers and doc comments. */
export const CORPUS_WORDS: ReadonlySet<string> = new Set([
  ...VERBS,
  ...NOUNS,
  ...TAILS.flatMap((tail) => tail.split(" ")).filter((w) => !STOP.has(w)),
]);

export interface QuerySet {
  kind: string;
  /** Where the query words come from, printed beside every figure. */
  source: string;
  /** Recall@5 target; undefined: reported without one. */
  target?: number;
  queries: { text: string; path: string }[];
}

export function querySets(symbols: Sym[]): QuerySet[] {
  return [...docSets(symbols), ...heldOutSets(symbols, QUERIES)];
}

function docSets(symbols: Sym[]): QuerySet[] {
  const random = rng(7);
  const sample = Array.from(
    { length: QUERIES },
    () => symbols[Math.floor(random() * symbols.length)] as Sym,
  );
  return [
    {
      kind: "identifier",
      source: "identifier as written (corpus words)",
      target: 0.9,
      queries: sample.map((s) => ({ text: s.name, path: s.path })),
    },
    {
      kind: "description",
      source: "the doc comment's own words, inflected",
      target: 0.9,
      queries: sample.map((s) => ({ text: descriptionQuery(s.doc, random), path: s.path })),
    },
    {
      // Harder, reported without a target: two of the three concept words only,
      // so several symbols match equally and the defining file must rank in the top 5.
      kind: "partial description",
      source: "two doc-comment words (ambiguous by design)",
      queries: sample.map((s) => ({
        text: descriptionQuery(s.doc, random).split(" ").slice(0, 2).join(" "),
        path: s.path,
      })),
    },
  ];
}
