// Outcome verification: a session's claimed outcome is checked against evidence
// (the hive's artifacts, the session's calculations, its workspace writes) before
// it is reported, and downgraded with the reason when the evidence does not carry
// it. Called by the session loop where a mission finishes.
import { z } from "zod";
import type { MissionOutcome } from "../session/step.ts";

export const OutcomeEvidenceSchema = z.object({
  mission: z.string(),
  /** Active artifacts of the hive: what an answer may cite. */
  artifacts: z.array(z.object({ key: z.string(), value: z.unknown() })),
  /** Results of this session's `calculate` calls, as the model saw them. */
  calculations: z.array(z.string()),
  /** Workspace paths this session changed. */
  written: z.array(z.string()),
  /** The model is the cluster's local stand-in (no LETHE_MODEL_BASE_URL). */
  localModel: z.boolean(),
});
export type OutcomeEvidence = z.infer<typeof OutcomeEvidenceSchema>;

/** Said plainly when the stand-in could not finish: what it is and how to get a real model. */
export const STAND_IN_LIMIT =
  "the local stand-in model (a deterministic policy, not a language model) could not complete this mission; set LETHE_MODEL_BASE_URL (and LETHE_MODEL_API_KEY, LETHE_MODEL) to a real model's endpoint";

/** An imperative that asks for a change to the code. */
const CHANGE_VERB =
  /(?:^|[.;:!?]\s|\band\s)\s*(rename|change|set|update|replace|fix|edit|modify|add|remove|delete|refactor|write|create|implement|patch|move)\b/i;
/** A question or an order that asks for a value. */
const VALUE_ASK =
  /\b(what|how (?:many|much|long|big|large)|which value|compute|calculate|work out|find the value)\b/i;
/** Arithmetic in the words people use: the value must come from a calculation. */
const ARITHMETIC =
  /\b(sum|total|add(?:ed)? (?:up|together)|plus|combined|product|multipl(?:y|ied)|times|difference|subtract(?:ed)?|minus|ratio|divided?|quotient|average|mean)\b/i;
const NUMBER = /-?\d+(?:\.\d+)?/g;
/** `artifact:<key>` citations in an answer. */
const ARTIFACT_CITATION = /\bartifact:([a-z0-9][a-z0-9_.:/-]*[a-z0-9])/gi;

function valueTexts(value: unknown): string[] {
  if (typeof value === "number" || typeof value === "boolean") {
    return [String(value)];
  }
  if (typeof value === "string") {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap(valueTexts);
  }
  if (value !== null && typeof value === "object") {
    return Object.values(value as Record<string, unknown>).flatMap(valueTexts);
  }
  return [];
}

function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((n) => String(Number(n)));
}

/** Why the evidence does not carry an `achieved` claim, or null when it does. */
export function unsupportedClaim(
  claimed: MissionOutcome,
  evidence: OutcomeEvidence,
): string | null {
  const answer = `${claimed.summary}\n${claimed.next ?? ""}`;
  const keys = new Set(evidence.artifacts.map((a) => a.key.toLowerCase()));
  for (const m of answer.matchAll(ARTIFACT_CITATION)) {
    const key = (m[1] ?? "").toLowerCase();
    if (!keys.has(key)) {
      return `the answer cites artifact:${key}, which the hive does not hold`;
    }
  }
  if (CHANGE_VERB.test(evidence.mission) && evidence.written.length === 0) {
    return "the mission asks for a change, and the session changed no file in the workspace";
  }
  if (!VALUE_ASK.test(evidence.mission) && !ARITHMETIC.test(evidence.mission)) {
    return null;
  }
  const calculated = new Set(evidence.calculations.flatMap(numbersIn));
  const answered = numbersIn(answer);
  if (ARITHMETIC.test(evidence.mission)) {
    return answered.some((n) => calculated.has(n))
      ? null
      : "the mission asks for a calculation, and the answer carries no number that a calculate call produced";
  }
  const known = [
    ...evidence.artifacts.flatMap((a) => valueTexts(a.value)),
    ...evidence.calculations,
  ];
  const knownNumbers = new Set(known.flatMap(numbersIn));
  const carries =
    answered.some((n) => knownNumbers.has(n)) ||
    known.some((v) => v.trim().length >= 3 && answer.includes(v.trim()));
  return carries
    ? null
    : "the mission asks for a value, and the answer carries none found in the artifacts or calculations";
}

/**
 * The outcome Lethe reports: an unsupported `achieved` is downgraded (partially,
 * when the session recorded something; else not achieved) with the reason; on
 * the local stand-in an unfinished mission says so and names LETHE_MODEL_BASE_URL.
 */
export function checkOutcome(claimed: MissionOutcome, evidence: OutcomeEvidence): MissionOutcome {
  if (claimed.status === "halted") {
    return claimed;
  }
  const unsupported = claimed.status === "achieved" ? unsupportedClaim(claimed, evidence) : null;
  const recorded = evidence.artifacts.length > 0 || evidence.written.length > 0;
  const status =
    unsupported === null ? claimed.status : recorded ? "partially_achieved" : "not_achieved";
  if (status === "achieved") {
    return claimed;
  }
  const reasons = [
    unsupported === null ? claimed.reason : `downgraded from achieved: ${unsupported}`,
    evidence.localModel ? STAND_IN_LIMIT : undefined,
  ].filter((r): r is string => r !== undefined && r.length > 0);
  return {
    ...claimed,
    status,
    ...(reasons.length > 0 ? { reason: reasons.join("; ") } : {}),
  };
}

/** A transcript turn as the session stores it: `extra` holds its tool calls as JSON. */
export interface EvidenceTurn {
  role: string;
  content: string;
  extra: string | null;
}

/** The results of the `calculate` calls among a session's recent turns. */
export function calculationsIn(turns: readonly EvidenceTurn[]): string[] {
  const results: string[] = [];
  turns.forEach((turn, i) => {
    const next = turns[i + 1];
    if (turn.role === "assistant" && turn.extra?.includes('"name":"calculate"') && next) {
      results.push(next.content);
    }
  });
  return results;
}
