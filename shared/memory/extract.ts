// Extraction: what a finished session leaves for long-term memory. Facts it
// established as artifacts (with their evidence), lessons it recorded, and the
// strategies that failed (auto-fix recoveries in its transcript), each as a
// candidate triplet with provenance. Pure; the Hive's steward run and the
// compressor's steward job call it.
import type { Artifact } from "../hive/artifact.ts";
import type { CandidateIn } from "./schema.ts";

/** The transcript tag the agent loop writes when auto-fix rolls a failed step back. */
export const RECOVERY_TAG = "[AUTO-FIX RECOVERY]";
const FAILED = /^Previous attempt failed: ([^:\n]{1,100}): (.{1,500})$/m;

function text(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
}

/** A value shaped as a triplet ({subject, predicate, object}) is taken as one. */
function asTriplet(value: unknown): { subject: string; predicate: string; object: string } | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return null;
  }
  const v = value as Record<string, unknown>;
  return typeof v.subject === "string" && typeof v.predicate === "string" && v.object !== undefined
    ? { subject: v.subject, predicate: v.predicate, object: text(v.object) }
    : null;
}

/** Candidates from artifacts: facts, decisions, contracts and invariants as "one"-valued facts, lessons as lessons. */
export function artifactCandidates(artifacts: readonly Artifact[]): CandidateIn[] {
  const out: CandidateIn[] = [];
  for (const a of artifacts) {
    if (a.status !== "active" || a.kind === "summary") {
      continue;
    }
    const triplet = asTriplet(a.value) ?? {
      subject: a.identifier,
      predicate: a.kind === "lesson" ? "lesson" : "is",
      object: text(a.value),
    };
    out.push({
      ...triplet,
      kind: a.kind === "lesson" ? "lesson" : "fact",
      cardinality: a.kind === "lesson" ? "many" : "one",
      at: a.validFrom,
      provenance: {
        session: a.provenance.session,
        step: a.provenance.step,
        source: a.provenance.source,
        agent: a.provenance.agent,
        artifact: `${a.identifier}@v${a.version}`,
      },
    });
  }
  return out;
}

export interface ReplayTurn {
  role: string;
  content: string;
  /** The turn's position in the transcript. */
  depth: number;
}

/** Failed strategies: every auto-fix recovery the session went through. */
export function transcriptCandidates(
  session: string,
  turns: readonly ReplayTurn[],
  at: number,
): CandidateIn[] {
  const out: CandidateIn[] = [];
  for (const t of turns) {
    if (t.role !== "user" || !t.content.startsWith(RECOVERY_TAG)) {
      continue;
    }
    const m = FAILED.exec(t.content);
    if (!m?.[1] || !m[2]) {
      continue;
    }
    out.push({
      subject: m[1].trim(),
      predicate: "failed with",
      object: m[2].trim(),
      kind: "failed-strategy",
      cardinality: "many",
      at,
      provenance: { session, step: t.depth, source: `transcript:${session}#${t.depth}` },
    });
  }
  return out;
}
