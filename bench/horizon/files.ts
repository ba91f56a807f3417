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

/**
 * The updates workload's variant of a fact file: the module plus look-alike keys
 * beside the fact (`FACT_NN_PREV` holding the value it replaced, `FACT_NN_LIMIT`,
 * and a `fact_nn_draft` under review), so a reader that matches loosely takes a
 * stale or foreign value for the current one.
 */
export function lookalikeFactFile(
  fact: number,
  value: number,
  previous: number,
  flavour: number,
): string {
  const base = factFile(fact, value, flavour);
  const name = factName(fact);
  const random = rng(flavour ^ 0x5eed);
  const extras = [
    "",
    `/** What ${name} was before the last change; kept for the rollback script. */`,
    `export const ${name}_PREV = ${previous};`,
    `/** Upper bound operations may set ${name} to. */`,
    `export const ${name}_LIMIT = ${100_000 + Math.floor(random() * 900_000)};`,
    `/** Proposed, not applied: ${factKey(fact)}_draft = ${1_000 + Math.floor(random() * 99_000)}. */`,
  ];
  return `${base.trimEnd()}\n${extras.join("\n")}\n`;
}

const SERVICES = ["api-gw", "billing", "scheduler", "ingest", "auth", "search"] as const;
const PATHS = ["/v1/orders", "/v1/invoices", "/v1/users", "/v1/search", "/healthz", "/v1/export"];
const LEVELS = ["INFO", "INFO", "INFO", "DEBUG", "WARN"] as const;

/** Path of a log file of the logs workload. */
export function logPath(fact: number): string {
  return `logs/service-${String(fact).padStart(2, "0")}.log`;
}

/**
 * A service log of about `tokens` tokens (o200k: ~38 tokens a line) with the
 * fact's `config set FACT_NN = v` lines somewhere in it: every value it had, in
 * order, the last one current. The layout depends only on the flavour, so a new
 * version adds one config line and changes nothing else.
 */
export function logFile(
  fact: number,
  values: readonly number[],
  flavour: number,
  tokens = 50_000,
): string {
  const random = rng(flavour);
  const service = pick(random, SERVICES);
  const lineCount = Math.round(tokens / 38);
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i++) {
    const minute = Math.floor(i / 60);
    const stamp = `2026-12-05T${String(8 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.${String(Math.floor(random() * 1000)).padStart(3, "0")}Z`;
    const level = pick(random, LEVELS);
    const id = Math.floor(random() * 0xffffffff).toString(16);
    lines.push(
      `${stamp} ${level.padEnd(5)} ${service} req=${id} path=${pick(random, PATHS)} status=${random() < 0.95 ? 200 : 503} ms=${1 + Math.floor(random() * 400)}`,
    );
  }
  // Config lines at fixed, seeded positions: the i-th value at the i-th slot.
  const slots = Array.from({ length: 8 }, () => Math.floor(random() * lineCount)).sort(
    (a, b) => a - b,
  );
  values.forEach((value, i) => {
    const at = slots[Math.min(i, slots.length - 1)] ?? 0;
    lines[at] =
      `${lines[at]?.slice(0, 24) ?? ""} WARN  ${service} config set ${factName(fact)} = ${value} (operator change ${i + 1})`;
  });
  return `${lines.join("\n")}\n`;
}

const CHATTER = [
  "I went through the dashboards again this morning and nothing stands out, but the on-call notes are thin.",
  "Can we move the retro to Thursday? Half the team is at the offsite on Wednesday.",
  "The flaky test in the export suite is back; I re-ran it twice and it passed the second time.",
  "Reminder that the holiday freeze starts on the 18th, so anything risky should land before then.",
  "I think we should write the runbook for the billing migration before we touch anything else.",
  "Does anyone know who owns the old cron host? It still pages us about disk space.",
  "The new dashboard layout is nicer, but the latency panel lost its p99 line.",
  "Let's not change thresholds on a Friday; we can talk about it at standup.",
  "I pinged the vendor about the rate limits again; no answer yet.",
  "The incident review doc is up; please add your timeline notes by end of day.",
] as const;

/** Path of a chatter message of the chatter workload. */
export function chatterPath(index: number): string {
  return `chat/msg-${String(index).padStart(3, "0")}.md`;
}

/**
 * A long message of team chatter (~`tokens` tokens): no fact value anywhere, but
 * fact names in passing ("someone should double-check FACT_03"), as a real
 * channel speaks of settings without restating them.
 */
export function chatterFile(index: number, facts: readonly number[], tokens = 1_500): string {
  const random = rng(0xc4a7 + index * 7919);
  const lines = [`# team channel, message ${index}`, ""];
  let words = 0;
  while (words * 1.3 < tokens) {
    let line: string = pick(random, CHATTER);
    if (random() < 0.25 && facts.length > 0) {
      line += ` Someone should double-check ${factName(pick(random, facts))} before the next deploy.`;
    }
    lines.push(line);
    words += line.split(" ").length;
  }
  return `${lines.join("\n")}\n`;
}
