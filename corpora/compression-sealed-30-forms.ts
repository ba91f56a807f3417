// The statement forms of the "sealed-30" compression family (a craft brewery session):
// how the head brewer, the QA lead, the agent and the brewery's tools write a value
// for a planted subject. Each form renders lines; a line that states a value says
// whether it states the new value or the replaced one. Used by corpora/compression-sealed-30.ts.

/** Where a form's lines go: a prose turn or one kind of tool output. */
export type Channel =
  | "user"
  | "reply"
  | "slack"
  | "email"
  | "recipe"
  | "lims"
  | "plc"
  | "schedule"
  | "erp"
  | "ttb";

export interface FormContext {
  /** The subject (or, for look-alike forms, the look-alike's subject). */
  s: string;
  /** The value this form states. */
  v: string;
  /** The value it replaces ("" for a first value). */
  old: string;
  key: string;
  who: string;
  time: string;
  n: number;
}

/** One rendered line; `states` says which value the line states, if any. */
export interface FormLine {
  text: string;
  states: "new" | "old" | null;
}

export interface Form {
  name: string;
  channel: Channel;
  /** The line also names the replaced value, so it is never a fact's latest statement. */
  namesOld?: boolean;
  render(c: FormContext): FormLine[];
}

const said = (text: string): FormLine[] => [{ text, states: "new" }];

/** First statements of a value. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "user-brew-sheet",
    channel: "user",
    render: (c) => said(`For this week's brew sheet, the ${c.s} is ${c.v}.`),
  },
  {
    name: "user-write-down",
    channel: "user",
    render: (c) => said(`Write this down: the ${c.s} is ${c.v}.`),
  },
  {
    name: "user-signed-off",
    channel: "user",
    render: (c) => said(`${c.s}: ${c.v}. That's the number Marisol signed off on.`),
  },
  {
    name: "reply-noted",
    channel: "reply",
    render: (c) => said(`Noted — ${c.s} = ${c.v}, per the approved spec sheet.`),
  },
  {
    name: "slack-lock",
    channel: "slack",
    render: (c) => said(`[${c.time}] ${c.who}: locking in the ${c.s}: ${c.v}`),
  },
  {
    name: "email-confirm",
    channel: "email",
    render: (c) => said(`Confirming the ${c.s}: ${c.v}, as discussed on this morning's call.`),
  },
  {
    name: "recipe-line",
    channel: "recipe",
    render: (c) => said(`   ${c.key}: ${c.v}        # ${c.s}`),
  },
  {
    name: "lims-spec",
    channel: "lims",
    render: (c) =>
      said(
        `{"spec_id":"SP-${c.n}","analyte":"${c.s}","spec":"${c.v}","status":"approved","rev":1}`,
      ),
  },
  {
    name: "plc-setpoint",
    channel: "plc",
    render: (c) => said(`SETPOINT;${c.key};${c.v};"${c.s}";operator=${c.who}`),
  },
  {
    name: "schedule-row",
    channel: "schedule",
    render: (c) => said(`| wk 48 | ${c.s} | ${c.v} | draft |`),
  },
  {
    name: "erp-po-line",
    channel: "erp",
    render: (c) => said(`PO-${c.n}  line 2  ${c.s}: ${c.v}  status OPEN`),
  },
  { name: "ttb-line", channel: "ttb", render: (c) => said(`Line 7   ${c.s} ............ ${c.v}`) },
];

/** Later values: changed "now", paraphrased, corrected, pronoun after naming, or inside tool output. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "user-from-to",
    channel: "user",
    namesOld: true,
    render: (c) => said(`We're moving the ${c.s} from ${c.old} to ${c.v}.`),
  },
  {
    name: "user-change-of-plan",
    channel: "user",
    render: (c) => said(`Change of plan on the ${c.s}: it's ${c.v} now.`),
  },
  {
    name: "user-pronoun",
    channel: "user",
    render: (c) => said(`Quick one on the ${c.s}. Tomas changed it to ${c.v} this morning.`),
  },
  {
    name: "user-correction",
    channel: "user",
    render: (c) => said(`Sorry, typo earlier — the ${c.s} should read ${c.v}.`),
  },
  { name: "user-terse", channel: "user", render: (c) => said(`ok go with ${c.v} for the ${c.s}.`) },
  {
    name: "user-going-forward",
    channel: "user",
    render: (c) => said(`Going forward the ${c.s} is ${c.v}, same as the last two brews.`),
  },
  {
    name: "reply-updated",
    channel: "reply",
    render: (c) => said(`Updated the ${c.s} to ${c.v} in the batch records.`),
  },
  {
    name: "slack-heads-up",
    channel: "slack",
    render: (c) => said(`[${c.time}] ${c.who}: heads up, ${c.s} is now ${c.v} (per Marisol)`),
  },
  {
    name: "email-supplier",
    channel: "email",
    render: (c) => said(`Following up on our call: the ${c.s} is now ${c.v}.`),
  },
  {
    name: "recipe-diff",
    channel: "recipe",
    render: (c) => [
      { text: `-   ${c.key}: ${c.old}        # ${c.s}`, states: "old" },
      { text: `+   ${c.key}: ${c.v}        # ${c.s}`, states: "new" },
    ],
  },
  {
    name: "lims-rev",
    channel: "lims",
    render: (c) =>
      said(
        `{"spec_id":"SP-${c.n}","analyte":"${c.s}","spec":"${c.v}","status":"approved","rev":2}`,
      ),
  },
  {
    name: "plc-change",
    channel: "plc",
    render: (c) => said(`SETPOINT_CHANGE;${c.key};${c.v};"${c.s} changed by ${c.who}"`),
  },
  {
    name: "schedule-revised",
    channel: "schedule",
    render: (c) => said(`| wk 48 | ${c.s} | ${c.v} | revised |`),
  },
  {
    name: "erp-po-rev",
    channel: "erp",
    render: (c) => said(`PO-${c.n}  rev 2  ${c.s} changed to ${c.v}  status CONFIRMED`),
  },
  {
    name: "ttb-amended",
    channel: "ttb",
    render: (c) => said(`Line 7 (amended)   ${c.s} ............ ${c.v}`),
  },
];

/** Stale copies: a tool re-prints a replaced value (`v` here is the old value) after the change. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "slack-search-old",
    channel: "slack",
    render: (c) => said(`search "${c.s}" -> [Nov 18 ${c.time}] ${c.who}: ${c.s} is ${c.v}`),
  },
  {
    name: "email-quoted-old",
    channel: "email",
    render: (c) => said(`> On Nov 17, ${c.who} wrote: the ${c.s} is ${c.v}.`),
  },
  {
    name: "recipe-archived",
    channel: "recipe",
    render: (c) => said(`   ${c.key}: ${c.v}        # ${c.s} (exported 2026-11-18)`),
  },
  {
    name: "lims-old-export",
    channel: "lims",
    render: (c) =>
      said(
        `{"spec_id":"SP-${c.n}","analyte":"${c.s}","spec":"${c.v}","status":"approved","rev":1,"exported":"2026-11-18"}`,
      ),
  },
  {
    name: "plc-old-batch",
    channel: "plc",
    render: (c) => said(`SETPOINT;${c.key};${c.v};"${c.s}";source=batch 2611 recipe`),
  },
  {
    name: "schedule-old-printout",
    channel: "schedule",
    render: (c) => said(`| wk 47 | ${c.s} | ${c.v} | printed Nov 18 |`),
  },
  {
    name: "erp-old-copy",
    channel: "erp",
    render: (c) => said(`PO-${c.n}  rev 1 (printed Nov 18)  ${c.s}: ${c.v}`),
  },
  {
    name: "ttb-old-draft",
    channel: "ttb",
    render: (c) => said(`Line 7 (draft of Nov 18)   ${c.s} ............ ${c.v}`),
  },
];

/** The current value restated after a stale copy (never names the old value). */
export const CONFIRM_FORMS: readonly Form[] = [
  {
    name: "user-ignore-printout",
    channel: "user",
    render: (c) => said(`Ignore that printout, the ${c.s} is ${c.v}.`),
  },
  {
    name: "reply-predates",
    channel: "reply",
    render: (c) => said(`That copy predates the change; the ${c.s} is still ${c.v}.`),
  },
];

/** The look-alike subject with a value of its own. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "user-dont-mix",
    channel: "user",
    render: (c) => said(`Don't mix it up with the main batch: the ${c.s} is ${c.v}.`),
  },
  {
    name: "reply-separately",
    channel: "reply",
    render: (c) => said(`Separately, the ${c.s} stays at ${c.v}.`),
  },
  {
    name: "slack-fyi",
    channel: "slack",
    render: (c) => said(`[${c.time}] ${c.who}: fyi the ${c.s} is ${c.v}`),
  },
];

/** Rejected proposals and what-ifs: the subject with a value it never takes. */
export const WHAT_IF_FORMS: readonly Form[] = [
  {
    name: "user-what-if",
    channel: "user",
    render: (c) => said(`What if we pushed the ${c.s} to ${c.v}? Probably not this batch.`),
  },
  {
    name: "reply-considered",
    channel: "reply",
    render: (c) => said(`We considered ${c.v} for the ${c.s}, but not now.`),
  },
  {
    name: "slack-could-we",
    channel: "slack",
    render: (c) => said(`[${c.time}] ${c.who}: could we try ${c.v} for the ${c.s} next time?`),
  },
];

/** Sentences that name a subject and state no value. */
export const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Can you pull the current ${s} from the spec sheet?`,
  (s) => `Where did we land on the ${s}?`,
  (s) => `I'll double-check the ${s} before the brew.`,
  (s) => `Tomas asked whether the ${s} is in the batch record yet.`,
];
