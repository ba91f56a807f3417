// How a mission ended: the self-assessment and the outcome checks produce it, the
// session's state carries it once the mission is over.
export interface MissionOutcome {
  status: "achieved" | "partially_achieved" | "not_achieved" | "halted";
  summary: string;
  next?: string;
  /** Why the session halted, when it did. */
  reason?: string;
}
