// Hybrid L3 search: vector similarity (Vectorize or the local index) plus BM25
// over the same documents, fused into one ranked list of candidates with scores
// and locations. Candidates only: an agent stages what it picks into L1.
import type { Bm25Index } from "./bm25.ts";
import type { L3Document } from "./documents.ts";
import type { Embedder } from "./embedder.ts";
import type { VectorIndex } from "./vector-index.ts";

/** Weights of the two signals after each is scaled to 0..1 over the pool (lexical slightly ahead: identifiers are exact). */
export const VECTOR_WEIGHT = 0.45;
export const LEXICAL_WEIGHT = 0.55;
/** Candidates fetched from each side per result wanted (fusion needs a deeper pool). */
const POOL_FACTOR = 4;
const MAX_POOL = 100;

export interface Candidate {
  id: string;
  path: string;
  kind: L3Document["kind"];
  name: string | null;
  startLine: number;
  endLine: number;
  score: number;
  vectorScore: number;
  lexicalScore: number;
}

export interface HybridSources {
  vectors: VectorIndex;
  lexical: Bm25Index;
  embedder: Embedder;
  /** The document of an id (null if it is gone: a vector not yet deleted remotely). */
  document(id: string): L3Document | null;
  namespace?: string;
}

export async function hybridSearch(
  sources: HybridSources,
  query: string,
  topK: number,
  pathPrefix?: string,
): Promise<Candidate[]> {
  const pool = Math.min(MAX_POOL, topK * POOL_FACTOR);
  const accept = (id: string) => {
    const doc = sources.document(id);
    return doc !== null && (pathPrefix === undefined || doc.path.startsWith(pathPrefix));
  };
  const [embedding] = await sources.embedder.embed([query]);
  const vectorHits = embedding
    ? (
        await sources.vectors.query(embedding, {
          topK: pool,
          returnMetadata: "none",
          ...(sources.namespace === undefined ? {} : { namespace: sources.namespace }),
        })
      ).matches.filter((m) => accept(m.id))
    : [];
  const lexicalHits = sources.lexical.search(query, pool, accept);
  const maxLexical = lexicalHits[0]?.score ?? 0;
  // Cosine scores bunch together (0.40 vs 0.45): scale them over the pool like
  // BM25's, so that neither signal drowns the other.
  const topVector = vectorHits[0]?.score ?? 0;
  const floorVector = vectorHits.at(-1)?.score ?? 0;
  const spread = topVector - floorVector;
  const fused = new Map<string, { v: number; l: number }>();
  for (const hit of vectorHits) {
    const scaled = spread > 0 ? (hit.score - floorVector) / spread : hit.score > 0 ? 1 : 0;
    fused.set(hit.id, { v: Math.max(0, scaled), l: 0 });
  }
  for (const hit of lexicalHits) {
    const entry = fused.get(hit.id) ?? { v: 0, l: 0 };
    entry.l = maxLexical > 0 ? hit.score / maxLexical : 0;
    fused.set(hit.id, entry);
  }
  const out: Candidate[] = [];
  for (const [id, { v, l }] of fused) {
    const doc = sources.document(id);
    if (doc === null) {
      continue;
    }
    out.push({
      id,
      path: doc.path,
      kind: doc.kind,
      name: doc.name,
      startLine: doc.startLine,
      endLine: doc.endLine,
      score: VECTOR_WEIGHT * v + LEXICAL_WEIGHT * l,
      vectorScore: v,
      lexicalScore: l,
    });
  }
  out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  return out.slice(0, topK);
}
