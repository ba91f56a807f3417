// Long-term knowledge for the envelope's meta section: the hive's facts valid
// now that share terms with the mission, best by similarity × decay, as lines
// that fit KNOWLEDGE_META_TOKENS. Called by the agent loop's hive sync.
import { linesWithin } from "./retrieve.ts";
import type { MemoryResult, SearchQueryIn, ScoredFact } from "./schema.ts";

/** A quarter of the default meta budget (4,000 tokens): artifacts keep the rest. */
export const KNOWLEDGE_META_TOKENS = 1_000;
/** Facts considered per step before the budget cut. */
export const KNOWLEDGE_META_CANDIDATES = 30;
/**
 * A mission is long and a fact short: a fact about a subject the mission names
 * (retrieve.ts's "subject" anchor) sharing one content term in ten is a
 * candidate; similarity × decay orders them and the budget cuts.
 */
export const KNOWLEDGE_META_MIN_SIMILARITY = 0.1;

export interface KnowledgePort {
  memorySearch(query: SearchQueryIn): Promise<MemoryResult<{ hits: ScoredFact[] }>>;
}

export async function knowledgeMeta(
  hive: KnowledgePort,
  mission: string,
  count: (text: string) => number,
  budgetTokens = KNOWLEDGE_META_TOKENS,
): Promise<string[]> {
  const found = await hive.memorySearch({
    q: mission.slice(0, 1_000),
    limit: KNOWLEDGE_META_CANDIDATES,
    minSimilarity: KNOWLEDGE_META_MIN_SIMILARITY,
    anchor: "subject",
  });
  return found.ok ? linesWithin(found.value.hits, budgetTokens, count) : [];
}
