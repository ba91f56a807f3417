// The echo forms of the "sealed-31" compression family (corpora/compression-sealed-31.ts): text
// about a planted fact that is not a fresh statement of it: a tool re-printing a replaced value
// (a stale copy, still a declared statement), rejected proposals and what-ifs with a decoy value,
// the look-alike subject with its own value, and mentions that state no value.
import { COURT, plain, PRICED, stating, type Form } from "./compression-sealed-31-forms.ts";

/** A tool re-printing a replaced value after the change (a stale copy). */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "stale-archived-export",
    kinds: COURT,
    make: ({ s, old }) =>
      stating(
        "stale-archived-export",
        "docket",
        `(archived export, 2026-10-30) ${s} | ${old} | superseded?`,
        old,
      ),
  },
  {
    name: "stale-old-email-quote",
    make: ({ s, old }) =>
      stating("stale-old-email-quote", "email", `> As discussed, the ${s} will be ${old}.`, old),
  },
  {
    name: "stale-cached-settings",
    kinds: ["setting"],
    make: ({ s, old }) =>
      stating(
        "stale-cached-settings",
        "review",
        `setting,${s},${old},cached snapshot,2026-10-28`,
        old,
      ),
  },
  {
    name: "stale-teams-repost",
    make: ({ s, old }) =>
      stating(
        "stale-teams-repost",
        "teams",
        `[08:03] Marcus Lee: (reposting Monday's list) ${s} = ${old}`,
        old,
      ),
  },
];

/** Rejected proposals and what-ifs: a decoy value that is never the fact's. */
export const DECOY_FORMS: readonly Form[] = [
  {
    name: "decoy-opposing-proposal",
    kinds: COURT,
    make: ({ s, decoy }) =>
      plain(
        "decoy-opposing-proposal",
        "email",
        `Kessler Pratt proposed ${decoy} for the ${s}; we are not agreeing to that.`,
      ),
  },
  {
    name: "decoy-what-if",
    kinds: COURT,
    make: ({ s, decoy }) =>
      plain(
        "decoy-what-if",
        "user",
        `If the extension motion is granted the ${s} would become ${decoy}, but don't calendar that yet.`,
      ),
  },
  {
    name: "decoy-considered",
    make: ({ s, decoy }) =>
      plain(
        "decoy-considered",
        "assistant",
        `We considered asking for ${decoy} as the ${s}, but Dana said not now.`,
      ),
  },
  {
    name: "decoy-vendor-offer",
    kinds: PRICED,
    make: ({ s, decoy }) =>
      plain(
        "decoy-vendor-offer",
        "teams",
        `[11:40] Marcus Lee: they floated ${decoy} for the ${s} if we sign a 12-month term, Dana said not now`,
      ),
  },
  {
    name: "decoy-staff-idea",
    kinds: ["staff"],
    make: ({ s, decoy }) =>
      plain(
        "decoy-staff-idea",
        "user",
        `We talked about making ${decoy} the ${s}, but they're tied up on the Brenner trial.`,
      ),
  },
];

/** The look-alike subject with a value of its own. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-separately",
    make: ({ alike, decoy }) =>
      plain("alike-separately", "user", `Separately, the ${alike} is ${decoy}.`),
  },
  {
    name: "alike-dont-confuse",
    make: ({ s, alike, decoy }) =>
      plain(
        "alike-dont-confuse",
        "assistant",
        `Don't confuse this with the ${s}: the ${alike} is ${decoy}.`,
      ),
  },
  {
    name: "alike-docket-row",
    kinds: COURT,
    make: ({ alike, decoy }) =>
      plain(
        "alike-docket-row",
        "docket",
        `2026-11-18 | ECF 97 | ${alike} | ${decoy} | entered JKIM`,
      ),
  },
  {
    name: "alike-tracked-separately",
    make: ({ alike, decoy }) =>
      plain("alike-tracked-separately", "notes", `- ${alike}: ${decoy} (tracked separately)`),
  },
];

/** Mentions of the subject that state no value. */
export const MENTION_FORMS: readonly Form[] = [
  {
    name: "mention-double-check",
    make: ({ s }) =>
      plain(
        "mention-double-check",
        "user",
        `Can you double-check the ${s} against the latest order?`,
      ),
  },
  {
    name: "mention-agenda",
    make: ({ s }) =>
      plain(
        "mention-agenda",
        "assistant",
        `I put the ${s} on the agenda for Thursday's team meeting.`,
      ),
  },
];
