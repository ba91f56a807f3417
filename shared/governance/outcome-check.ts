// Outcome verification: a session's claimed outcome is checked against evidence
// (the hive's artifacts, the session's calculations, its workspace writes) before
// it is reported, and downgraded with the reason when the evidence does not carry
// it. Called by the session loop where a mission finishes.
import { z } from "zod";
import { pathsInText } from "../model/paths-in-text.ts";
import type { MissionOutcome } from "./mission-outcome.ts";
import { missionIntent, type FilesAsk } from "./mission-intent.ts";

export const OutcomeEvidenceSchema = z.object({
  mission: z.string(),
  /** Active artifacts of the hive: what an answer may cite. */
  artifacts: z.array(z.object({ key: z.string(), value: z.unknown() })),
  /** Results of this session's `calculate` calls, as the model saw them. */
  calculations: z.array(z.string()),
  /** Workspace paths this session changed. */
  written: z.array(z.string()),
  /** Keys of the artifacts this session saved (its save_artifact calls). */
  saved: z.array(z.string()).default([]),
  /** Results of this session's structural queries (find_callers, find_imports), oldest first. */
  listings: z.array(z.string()).default([]),
  /** Every tool result of this session, for paths an answer names. */
  results: z.array(z.string()).default([]),
  /** The model is the local stand-in, as modelServing (shared/driver/serving.ts) decides. */
  localModel: z.boolean(),
});
export type OutcomeEvidence = z.input<typeof OutcomeEvidenceSchema>;

/** Said plainly when the stand-in could not finish: what it is and how to get a real model. */
export const STAND_IN_LIMIT =
  "the local stand-in model (a deterministic policy, not a language model) could not complete this mission; set LETHE_MODEL_BASE_URL (and LETHE_MODEL_API_KEY, LETHE_MODEL) to a real model's endpoint";

const NUMBER = /-?\d+(?:\.\d+)?/g;
/** A constant named in code form (UPPER_SNAKE): the mission's evidence is its artifact. */
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g;
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

/** Lower-case words of a text, snake_case and paths split into their parts. */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

/** Artifacts the mission names: every word of the key is a word of the mission. */
function namedArtifacts(evidence: OutcomeEvidence) {
  const words = wordsOf(evidence.mission);
  return evidence.artifacts.filter((a) => {
    const parts = [...wordsOf(a.key)];
    return parts.length > 0 && parts.every((p) => words.has(p));
  });
}

/** Why a which-files answer is not carried by the session's own listings, or null. */
function unsupportedFiles(answer: string, ask: FilesAsk, evidence: OutcomeEvidence): string | null {
  const listings = evidence.listings ?? [];
  const named = new Set(pathsInText(answer));
  if (listings.length > 0) {
    const listed = new Set(listings.flatMap(pathsInText).filter((p) => p !== ask.target));
    const missing = [...listed].filter((p) => !named.has(p));
    return missing.length === 0
      ? null
      : `the mission asks which files ${ask.relation} ${ask.target}, and the answer leaves out ${missing.join(", ")}, which the session's structural query listed`;
  }
  const seen = new Set((evidence.results ?? []).flatMap(pathsInText));
  const unseen = [...named].filter((p) => !seen.has(p));
  if (named.size === 0 || unseen.length > 0) {
    return `the mission asks which files ${ask.relation} ${ask.target}, and the answer names ${named.size === 0 ? "no file" : `${unseen.join(", ")}, which no tool of the session listed`}`;
  }
  return null;
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
  const intent = missionIntent(evidence.mission);
  if (intent.change && evidence.written.length === 0) {
    return "the mission asks for a change, and the session changed no file in the workspace";
  }
  if (intent.files !== null) {
    return unsupportedFiles(answer, intent.files, evidence);
  }
  if (!intent.asksValue && intent.operation === undefined) {
    return null;
  }
  const calculated = new Set(evidence.calculations.flatMap(numbersIn));
  const answered = numbersIn(answer);
  if (intent.operation !== undefined) {
    return answered.some((n) => calculated.has(n))
      ? null
      : "the mission asks for a calculation, and the answer carries no number that a calculate call produced";
  }
  // The mission's own evidence: the constants it names in code form, else the artifacts
  // its words name, else the ones this session saved.
  const constants = [...new Set(evidence.mission.match(CONSTANT) ?? [])].map((c) =>
    c.toLowerCase(),
  );
  const holds = (key: string, c: string) => {
    const k = key.toLowerCase();
    return k === c || (k.endsWith(c) && /[.:/]/.test(k.charAt(k.length - c.length - 1)));
  };
  const named = namedArtifacts(evidence);
  const saved = new Set((evidence.saved ?? []).map((k) => k.toLowerCase()));
  const own =
    constants.length > 0
      ? evidence.artifacts.filter((a) => constants.some((c) => holds(a.key, c)))
      : named.length > 0
        ? named
        : evidence.artifacts.filter((a) => saved.has(a.key.toLowerCase()));
  if (constants.length > 0 && own.length === 0 && evidence.calculations.length === 0) {
    return `the mission asks for ${constants.map((c) => c.toUpperCase()).join(", ")}, and no artifact holds it`;
  }
  const known = [...own.flatMap((a) => valueTexts(a.value)), ...evidence.calculations];
  const knownNumbers = new Set(known.flatMap(numbersIn));
  const carries =
    answered.some((n) => knownNumbers.has(n)) ||
    known.some((v) => v.trim().length >= 3 && answer.includes(v.trim()));
  if (carries) {
    return null;
  }
  return own.length === 0 && evidence.calculations.length === 0
    ? "the mission asks for a value, and no artifact it names or the session saved holds one"
    : `the mission asks for a value, and the answer carries none of ${own.map((a) => `artifact:${a.key}`).join(", ") || "the session's calculations"}`;
}

/**
 * The outcome Lethe reports: an unsupported `achieved` is downgraded (partially,
 * when the session recorded something; else not achieved) with the reason. When
 * the stand-in itself finished short of achieved (it refused, or could not), the
 * outcome says so and names LETHE_MODEL_BASE_URL; a downgraded claim does not.
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
    evidence.localModel && claimed.status !== "achieved" ? STAND_IN_LIMIT : undefined,
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

/** The tool calls of an assistant turn: names and arguments (native or OpenAI-shaped). */
function callsOf(turn: EvidenceTurn): { name: string; args: string }[] {
  if (turn.role !== "assistant" || turn.extra === null) {
    return [];
  }
  try {
    const extra = JSON.parse(turn.extra) as { toolCalls?: unknown };
    const calls = Array.isArray(extra.toolCalls)
      ? (extra.toolCalls as Record<string, unknown>[])
      : [];
    return calls.map((c) => {
      const fn = (c.function ?? c) as { name?: unknown; arguments?: unknown };
      return {
        name: typeof fn.name === "string" ? fn.name : "",
        args: typeof fn.arguments === "string" ? fn.arguments : "",
      };
    });
  } catch {
    // A turn whose extra is not JSON carries no calls the check can read.
    return [];
  }
}

/** The results of the calls to `tools` (every tool when omitted) among a session's turns. */
export function toolResultsIn(turns: readonly EvidenceTurn[], tools?: readonly string[]): string[] {
  const results: string[] = [];
  turns.forEach((turn, i) => {
    const next = turns[i + 1];
    const calls = callsOf(turn).filter((c) => tools === undefined || tools.includes(c.name));
    if (calls.length > 0 && next && next.role !== "assistant") {
      results.push(next.content);
    }
  });
  return results;
}

/** The results of the `calculate` calls among a session's recent turns. */
export function calculationsIn(turns: readonly EvidenceTurn[]): string[] {
  return toolResultsIn(turns, ["calculate"]);
}

/** Keys of the artifacts a session's save_artifact calls saved. */
export function savedKeysIn(turns: readonly EvidenceTurn[]): string[] {
  return turns.flatMap((t) =>
    callsOf(t)
      .filter((c) => c.name === "save_artifact")
      .flatMap((c) => {
        const key = /"(?:key|name)"\s*:\s*"([^"]+)"/.exec(c.args)?.[1];
        return key === undefined ? [] : [key];
      }),
  );
}
