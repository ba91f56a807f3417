// Schema validation of steward candidates: each candidate is accepted or
// rejected with a typed reason (kept by the store, never dropped). Covers
// oversized objects, look-alike subjects, citations whose lines do not say
// the object, and floods. Pure; the Hive's knowledge store calls it.
import { valueInText } from "../workspace/evidence.ts";
import { parseCitation } from "../workspace/provenance.ts";
import { mixedScript, nameKey, skeleton } from "./lookalike.ts";
import {
  CandidateSchema,
  MAX_APPLIED_PER_RUN,
  MAX_OBJECT_CHARS,
  MAX_PREDICATE_CHARS,
  MAX_SUBJECT_CHARS,
  type Candidate,
  type Rejection,
} from "./schema.ts";

export interface ValidationContext {
  /** skeleton(subject) → the subject as the store already spells it. */
  subjects: ReadonlyMap<string, string>;
  /** The text of each code citation's lines (null when unreadable). */
  cited: ReadonlyMap<string, string | null>;
  runAt: number;
}

export interface Validated {
  accepted: Array<{ index: number; candidate: Candidate }>;
  rejected: Rejection[];
}

/** The code citations among raw candidates, so the caller can read their lines first. */
export function citedSources(raw: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const r of raw) {
    const parsed = CandidateSchema.safeParse(r);
    if (parsed.success && parseCitation(parsed.data.provenance.source) !== null) {
      out.add(parsed.data.provenance.source);
    }
  }
  return [...out];
}

function check(candidate: Candidate, ctx: ValidationContext, seen: Map<string, string>) {
  const { subject, predicate, object } = candidate;
  if (nameKey(subject) === "" || nameKey(predicate) === "" || object.trim() === "") {
    return { code: "EMPTY" as const, reason: "subject, predicate and object must be non-empty" };
  }
  if (subject.length > MAX_SUBJECT_CHARS || predicate.length > MAX_PREDICATE_CHARS) {
    return {
      code: "SCHEMA" as const,
      reason: `subject ≤ ${MAX_SUBJECT_CHARS} and predicate ≤ ${MAX_PREDICATE_CHARS} characters`,
    };
  }
  if (object.length > MAX_OBJECT_CHARS) {
    return {
      code: "OBJECT_TOO_LARGE" as const,
      reason: `object is ${object.length} characters (limit ${MAX_OBJECT_CHARS}); store the document as an artifact or workspace file and cite it`,
    };
  }
  if (mixedScript(subject)) {
    return {
      code: "CONFUSABLE_SUBJECT" as const,
      reason: `subject "${subject.slice(0, 64)}" mixes Latin, Cyrillic or Greek letters`,
    };
  }
  const key = skeleton(subject);
  const known = seen.get(key) ?? ctx.subjects.get(key);
  if (known !== undefined && nameKey(known) !== nameKey(subject)) {
    return {
      code: "LOOKALIKE_SUBJECT" as const,
      reason: `subject "${subject.slice(0, 64)}" looks like the existing subject "${known.slice(0, 64)}"`,
    };
  }
  const source = candidate.provenance.source;
  if (parseCitation(source) !== null) {
    const text = ctx.cited.get(source);
    if (text === undefined || text === null) {
      return {
        code: "CITATION_UNREADABLE" as const,
        reason: `cited lines ${source} cannot be read from the workspace`,
      };
    }
    if (valueInText(object, text) === false) {
      return {
        code: "CITATION_MISMATCH" as const,
        reason: `cited lines ${source} do not say "${object.slice(0, 64)}"`,
      };
    }
  }
  seen.set(key, subject);
  return null;
}

/** Accepts or rejects each raw candidate; at most MAX_APPLIED_PER_RUN are accepted. */
export function validateCandidates(raw: readonly unknown[], ctx: ValidationContext): Validated {
  const accepted: Validated["accepted"] = [];
  const rejected: Rejection[] = [];
  const seen = new Map<string, string>();
  raw.forEach((r, index) => {
    const parsed = CandidateSchema.safeParse(r);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejected.push({
        index,
        code: "SCHEMA",
        reason: `${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
      });
      return;
    }
    const problem = check(parsed.data, ctx, seen);
    if (problem !== null) {
      rejected.push({ index, ...problem });
      return;
    }
    if (accepted.length >= MAX_APPLIED_PER_RUN) {
      rejected.push({
        index,
        code: "FLOOD_LIMIT",
        reason: `one run applies at most ${MAX_APPLIED_PER_RUN} candidates; kept for review`,
      });
      return;
    }
    accepted.push({ index, candidate: parsed.data });
  });
  return { accepted, rejected };
}
