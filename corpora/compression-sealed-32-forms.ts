// The ways the "sealed-32" family (a transit agency's winter timetable change) states a planted
// value: first statements, updates, confirmations and stale re-prints, in the planner's and the
// supervisor's prose, in the agent's answers, and inside the desk's tool output (parameter
// printouts, headway tables, diffs of the service-change file, union and city emails, board
// memo excerpts, audit logs, rider-alert CMS records). Each form returns its text and the exact
// lines that state a value. Used by corpora/compression-sealed-32.ts and its test.

export type ToolKind =
  | "params"
  | "headways"
  | "diff"
  | "mail"
  | "memo"
  | "audit"
  | "alerts"
  | "roster"
  | "vehicles"
  | "teams";

export type Channel = "user" | "assistant" | ToolKind;

export interface FormInput {
  s: string;
  v: string;
  /** The value this one replaces ("" for a first statement). */
  old: string;
  rnd: () => number;
}

/** Text to place, and the lines in it that state a value: "new" is v, "old" is old. */
export interface Planted {
  text: string;
  stated: { sentence: string; which: "new" | "old" }[];
}

export interface Form {
  name: string;
  channel: Channel;
  render(input: FormInput): Planted;
}

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;

const one = (sentence: string): Planted => ({
  text: sentence,
  stated: [{ sentence, which: "new" }],
});

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;
const stamp = (rnd: () => number) =>
  `2026-11-${String(3 + Math.floor(rnd() * 24)).padStart(2, "0")} ${String(7 + Math.floor(rnd() * 10)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}`;

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "planner-note",
    channel: "user",
    render: ({ s, v, rnd }) =>
      one(
        `${pick(rnd, ["Per the draft service plan", "From Marisol's working sheet", "Going by the September service standards review"])}, the ${s} is ${v} for winter.`,
      ),
  },
  {
    name: "supervisor-says",
    channel: "user",
    render: ({ s, v }) =>
      one(
        `Ray from ops here: the depot has the ${s} down as ${v}, and nobody has told us otherwise.`,
      ),
  },
  {
    name: "agent-summary-bullet",
    channel: "assistant",
    render: ({ s, v }) =>
      one(`- ${cap(s)}: ${v} (taken from the service change workbook, tab "Winter 26")`),
  },
  {
    name: "param-printout",
    channel: "params",
    render: ({ s, v }) => one(`  ${s} ${".".repeat(Math.max(3, 58 - s.length))} ${v}`),
  },
  {
    name: "headway-table-row",
    channel: "headways",
    render: ({ s, v, rnd }) =>
      one(
        `| ${s.padEnd(52)} | ${v.padEnd(10)} | ${pick(rnd, ["draft", "proposed", "as filed"])} |`,
      ),
  },
  {
    name: "board-memo-recommendation",
    channel: "memo",
    render: ({ s, v }) =>
      one(`For the Board's information, the ${s} is ${v} under the winter service change.`),
  },
  {
    name: "city-email",
    channel: "mail",
    render: ({ s, v }) =>
      one(
        `Our understanding from the last coordination call is that the ${s} will be ${v}; please flag it if that is wrong before we brief council.`,
      ),
  },
  {
    name: "alert-cms-field",
    channel: "alerts",
    render: ({ s, v }) => one(`    "internal_note": "${s} = ${v} (check before publishing)",`),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "ops-meeting-now",
    channel: "user",
    render: ({ s, v }) => one(`Change coming out of the ops meeting: the ${s} is now ${v}.`),
  },
  {
    name: "planner-correction",
    channel: "user",
    render: ({ s, v }) =>
      one(
        `Sorry, I gave you the wrong number earlier. The ${s} should read ${v}; that is what the board package actually says.`,
      ),
  },
  {
    name: "agent-applied",
    channel: "assistant",
    render: ({ s, v }) =>
      one(
        `Done. I've updated the draft so that ${v} is now the ${s}, and I regenerated the summary tab.`,
      ),
  },
  {
    name: "service-file-diff",
    channel: "diff",
    render: ({ s, v, old }) => {
      const minus = `-  ${s}: ${old}`;
      const plus = `+  ${s}: ${v}`;
      return {
        text: `@@ -41,7 +41,7 @@ service_change:\n   planner: m.vance\n${minus}\n${plus}\n   reviewed_by: r.oduya`,
        stated: [
          { sentence: minus, which: "old" },
          { sentence: plus, which: "new" },
        ],
      };
    },
  },
  {
    name: "union-email-revised",
    channel: "mail",
    render: ({ s, v }) =>
      one(
        `Following Thursday's labour-management meeting the ${s} has been revised to ${v}, and the Local will hold the Agency to that in the pick.`,
      ),
  },
  {
    name: "email-reply-with-quote",
    channel: "mail",
    render: ({ s, v, old, rnd }) => {
      const top = `Confirming for the record that the ${s} is ${v} as of this morning's call.`;
      const quoted = `> ...and unless we hear otherwise the ${s} stays at ${old}.`;
      return {
        text: `${top}\n\nPriya\n\nOn ${pick(rnd, WEEKDAYS)}, Nov ${10 + Math.floor(rnd() * 15)}, 2026, Marisol Vance wrote:\n> Hi Priya,\n${quoted}\n> Thanks, M.`,
        stated: [
          { sentence: quoted, which: "old" },
          { sentence: top, which: "new" },
        ],
      };
    },
  },
  {
    name: "audit-log-set",
    channel: "audit",
    render: ({ s, v, rnd }) =>
      one(
        `${stamp(rnd)}  r.oduya     PARAM_SET    "${s}" -> ${v}   (ticket SC-${4100 + Math.floor(rnd() * 800)})`,
      ),
  },
  {
    name: "memo-revision",
    channel: "memo",
    render: ({ s, v }) =>
      one(
        `REVISED: the ${s} is ${v}. This supersedes the figure in the October draft of this memo.`,
      ),
  },
  {
    name: "teams-paste",
    channel: "teams",
    render: ({ s, v, rnd }) =>
      one(
        `[${String(7 + Math.floor(rnd() * 9)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}] Ray Oduya: heads up, the ${s} moved to ${v} per the depot manager`,
      ),
  },
  {
    name: "agent-paraphrase-went",
    channel: "assistant",
    render: ({ s, v }) =>
      one(
        `Noting the change: going forward the ${s} comes out at ${v}, which is what I'll carry into the rider alert and the GTFS export.`,
      ),
  },
];

/** Restating the current value (unchanged facts, and after a stale copy). */
export const CONFIRM_FORMS: readonly Form[] = [
  {
    name: "agent-confirm-live",
    channel: "assistant",
    render: ({ s, v }) => one(`Checked against the live scheduling database: the ${s} is ${v}.`),
  },
  {
    name: "param-printout-confirm",
    channel: "params",
    render: ({ s, v }) => one(`  ${s} ${".".repeat(Math.max(3, 58 - s.length))} ${v}`),
  },
  {
    name: "supervisor-confirm",
    channel: "user",
    render: ({ s, v }) =>
      one(
        `Ray again. Just to close the loop, I confirmed with the depot that the ${s} is still ${v}.`,
      ),
  },
];

/** After a stale copy, the agent points at the current value. */
export const AFTER_STALE: readonly ((s: string, v: string) => string)[] = [
  (s, v) => `Careful, that one predates the change: the ${s} is ${v} now, not what it printed.`,
  (s, v) => `That copy is stale. The current ${s} is ${v}; I would not forward the old file.`,
  (s, v) => `Ignore that figure, it is from before the change; since then ${v} has been the ${s}.`,
];

/** A replaced value re-printed by a tool or pasted by a person. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "stale-cached-printout",
    channel: "params",
    render: ({ s, old }) => ({
      text: `  ${s} ${".".repeat(Math.max(3, 58 - s.length))} ${old}`,
      stated: [
        { sentence: `  ${s} ${".".repeat(Math.max(3, 58 - s.length))} ${old}`, which: "old" },
      ],
    }),
  },
  {
    name: "stale-old-alert-draft",
    channel: "alerts",
    render: ({ s, old }) => {
      const line = `    "body_en": "Service change: the ${s} will be ${old}. Plan ahead.",`;
      return { text: line, stated: [{ sentence: line, which: "old" }] };
    },
  },
  {
    name: "stale-headway-row",
    channel: "headways",
    render: ({ s, old }) => {
      const line = `| ${s.padEnd(52)} | ${old.padEnd(10)} | as filed |`;
      return { text: line, stated: [{ sentence: line, which: "old" }] };
    },
  },
];

/** Values a fact never had: rejected proposals, hypotheticals, scenarios not adopted. */
export const DECOY_FORMS: readonly {
  name: string;
  channel: Channel;
  render(s: string, x: string): string;
}[] = [
  {
    name: "union-rejected",
    channel: "mail",
    render: (s, x) =>
      `The Local proposed putting the ${s} at ${x}; management declined that at the table and we are noting our objection.`,
  },
  {
    name: "planner-what-if",
    channel: "user",
    render: (s, x) =>
      `Hypothetically, if the ${s} were ${x} instead, what else would have to move? Not proposing it, just asking.`,
  },
  {
    name: "scenario-not-adopted",
    channel: "headways",
    render: (s, x) => `| ${s.padEnd(52)} | ${x.padEnd(10)} | scenario B, not adopted |`,
  },
  {
    name: "agent-rejects",
    channel: "assistant",
    render: (s, x) =>
      `I'd advise against ${x} for the ${s}; it would reopen the package the board already voted on.`,
  },
  {
    name: "city-asks",
    channel: "mail",
    render: (s, x) =>
      `Council staff asked whether the ${s} could be ${x} instead. That is a question only, there is no motion on it.`,
  },
];

/** The look-alike subject with a value of its own. */
export const LOOK_ALIKE_FORMS: readonly {
  name: string;
  channel: Channel;
  render(l: string, x: string): string;
}[] = [
  {
    name: "alike-prose",
    channel: "user",
    render: (l, x) => `Don't mix these up: the ${l} is ${x}, which is a separate line item.`,
  },
  {
    name: "alike-printout",
    channel: "params",
    render: (l, x) => `  ${l} ${".".repeat(Math.max(3, 58 - l.length))} ${x}`,
  },
  {
    name: "alike-agent",
    channel: "assistant",
    render: (l, x) =>
      `For completeness, the ${l} is ${x}; that one is set separately and did not change.`,
  },
  {
    name: "alike-memo",
    channel: "memo",
    render: (l, x) => `Note that the ${l} remains at ${x} and is outside the scope of this item.`,
  },
];

/** Sentences naming a subject without any value. */
export const MENTION_FORMS: readonly ((s: string) => string)[] = [
  (s) => `Can you check whether the ${s} made it into the board memo at all?`,
  (s) => `The union rep asked about the ${s} again on the phone; I said we'd get back to her.`,
  (s) => `I want the ${s} listed in the rider alert FAQ, wording to be decided.`,
  (s) => `Remind me who signs off on the ${s}, is that service planning or operations?`,
];
