// The ways the "sealed-17" session (corpora/compression-sealed-17.ts, HVAC / facilities
// operations) states a planted value: first statements, updates, stale re-prints of an old
// value, restatements of the current one, look-alike lines, rejected proposals and plain
// mentions. Each form says which message carries it (a user or assistant turn, or one kind
// of tool output) and writes whole lines that name the subject and the value verbatim.

/** Where a line is written: prose turns, or the tool output of that kind. */
export type Carrier =
  | "user"
  | "assistant"
  | "email"
  | "slack"
  | "workorder"
  | "bmslog"
  | "diff"
  | "checklist"
  | "schedule"
  | "archive"
  | "yaml"
  | "ini";

/** What a form is given: the subject, the value, the value it replaces ("" if none), a die. */
export interface FormInput {
  subject: string;
  value: string;
  old: string;
  rnd: () => number;
}

/** A line a form writes; `stale` marks a line that states the replaced value instead. */
export interface FormLine {
  text: string;
  stale?: boolean;
}

export interface Form {
  name: string;
  carrier: Carrier;
  lines(input: FormInput): FormLine[];
}

const TECHS = ["r.osei", "m.kowalski", "j.ortiz", "s.lindgren", "p.narayanan"];
const INITIALS = ["JO", "RK", "SL", "PN", "MK"];
const pick = <T>(list: readonly T[], rnd: () => number): T =>
  list[Math.floor(rnd() * list.length)] as T;
const two = (n: number) => String(n).padStart(2, "0");
const stamp = (rnd: () => number) =>
  `2026-11-${two(3 + Math.floor(rnd() * 24))}T${two(7 + Math.floor(rnd() * 12))}:${two(
    Math.floor(rnd() * 60),
  )}:${two(Math.floor(rnd() * 60))}`;
const one = (text: string): FormLine[] => [{ text }];

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "sequence-of-operations",
    carrier: "user",
    lines: ({ subject, value }) =>
      one(`Per the sequence of operations, the ${subject} is ${value}.`),
  },
  {
    name: "controls-submittal",
    carrier: "assistant",
    lines: ({ subject, value }) =>
      one(`From the controls submittal (rev C), the ${subject} comes out at ${value}.`),
  },
  {
    name: "tab-report-email",
    carrier: "email",
    lines: ({ subject, value }) =>
      one(`For your records, the ${subject} was left at ${value} after the TAB visit.`),
  },
  {
    name: "commissioning-check",
    carrier: "checklist",
    lines: ({ subject, value, rnd }) =>
      one(
        `[x] 4.${1 + Math.floor(rnd() * 9)} Verify ${subject} = ${value} (witnessed, ${pick(INITIALS, rnd)})`,
      ),
  },
  {
    name: "schedule-row",
    carrier: "schedule",
    lines: ({ subject, value }) => one(`| ${subject} | ${value} | Mon-Fri | rev 3 |`),
  },
  {
    name: "slack-commissioned",
    carrier: "slack",
    lines: ({ subject, value }) =>
      one(`${subject} is ${value} btw, that's what we commissioned with`),
  },
  {
    name: "controller-config-comment",
    carrier: "yaml",
    lines: ({ subject, value }) =>
      one(`# ${subject}: ${value} (design value, do not change without an SOO revision)`),
  },
  {
    name: "terse-user",
    carrier: "user",
    lines: ({ subject, value }) => one(`fyi ${subject} = ${value}, don't change it without me.`),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "heads-up-now",
    carrier: "user",
    lines: ({ subject, value }) => one(`Heads up, the ${subject} is now ${value}.`),
  },
  {
    name: "pronoun-after-naming",
    carrier: "user",
    lines: ({ subject, value }) =>
      one(
        `Priya went through the ${subject} after the complaints on 6. She bumped it to ${value} this morning.`,
      ),
  },
  {
    name: "assistant-correction",
    carrier: "assistant",
    lines: ({ subject, value, old }) =>
      one(`Correction to my earlier summary: the ${subject} is ${value}, not ${old}.`),
  },
  {
    name: "bms-write-log",
    carrier: "bmslog",
    lines: ({ subject, value, old, rnd }) =>
      one(
        `${stamp(rnd)}  WRITE  ${subject}  ${old} -> ${value}  user=${pick(TECHS, rnd)}  status=OK`,
      ),
  },
  {
    name: "schedule-diff",
    carrier: "diff",
    lines: ({ subject, value, old }) => [
      { text: `-| ${subject} | ${old} | Mon-Fri | rev 3 |`, stale: true },
      { text: `+| ${subject} | ${value} | Mon-Fri | rev 4 |` },
    ],
  },
  {
    name: "work-order-resolution",
    carrier: "workorder",
    lines: ({ subject, value, old }) =>
      one(`Resolution: changed the ${subject} from ${old} to ${value}; tenant confirmed comfort.`),
  },
  {
    name: "vendor-going-forward",
    carrier: "email",
    lines: ({ subject, value }) =>
      one(`Going forward the ${subject} will be ${value}; graphics updated to match.`),
  },
  {
    name: "slack-approval",
    carrier: "slack",
    lines: ({ subject, value }) => one(`ok go with ${value} for the ${subject}. approved`),
  },
  {
    name: "gateway-config-note",
    carrier: "ini",
    lines: ({ subject, value, old, rnd }) =>
      one(`; ${subject} changed ${old} -> ${value} per WO-${40000 + Math.floor(rnd() * 9999)}`),
  },
  {
    name: "assistant-done",
    carrier: "assistant",
    lines: ({ subject, value }) => one(`Done. The ${subject} now reads ${value} in the BMS.`),
  },
  {
    name: "user-moved",
    carrier: "user",
    lines: ({ subject, value }) =>
      one(`We moved the ${subject} to ${value} yesterday after the energy review.`),
  },
];

/** An old value printed again by a tool after the current one was stated. */
export const REPRINT_FORMS: readonly Form[] = [
  {
    name: "archived-trend-export",
    carrier: "archive",
    lines: ({ subject, old }) => [{ text: `${subject}: ${old}`, stale: true }],
  },
  {
    name: "quoted-old-email",
    carrier: "email",
    lines: ({ subject, old }) => [
      { text: `> Confirming the ${subject} at ${old} until further notice.`, stale: true },
    ],
  },
  {
    name: "original-commissioning-record",
    carrier: "checklist",
    lines: ({ subject, old, rnd }) => [
      {
        text: `[x] 4.${1 + Math.floor(rnd() * 9)} Verify ${subject} = ${old} (witnessed, ${pick(INITIALS, rnd)})`,
        stale: true,
      },
    ],
  },
];

/** The current value said again, after a stale copy or a rejected proposal. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "stale-export-warning",
    carrier: "assistant",
    lines: ({ subject, value }) => one(`That printout is stale; the ${subject} is ${value} today.`),
  },
  {
    name: "user-still",
    carrier: "user",
    lines: ({ subject, value }) => one(`Ignore the old sheet, the ${subject} is still ${value}.`),
  },
];

/** A proposal that was turned down: restates the current value beside the proposed one. */
export const REJECTED_FORMS: readonly ((s: string, v: string, proposed: string) => string)[] = [
  (s, v, proposed) =>
    `The vendor proposed ${proposed} for the ${s}; we considered it and said not now, it stays ${v}.`,
  (s, v, proposed) => `Rejected the request to take the ${s} to ${proposed}. Keeping ${v}.`,
];

/** A what-if that names only the proposed value: not a statement. */
export const WHAT_IF_FORMS: readonly ((s: string, proposed: string) => string)[] = [
  (s, proposed) => `What if we tried ${proposed} for the ${s}? Just thinking out loud.`,
  (s, proposed) =>
    `If the ${s} went to ${proposed}, would we trip anything downstream? Hypothetical only.`,
];

export const LOOK_ALIKE_FORMS: readonly {
  carrier: Carrier;
  text: (s: string, v: string) => string;
}[] = [
  { carrier: "user", text: (s, v) => `Separately, the ${s} stays at ${v}.` },
  { carrier: "schedule", text: (s, v) => `| ${s} | ${v} | Sat-Sun | rev 3 |` },
  {
    carrier: "email",
    text: (s, v) => `Note the ${s} is ${v}; that one is different on purpose.`,
  },
  { carrier: "assistant", text: (s, v) => `For comparison, the ${s} is set to ${v}.` },
];

/** Lines that name a subject and no value of it. */
export const MENTION_FORMS: readonly ((s: string) => string)[] = [
  (s) => `Can you pull whatever we have on the ${s}? I want it in the handover doc.`,
  (s) => `I have not touched the ${s} yet; it is on the list after the VAV sweep.`,
  (s) => `Do we have the ${s} documented anywhere besides the SOO?`,
  (s) => `The auditor asked who owns the ${s}. I said operations.`,
];

/** Every form name a seed can plant, for the family's own test. */
export const ALL_FORM_NAMES: readonly string[] = [
  ...FIRST_FORMS,
  ...UPDATE_FORMS,
  ...REPRINT_FORMS,
  ...RESTATE_FORMS,
].map((f) => f.name);
