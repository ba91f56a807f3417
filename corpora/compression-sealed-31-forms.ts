// The statement forms of the "sealed-31" compression family (corpora/compression-sealed-31.ts):
// how a litigation team and its tools state a deadline, rate or setting the first time, change
// it and confirm it. Each form says where it lands (a user turn, an assistant turn or one kind
// of tool output), which kinds of fact its wording fits, and which of its lines state which
// value. Stale copies, decoys, look-alikes and mentions are in compression-sealed-31-echoes.ts.
import type { FactKind } from "./compression-sealed-31-facts.ts";

export type ToolKind =
  | "docket"
  | "review"
  | "vendor"
  | "calendar"
  | "order"
  | "email"
  | "notes"
  | "teams";
export type Slot = "user" | "assistant" | ToolKind;

/** What a form is given: the subject, the value it states, the one it replaces, the look-alike, a decoy. */
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

/** Whether a form fits a kind of fact. */
export const fits = (form: Form, kind: FactKind) => form.kinds?.includes(kind) ?? true;

export const COURT: readonly FactKind[] = ["court"];
export const PRICED: readonly FactKind[] = ["money", "setting"];

export function stating(form: string, slot: Slot, line: string, value: string): Insert {
  return { form, slot, text: line, stated: [{ line, value }] };
}

export function plain(form: string, slot: Slot, text: string): Insert {
  return { form, slot, text, stated: [] };
}

/** First statements of a value. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-scheduling-order",
    kinds: COURT,
    make: ({ s, v }) =>
      stating("first-scheduling-order", "user", `Per the scheduling order, the ${s} is ${v}.`, v),
  },
  {
    name: "first-paralegal-docketed",
    kinds: COURT,
    make: ({ s, v }) =>
      stating(
        "first-paralegal-docketed",
        "user",
        `Marcus here: I docketed the ${s} as ${v} in CompuLaw this morning.`,
        v,
      ),
  },
  {
    name: "first-assistant-tracker",
    make: ({ s, v }) =>
      stating(
        "first-assistant-tracker",
        "assistant",
        `Noted ${v} for the ${s} and added it to the matter tracker.`,
        v,
      ),
  },
  {
    name: "first-docket-row",
    make: ({ s, v }) =>
      stating("first-docket-row", "docket", `2026-10-14 | ECF 61 | ${s} | ${v} | entered MLEE`, v),
  },
  {
    name: "first-court-order",
    kinds: COURT,
    make: ({ s, v }) =>
      stating("first-court-order", "order", `ORDERED that the ${s} shall be ${v}.`, v),
  },
  {
    name: "first-matter-note",
    make: ({ s, v }) =>
      stating(
        "first-matter-note",
        "notes",
        `- ${s}: ${v} (confirmed with the client on the Tuesday call)`,
        v,
      ),
  },
  {
    name: "first-teams-message",
    make: ({ s, v }) =>
      stating(
        "first-teams-message",
        "teams",
        `[09:14] Dana Whitfield: fyi the ${s} is ${v}, per the call this morning`,
        v,
      ),
  },
  {
    name: "first-vendor-json",
    kinds: ["setting"],
    make: ({ s, v }) => stating("first-vendor-json", "vendor", `  "${s}": "${v}",`, v),
  },
  {
    name: "first-engagement-letter",
    kinds: ["money"],
    make: ({ s, v }) =>
      stating(
        "first-engagement-letter",
        "email",
        `Per the signed engagement letter, the ${s} is ${v}, invoiced monthly to Ostrow & Vance.`,
        v,
      ),
  },
  {
    name: "first-review-settings-row",
    kinds: ["setting"],
    make: ({ s, v }) =>
      stating("first-review-settings-row", "review", `setting,${s},${v},initial,2026-10-02`, v),
  },
  {
    name: "first-staffing-email",
    kinds: ["staff"],
    make: ({ s, v }) =>
      stating(
        "first-staffing-email",
        "email",
        `Dana confirmed ${v} as the ${s}; please copy them on anything that needs a call.`,
        v,
      ),
  },
];

/** Later values: "now", paraphrase with a pronoun, emails, diffs, corrections, orders, exports. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "update-now-stipulation",
    kinds: COURT,
    make: ({ s, v }) =>
      stating(
        "update-now-stipulation",
        "user",
        `The ${s} is now ${v}; the stipulation was so-ordered an hour ago.`,
        v,
      ),
  },
  {
    name: "update-pronoun",
    kinds: COURT,
    make: ({ s, v }) =>
      stating(
        "update-pronoun",
        "user",
        `Quick one on the ${s}: Judge Alvarez moved it at the status conference. It's ${v} going forward.`,
        v,
      ),
  },
  {
    name: "update-opposing-email",
    kinds: COURT,
    make: ({ s, v, old }) => {
      const line = `We agree to move the ${s} from ${old} to ${v}, subject to the same terms.`;
      return {
        form: "update-opposing-email",
        slot: "email",
        text: line,
        stated: [{ line, value: v }],
      };
    },
  },
  {
    name: "update-calendar-was",
    kinds: COURT,
    make: ({ s, v, old }) =>
      stating("update-calendar-was", "calendar", `UPDATED: ${s} -> ${v} (was ${old})`, v),
  },
  {
    name: "update-assistant-correction",
    make: ({ s, v }) =>
      stating(
        "update-assistant-correction",
        "assistant",
        `Correction to my earlier note: the ${s} is ${v}. I had read the superseded docket entry.`,
        v,
      ),
  },
  {
    name: "update-teams-heads-up",
    make: ({ s, v }) =>
      stating(
        "update-teams-heads-up",
        "teams",
        `[16:02] Marcus Lee: heads up, they switched the ${s} to ${v} as of this morning`,
        v,
      ),
  },
  {
    name: "update-vendor-diff",
    kinds: ["setting"],
    make: ({ s, v, old }) => {
      const before = `-  "${s}": "${old}",`;
      const after = `+  "${s}": "${v}",`;
      return {
        form: "update-vendor-diff",
        slot: "vendor",
        text: `${before}\n${after}`,
        stated: [
          { line: before, value: old },
          { line: after, value: v },
        ],
      };
    },
  },
  {
    name: "update-amended-order",
    kinds: COURT,
    make: ({ s, v }) =>
      stating(
        "update-amended-order",
        "order",
        `IT IS FURTHER ORDERED that the ${s} is reset to ${v}.`,
        v,
      ),
  },
  {
    name: "update-review-settings-row",
    kinds: ["setting"],
    make: ({ s, v }) =>
      stating(
        "update-review-settings-row",
        "review",
        `setting,${s},${v},changed by P.Raman,2026-11-20`,
        v,
      ),
  },
  {
    name: "update-pushed-back",
    kinds: COURT,
    make: ({ s, v }) =>
      stating("update-pushed-back", "user", `They pushed the ${s} back, so it's ${v} now.`, v),
  },
  {
    name: "update-vendor-repriced",
    kinds: PRICED,
    make: ({ s, v }) =>
      stating(
        "update-vendor-repriced",
        "user",
        `About the ${s}: they came back on it after the QBR. It's ${v} from the next cycle.`,
        v,
      ),
  },
  {
    name: "update-amended-engagement",
    kinds: ["money"],
    make: ({ s, v }) =>
      stating(
        "update-amended-engagement",
        "email",
        `Effective December 1, the ${s} will be ${v} under the amended engagement letter.`,
        v,
      ),
  },
  {
    name: "update-staff-swap",
    kinds: ["staff"],
    make: ({ s, v }) =>
      stating(
        "update-staff-swap",
        "user",
        `Change on the ${s}: the old pick has a conflict, so ${v} takes it from Monday.`,
        v,
      ),
  },
];

/** Restatements of the current value that name no other value. */
export const CONFIRM_FORMS: readonly Form[] = [
  {
    name: "confirm-assistant-docket",
    kinds: COURT,
    make: ({ s, v }) =>
      stating(
        "confirm-assistant-docket",
        "assistant",
        `Checked against the docket again: the ${s} stands at ${v}.`,
        v,
      ),
  },
  {
    name: "confirm-tracker-row",
    make: ({ s, v }) =>
      stating("confirm-tracker-row", "notes", `  * ${s} ........ ${v}   [ACTIVE]`, v),
  },
  {
    name: "confirm-terse-user",
    make: ({ s, v }) => stating("confirm-terse-user", "user", `ok go with ${v} for the ${s}`, v),
  },
  {
    name: "confirm-calendar-entry",
    kinds: COURT,
    make: ({ s, v }) =>
      stating("confirm-calendar-entry", "calendar", `SUMMARY: ${s}, ${v} (Harlow v. Acme)`, v),
  },
  {
    name: "confirm-status-memo",
    make: ({ s, v }) =>
      stating("confirm-status-memo", "assistant", `Status memo line: ${s}, ${v}.`, v),
  },
];
