// The ways the "sealed-14" compression family states a planted value: first statements,
// updates (restated "now", another verb, corrections, tool-only changes, a new unit,
// accepted proposals, switching steps, shift log, radio, market portal, work orders,
// e-mail), restatements, and decoys after the latest value (turned-down proposals,
// unexecuted contingency plans, re-printed old reports, withdrawn procedures,
// hypotheticals, look-alikes). Used by corpora/compression-sealed-14.ts and its test.
import type { ToolKind } from "./compression-sealed-14-filler.ts";

/** What a form needs: subject, value, replaced value, unused value, look-alike, names. */
export interface FormCtx {
  s: string;
  v: string;
  old: string;
  fresh: string;
  la: string;
  lv: string;
  who: string;
  at: string;
  n: number;
}

/** One planted piece of a beat; `stmt` (if any) is verbatim in one of its parts. */
export interface Piece {
  tool: ToolKind;
  user?: string;
  toolLines?: string[];
  assistant?: string;
  /** Said by the user at the start of the next beat. */
  nextUser?: string;
  stmt?: string;
}

export interface Form {
  name: string;
  make: (c: FormCtx) => Piece;
}

const line = (tool: ToolKind, lines: string[], stmt: string, assistant?: string): Piece => ({
  tool,
  toolLines: lines,
  stmt,
  ...(assistant === undefined ? {} : { assistant }),
});

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-user",
    make: (c) => {
      const stmt = `Before we start: the ${c.s} is ${c.v}.`;
      return { tool: "shiftlog", user: stmt, stmt };
    },
  },
  {
    name: "first-assistant",
    make: (c) => {
      const stmt = `From the handover sheet, the ${c.s} stands at ${c.v}.`;
      return { tool: "email", assistant: stmt, stmt };
    },
  },
  {
    name: "first-historian",
    make: (c) => {
      const stmt = `2026-11-28 05:00:00  ${c.s} = ${c.v}  GOOD`;
      return line("historian", [stmt], stmt);
    },
  },
  {
    name: "first-relay-file",
    make: (c) => {
      const stmt = `SET${c.n % 90}  ${c.s}  ${c.v}`;
      return line("relay", [stmt], stmt);
    },
  },
  {
    name: "first-workorder",
    make: (c) => {
      const stmt = `Field "${c.s}": ${c.v}`;
      return line("workorder", [stmt], stmt);
    },
  },
  {
    name: "first-market",
    make: (c) => {
      const stmt = `${c.s} | ${c.v} | published 05:30`;
      return line("market", [stmt], stmt);
    },
  },
  {
    name: "first-shiftlog",
    make: (c) => {
      const stmt = `${c.at}  ${c.who}  Handover: ${c.s} confirmed as ${c.v}.`;
      return line("shiftlog", [stmt], stmt);
    },
  },
  {
    name: "first-radio",
    make: (c) => {
      const stmt = `[${c.at}] Crew 4 (${c.who}): Control, for your log, the ${c.s} is ${c.v}, over.`;
      return line("radio", [stmt, `[${c.at}] Control: Copy, logged.`], stmt);
    },
  },
  {
    name: "first-email",
    make: (c) => {
      const stmt = `Please note the ${c.s} is ${c.v} until further notice.`;
      return line("email", [`From: ${c.who}`, `Subject: Settings for today`, stmt], stmt);
    },
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "update-now",
    make: (c) => {
      const stmt = `Heads-up from the protection desk: the ${c.s} is now ${c.v}.`;
      return { tool: "relay", user: stmt, stmt };
    },
  },
  {
    name: "update-other-verb",
    make: (c) => {
      const stmt = `Noted: planning moved the ${c.s} to ${c.v} this morning.`;
      return { tool: "email", assistant: stmt, stmt };
    },
  },
  {
    name: "update-correction",
    make: (c) => {
      const stmt = `Correction to what I said earlier: the ${c.s} is ${c.v}, not ${c.old}.`;
      return { tool: "historian", user: stmt, stmt };
    },
  },
  {
    name: "update-tool-only",
    make: (c) => {
      const stmt = `${c.s}: ${c.v}`;
      return line(
        "historian",
        [`-- live value snapshot ${c.at} --`, stmt],
        stmt,
        "Snapshot read back in full; checksum matches.",
      );
    },
  },
  {
    name: "update-new-unit",
    make: (c) => {
      const stmt = `Dispatch gave it in their units: the ${c.s} is now ${c.v}.`;
      return { tool: "market", user: stmt, stmt };
    },
  },
  {
    name: "update-accepted-proposal",
    make: (c) => {
      const stmt = `Proposal: set the ${c.s} to ${c.v} for the rest of the shift.`;
      return {
        tool: "historian",
        assistant: stmt,
        stmt,
        nextUser: "Approved, go with your proposal.",
      };
    },
  },
  {
    name: "update-switching-step",
    make: (c) => {
      const stmt = `Step 7  Set ${c.s} to ${c.v}  EXECUTED ${c.at} by ${c.who}`;
      return line("switching", [stmt], stmt);
    },
  },
  {
    name: "update-shiftlog",
    make: (c) => {
      const stmt = `${c.at}  ${c.who}  ${c.s} changed to ${c.v} (per control engineer)`;
      return line("shiftlog", [stmt], stmt);
    },
  },
  {
    name: "update-radio",
    make: (c) => {
      const stmt = `[${c.at}] Crew 3 (${c.who}): Control, the ${c.s} has been re-set to ${c.v} as instructed, over.`;
      return line("radio", [stmt, `[${c.at}] Control: Copy, thank you.`], stmt);
    },
  },
  {
    name: "update-market",
    make: (c) => {
      const stmt = `${c.s} | ${c.v} | resubmitted ${c.at} | ACCEPTED`;
      return line("market", [stmt], stmt);
    },
  },
  {
    name: "update-workorder",
    make: (c) => {
      const stmt = `Field "${c.s}": ${c.v} (amended by ${c.who})`;
      return line("workorder", [stmt], stmt);
    },
  },
  {
    name: "update-email",
    make: (c) => {
      const stmt = `Effective immediately, the ${c.s} is ${c.v}; the earlier figure is withdrawn.`;
      return line("email", [`From: ${c.who}`, `Subject: Change notice`, stmt], stmt);
    },
  },
];

/** Restatements of the current value after an old-value decoy. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "restate-live",
    make: (c) => {
      const stmt = `Read back from the live system: the ${c.s} is still ${c.v}.`;
      return { tool: "relay", assistant: stmt, stmt };
    },
  },
  {
    name: "restate-shiftlog",
    make: (c) => {
      const stmt = `${c.at}  ${c.who}  ${c.s} unchanged at ${c.v}, checked at handover`;
      return line("shiftlog", [stmt], stmt);
    },
  },
];

/** Decoys that state a replaced value with the subject (a restatement must follow). */
export const OLD_VALUE_DECOYS: readonly Form[] = [
  {
    name: "reprint-old-report",
    make: (c) => {
      const stmt = `${c.s} = ${c.old}`;
      return line(
        "historian",
        [`(cached report from yesterday 22:00, superseded; re-printed from the archive)`, stmt],
        stmt,
        "That was the archived copy, not the live value.",
      );
    },
  },
  {
    name: "withdrawn-procedure",
    make: (c) => {
      const stmt = `Procedure OP-${c.n} rev B (withdrawn) still says to set the ${c.s} to ${c.old}.`;
      return { tool: "email", user: stmt, stmt };
    },
  },
];

/** Decoys that never state a planted value with the subject on one line. */
export const PLAIN_DECOYS: readonly Form[] = [
  {
    name: "rejected-revert",
    make: (c) => ({
      tool: "radio",
      user: `${c.who} on the radio wants the ${c.s} put back to how it was.\nTheir number: ${c.old}. I said no, it stays where it is.`,
    }),
  },
  {
    name: "rejected-fresh",
    make: (c) => ({
      tool: "market",
      assistant: `The market desk proposed taking the ${c.s} to ${c.fresh}; that was rejected, no change.`,
    }),
  },
  {
    name: "contingency-not-executed",
    make: (c) => ({
      tool: "switching",
      toolLines: [`CONTINGENCY PLAN (not executed)`, `If the tie trips: set ${c.s} to ${c.fresh}`],
    }),
  },
  {
    name: "hypothetical",
    make: (c) => ({
      tool: "weather",
      user: `Hypothetically, if the storm takes out the coast feed, would the ${c.s} have to be ${c.fresh}?`,
      assistant: "It would, but nothing has tripped, so nothing changes for now.",
    }),
  },
];

export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "look-alike-prose",
    make: (c) => ({ tool: "oms", user: `Separate item: the ${c.la} is ${c.lv}.` }),
  },
  {
    name: "look-alike-tool",
    make: (c) => ({ tool: "relay", toolLines: [`SET${(c.n + 7) % 90}  ${c.la}  ${c.lv}`] }),
  },
];

/** Questions naming a subject without a value. */
export const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `What do we have for the ${s} at the moment?`,
  (s) => `Keep the ${s} in mind when the evening peak comes.`,
];
