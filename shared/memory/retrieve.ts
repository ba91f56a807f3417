// Knowledge retrieval: the facts valid at a time about what the query names,
// scored by lexical similarity to the query times decay (decay.ts), above a
// similarity floor, so a question about something never said retrieves nothing. Pure; the Hive's knowledge
// store, the meta section and bench/memory.ts call it.
import { bm25Terms, stem } from "../l3/bm25.ts";
import { relevance, decayFactor, type DecayConfig } from "./decay.ts";
import type { Fact, ScoredFact } from "./schema.ts";

/**
 * Share of the query's terms a fact must contain to be retrieved at all. Half:
 * "who owns billing" needs both "own" and "billing"; one shared word (the
 * subject alone) is not an answer to a question about another attribute.
 */
export const MIN_SIMILARITY = 0.5;

/** Question words that carry no content (the l3 stop list is for code queries). */
const QUESTION_WORDS = new Set([
  "who",
  "whom",
  "whose",
  "when",
  "why",
  "was",
  "were",
  "did",
  "has",
  "have",
  "had",
  "now",
  "currently",
  "current",
  "use",
  "used",
  "uses",
  "our",
  "we",
  "its",
  "their",
  "there",
  "any",
  "all",
  "ever",
  "list",
  "tell",
  "me",
  "about",
  "right",
  "value",
  "latest",
]);

/**
 * The L3 stemmer applied until it settles: it strips one suffix per call, so
 * "trainings" would stop at "training" while "training" reaches "train", and
 * a question in the plural would miss the fact in the singular.
 */
function settled(term: string): string {
  let current = term;
  for (let next = stem(current); next !== current; next = stem(current)) {
    current = next;
  }
  return current;
}

/** The terms memory compares: the L3 BM25 tokens, each stem settled. */
export function memoryTerms(text: string): string[] {
  return bm25Terms(text).map(settled);
}

/** The question words as memoryTerms yields them ("value" is compared as "valu"). */
const QUESTION_TERMS = new Set([...QUESTION_WORDS].map((w) => settled(stem(w))));

export function queryTerms(text: string): Set<string> {
  return new Set(memoryTerms(text).filter((t) => !QUESTION_TERMS.has(t)));
}

export function factText(fact: Pick<Fact, "subject" | "predicate" | "object">): string {
  return `${fact.subject} ${fact.predicate} ${fact.object}`;
}

/** Share of the query's terms found in the text (0 when the query has none). */
export function similarity(query: ReadonlySet<string>, text: string): number {
  if (query.size === 0) {
    return 0;
  }
  const terms = new Set(memoryTerms(text));
  let hits = 0;
  for (const t of query) {
    if (terms.has(t)) {
      hits++;
    }
  }
  return hits / query.size;
}

/**
 * A fact answers about what the query names: every term of its subject is in
 * the query, and (when the query says more than the subject) at least one of
 * the other query terms is in its predicate or object. "What is the blood type
 * of alice" is not answered by "alice lives in lisbon".
 */
export function anchored(
  query: ReadonlySet<string>,
  fact: Pick<Fact, "subject" | "predicate" | "object">,
  anchor: Anchor = "attribute",
): boolean {
  // "config.TIMEOUT" is anchored by "config" and "timeout", not by its dotted whole.
  const subject = new Set(memoryTerms(fact.subject.replace(/[^\p{L}\p{N}]+/gu, " ")));
  if (subject.size === 0) {
    return false;
  }
  for (const t of subject) {
    if (!query.has(t)) {
      return false;
    }
  }
  const rest = [...query].filter((t) => !subject.has(t));
  if (anchor === "subject" || rest.length === 0) {
    return true;
  }
  const said = new Set(memoryTerms(`${fact.predicate} ${fact.object}`));
  return rest.some((t) => said.has(t));
}

/** Valid at `at`: recorded as true from validFrom, and not yet closed. */
export function validAt(fact: Fact, at: number): boolean {
  return fact.validFrom <= at && (fact.validTo === null || fact.validTo > at);
}

/**
 * "attribute": a question — the subject and something else it asks about must match.
 * "subject": a mission — every fact about a subject it names is context.
 */
export type Anchor = "attribute" | "subject";

export interface RetrieveOptions {
  anchor?: Anchor;
  at: number;
  limit: number;
  decay: DecayConfig;
  minSimilarity?: number;
}

/** The facts valid at `at` most relevant to `query`, best first. */
export function retrieve(
  facts: Iterable<Fact>,
  query: string,
  options: RetrieveOptions,
): ScoredFact[] {
  const terms = queryTerms(query);
  const floor = options.minSimilarity ?? MIN_SIMILARITY;
  const out: ScoredFact[] = [];
  for (const fact of facts) {
    if (!validAt(fact, options.at)) {
      continue;
    }
    const sim = similarity(terms, factText(fact));
    if (sim < floor || !anchored(terms, fact, options.anchor)) {
      continue;
    }
    const elapsed = options.at - fact.validFrom;
    out.push({
      fact,
      similarity: sim,
      decay: decayFactor(elapsed, options.decay),
      weight: relevance(sim, elapsed, options.decay),
    });
  }
  return out
    .sort(
      (a, b) => b.weight - a.weight || b.fact.validFrom - a.fact.validFrom || a.fact.id - b.fact.id,
    )
    .slice(0, options.limit);
}

/** One meta-section line per fact: the triplet, since when, and where it came from. */
export function knowledgeLine(fact: Fact): string {
  const since = new Date(fact.validFrom).toISOString().slice(0, 10);
  const p = fact.provenance;
  return `[${fact.kind}] ${fact.subject} · ${fact.predicate} · ${fact.object} (since ${since}; session ${p.session} step ${p.step}; ${p.source})`;
}

/** The lines that fit `budgetTokens`, counted by `count`, best first; a line that does not fit is skipped. */
export function linesWithin(
  scored: readonly ScoredFact[],
  budgetTokens: number,
  count: (text: string) => number,
): string[] {
  const out: string[] = [];
  let used = 0;
  for (const s of scored) {
    const line = knowledgeLine(s.fact);
    const cost = count(line) + 2;
    if (used + cost > budgetTokens) {
      continue;
    }
    out.push(line);
    used += cost;
  }
  return out;
}
