// The statement forms of the "sealed-24" compression family: how the project engineer,
// the agent, subs' emails and site tools state a planted value the first time, change
// it, re-print an old one, restate the current one, float a rejected proposal or a
// what-if, name the look-alike, or mention the subject with no value. Each form gives
// where it goes (a user or assistant turn, or a tool's output) and its lines, each line
// marked with the value index it states (null: states none of the fact's values).
// Used by corpora/compression-sealed-24.ts.
import type { ToolKind } from "./compression-sealed-24-filler.ts";

export type Host = "user" | "assistant" | ToolKind;

export interface FormInput {
  s: string;
  v: string;
  /** The value this one replaces ("" for a first value). */
  old: string;
  /** Value indexes of `v` and `old`. */
  vi: number;
  oldi: number;
  /** A value that is none of the fact's (a proposal, a what-if, the look-alike's). */
  other: string;
  n: number;
}

export interface Plant {
  host: Host;
  lines: { text: string; value: number | null }[];
}

export interface Form {
  name: string;
  make(x: FormInput): Plant;
}

const prose = (host: "user" | "assistant", text: string, value: number | null): Plant => ({
  host,
  lines: [{ text, value }],
});
const row = (host: ToolKind, text: string, value: number | null): Plant => ({
  host,
  lines: [{ text, value }],
});

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "super-said",
    make: (x) =>
      prose("user", `Per the super at this morning's huddle, the ${x.s} is ${x.v}.`, x.vi),
  },
  {
    name: "agent-logged",
    make: (x) =>
      prose(
        "assistant",
        `Logged it in the project register: ${x.s} = ${x.v}, source is the OAC minutes.`,
        x.vi,
      ),
  },
  {
    name: "register-csv",
    make: (x) => row("export_schedule", `R-${x.n},${x.s},${x.v},confirmed,PE`, x.vi),
  },
  {
    name: "sub-email",
    make: (x) =>
      row("search_email", `Confirming the ${x.s} at ${x.v} as we discussed at the trailer.`, x.vi),
  },
  {
    name: "minutes-item",
    make: (x) =>
      row("get_meeting_minutes", `3.${x.n % 9}  ${x.s}: agreed ${x.v}. Action: GC.`, x.vi),
  },
  {
    name: "cost-json",
    make: (x) =>
      row("get_cost_report", `    { "item": "${x.s}", "value": "${x.v}", "set_by": "pe" },`, x.vi),
  },
  {
    name: "terse-user",
    make: (x) => prose("user", `ok so ${x.s} ${x.v}, lock that in`, x.vi),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now",
    make: (x) => prose("user", `Heads up, the ${x.s} is now ${x.v}.`, x.vi),
  },
  {
    name: "pronoun",
    make: (x) =>
      prose(
        "user",
        `Talked to the architect about the ${x.s}. It moves to ${x.v} after the revised drawings.`,
        x.vi,
      ),
  },
  {
    name: "correction",
    make: (x) =>
      prose(
        "assistant",
        `Correction to what I wrote earlier: the ${x.s} is ${x.v}, not ${x.old}. I misread the log.`,
        x.vi,
      ),
  },
  {
    name: "register-diff",
    make: (x) => ({
      host: "get_submittal_register",
      lines: [
        { text: `-  ${x.s}: ${x.old}`, value: x.oldi },
        { text: `+  ${x.s}: ${x.v}`, value: x.vi },
      ],
    }),
  },
  {
    name: "daily-log-revised",
    make: (x) =>
      row(
        "read_daily_log",
        `14:${10 + (x.n % 40)}  Owner's rep revised the ${x.s} to ${x.v}; board in trailer updated.`,
        x.vi,
      ),
  },
  {
    name: "change-log-csv",
    make: (x) => row("export_schedule", `CHG-${x.n},${x.s},was ${x.old},now ${x.v},approved`, x.vi),
  },
  {
    name: "going-forward",
    make: (x) =>
      prose("user", `From today the ${x.s} reads ${x.v}, please use that going forward.`, x.vi),
  },
  {
    name: "email-revision",
    make: (x) =>
      row(
        "search_email",
        `Per the attached revision the ${x.s} changes to ${x.v}, effective Monday.`,
        x.vi,
      ),
  },
  {
    name: "calendar-note",
    make: (x) => row("crane_calendar", `NOTE: ${x.s} moved to ${x.v} per lift plan rev C`, x.vi),
  },
];

/** A re-printed old copy: an archived log or export showing a replaced value. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "archived-log",
    make: (x) => row("read_daily_log", `(archived entry, re-exported) ${x.s}: ${x.v}`, x.vi),
  },
  {
    name: "old-photo-caption",
    make: (x) =>
      row(
        "list_photos",
        `  {"file": "IMG_0${x.n}.jpg", "caption": "${x.s} ${x.v} (old board)"},`,
        x.vi,
      ),
  },
];

/** The current value said again after a stale copy was printed. */
export const AFTER_STALE_FORMS: readonly Form[] = [
  {
    name: "still-current",
    make: (x) =>
      prose(
        "assistant",
        `That export is stale. The ${x.s} is still ${x.v}; nothing changed since.`,
        x.vi,
      ),
  },
  {
    name: "ignore-old-copy",
    make: (x) =>
      prose("user", `Ignore that old copy, the ${x.s} is ${x.v} as of the last revision.`, x.vi),
  },
];

/** An unchanged value said again later in other words. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "ok-go-with",
    make: (x) => prose("user", `ok go with ${x.v} for the ${x.s}, same as before`, x.vi),
  },
  {
    name: "reminder-to-subs",
    make: (x) =>
      row(
        "search_email",
        `Reminder to all trades: the ${x.s} stays ${x.v} until further notice.`,
        x.vi,
      ),
  },
];

/** Lines naming the subject with a value that is none of its own. */
export const DECOY_FORMS: readonly Form[] = [
  {
    name: "rejected-proposal",
    make: (x) =>
      prose("user", `The sub floated ${x.other} for the ${x.s}; we turned that down.`, null),
  },
  {
    name: "what-if",
    make: (x) =>
      prose(
        "assistant",
        `If the inspection slips, the ${x.s} could end up ${x.other}, but nothing is decided.`,
        null,
      ),
  },
  {
    name: "premium-offer",
    make: (x) =>
      row(
        "search_email",
        `We could hit ${x.other} for the ${x.s} if you approve the overtime premium, your call.`,
        null,
      ),
  },
  {
    name: "question",
    make: (x) =>
      prose("user", `Would ${x.other} even work for the ${x.s}? Just thinking out loud.`, null),
  },
];

/** The look-alike's own value; `s` is the look-alike subject here. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-prose",
    make: (x) => prose("user", `Separately, the ${x.s} is ${x.other}.`, null),
  },
  {
    name: "alike-csv",
    make: (x) => row("export_schedule", `R-${x.n},${x.s},${x.other},confirmed,PE`, null),
  },
  {
    name: "alike-warning",
    make: (x) =>
      prose("assistant", `Don't mix them up: the ${x.s} is ${x.other}, a different item.`, null),
  },
];

export const MENTION_FORMS: readonly Form[] = [
  {
    name: "mention-chase",
    make: (x) =>
      prose("user", `Can you chase the architect on the ${x.s}? Still nothing back.`, null),
  },
  {
    name: "mention-agenda",
    make: (x) => row("get_meeting_minutes", `5.${x.n % 9}  ${x.s}: open, GC to confirm.`, null),
  },
];
