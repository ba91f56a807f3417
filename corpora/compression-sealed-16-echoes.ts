// The echoes around the "sealed-16" family's statements: superseded values printed again
// by tools or pasted from old documents, re-confirmations of the current value, look-alike
// parameters with their own values, turned-down proposals and value-free mentions. Used by
// corpora/compression-sealed-16.ts and its test.
import { SITES } from "./compression-sealed-16-filler.ts";
import {
  email,
  FIRST_FORMS,
  lead,
  prose,
  UPDATE_FORMS,
  type Form,
} from "./compression-sealed-16-forms.ts";

/** A superseded value printed again by a tool or pasted from an old document. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "archived-plan",
    make: (i) => {
      const line = `${lead(i.s)}: ${i.v}`;
      return {
        form: "archived-plan",
        channel: "tool",
        text: [
          `Monitoring Plan v1.0 - SUPERSEDED (kept in the TMF for history)`,
          `Section 3 - Monitoring conventions`,
          line,
          `Visit reports are finalised in the CTMS after the visit.`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "docs_read",
          args: { path: "TMF/01-trial-management/archive/Monitoring_Plan_v1.0.pdf" },
          intro: "Opening the monitoring plan the site linked to.",
        },
      };
    },
  },
  {
    name: "cached-export",
    make: (i) => {
      const line = `${i.s},${i.v}`;
      return {
        form: "cached-export",
        channel: "tool",
        text: [
          `# cached export, generated 2026-08-30 (not refreshed)`,
          `parameter,value`,
          line,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "edc_export",
          args: { dataset: "study_parameters", cache: true },
          intro: "Pulling the parameter export from the cache.",
        },
      };
    },
  },
  {
    name: "binder-paste",
    make: (i) =>
      prose(
        "binder-paste",
        "user",
        `Found this in the site's binder from the summer: "the ${i.s} is ${i.v}". That's outdated, right?`,
        i.vi,
      ),
  },
];

/** The current value said again, after a stale copy or much later. */
export const RECONFIRM_FORMS: readonly Form[] = [
  {
    name: "superseded-reply",
    make: (i) =>
      prose(
        "superseded-reply",
        "reply",
        `That copy is superseded; the current ${i.s} is ${i.v}.`,
        i.vi,
      ),
  },
  {
    name: "stays-at",
    make: (i) =>
      prose("stays-at", "user", `Yes, the ${i.s} stays at ${i.v}, ignore the old printout.`, i.vi),
  },
];

/** An unchanged value said again much later. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "double-checked",
    make: (i) =>
      prose(
        "double-checked",
        "reply",
        `Double-checked the ${i.s} against the signed documents: ${i.v}.`,
        i.vi,
      ),
  },
  {
    name: "still-unchanged",
    make: (i) =>
      prose(
        "still-unchanged",
        "user",
        `Nothing new from the sponsor on the ${i.s}; it is still ${i.v}, so the letter can go out.`,
        i.vi,
      ),
  },
];

/** The look-alike's own value; `s` is the look-alike subject. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-config",
    make: (i) => {
      const line = `${lead(i.s)}: ${i.v}`;
      return {
        form: "alike-config",
        channel: "tool",
        text: [
          `Study Configuration Report - ZX-4471 (local overrides)`,
          `Generated ${i.date} 07:05 UTC by svc_reporting`,
          ``,
          line,
          `Local lab units accepted: Yes`,
        ].join("\n"),
        says: [],
        tool: {
          name: "edc_study_config",
          args: { env: "prod", section: "local-overrides" },
          intro: "Pulling the local overrides from the EDC configuration.",
        },
      };
    },
  },
  {
    name: "alike-dont-mix",
    make: (i) => prose("alike-dont-mix", "user", `Don't mix them up: the ${i.s} is ${i.v}.`, -1),
  },
  {
    name: "alike-separate",
    make: (i) =>
      prose(
        "alike-separate",
        "reply",
        `For completeness, the ${i.s} is ${i.v}, which is set separately.`,
        -1,
      ),
  },
  {
    name: "alike-email",
    make: (i) => {
      const line = `Just to flag it, the ${i.s} is ${i.v}.`;
      return {
        form: "alike-email",
        channel: "tool",
        text: email(i, "Question on local requirements", line),
        says: [],
        tool: {
          name: "mail_read",
          args: { folder: "ZX-4471/sites", unread: true },
          intro: "Reading the site's follow-up e-mail.",
        },
      };
    },
  },
];

/** A value someone floats and nobody adopts; `v` is that value. */
export const PROPOSAL_FORMS: readonly Form[] = [
  {
    name: "site-asked-declined",
    make: (i) =>
      prose(
        "site-asked-declined",
        "user",
        `${i.pick(SITES).name} asked whether the ${i.s} could be ${i.v} for them; the sponsor declined, so no change.`,
        -1,
      ),
  },
  {
    name: "what-if",
    make: (i) =>
      prose(
        "what-if",
        "user",
        `What if the ${i.s} were ${i.v}? Just thinking out loud for the interim, not a decision.`,
        -1,
      ),
  },
  {
    name: "would-not-recommend",
    make: (i) =>
      prose(
        "would-not-recommend",
        "reply",
        `If we moved the ${i.s} to ${i.v}, several sites would need retraining, so I would not recommend it.`,
        -1,
      ),
  },
];

/** Sentences that name a subject and state no value of it. */
export const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Where is the ${s} documented? I want to cite it in the follow-up letter.`,
  (s) => `Let me check the ${s} before I close these queries.`,
  (s) => `The coordinator keeps asking about the ${s}; I'll point her to the current plan.`,
  (s) => `Can you add the ${s} to the parameter sheet for the next newsletter?`,
];

export const ALL_FORM_NAMES: readonly string[] = [
  ...FIRST_FORMS,
  ...UPDATE_FORMS,
  ...STALE_FORMS,
  ...RECONFIRM_FORMS,
  ...RESTATE_FORMS,
  ...LOOK_ALIKE_FORMS,
  ...PROPOSAL_FORMS,
].map((f) => f.name);
