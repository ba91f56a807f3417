// Reads the classifier model's raw answer into known domains, or says why it
// cannot be used (then the router falls back to keywords).
import { z } from "zod";
import { err, ok, type Result } from "../../shared/base/result.ts";
import { MAX_ROUTED_DOMAINS } from "../../shared/contracts/router-prompt.ts";

/** Below this the model's choice is not trusted and keywords decide: the local
 * policy answers 0.9 when a keyword hits and 0.3 when it guesses, and real models
 * in JSON mode put uncertain answers around 0.5. */
export const ROUTER_MIN_CONFIDENCE = 0.6;

export type ClassifyFailure =
  | "NOT_JSON"
  | "BAD_SHAPE"
  | "UNKNOWN_DOMAIN"
  | "NO_DOMAINS"
  | "LOW_CONFIDENCE"
  | "MODEL_ERROR";

const AnswerSchema = z.object({
  domains: z.array(z.string()).max(20),
  confidence: z.number().min(0).max(1),
});

export interface Classification {
  domains: string[];
  confidence: number;
}

/** The text inside one code fence that wraps all of `text`, else `text` (by index: linear). */
function unfenced(text: string): string {
  if (text.length < 6 || !text.startsWith("```") || !text.endsWith("```")) {
    return text;
  }
  const inner = text.slice(3, -3);
  return (/^json/i.test(inner) ? inner.slice(4) : inner).trim();
}

/** The JSON object in the answer: the whole text, or the text inside a code fence. */
function extractJson(raw: string): unknown {
  const text = unfenced(raw.trim());
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the caller reports NOT_JSON and routes by keywords instead.
    return undefined;
  }
}

export function readClassification(
  raw: string,
  known: ReadonlySet<string>,
): Result<Classification, ClassifyFailure> {
  const json = extractJson(raw);
  if (json === undefined) {
    return err(
      "NOT_JSON",
      `the classifier's answer is not JSON: ${JSON.stringify(raw.slice(0, 80))}`,
    );
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) {
    return err(
      "BAD_SHAPE",
      'the classifier\'s answer is not {"domains": [...], "confidence": 0..1}',
    );
  }
  const names = [...new Set(parsed.data.domains.map((d) => d.trim().toLowerCase()))];
  const unknown = names.filter((d) => !known.has(d));
  if (unknown.length > 0) {
    return err(
      "UNKNOWN_DOMAIN",
      `the classifier named unknown domains: ${unknown.slice(0, 5).join(", ")}`,
    );
  }
  if (names.length === 0) {
    return err("NO_DOMAINS", "the classifier named no domain");
  }
  if (parsed.data.confidence < ROUTER_MIN_CONFIDENCE) {
    return err(
      "LOW_CONFIDENCE",
      `the classifier's confidence ${parsed.data.confidence} is below ${ROUTER_MIN_CONFIDENCE}`,
    );
  }
  return ok({ domains: names.slice(0, MAX_ROUTED_DOMAINS), confidence: parsed.data.confidence });
}
