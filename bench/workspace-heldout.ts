// Held-out query sets for bench/workspace.ts: paraphrases, task descriptions and
// misspelled identifiers. Built from each symbol's identifier and hand-written
// synonym tables only; it never reads a doc comment, and the paraphrase and task
// sets are checked to contain none of the corpus generator's vocabulary.
import { CORPUS_WORDS, type QuerySet, rng, type Sym } from "./workspace-corpus.ts";

/** Verb → a wording the corpus never uses. */
const VERB_SYNONYMS: Record<string, string> = {
  reconcile: "match up",
  validate: "sanity check",
  compute: "calculate",
  render: "draw",
  merge: "combine",
  schedule: "plan",
  parse: "interpret",
  encode: "serialize",
  archive: "shelve",
  resolve: "look up",
  normalize: "standardize",
  index: "make searchable",
  publish: "broadcast",
  throttle: "meter",
  rotate: "cycle",
  audit: "inspect",
  estimate: "approximate",
  migrate: "transfer",
  summarize: "condense",
  dispatch: "send out",
  hydrate: "populate",
  prune: "trim",
  export: "write out",
  import: "ingest",
  sign: "stamp",
  verify: "confirm",
  allocate: "assign",
  cache: "memoize",
  compress: "shrink",
  forecast: "predict",
};

/** Noun → a wording the corpus never uses. */
const NOUN_SYNONYMS: Record<string, string> = {
  invoice: "bill",
  ledger: "journal",
  tenant: "organisation",
  session: "connection",
  token: "access key",
  shipment: "delivery",
  order: "purchase",
  payment: "remittance",
  report: "statement",
  cursor: "pointer",
  manifest: "cargo list",
  schema: "data layout",
  bucket: "storage bin",
  quota: "allowance",
  webhook: "callback",
  profile: "persona",
  catalog: "product range",
  coupon: "voucher",
  refund: "reimbursement",
  account: "member",
  batch: "group",
  snapshot: "backup",
  metric: "measurement",
  alert: "warning",
  route: "endpoint",
  policy: "rule",
  credential: "password",
  document: "paperwork",
  thumbnail: "preview image",
  playlist: "song queue",
  warehouse: "depot",
  parcel: "package",
  contract: "agreement",
  budget: "spending cap",
  forecast: "prediction",
  inventory: "stock",
  customer: "client",
  subscription: "membership",
  channel: "feed",
  message: "note",
};

/** Task phrasings, as a developer would file them: {v} verb, {a} {b} nouns. */
const TASKS = [
  "where do we {v} {a} {b}",
  "bug: cannot {v} {a} {b} on staging",
  "need code to {v} every {a} {b} overnight",
  "how does this repo {v} {a} {b}",
  "refactor: {v} {a} {b} faster",
];

/** The concept words of an identifier as written: camelCase or snake_case. */
function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_]+/)
    .filter((w) => w.length > 0);
}

function synonyms(name: string): { v: string; a: string; b: string } {
  const [verb = "", n1 = "", n2 = ""] = identifierWords(name);
  const v = VERB_SYNONYMS[verb];
  const a = NOUN_SYNONYMS[n1];
  const b = NOUN_SYNONYMS[n2];
  if (v === undefined || a === undefined || b === undefined) {
    throw new Error(`no synonym for a word of ${name}`);
  }
  return { v, a, b };
}

/**
 * One typo in one of the identifier's words: a dropped or a transposed letter. A
 * transposition of two equal letters changes nothing, so the next position is tried.
 */
function misspell(name: string, random: () => number): string {
  const words = name.split(/(?=[A-Z])|_/);
  const which = Math.floor(random() * words.length);
  const word = words[which] ?? "";
  const drop = random() < 0.5;
  const start = 1 + Math.floor(random() * Math.max(1, word.length - 2));
  for (let i = 0; i < word.length; i++) {
    const at = 1 + ((start - 1 + i) % Math.max(1, word.length - 2));
    const typo = drop
      ? word.slice(0, at) + word.slice(at + 1)
      : word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
    if (typo !== word) {
      words[which] = typo;
      break;
    }
  }
  return words.join(name.includes("_") ? "_" : "");
}

/** Throws if a held-out query uses a word of the corpus generator's vocabulary. */
function assertHeldOut(set: QuerySet): QuerySet {
  for (const q of set.queries) {
    const leak = q.text
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => CORPUS_WORDS.has(w));
    if (leak !== undefined) {
      throw new Error(`${set.kind} query "${q.text}" uses the corpus word "${leak}"`);
    }
  }
  return set;
}

export function heldOutSets(symbols: readonly Sym[], size: number): QuerySet[] {
  const random = rng(1_234);
  const sample = Array.from(
    { length: size },
    () => symbols[Math.floor(random() * symbols.length)] as Sym,
  );
  return [
    assertHeldOut({
      kind: "held-out paraphrase",
      source: "synonyms of the identifier's words, no corpus word",
      target: 0.6,
      queries: sample.map((s) => {
        const { v, a, b } = synonyms(s.name);
        return { text: `${v} ${a} ${b}`, path: s.path };
      }),
    }),
    assertHeldOut({
      kind: "held-out task description",
      source: "developer task phrasing of synonyms, no corpus word",
      target: 0.6,
      queries: sample.map((s, i) => {
        const { v, a, b } = synonyms(s.name);
        const template = TASKS[i % TASKS.length] ?? "{v} {a} {b}";
        return {
          text: template.replace("{v}", v).replace("{a}", a).replace("{b}", b),
          path: s.path,
        };
      }),
    }),
    {
      kind: "held-out misspelled identifier",
      source: "identifier with one dropped or transposed letter",
      target: 0.8,
      queries: sample.map((s) => ({ text: misspell(s.name, random), path: s.path })),
    },
  ];
}
