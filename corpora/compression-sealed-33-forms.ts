// The sentence and record forms of the "sealed-33" compression family (an etch-module night
// shift): how the process engineer, the agent, the equipment engineer, the integration lead and
// the fab systems state a planted value first, change it, confirm it, re-print a stale copy,
// float a rejected or hypothetical value, name a look-alike or only mention the subject.
// Used by corpora/compression-sealed-33.ts; the test checks every first and update form is used.
import type { FabSystem, Subject } from "./compression-sealed-33-facts.ts";

type Rnd = () => number;

/** Where a planted text goes: a prose turn or the output of one of the fab tools. */
export type ToolKind =
  | "rms_show"
  | "rms_diff"
  | "spc_export"
  | "mes_history"
  | "fdc_alarms"
  | "ecn_view"
  | "qual_report"
  | "passdown"
  | "chat_log";
export type Slot = "user" | "assistant" | ToolKind;

/** The system a tool kind prints from; pass-down notes and chat carry anything. */
export const SYSTEM_OF: Record<ToolKind, FabSystem | undefined> = {
  rms_show: "rms",
  rms_diff: "rms",
  spc_export: "spc",
  mes_history: "mes",
  fdc_alarms: "fdc",
  ecn_view: "ecn",
  qual_report: "qual",
  passdown: undefined,
  chat_log: undefined,
};

export interface FormInput {
  s: string;
  /** The value stated (current or new). */
  v: string;
  /** The value replaced, for updates and stale copies. */
  old: string;
  alike: string;
  /** A value that is none of the fact's: a rejected proposal's or the look-alike's. */
  decoy: string;
  code: string;
  where: string;
}

export interface Insert {
  form: string;
  slot: Slot;
  /** The lines the form adds, in order. */
  lines: string[];
  /** The lines that state one of the fact's values, with that value. */
  stated: { line: string; value: string }[];
}

export interface Form {
  name: string;
  slot: Slot;
  make(i: FormInput, rnd: Rnd): Insert;
}

export const fits = (form: Form, subject: Subject): boolean => {
  if (form.slot === "user" || form.slot === "assistant") {
    return true;
  }
  const system = SYSTEM_OF[form.slot];
  return system === undefined || subject.systems.includes(system);
};

/** A clock time on the night shift (19:00 to 06:59). */
export function shiftClock(rnd: Rnd): string {
  const h = (19 + Math.floor(rnd() * 12)) % 24;
  const m = Math.floor(rnd() * 60);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** A timestamp on the night of 12 to 13 March. */
export function stamp(rnd: Rnd): string {
  const clock = shiftClock(rnd);
  const day = Number(clock.slice(0, 2)) >= 19 ? "12" : "13";
  const sec = String(Math.floor(rnd() * 60)).padStart(2, "0");
  return `2024-03-${day} ${clock}:${sec}`;
}

export const EE = "Marek Duda (EE)";
export const INT = "Ines Carvalho (INT)";
export const TECH = "Jun Park (tech)";

/** A form whose lines all state `value` (the value field name: "v", "old" or none). */
function form(
  name: string,
  slot: Slot,
  states: "v" | "old" | "none",
  build: (i: FormInput, rnd: Rnd) => string[],
): Form {
  return {
    name,
    slot,
    make(i, rnd) {
      const lines = build(i, rnd);
      const value = states === "v" ? i.v : i.old;
      const stated =
        states === "none"
          ? []
          : lines.filter((l) => l.includes(value)).map((line) => ({ line, value }));
      return { form: name, slot, lines, stated };
    },
  };
}

/** The one-line record each system prints for a subject and a value. */
export const rmsRow = (i: FormInput, value: string) =>
  `${i.code.padEnd(18)} ${value.padEnd(14)} ${i.s}`;
export const qualRow = (i: FormInput, value: string, result: string) =>
  `  ${i.code.padEnd(16)} ${i.s}: ${value}   [${result}]`;
export const mesRow = (i: FormInput, value: string, note: string) =>
  `  ${i.code.padEnd(14)} | ${i.s} | ${value} | ${note}`;
export const chatLine = (rnd: Rnd, who: string, text: string) =>
  `[${shiftClock(rnd)}] ${who}: ${text}`;

export const FIRST_FORMS: readonly Form[] = [
  form("first-user-handover", "user", "v", (i) => [
    `Starting nights on the etch bay. Per the day-shift handover, the ${i.s} is ${i.v} on the released rev.`,
  ]),
  form("first-assistant-read-off", "assistant", "v", (i) => [
    `I read it off the released recipe rather than the traveller: the ${i.s} is ${i.v}.`,
  ]),
  form("first-user-write-down", "user", "v", (i) => [
    `Integration asked me twice today, so writing it down here: ${i.v} is our ${i.s}.`,
  ]),
  form("first-rms-row", "rms_show", "v", (i) => [rmsRow(i, i.v)]),
  form("first-spc-limit-header", "spc_export", "v", (i) => [
    `# limit ${i.code} (${i.s}) = ${i.v} ; limit set ACTIVE`,
  ]),
  form("first-mes-attribute", "mes_history", "v", (i) => [mesRow(i, i.v, "set by ENG")]),
  form("first-fdc-limit-check", "fdc_alarms", "v", (i, rnd) => [
    `${stamp(rnd)} ${i.where} LIMIT-CHECK ${i.code} ${i.s} limit=${i.v} state=OK`,
  ]),
  form("first-ecn-current", "ecn_view", "v", (i) => [`Current setting    : ${i.s} = ${i.v}`]),
  form("first-qual-row", "qual_report", "v", (i) => [qualRow(i, i.v, "PASS")]),
  form("first-passdown-bullet", "passdown", "v", (i) => [
    `* ${i.s} -> ${i.v} (unchanged from days)`,
  ]),
  form("first-chat-ee", "chat_log", "v", (i, rnd) => [
    chatLine(rnd, EE, `for your notes, ${i.s} is ${i.v} on the tool right now`),
  ]),
];

export const UPDATE_FORMS: readonly Form[] = [
  form("update-user-now", "user", "v", (i) => [
    `Heads up, integration just called: the ${i.s} is now ${i.v}, effective with the next lot out of litho.`,
  ]),
  form("update-user-correction", "user", "v", (i) => [
    `Correction on my earlier message. I had the ${i.s} wrong; it should read ${i.v}, not ${i.old}.`,
  ]),
  form("update-assistant-moved", "assistant", "v", (i) => [
    `RMS shows the new rev released, so the ${i.s} moved from ${i.old} to ${i.v}.`,
  ]),
  form("update-assistant-restate", "assistant", "v", (i) => [
    `To restate where we ended up: ${i.v} replaces the previous ${i.s}.`,
  ]),
  form("update-user-signed", "user", "v", (i) => [
    `New number for the ${i.s}: ${i.v}. Ines signed it, please update the OCAP sheet.`,
  ]),
  {
    name: "update-rms-diff",
    slot: "rms_diff",
    make(i) {
      const minus = `-${rmsRow(i, i.old)}`;
      const plus = `+${rmsRow(i, i.v)}`;
      return {
        form: "update-rms-diff",
        slot: "rms_diff",
        lines: [minus, plus],
        stated: [
          { line: minus, value: i.old },
          { line: plus, value: i.v },
        ],
      };
    },
  },
  form("update-ecn-implemented", "ecn_view", "v", (i) => [
    `Change             : ${i.s} ${i.old} -> ${i.v}   (status IMPLEMENTED)`,
  ]),
  form("update-spc-recalculated", "spc_export", "v", (i) => [
    `# limit ${i.code} (${i.s}) = ${i.v} ; recalculated from 30 subgroups, was ${i.old}`,
  ]),
  form("update-fdc-model-edit", "fdc_alarms", "v", (i, rnd) => [
    `${stamp(rnd)} ${i.where} MODEL-EDIT ${i.code} ${i.s} new=${i.v} old=${i.old} user=mduda`,
  ]),
  form("update-mes-attribute-change", "mes_history", "v", (i) => [
    mesRow(i, i.v, `changed by ENG, prev ${i.old}`),
  ]),
  form("update-qual-requal", "qual_report", "v", (i) => [qualRow(i, i.v, "PASS, re-qual")]),
  form("update-passdown-changed", "passdown", "v", (i) => [
    `* CHANGED tonight: ${i.s} now ${i.v} (ECN signed, days please verify)`,
  ]),
  form("update-chat-integration", "chat_log", "v", (i, rnd) => [
    chatLine(rnd, INT, `ok we're going with ${i.v} for the ${i.s}, starting next lot`),
  ]),
];

/** Restatements of the current value (after a stale copy, or to close a fact cleanly). */
export const CONFIRM_FORMS: readonly Form[] = [
  form("confirm-assistant-verified", "assistant", "v", (i) => [
    `Verified against the live rev just now: the ${i.s} is ${i.v}. The other number is history.`,
  ]),
  form("confirm-user-stays", "user", "v", (i) => [
    `Good, so the ${i.s} stays at ${i.v} for the rest of the shift.`,
  ]),
  form("confirm-chat-ee", "chat_log", "v", (i, rnd) => [
    chatLine(rnd, EE, `confirmed on the tool screen, ${i.s} reads ${i.v}`),
  ]),
];

/** Stale copies of a replaced value, printed after the current one (declared statements). */
export const STALE_FORMS: readonly Form[] = [
  form("stale-rms-archived-rev", "rms_show", "old", (i) => [
    "!! showing archived revision (SUPERSEDED), not the released one !!",
    rmsRow(i, i.old),
  ]),
  form("stale-passdown-copied", "passdown", "old", (i) => [
    `* ${i.s} -> ${i.old} (copied forward from last week's note)`,
  ]),
  form("stale-user-traveller", "user", "old", (i) => [
    `The traveller printout at the tool still says the ${i.s} is ${i.old}; I assume that sheet is stale?`,
  ]),
  form("stale-ecn-history", "ecn_view", "old", (i) => [
    `History rev A      : ${i.s} = ${i.old} (superseded)`,
  ]),
];

/** Values that are none of the fact's: rejected proposals and what-ifs. */
export const DECOY_FORMS: readonly Form[] = [
  form("decoy-user-vetoed", "user", "none", (i) => [
    `Marek wanted to try ${i.decoy} for the ${i.s}; Ines vetoed it until the DOE data is back.`,
  ]),
  form("decoy-assistant-what-if", "assistant", "none", (i) => [
    `Purely as a what-if: if the ${i.s} were ${i.decoy} we would have to redo the OCAP. Not proposing it.`,
  ]),
  form("decoy-ecn-rejected-draft", "ecn_view", "none", (i) => [
    `Proposed setting   : ${i.s} = ${i.decoy}   [DRAFT, REJECTED at CCB]`,
  ]),
  form("decoy-chat-ask", "chat_log", "none", (i, rnd) => [
    chatLine(rnd, EE, `could we go ${i.decoy} on the ${i.s}? just asking, no rush`),
  ]),
];

/** A replaced value re-told on its own line, away from the subject (needs an old value). */
export const SPLIT_FORMS: readonly Form[] = [
  form("split-chat-old-number", "chat_log", "none", (i, rnd) => {
    // Question and answer in the same minute, so they stay in order in the channel.
    const clock = shiftClock(rnd);
    return [
      `[${clock}] ${TECH}: what was the old number for the ${i.s}? the sheet at the tool looks wrong`,
      `[${clock}] ${EE}: ${i.old}, that was before the change`,
    ];
  }),
  form("split-ecn-before-after", "ecn_view", "none", (i) => [
    `Affected parameter : ${i.s}`,
    `Value before       : ${i.old}`,
  ]),
];

/** The look-alike subject with a value of its own (in `decoy`). */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  form("alike-user", "user", "none", (i) => [
    `Don't mix it up with the ${i.alike}, which is ${i.decoy}.`,
  ]),
  form("alike-assistant", "assistant", "none", (i) => [
    `Separate setting: the ${i.alike} is ${i.decoy}, and that one is not touched by this ECN.`,
  ]),
  form("alike-passdown", "passdown", "none", (i) => [`* ${i.alike} -> ${i.decoy}`]),
  form("alike-chat", "chat_log", "none", (i, rnd) => [
    chatLine(rnd, EE, `fyi the ${i.alike} is ${i.decoy}, different spec`),
  ]),
];

/** The subject named without a value. */
export const MENTION_FORMS: readonly Form[] = [
  form("mention-user-check", "user", "none", (i) => [
    `Can you check what the ${i.s} is on the released rev? The traveller and RMS disagree sometimes.`,
  ]),
  form("mention-assistant-source", "assistant", "none", (i) => [
    `I'll pull the ${i.s} from the system of record before we quote it to anyone.`,
  ]),
  form("mention-chat-owner", "chat_log", "none", (i, rnd) => [
    chatLine(rnd, INT, `who owns the ${i.s} question tonight, you or days?`),
  ]),
];
