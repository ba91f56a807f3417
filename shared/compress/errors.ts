// The compressor's closed error codes: input errors the caller must fix, and the
// summariser's answer faults that send a run to the structural fallback.
import type { DriverErrorCode } from "../driver/transport.ts";

/** Input the compressor refuses (returned as Err values across RPC). */
export type CompressInputErrorCode =
  | "INVALID_MESSAGES"
  | "WINDOW_TOO_SMALL"
  | "INVALID_OPTIONS"
  | "INVALID_BUDGET";

/** Why the summariser's answer was not used (each ends in the structural fallback). */
export type SummaryAnswerErrorCode =
  | "UNPARSEABLE_SUMMARY"
  | "SUMMARY_TOO_LARGE"
  | "SUMMARY_INJECTION"
  | "INVALID_CITATIONS";

/** Every reason a map-reduce run can give up: a driver failure or a refused answer. */
export type SummariserFailureCode = DriverErrorCode | SummaryAnswerErrorCode;

export const ANSWER_HINTS: Readonly<Record<SummaryAnswerErrorCode, string>> = {
  UNPARSEABLE_SUMMARY:
    "the summariser must answer with `- <sentence> [turns: N]` lines or NONE; use a model that follows the contract",
  SUMMARY_TOO_LARGE: "the summariser answered past its answer budget; use a model that stops",
  SUMMARY_INJECTION:
    "the summariser's answer carried instructions about budgets, sections or the system prompt that no cited turn said",
  INVALID_CITATIONS: "the summariser cited turns that were not in its input",
};
