// The statement forms of the "sealed-34" compression family (corpora/compression-sealed-34.ts,
// a museum registrar's loan exhibition): how the registrar, the exhibitions manager, lenders
// and the office's systems state an agreed value, limit, flight, crate or date the first time,
// change it and confirm it. Each form says where it lands (a user turn, an assistant turn or
// one kind of tool output), which kinds of fact its wording fits, and which of its lines state
// which value. Stale copies, decoys, look-alikes and mentions are in
// compression-sealed-34-echoes.ts; the family's test checks every first and update form is used.
import { SUBJECTS, type FactKind } from "./compression-sealed-34-facts.ts";

export type ToolKind =
  | "cms"
  | "condition"
  | "agreement"
  | "insurance"
  | "booking"
  | "logger"
  | "email"
  | "schedule"
  | "ticket"
  | "script";
export type Slot = "user" | "assistant" | ToolKind;

/** What a form is given: subject, the value it states, the one it replaces, look-alike, a decoy. */
export interface FormInput {
  s: string;
  v: string;
  old: string;
  alike: string;
  decoy: string;
}

/** A planted piece of text: its slot, its text (may span lines) and the lines that state values. */
export interface Insert {
  form: string;
  slot: Slot;
  text: string;
  stated: { line: string; value: string }[];
}

export interface Form {
  name: string;
  /** The kinds of fact this wording fits; every kind when absent. */
  kinds?: readonly FactKind[];
  make(i: FormInput): Insert;
}

export const fits = (form: Form, kind: FactKind) => form.kinds?.includes(kind) ?? true;

/** Title case a subject the way a printed field label would. */
export const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A one-line insert stating one value. */
export function stating(form: string, slot: Slot, line: string, value: string): Insert {
  return { form, slot, text: line, stated: [{ line, value }] };
}

/** A multi-line insert whose `line` (one of its lines) states the value. */
export function block(
  form: string,
  slot: Slot,
  lines: readonly string[],
  at: number,
  value: string,
) {
  return { form, slot, text: lines.join("\n"), stated: [{ line: lines[at] ?? "", value }] };
}

/** An insert that states nothing. */
export function plain(form: string, slot: Slot, text: string): Insert {
  return { form, slot, text, stated: [] };
}

const AGREEMENT_KINDS: readonly FactKind[] = ["money", "env", "span", "person", "count", "date"];
const BOOKING_KINDS: readonly FactKind[] = ["ref", "date", "person", "size", "span"];
const CMS_KINDS: readonly FactKind[] = ["money", "size", "person", "ref", "count"];

/** The clause of the loan agreement a subject sits in, the same in every draft and amendment. */
export function clause(s: string): string {
  const numbers = [
    "3.2",
    "3.4",
    "4.3",
    "4.6",
    "5.1",
    "5.4",
    "6.1",
    "6.4",
    "7.2",
    "7.3",
    "8.2",
    "8.5",
    "9.1",
    "9.5",
    "10.2",
    "11.1",
  ];
  return numbers[SUBJECTS.findIndex((x) => x.subject === s)] ?? "12.1";
}

/** Dotted-leader field of a shipper's confirmation: "OUTBOUND COURIER FLIGHT ....... AF 1680". */
export const leader = (s: string, v: string) =>
  `${s.toUpperCase()} ${".".repeat(Math.max(3, 44 - s.length))} ${v}`;

/** First statements of a value. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-registrar-says",
    make: ({ s, v }) =>
      stating(
        "first-registrar-says",
        "user",
        `Priya here. For the file: the ${s} we settled with the lender is ${v}.`,
        v,
      ),
  },
  {
    name: "first-exhibitions-manager",
    make: ({ s, v }) =>
      stating(
        "first-exhibitions-manager",
        "user",
        `Tomas asked me to pass on that he has pencilled in ${v} as the ${s} on the planning sheet.`,
        v,
      ),
  },
  {
    name: "first-assistant-noted",
    make: ({ s, v }) =>
      stating(
        "first-assistant-noted",
        "assistant",
        `Noted in the loan file: ${s} - ${v}, as in the countersigned agreement.`,
        v,
      ),
  },
  {
    name: "first-agreement-clause",
    kinds: AGREEMENT_KINDS,
    make: ({ s, v }) =>
      stating(
        "first-agreement-clause",
        "agreement",
        `  ${clause(s)}  The ${s} shall be ${v}, unless varied in writing by both parties.`,
        v,
      ),
  },
  {
    name: "first-lender-email",
    make: ({ s, v }) =>
      stating(
        "first-lender-email",
        "email",
        `Further to our call this morning I can confirm that the ${s} will be ${v}.`,
        v,
      ),
  },
  {
    name: "first-cms-field",
    kinds: CMS_KINDS,
    make: ({ s, v }) =>
      stating(
        "first-cms-field",
        "cms",
        `  [Loan In] ${label(s)}: ${v}   (entered by PNANDAKUMAR)`,
        v,
      ),
  },
  {
    name: "first-insurance-row",
    kinds: ["money"],
    make: ({ s, v }) =>
      stating(
        "first-insurance-row",
        "insurance",
        `| S-12 | ${s} | ${v} | per lender's letter of 3 June |`,
        v,
      ),
  },
  {
    name: "first-booking-field",
    kinds: BOOKING_KINDS,
    make: ({ s, v }) => stating("first-booking-field", "booking", leader(s, v), v),
  },
  {
    name: "first-logger-profile",
    kinds: ["env"],
    make: ({ s, v }) =>
      stating(
        "first-logger-profile",
        "logger",
        `# alarm profile "LOAN-STD": ${s} ${v} (band per loan agreement)`,
        v,
      ),
  },
  {
    name: "first-schedule-milestone",
    kinds: ["date", "span"],
    make: ({ s, v }) =>
      stating(
        "first-schedule-milestone",
        "schedule",
        `MILESTONE\t${v}\t${s}\tReg/TF\tconfirmed`,
        v,
      ),
  },
  {
    name: "first-condition-requirement",
    kinds: ["env", "span"],
    make: ({ s, v }) =>
      stating(
        "first-condition-requirement",
        "condition",
        `Lender's display requirement: ${s} ${v}.`,
        v,
      ),
  },
];

/** Later values: "now", corrections, paraphrases, amendments, revised confirmations, audit trails. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "update-user-now",
    make: ({ s, v }) =>
      stating(
        "update-user-now",
        "user",
        `Change of plan from this morning's call - the ${s} is now ${v}.`,
        v,
      ),
  },
  {
    name: "update-user-correction",
    make: ({ s, v }) =>
      stating(
        "update-user-correction",
        "user",
        `Sorry, I read the wrong version of the paperwork earlier; the ${s} should read ${v}.`,
        v,
      ),
  },
  {
    name: "update-manager-pushback",
    make: ({ s, v }) =>
      stating(
        "update-manager-pushback",
        "user",
        `Tomas says the lender pushed back, so we are going with ${v} for the ${s}.`,
        v,
      ),
  },
  {
    name: "update-assistant-sheet",
    make: ({ s, v }) =>
      stating(
        "update-assistant-sheet",
        "assistant",
        `I've changed the planning sheet so that ${v} is the ${s} from here on, and flagged the row for Tomas.`,
        v,
      ),
  },
  {
    name: "update-agreement-amendment",
    kinds: AGREEMENT_KINDS,
    make: ({ s, v }) =>
      block(
        "update-agreement-amendment",
        "agreement",
        [
          "AMENDMENT No. 2 to Loan Agreement LA-2026-031 (executed by both parties)",
          `  Clause ${clause(s)} is deleted in its entirety and replaced with the following:`,
          `  ${clause(s)}  The ${s} shall be ${v}.`,
          "  All other terms of the Agreement remain in full force and effect.",
        ],
        2,
        v,
      ),
  },
  {
    name: "update-lender-email",
    make: ({ s, v }) =>
      stating(
        "update-lender-email",
        "email",
        `Our director has now approved a revised ${s} of ${v}; a signed amendment will follow.`,
        v,
      ),
  },
  {
    name: "update-cms-audit",
    kinds: CMS_KINDS,
    make: ({ s, v, old }) =>
      stating(
        "update-cms-audit",
        "cms",
        `  AUDIT 2026-07-14 16:02 PNANDAKUMAR  EDIT  ${label(s)}  "${old}" -> "${v}"`,
        v,
      ),
  },
  {
    name: "update-insurance-endorsement",
    kinds: ["money"],
    make: ({ s, v }) =>
      stating(
        "update-insurance-endorsement",
        "insurance",
        `Endorsement 3 (effective from issue): ${s} amended to ${v}; premium adjustment to follow.`,
        v,
      ),
  },
  {
    name: "update-booking-revised",
    kinds: BOOKING_KINDS,
    make: ({ s, v }) =>
      block(
        "update-booking-revised",
        "booking",
        ["*** REVISED CONFIRMATION - SUPERSEDES ALL PREVIOUS ISSUES ***", leader(s, v)],
        1,
        v,
      ),
  },
  {
    name: "update-ticket-resolved",
    kinds: ["env", "date"],
    make: ({ s, v }) =>
      stating(
        "update-ticket-resolved",
        "ticket",
        `Resolution: ${s} changed to ${v} in the estates system; BMS time schedule and works calendar amended.`,
        v,
      ),
  },
  {
    name: "update-schedule-moved",
    kinds: ["date", "span"],
    make: ({ s, v }) =>
      stating("update-schedule-moved", "schedule", `MILESTONE\t${v}\t${s}\tReg/TF\tMOVED`, v),
  },
  {
    name: "update-amendment-diff",
    kinds: AGREEMENT_KINDS,
    make: ({ s, v, old }) => {
      const before = `- ${clause(s)}  The ${s} shall be ${old}.`;
      const after = `+ ${clause(s)}  The ${s} shall be ${v}.`;
      return {
        form: "update-amendment-diff",
        slot: "agreement",
        text: [
          "Compare: LA-2026-031 v3 (signed) -> LA-2026-031 v4 (lender redline)",
          `@@ clause ${clause(s).split(".")[0] ?? ""} @@`,
          before,
          after,
        ].join("\n"),
        stated: [
          { line: before, value: old },
          { line: after, value: v },
        ],
      };
    },
  },
];

/** Restatements of the current value. */
export const CONFIRM_FORMS: readonly Form[] = [
  {
    name: "confirm-assistant-checklist",
    make: ({ s, v }) =>
      stating(
        "confirm-assistant-checklist",
        "assistant",
        `- [x] ${s}: ${v} (checked against the file)`,
        v,
      ),
  },
  {
    name: "confirm-user-aligned",
    make: ({ s, v }) =>
      stating(
        "confirm-user-aligned",
        "user",
        `Just so we're aligned before I brief the lender: the ${s} stays at ${v}.`,
        v,
      ),
  },
  {
    name: "confirm-assistant-current",
    make: ({ s, v }) =>
      stating(
        "confirm-assistant-current",
        "assistant",
        `To be clear, the current ${s} is ${v}; anything else you see in older paperwork is superseded.`,
        v,
      ),
  },
];
