// The echo forms of the "sealed-34" compression family (corpora/compression-sealed-34.ts, a
// museum registrar's loan exhibition): stale copies of a replaced value that systems and
// people re-print after the current one (cached collections records, quoted emails, superseded
// drafts, old confirmations), rejected proposals and hypotheticals with values never agreed,
// look-alike subjects with values of their own, and mentions that state no value.
import {
  block,
  clause,
  label,
  leader,
  plain,
  stating,
  type Form,
} from "./compression-sealed-34-forms.ts";

/** Re-prints of a replaced value (`old`) after the current one: each states `old`. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "stale-cms-cached",
    kinds: ["money", "size", "person", "ref", "count"],
    make: ({ s, old }) =>
      block(
        "stale-cms-cached",
        "cms",
        [
          "  !! offline copy: record served from the nightly cache of 2026-06-30, edits since then not shown",
          `  [Loan In] ${label(s)}: ${old}   (entered by PNANDAKUMAR)`,
        ],
        1,
        old,
      ),
  },
  {
    name: "stale-email-quoted",
    make: ({ s, old }) =>
      block(
        "stale-email-quoted",
        "email",
        [
          "> On 4 June 2026, at 10:12, Priya Nandakumar wrote:",
          `> Thanks - we have noted the ${s} as ${old} for now.`,
        ],
        1,
        old,
      ),
  },
  {
    name: "stale-agreement-draft",
    kinds: ["money", "env", "span", "person", "count", "date"],
    make: ({ s, old }) =>
      block(
        "stale-agreement-draft",
        "agreement",
        [
          "[Attachment 2 of 3: LA-2026-031_v1_DRAFT.pdf - superseded, kept on file]",
          `  ${clause(s)}  The ${s} shall be ${old}.`,
        ],
        1,
        old,
      ),
  },
  {
    name: "stale-booking-original",
    kinds: ["ref", "date", "person", "size", "span"],
    make: ({ s, old }) =>
      block(
        "stale-booking-original",
        "booking",
        ["--- original confirmation (issue 1), appended for reference ---", leader(s, old)],
        1,
        old,
      ),
  },
  {
    name: "stale-user-printout",
    make: ({ s, old }) =>
      stating(
        "stale-user-printout",
        "user",
        `The printout pinned up in the workshop still has the ${s} as ${old}. I'll swap it.`,
        old,
      ),
  },
];

/** Values proposed, floated or imagined but never agreed (`decoy` is never one of the fact's). */
export const DECOY_FORMS: readonly Form[] = [
  {
    name: "decoy-lender-proposal-refused",
    make: ({ s, decoy }) =>
      plain(
        "decoy-lender-proposal-refused",
        "user",
        `The lender floated ${decoy} for the ${s}; we said no and they dropped it.`,
      ),
  },
  {
    name: "decoy-what-if",
    make: ({ s, decoy }) =>
      plain(
        "decoy-what-if",
        "assistant",
        `If the board were to insist, the ${s} could in principle go to ${decoy}, but nothing of the sort has been agreed.`,
      ),
  },
  {
    name: "decoy-unsigned-amendment",
    kinds: ["money", "env", "span", "person", "count", "date"],
    make: ({ s, decoy }) =>
      plain(
        "decoy-unsigned-amendment",
        "agreement",
        [
          "DRAFT Amendment No. 3 - NOT EXECUTED (lender withdrew the request on 22 July)",
          `  ${clause(s)}  The ${s} shall be ${decoy}.`,
        ].join("\n"),
      ),
  },
  {
    name: "decoy-shipper-alternative",
    kinds: ["ref", "date", "person", "size", "span"],
    make: ({ s, decoy }) =>
      plain(
        "decoy-shipper-alternative",
        "booking",
        ["Alternative option quoted, NOT BOOKED:", leader(s, decoy)].join("\n"),
      ),
  },
  {
    name: "decoy-email-asks",
    make: ({ s, decoy }) =>
      plain(
        "decoy-email-asks",
        "email",
        `Would ${decoy} work as the ${s}? Just a thought - please ignore if it complicates things.`,
      ),
  },
];

/** The look-alike subject with its own value (`decoy` carries the look-alike's value). */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-user-separate",
    make: ({ alike, decoy }) =>
      stating("alike-user-separate", "user", `Separate thing: the ${alike} is ${decoy}.`, decoy),
  },
  {
    name: "alike-assistant-distinct",
    make: ({ alike, decoy }) =>
      stating(
        "alike-assistant-distinct",
        "assistant",
        `Not to be confused with the ${alike}, which is ${decoy} under its own schedule.`,
        decoy,
      ),
  },
  {
    name: "alike-insurance-row",
    kinds: ["money"],
    make: ({ alike, decoy }) =>
      stating(
        "alike-insurance-row",
        "insurance",
        `| S-19 | ${alike} | ${decoy} | touring rider |`,
        decoy,
      ),
  },
  {
    name: "alike-booking-field",
    kinds: ["ref", "date", "person", "size", "span"],
    make: ({ alike, decoy }) =>
      stating("alike-booking-field", "booking", leader(alike, decoy), decoy),
  },
  {
    name: "alike-email",
    make: ({ alike, decoy }) =>
      stating("alike-email", "email", `For completeness, the ${alike} is ${decoy}.`, decoy),
  },
];

/** Mentions of the subject that state no value. */
export const MENTION_FORMS: readonly Form[] = [
  {
    name: "mention-where-from",
    make: ({ s }) =>
      plain(
        "mention-where-from",
        "user",
        `Where did the ${s} come from originally? I can't find the letter it was agreed in.`,
      ),
  },
  {
    name: "mention-check-before",
    make: ({ s }) =>
      plain(
        "mention-check-before",
        "assistant",
        `I'll check the ${s} against the signed paperwork before the facilities report goes to the lender.`,
      ),
  },
  {
    name: "mention-email-subject",
    make: ({ s }) =>
      plain(
        "mention-email-subject",
        "email",
        `Can you remind me who signs off the ${s} on your side?`,
      ),
  },
];
