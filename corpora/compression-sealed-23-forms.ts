// How the "sealed-23" family (a magazine issue going to press) states its planted
// facts: a managing editor's terse messages, the agent's replies, Slack exports,
// CMS records and diffs, the printer's proof notes and a cached flatplan export.
// Each form returns the lines it adds and which of them state a value. Used by
// corpora/compression-sealed-23.ts.

export type Channel = "user" | "reply" | "tool";
/** The tool documents a statement can sit in (corpora/compression-sealed-23-filler.ts writes the rest). */
export type ToolKind = "slack" | "cms" | "proof" | "flatplan";
export type Role =
  | "first"
  | "update"
  | "stale"
  | "restate"
  | "confirm"
  | "alike"
  | "whatif"
  | "mention";

export interface FormContext {
  /** The subject, the value this event states and the value it replaces ("" for a first value). */
  s: string;
  v: string;
  old: string;
  /** A value from the fact's pool that is none of its own: for proposals and what-ifs. */
  other: string;
  alike: string;
  alikeValue: string;
  /** "hh:mm" for chat lines. */
  clock: string;
}

export interface Planted {
  channel: Channel;
  kind?: ToolKind;
  lines: string[];
  /** Lines that state a value of the fact: "new" states ctx.v, "old" states ctx.old. */
  said: { line: string; which: "new" | "old" }[];
}

export interface Form {
  name: string;
  role: Role;
  make(c: FormContext): Planted;
}

const say = (channel: Channel, line: string, kind?: ToolKind): Planted => ({
  channel,
  ...(kind === undefined ? {} : { kind }),
  lines: [line],
  said: [{ line, which: "new" }],
});

export const FORMS: readonly Form[] = [
  // First values.
  {
    name: "me-locks",
    role: "first",
    make: (c) => say("user", `Locking the ${c.s} at ${c.v}. Put that in the rundown please.`),
  },
  {
    name: "agent-reads-flatplan",
    role: "first",
    make: (c) =>
      say("reply", `From the flatplan you pasted: ${c.s} is ${c.v}, nothing flagged against it.`),
  },
  {
    name: "slack-confirm",
    role: "first",
    make: (c) =>
      say("tool", `[${c.clock}] priya.nair: ${c.s} confirmed, ${c.v}. legal has no notes`, "slack"),
  },
  {
    name: "printer-email",
    role: "first",
    make: (c) => say("tool", `Per this morning's call we have the ${c.s} down as ${c.v}.`, "proof"),
  },
  {
    name: "cms-record",
    role: "first",
    make: (c) => say("tool", `${c.s}: ${c.v}    # set by M. Osei`, "cms"),
  },
  {
    name: "me-terse",
    role: "first",
    make: (c) => say("user", `${c.s} = ${c.v}. go.`),
  },
  // Changed values.
  {
    name: "me-now",
    role: "update",
    make: (c) => say("user", `Change of plan: the ${c.s} is now ${c.v}.`),
  },
  {
    name: "me-correction",
    role: "update",
    make: (c) =>
      say(
        "user",
        `Sorry, I fat-fingered that earlier. The ${c.s} should read ${c.v}, not ${c.old}.`,
      ),
  },
  {
    name: "slack-moved",
    role: "update",
    make: (c) =>
      say(
        "tool",
        `[${c.clock}] marguerite.osei: heads up, ${c.s} moved to ${c.v} after the 3pm with ad sales`,
        "slack",
      ),
  },
  {
    name: "cms-diff",
    role: "update",
    make: (c) => {
      const before = `-  ${c.s}: ${c.old}`;
      const after = `+  ${c.s}: ${c.v}`;
      return {
        channel: "tool",
        kind: "cms",
        lines: [before, after],
        said: [
          { line: before, which: "old" },
          { line: after, which: "new" },
        ],
      };
    },
  },
  {
    name: "proof-round-two",
    role: "update",
    make: (c) =>
      say(
        "tool",
        `ROUND 2, NOTE 4: ${c.s} revised to ${c.v}. Please confirm on the next proof.`,
        "proof",
      ),
  },
  {
    name: "agent-notes-change",
    role: "update",
    make: (c) =>
      say("reply", `Noted: ${c.v} for the ${c.s} from here on. I've updated the rundown.`),
  },
  {
    name: "me-upstairs",
    role: "update",
    make: (c) =>
      say(
        "user",
        `Got an answer from upstairs on the ${c.s}. We can live with ${c.v}, so that's where we land.`,
      ),
  },
  {
    name: "agent-from-to",
    role: "update",
    make: (c) =>
      say(
        "reply",
        `On the ${c.s}: it went from ${c.old} to ${c.v} in the 4pm meeting, so the budget tab is behind.`,
      ),
  },
  {
    name: "me-pronoun",
    role: "update",
    make: (c) => say("user", `Re the ${c.s}. The printer pushed back, so it's ${c.v} now.`),
  },
  // An old value printed again by a tool after it was replaced.
  {
    name: "cached-flatplan",
    role: "stale",
    make: (c) => {
      const line = `${c.s} ........................ ${c.v}`;
      return {
        channel: "tool",
        kind: "flatplan",
        lines: ["(cached export, generated two days ago)", line],
        said: [{ line, which: "new" }],
      };
    },
  },
  {
    name: "slack-search-old",
    role: "stale",
    make: (c) =>
      say(
        "tool",
        `[Mon ${c.clock}] dev.raman: ${c.s} is ${c.v}, per the Monday budget meeting`,
        "slack",
      ),
  },
  // The current value said again after a stale copy, or a value confirmed that never changed.
  {
    name: "agent-stale-warning",
    role: "restate",
    make: (c) =>
      say(
        "reply",
        `That copy is out of date. The ${c.s} is ${c.v}; I'll regenerate the flatplan so it stops circulating.`,
      ),
  },
  {
    name: "me-ignore-thread",
    role: "restate",
    make: (c) => say("user", `Ignore the old numbers going around, the ${c.s} stays ${c.v}.`),
  },
  {
    name: "printer-reconfirms",
    role: "confirm",
    make: (c) => say("tool", `Reconfirming for our records: ${c.s} unchanged at ${c.v}.`, "proof"),
  },
  {
    name: "agent-checked",
    role: "confirm",
    make: (c) =>
      say("reply", `Double-checked the ${c.s} against the signed rundown: still ${c.v}.`),
  },
  // The look-alike with a value of its own.
  {
    name: "agent-alike",
    role: "alike",
    make: (c) => ({
      channel: "reply",
      lines: [`Separate thing, but the ${c.alike} is ${c.alikeValue}. That's the web desk's call.`],
      said: [],
    }),
  },
  {
    name: "cms-alike",
    role: "alike",
    make: (c) => ({
      channel: "tool",
      kind: "cms",
      lines: [`${c.alike}: ${c.alikeValue}`],
      said: [],
    }),
  },
  {
    name: "me-alike",
    role: "alike",
    make: (c) => ({
      channel: "user",
      lines: [`FYI the ${c.alike} is ${c.alikeValue}, don't mix it up with ours.`],
      said: [],
    }),
  },
  // Proposals that were turned down and what-ifs: another value, not the fact's.
  {
    name: "me-rejects",
    role: "whatif",
    make: (c) => ({
      channel: "user",
      lines: [`Dev asked if we could take the ${c.s} to ${c.other}. Not this issue.`],
      said: [],
    }),
  },
  {
    name: "agent-what-if",
    role: "whatif",
    make: (c) => ({
      channel: "reply",
      lines: [
        `If the Arden Clinics spread falls through, the ${c.s} would have to be ${c.other}. Flagging it, not changing anything.`,
      ],
      said: [],
    }),
  },
  {
    name: "slack-proposal",
    role: "whatif",
    make: (c) => ({
      channel: "tool",
      kind: "slack",
      lines: [
        `[${c.clock}] hugo.lindgren: what about ${c.other} for the ${c.s}?`,
        `[${c.clock}] marguerite.osei: no. not after the proofs went out`,
      ],
      said: [],
    }),
  },
  // The subject named without a value.
  {
    name: "me-chasing",
    role: "mention",
    make: (c) => ({
      channel: "user",
      lines: [`Still chasing a final answer on the ${c.s}.`],
      said: [],
    }),
  },
  {
    name: "agent-asks-printer",
    role: "mention",
    make: (c) => ({
      channel: "reply",
      lines: [`Has anyone told the printer about the ${c.s}? I don't see it in their last email.`],
      said: [],
    }),
  },
];

export const formsFor = (role: Role): readonly Form[] => FORMS.filter((f) => f.role === role);
