// The fact files of the long-horizon mission: realistic TypeScript modules (40-60
// lines) built from a few code blocks around one `export const FACT_NN = <n>;`.
// A file's layout depends only on its flavour, so a new version changes one line.
import { pick, rng, shuffle } from "./random.ts";

export function factPath(fact: number): string {
  return `facts/f${String(fact).padStart(2, "0")}.ts`;
}

export function factName(fact: number): string {
  return `FACT_${String(fact).padStart(2, "0")}`;
}

/** The artifact / record key a fact is saved under (artifact keys are lower-case). */
export function factKey(fact: number): string {
  return `fact_${String(fact).padStart(2, "0")}`;
}

const NOUNS = [
  "invoice",
  "shipment",
  "ledger",
  "session",
  "tenant",
  "quota",
  "webhook",
  "catalog",
  "payout",
  "schedule",
  "backup",
  "metric",
] as const;

const capital = (word: string) => `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`;

type Block = (noun: string, random: () => number) => string[];

const recordType: Block = (noun) => {
  const type = capital(noun);
  return [
    `export interface ${type}Record {`,
    "  id: string;",
    "  owner: string;",
    "  amount: number;",
    "  createdAt: number;",
    "  tags: readonly string[];",
    "}",
  ];
};

const limits: Block = (noun, random) => [
  `/** Limits for ${noun} processing; tuned against last quarter's traffic. */`,
  `const MAX_${noun.toUpperCase()}_BATCH = ${16 + Math.floor(random() * 240)};`,
  `const ${noun.toUpperCase()}_RETRY_DELAY_MS = ${100 * (1 + Math.floor(random() * 30))};`,
  `const ${noun.toUpperCase()}_TTL_SECONDS = ${60 * (5 + Math.floor(random() * 120))};`,
];

const normalise: Block = (noun) => {
  const type = capital(noun);
  return [
    `export function normalise${type}s(records: readonly ${type}Record[]): ${type}Record[] {`,
    "  return records",
    '    .filter((r) => r.amount >= 0 && r.owner.trim() !== "")',
    "    .map((r) => ({ ...r, owner: r.owner.trim().toLowerCase(), tags: [...new Set(r.tags)].sort() }));",
    "}",
  ];
};

const batches: Block = (noun) => {
  const type = capital(noun);
  return [
    `export function* ${noun}Batches(records: readonly ${type}Record[]): Generator<${type}Record[]> {`,
    `  for (let i = 0; i < records.length; i += MAX_${noun.toUpperCase()}_BATCH) {`,
    `    yield records.slice(i, i + MAX_${noun.toUpperCase()}_BATCH);`,
    "  }",
    "}",
  ];
};

const summary: Block = (noun) => {
  const type = capital(noun);
  return [
    `export function summarise${type}s(records: readonly ${type}Record[]): Map<string, number> {`,
    "  const totals = new Map<string, number>();",
    "  for (const record of records) {",
    "    totals.set(record.owner, (totals.get(record.owner) ?? 0) + record.amount);",
    "  }",
    "  return totals;",
    "}",
  ];
};

const retry: Block = (noun) => [
  `export async function with${capital(noun)}Retry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {`,
  "  let last: unknown;",
  "  for (let attempt = 0; attempt < attempts; attempt++) {",
  "    try {",
  "      return await run();",
  "    } catch (error) {",
  "      last = error;",
  `      await new Promise((resolve) => setTimeout(resolve, ${noun.toUpperCase()}_RETRY_DELAY_MS * 2 ** attempt));`,
  "    }",
  "  }",
  "  throw last;",
  "}",
];

const cache: Block = (noun) => {
  const type = capital(noun);
  return [
    `export class ${type}Cache {`,
    `  readonly #entries = new Map<string, { value: ${type}Record; expires: number }>();`,
    "",
    `  get(id: string, now = Date.now()): ${type}Record | undefined {`,
    "    const entry = this.#entries.get(id);",
    "    if (entry === undefined || entry.expires < now) {",
    "      this.#entries.delete(id);",
    "      return undefined;",
    "    }",
    "    return entry.value;",
    "  }",
    "",
    `  set(record: ${type}Record, now = Date.now()): void {`,
    `    this.#entries.set(record.id, { value: record, expires: now + ${noun.toUpperCase()}_TTL_SECONDS * 1000 });`,
    "  }",
    "}",
  ];
};

const status: Block = (noun) => [
  `export type ${capital(noun)}Status = "pending" | "active" | "archived";`,
  "",
  `export function ${noun}StatusLabel(status: ${capital(noun)}Status): string {`,
  "  switch (status) {",
  '    case "pending":',
  '      return "waiting for review";',
  '    case "active":',
  '      return "in use";',
  '    case "archived":',
  '      return "kept for audit";',
  "  }",
  "}",
];

/** Longest fact file: the brief asks for realistic 30-60 line modules. */
const MAX_FILE_LINES = 60;
const HEADER_LINES = 2;

const OPTIONAL_BLOCKS: readonly Block[] = [batches, summary, retry, cache, status];

/** One fact file: header, types, limits, a few helpers, the fact among them. */
export function factFile(fact: number, value: number, flavour: number): string {
  const random = rng(flavour);
  const noun = pick(random, NOUNS);
  const blocks: string[][] = [
    recordType(noun, random),
    limits(noun, random),
    normalise(noun, random),
  ];
  // Helpers in a seeded order while the file stays within MAX_FILE_LINES.
  const lines = (bs: string[][]) => bs.reduce((n, b) => n + b.length + 1, HEADER_LINES + 3);
  for (const block of shuffle(random, [...OPTIONAL_BLOCKS])) {
    const next = block(noun, random);
    if (lines([...blocks, next]) <= MAX_FILE_LINES) {
      blocks.push(next);
    }
  }
  const factLine = [
    `/** The ${noun} threshold other services read; changed by operations, never by code. */`,
    `export const ${factName(fact)} = ${value};`,
  ];
  // After the types and limits, somewhere among the helpers.
  const at = 2 + Math.floor(random() * (blocks.length - 1));
  blocks.splice(at, 0, factLine);
  const header = [
    `// ${noun} helpers: validation, batching and the thresholds operations tune.`,
    "// Owned by the platform team; values marked below are changed in place.",
  ];
  return `${[header, ...blocks].map((b) => b.join("\n")).join("\n\n")}\n`;
}
