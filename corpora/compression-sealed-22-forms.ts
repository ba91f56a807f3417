// The sentences of the "sealed-22" family (an MRO hangar heavy-check session) that
// plant a value: first statements, updates, stale re-prints of a replaced value,
// restatements after a stale copy, look-alike statements, and the undeclared
// lines (rejected proposals, what-ifs, mentions) that name a subject without any
// of its values. Each form is one line naming the subject and the value verbatim.
// Used by corpora/compression-sealed-22.ts.

/** Who writes a line: the maintenance controller, the agent, or a tool's output. */
export type Speaker = "user" | "assistant" | "tool";

/** The tracking-system and office tools the agent calls. */
export type ToolName =
  | "amos_query"
  | "read_mail"
  | "get_work_card"
  | "handover_log"
  | "stores_lookup";

/** A planting sentence: its name, who writes it, in which tool's output, and its text. */
export interface Sealed22Form {
  name: string;
  speaker: Speaker;
  tool?: ToolName;
  text: (s: string, v: string, old: string) => string;
}

export const FIRST_FORMS: readonly Sealed22Form[] = [
  {
    name: "work-pack",
    speaker: "user",
    text: (s, v) => `Per the work pack the ${s} is ${v}, can you make sure the card shows that.`,
  },
  {
    name: "amm-check",
    speaker: "assistant",
    text: (s, v) => `I checked against the current AMM revision: ${s} comes out at ${v}.`,
  },
  {
    name: "floor-confirms",
    speaker: "user",
    text: (s, v) => `Jonno on B-shift confirms ${v} for the ${s}, that's what they're working to.`,
  },
  {
    name: "amos-record",
    speaker: "tool",
    tool: "amos_query",
    text: (s, v) => `WO-7731 | ${s} | ${v} | OPEN | R.HALLORAN`,
  },
  {
    name: "camo-mail",
    speaker: "tool",
    tool: "read_mail",
    text: (s, v) => `> Our records have the ${s} as ${v}, please confirm on your side.`,
  },
  {
    name: "handover-brief",
    speaker: "tool",
    tool: "handover_log",
    text: (s, v) => `- ${s}: ${v} (as briefed at shift start)`,
  },
  {
    name: "agreed-call",
    speaker: "assistant",
    text: (s, v) => `Summary of the call with the lessor: everyone is fine with ${v} as the ${s}.`,
  },
];

export const UPDATE_FORMS: readonly Sealed22Form[] = [
  {
    name: "stores-now",
    speaker: "user",
    text: (s, v) => `Stores just rang back, the ${s} is now ${v}.`,
  },
  {
    name: "correction",
    speaker: "user",
    text: (s, v, old) => `Sorry, typo earlier: the ${s} is ${v}, not ${old}.`,
  },
  {
    name: "pronoun",
    speaker: "assistant",
    text: (s, v) =>
      `Tech services came back on the ${s}. They have revised it to ${v} after looking at the photos.`,
  },
  {
    name: "going-forward",
    speaker: "user",
    text: (s, v) => `Going forward use ${v} for the ${s}, the lessor rep agreed it this morning.`,
  },
  {
    name: "terse",
    speaker: "user",
    text: (s, v) => `ok ${s} ${v}, go with that`,
  },
  {
    name: "card-updated",
    speaker: "assistant",
    text: (s, v, old) => `Card amended: ${s} changed from ${old} to ${v}, awaiting your stamp.`,
  },
  {
    name: "amos-diff",
    speaker: "tool",
    tool: "amos_query",
    text: (s, v, old) => `  ${s}: ${old} -> ${v}    (rev by ENG-DISPO)`,
  },
  {
    name: "amos-audit",
    speaker: "tool",
    tool: "amos_query",
    text: (s, v) => `AUDIT 03:14Z field "${s}" set to ${v} user=mkaya`,
  },
  {
    name: "camo-revised",
    speaker: "tool",
    tool: "read_mail",
    text: (s, v) => `> Following the engineering review we now hold ${v} as the ${s}.`,
  },
  {
    name: "handover-moved",
    speaker: "tool",
    tool: "handover_log",
    text: (s, v) => `- ${s}: moved to ${v} on nights, dispo attached`,
  },
];

/** A replaced value re-printed by a tool after the current value was stated. */
export const STALE_FORMS: readonly Sealed22Form[] = [
  {
    name: "archived-card",
    speaker: "tool",
    tool: "get_work_card",
    text: (s, v) => `(archived card rev A) ${s} ........ ${v}`,
  },
  {
    name: "cached-export",
    speaker: "tool",
    tool: "stores_lookup",
    text: (s, v) => `cached export 2026-11-29: ${s} = ${v}`,
  },
];

/** An unchanged value confirmed again later in the session. */
export const RECONFIRM_FORMS: readonly Sealed22Form[] = [
  {
    name: "still-reads",
    speaker: "assistant",
    text: (s, v) => `Re-checked in AMOS, the ${s} still reads ${v}.`,
  },
  {
    name: "no-change",
    speaker: "user",
    text: (s, v) => `Lessor walked the aircraft this morning, no change: the ${s} stays ${v}.`,
  },
  {
    name: "handover-unchanged",
    speaker: "tool",
    tool: "handover_log",
    text: (s, v) => `- ${s}: unchanged at ${v}`,
  },
];

/** The current value restated after a stale copy. */
export const RESTATE_FORMS: readonly Sealed22Form[] = [
  {
    name: "ignore-printout",
    speaker: "assistant",
    text: (s, v) => `That printout is the superseded rev; the ${s} stands at ${v}.`,
  },
  {
    name: "export-stale",
    speaker: "user",
    text: (s, v) => `That export is stale. ${s} is ${v}, full stop.`,
  },
];

export const LOOK_ALIKE_FORMS: readonly Sealed22Form[] = [
  {
    name: "not-confused",
    speaker: "assistant",
    text: (s, v) => `Not to be confused with the ${s}, which is ${v}.`,
  },
  {
    name: "fyi-different",
    speaker: "user",
    text: (s, v) => `FYI the ${s} is ${v}, different thing entirely.`,
  },
];

/** Rejected proposals and what-ifs: a subject with a value it never takes. */
export const DECOY_FORMS: readonly Sealed22Form[] = [
  {
    name: "rejected",
    speaker: "user",
    text: (s, v) => `Planning floated ${v} for the ${s}; engineering said no.`,
  },
  {
    name: "what-if",
    speaker: "assistant",
    text: (s, v) =>
      `If the findings get worse the ${s} could end up at ${v}, but nothing is decided.`,
  },
  {
    name: "considered",
    speaker: "user",
    text: (s, v) => `We considered ${v} for the ${s} and dropped it, not now.`,
  },
];

/** Lines that name a subject and no value. */
export const MENTION_FORMS: readonly ((s: string) => string)[] = [
  (s) => `Still chasing the ${s}.`,
  (s) => `Has anyone signed off the ${s} yet?`,
  (s) => `I'll cross-check the ${s} against the IPC before the shift ends.`,
];
