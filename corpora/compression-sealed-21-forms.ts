// How the "sealed-21" family (university course administration) states a value:
// first statements, updates, stale re-prints, final confirmations and look-alike
// lines, each placed in a user, assistant or tool turn. Every form is one line that
// names the subject and the value verbatim. Used by corpora/compression-sealed-21.ts.

export type Slot = "user" | "assistant" | "tool";

export interface Form {
  name: string;
  slot: Slot;
  /** The tool the line comes from when slot is "tool". */
  tool?: string;
  say(subject: string, value: string, old: string): string;
}

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "handbook",
    slot: "user",
    say: (s, v) => `Per the module handbook, the ${s} is ${v} this year.`,
  },
  {
    name: "yaml-rubric",
    slot: "tool",
    tool: "read_file",
    say: (s, v) => `${s}: ${v}    # set by convenor, semester one`,
  },
  {
    name: "convenor-says",
    slot: "user",
    say: (s, v) => `Quick context before we start: we run the ${s} at ${v}, same as last session.`,
  },
  {
    name: "assistant-found",
    slot: "assistant",
    say: (s, v) => `I found it in the programme spec: the ${s} is listed as ${v}.`,
  },
  {
    name: "minutes-item",
    slot: "tool",
    tool: "open_minutes",
    say: (s, v) =>
      `3.2 The board confirmed the ${s} as ${v} (proposed: Dr Rahman; seconded: Ms Oduya).`,
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now",
    slot: "user",
    say: (s, v) => `Registry just emailed: the ${s} is now ${v}.`,
  },
  {
    name: "changed-from",
    slot: "tool",
    tool: "open_minutes",
    say: (s, v, o) =>
      `5.1 Following discussion, the ${s} was changed from ${o} to ${v} with immediate effect.`,
  },
  {
    name: "correction",
    slot: "user",
    say: (s, v, o) =>
      `Sorry, I meant ${v} for the ${s}, not ${o} — my mistake in the earlier message.`,
  },
  {
    name: "pronoun",
    slot: "user",
    say: (s, v) =>
      `About the ${s}: the head of department signed it off and it is ${v} from Monday.`,
  },
  {
    name: "teams",
    slot: "tool",
    tool: "read_teams_chat",
    say: (s, v) => `[09:14] Priya (Exams Office): fyi ${s} moved to ${v}, the portal is updated`,
  },
  {
    name: "assistant-applied",
    slot: "assistant",
    say: (s, v) => `Done. I've set the ${s} to ${v} in the VLE settings and the handbook draft.`,
  },
  {
    name: "going-forward",
    slot: "user",
    say: (s, v) => `Going forward please use ${v} as the ${s}; the QA panel asked for it.`,
  },
];

/** An old value printed again by a tool after the new one was set. */
export const STALE_FORM: Form = {
  name: "stale-export",
  slot: "tool",
  tool: "export_gradebook",
  say: (s, v) => `# cached settings snapshot (last synced before the change): ${s} = ${v}`,
};

/** The current value stated once more after a stale copy. */
export const RECONFIRM_FORM: Form = {
  name: "reconfirm",
  slot: "assistant",
  say: (s, v) =>
    `That snapshot is out of date; the live ${s} is ${v}, I double-checked the portal.`,
};

/** A proposal that was turned down: names the subject with a value it never took. */
export const REJECTED = (s: string, v: string) =>
  `Dr Rahman floated ${v} for the ${s} but the board turned it down, so no change there.`;

/** A what-if that names the subject with a value it never took. */
export const WHAT_IF = (s: string, v: string) =>
  `If we went to ${v} on the ${s}, would that clash with the regulations? Just asking, not changing it.`;

/** A look-alike's own value. */
export const LOOK_ALIKE_FORMS: readonly ((s: string, v: string) => string)[] = [
  (s, v) => `Separate thing: the ${s} is ${v}, that one is handled by the school office.`,
  (s, v) => `Note the ${s} stays at ${v}; don't mix it up with ours.`,
];

/** Sentences that name a subject without a value. */
export const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Can you remind me where the ${s} is documented?`,
  (s) => `Students keep asking about the ${s} on the forum.`,
  (s) => `I'll add the ${s} to the FAQ page once things settle.`,
];
