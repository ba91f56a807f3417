// How the "sealed-28" family (satellite ground-station and flight-dynamics shift)
// words each planted event: first values, changes, restatements, stale re-prints
// by tools, reconfirmations, rejected proposals, look-alikes and bare mentions.
// A form says where its lines go (a prose turn, the fact's home tool, or a named
// tool) and which lines state the current value ("v") or the replaced one ("old").
// Used by corpora/compression-sealed-28.ts.
import type { HomeTool } from "./compression-sealed-28-facts.ts";

export type Host =
  | "user"
  | "assistant"
  | "home"
  | "ops_chat_export"
  | "mail_search"
  | "config_diff"
  | "anomaly_tracker"
  | "link_budget";

/** Everything a form may name. */
export interface FormContext {
  s: string;
  v: string;
  old: string;
  alike: string;
  alikeValue: string;
  decoy: string;
  who: string;
  time: string;
  mnemonic: string;
  key: string;
  home: HomeTool;
}

export interface FormLine {
  text: string;
  /** Which value the line states; undefined when it states none of the fact's values. */
  states?: "v" | "old";
}

export interface Form {
  name: string;
  host: Host;
  lines: (c: FormContext) => FormLine[];
}

/** The line a fact's home tool prints for it. */
export function homeLine(c: FormContext, value: string, note = ""): string {
  const tail = note === "" ? "" : `  ${note}`;
  switch (c.home) {
    case "tlm_limits":
      return `${c.mnemonic.padEnd(14)} ${c.s.padEnd(40)} ${value.padEnd(12)} RED   ENABLED${tail}`;
    case "station_booking":
      return `      {"param": "${c.s}", "value": "${value}", "set_by": "${c.who}"${note === "" ? "" : `, "note": "${note}"`}},`;
    case "od_report":
      return `  ${`${c.s} `.padEnd(46, ".")} ${value}${tail}`;
    case "cmd_plan":
      return `; ${c.s}: ${value}${tail}`;
    case "anomaly_tracker":
      return `  ${c.s}: ${value}${tail}`;
  }
}

const v = (text: string): FormLine => ({ text, states: "v" });
const old = (text: string): FormLine => ({ text, states: "old" });
const plain = (text: string): FormLine => ({ text });

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "shift-brief",
    host: "user",
    lines: (c) => [v(`For today's shift the ${c.s} is ${c.v}, straight from the flight rules.`)],
  },
  { name: "home-print", host: "home", lines: (c) => [v(homeLine(c, c.v))] },
  {
    name: "chat-fyi",
    host: "ops_chat_export",
    lines: (c) => [v(`[${c.time}] ${c.who}: fyi ${c.s} is ${c.v} for this week`)],
  },
  {
    name: "email-agreement",
    host: "mail_search",
    lines: (c) => [v(`Per the ops agreement the ${c.s} will be ${c.v} until the next review.`)],
  },
  {
    name: "assistant-readback",
    host: "assistant",
    lines: (c) => [v(`Reading back from the handover log: ${c.s} ${c.v}.`)],
  },
  {
    name: "we-run-with",
    host: "user",
    lines: (c) => [v(`We run with ${c.v} as the ${c.s} unless FD says otherwise.`)],
  },
  {
    name: "email-confirming",
    host: "mail_search",
    lines: (c) => [v(`Confirming ${c.v} as the ${c.s} for the coming week.`)],
  },
  {
    name: "system-of-record",
    host: "assistant",
    lines: (c) => [v(`The system of record has the ${c.s} at ${c.v}.`)],
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "night-shift-now",
    host: "user",
    lines: (c) => [v(`Heads-up from the night shift: the ${c.s} is now ${c.v}.`)],
  },
  {
    name: "changed-from-to",
    host: "assistant",
    lines: (c) => [v(`I've changed the ${c.s} from ${c.old} to ${c.v} in the shared table.`)],
  },
  {
    name: "config-diff",
    host: "config_diff",
    lines: (c) => [old(`-${c.key}: ${c.old}    # ${c.s}`), v(`+${c.key}: ${c.v}    # ${c.s}`)],
  },
  {
    name: "chat-goes-to",
    host: "ops_chat_export",
    lines: (c) => [v(`[${c.time}] ${c.who}: ok so ${c.s} goes to ${c.v}, I'll update the sheet`)],
  },
  {
    name: "email-effective",
    host: "mail_search",
    lines: (c) => [v(`Effective from the next pass, the ${c.s} changes to ${c.v}.`)],
  },
  {
    name: "correction",
    host: "user",
    lines: (c) => [
      v(`Correction to what I said before: the ${c.s} should be ${c.v}, not ${c.old}.`),
    ],
  },
  {
    name: "pronoun-after-naming",
    host: "assistant",
    lines: (c) => [v(`On the ${c.s}: FD recomputed it and it's ${c.v} as of this shift.`)],
  },
  {
    name: "home-revised",
    host: "home",
    lines: (c) => [v(homeLine(c, c.v, `rev by ${c.who}, was ${c.old}`))],
  },
  {
    name: "terse-go",
    host: "user",
    lines: (c) => [v(`ok, go with ${c.v} for the ${c.s}`)],
  },
  {
    name: "ticket-comment",
    host: "anomaly_tracker",
    lines: (c) => [v(`  comment (${c.who}): ${c.s} revised to ${c.v} after the FDIR review`)],
  },
  {
    name: "email-now-moved",
    host: "mail_search",
    lines: (c) => [v(`We have now moved the ${c.s} to ${c.v}; please update your console notes.`)],
  },
  {
    name: "fd-new-numbers",
    host: "user",
    lines: (c) => [v(`FD here, new numbers: ${c.s} ${c.v}, effective immediately.`)],
  },
  {
    name: "chat-scratch-that",
    host: "ops_chat_export",
    lines: (c) => [v(`[${c.time}] ${c.who}: scratch that, ${c.s} is ${c.v} now`)],
  },
];

/** The same value again, for a fact that never changes. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "handover-still",
    host: "user",
    lines: (c) => [v(`Handover reminder: ${c.s} still ${c.v}, no change.`)],
  },
  { name: "home-unchanged", host: "home", lines: (c) => [v(homeLine(c, c.v, "(unchanged)"))] },
  {
    name: "assistant-stays",
    host: "assistant",
    lines: (c) => [v(`Nothing new on the ${c.s}; it stays at ${c.v}.`)],
  },
  {
    name: "chat-unchanged",
    host: "ops_chat_export",
    lines: (c) => [v(`[${c.time}] ${c.who}: ${c.s} unchanged at ${c.v}`)],
  },
];

/** A tool re-printing a replaced value after the change (a stale copy). */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "stale-home-snapshot",
    host: "home",
    lines: (c) => [old(homeLine(c, c.old, "(snapshot, last week)"))],
  },
  {
    name: "stale-quoted-email",
    host: "mail_search",
    lines: (c) => [old(`> the ${c.s} is ${c.old} for the whole campaign`)],
  },
];

/** The current value said again after a stale copy. */
export const RECONFIRM_FORMS: readonly Form[] = [
  {
    name: "reconfirm-user",
    host: "user",
    lines: (c) => [v(`That printout is old. The ${c.s} is ${c.v} since the change.`)],
  },
  {
    name: "reconfirm-assistant",
    host: "assistant",
    lines: (c) => [v(`Note the output above predates the change; the ${c.s} remains ${c.v}.`)],
  },
  {
    name: "reconfirm-chat",
    host: "ops_chat_export",
    lines: (c) => [v(`[${c.time}] ${c.who}: ignore the old printout, ${c.s} = ${c.v}`)],
  },
];

/** Rejected proposals and what-ifs: a value the fact never takes. */
export const DECOY_FORMS: readonly Form[] = [
  {
    name: "what-if",
    host: "user",
    lines: (c) => [
      plain(`What if we set the ${c.s} to ${c.decoy} instead? Probably not, leave it.`),
    ],
  },
  {
    name: "chat-turned-down",
    host: "ops_chat_export",
    lines: (c) => [
      plain(
        `[${c.time}] ${c.who}: proposal to move ${c.s} to ${c.decoy} was turned down by the shift lead`,
      ),
    ],
  },
  {
    name: "assistant-hypothetical",
    host: "assistant",
    lines: (c) => [
      plain(
        `If the ${c.s} were ${c.decoy}, the next two passes would fail the check, so I would not go there.`,
      ),
    ],
  },
  {
    name: "email-considered",
    host: "mail_search",
    lines: (c) => [plain(`We considered ${c.decoy} for the ${c.s} but are not adopting it.`)],
  },
  {
    name: "link-budget-what-if",
    host: "link_budget",
    lines: (c) => [plain(`what-if run: ${c.s} = ${c.decoy} (scenario only, not applied)`)],
  },
];

/** The look-alike subject with a value of its own. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-user",
    host: "user",
    lines: (c) => [plain(`Separate item: the ${c.alike} is ${c.alikeValue}.`)],
  },
  {
    name: "alike-chat",
    host: "ops_chat_export",
    lines: (c) => [
      plain(`[${c.time}] ${c.who}: note the ${c.alike} is ${c.alikeValue}, not the same thing`),
    ],
  },
  {
    name: "alike-assistant",
    host: "assistant",
    lines: (c) => [plain(`For comparison, the ${c.alike} sits at ${c.alikeValue}.`)],
  },
  {
    name: "alike-home",
    host: "home",
    lines: (c) => [plain(homeLine({ ...c, s: c.alike }, c.alikeValue))],
  },
];

/** The subject with no value. */
export const MENTION_FORMS: readonly Form[] = [
  {
    name: "mention-where",
    host: "user",
    lines: (c) => [plain(`Can you check where the ${c.s} is defined before the next pass?`)],
  },
  {
    name: "mention-watch",
    host: "assistant",
    lines: (c) => [plain(`I'll keep an eye on the ${c.s} while the pass runs.`)],
  },
  {
    name: "mention-owner",
    host: "user",
    lines: (c) => [plain(`Who owns the ${c.s} these days, FD or the controllers?`)],
  },
];
