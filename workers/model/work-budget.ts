// The model Worker's per-request work budget: the characters the stand-in and the
// lexical embedder read for one request, each message or input counted up to the
// cap its reader applies. Workers cannot meter CPU from inside and workerd does
// not enforce `cpu_ms` locally, so the work is bounded by what is read: a request
// past the budget is refused before any policy or embedding runs.
import { MAX_EMBED_INPUT_CHARS } from "../../shared/embed/lexical.ts";
import { messageText, type ChatRequest } from "../../shared/model/openai-schemas.ts";

/** Work units (characters read) one request may cost: 2 Mi. */
export const WORK_BUDGET_UNITS = 2 * 1024 * 1024;

/**
 * The most of one message the stand-in reads: an L1 page or a turn is far
 * smaller; past it a hostile message costs nothing more than this.
 */
export const STAND_IN_READ_CHARS = 256 * 1024;

export interface WorkBudgetExceeded {
  code: "work_budget_exceeded";
  status: 413;
  message: string;
  hint: string;
}

/** The units a chat request costs: each message's text up to STAND_IN_READ_CHARS, and its tools. */
export function chatWork(request: ChatRequest): number {
  const messages = request.messages.reduce(
    (sum, m) => sum + Math.min(messageText(m).length, STAND_IN_READ_CHARS),
    0,
  );
  return messages + JSON.stringify(request.tools ?? []).length;
}

/** The units an embeddings request costs: each input up to MAX_EMBED_INPUT_CHARS. */
export function embeddingWork(inputs: readonly string[]): number {
  return inputs.reduce((sum, text) => sum + Math.min(text.length, MAX_EMBED_INPUT_CHARS), 0);
}

/** Null within the budget, else the typed refusal naming the units and the budget. */
export function overWorkBudget(units: number, what: string): WorkBudgetExceeded | null {
  if (units <= WORK_BUDGET_UNITS) {
    return null;
  }
  return {
    code: "work_budget_exceeded",
    status: 413,
    message: `${what} needs ${units} work units (characters read); one request may use ${WORK_BUDGET_UNITS}`,
    hint: "split the request: fewer or shorter messages or inputs per call",
  };
}
