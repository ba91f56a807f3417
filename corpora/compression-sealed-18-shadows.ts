// The shadows of planted facts in the "sealed-18" compression family
// (corpora/compression-sealed-18.ts): a replaced value re-printed by a nightly snapshot, an old
// mail thread or a draft report; the current value confirmed again after it; an unchanged value
// said again; the look-alike's own figure; a proposal turned down; a bare mention of the subject.
import {
  FIRST_FORMS,
  cap,
  claimArgs,
  claimJson,
  prose,
  withLine,
  type Form,
} from "./compression-sealed-18-forms.ts";

/** Tools and pasted threads that re-print a replaced value (`value`) after the change. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "nightly-snapshot",
    channel: "tool",
    write: (f, old) => {
      const line = `${f.subject},"${old}",snapshot`;
      return withLine(
        [
          "# nightly snapshot 2026-11-21 02:00 UTC (cached; may lag the live claim system)",
          "field,value,origin",
          `Catastrophe flag,"Y",snapshot`,
          line,
          `Coverage verified,"Y",snapshot`,
        ],
        line,
        { name: "claims_api.export_fields", args: { ...claimArgs(f), snapshot: "nightly" } },
      );
    },
  },
  {
    name: "quoted-thread",
    channel: "user",
    write: (f, old) => {
      const line = `> Colin Ashdown wrote on Nov 22: the ${f.subject} is ${old} per our first visit.`;
      return withLine(
        [
          "Found this older thread in the shared mailbox, not sure it's still right:",
          "> -----Original Message-----",
          line,
          "> Photos and the sketch to follow by end of day.",
        ],
        line,
        undefined,
      );
    },
  },
  {
    name: "draft-report",
    channel: "tool",
    write: (f, old) => {
      const line = `4.2  ${cap(f.subject)}: ${old}`;
      return withLine(
        [
          "Large Loss Report - DRAFT v1 (extracted text, p. 3)",
          "4.1  Cause and origin: wind-driven rain following roof covering loss.",
          line,
          "4.3  Subrogation potential: none identified.",
        ],
        line,
        { name: "documents.extract_text", args: { file: "LLR_draft_v1.pdf", pages: "3" } },
      );
    },
  },
];

/** The current value stated again after a stale copy. */
export const RECONFIRM_FORMS: readonly Form[] = [
  {
    name: "predates-change",
    channel: "assistant",
    write: (f, v) =>
      prose(`That copy predates the change; the live claim shows the ${f.subject} as ${v}.`),
  },
  {
    name: "ignore-old",
    channel: "user",
    write: (f, v) => prose(`Ignore the old one, the ${f.subject} is ${v}.`),
  },
  {
    name: "live-json",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `{ "label": "${f.subject}", "value": "${v}", "asOf": "live" },`;
      return withLine(claimJson(f, line, rnd), line, {
        name: "claims_api.get_claim",
        args: { ...claimArgs(f), live: true },
      });
    },
  },
];

/** An unchanged value said again later. */
export const RESTATE_FORMS: readonly Form[] = [
  FIRST_FORMS[1] as Form,
  {
    name: "still",
    channel: "assistant",
    write: (f, v) => prose(`Still ${v} on the ${f.subject}; nothing has moved there.`),
  },
];

/** The look-alike's own value (`value` is the look-alike's). */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "dont-mix",
    channel: "user",
    write: (f, v) => prose(`Don't mix it up with the main one: the ${f.lookAlike} is ${v}.`),
  },
  {
    name: "alike-json",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `{ "label": "${f.lookAlike}", "value": "${v}", "source": "claim-system" },`;
      return withLine(claimJson(f, line, rnd), line, {
        name: "claims_api.get_claim",
        args: claimArgs(f),
      });
    },
  },
  {
    name: "tracked-separately",
    channel: "assistant",
    write: (f, v) => prose(`The ${f.lookAlike} is tracked separately, at ${v}.`),
  },
];

/** A value floated and turned down (`value` is the proposal's). */
export const PROPOSAL_FORMS: readonly Form[] = [
  {
    name: "what-if",
    channel: "user",
    write: (f, v) =>
      prose(`What if we took the ${f.subject} to ${v}? Marcus already said no, so leave it.`),
  },
  {
    name: "considered",
    channel: "assistant",
    write: (f, v) =>
      prose(
        `I considered proposing ${v} for the ${f.subject}, but nothing in the file supports it, so not now.`,
      ),
  },
  {
    name: "pa-demand",
    channel: "user",
    write: (f, v) =>
      prose(
        `The insured's PA is pushing for ${v} on the ${f.subject}; we are not agreeing to that.`,
      ),
  },
];

export const MENTION_FORMS: readonly Form[] = [
  {
    name: "check-schedule",
    channel: "user",
    write: (f) =>
      prose(
        `Can you check the ${f.subject} against the policy schedule before I call the insured?`,
      ),
  },
  {
    name: "on-report",
    channel: "user",
    write: (f) => prose(`Marcus wants the ${f.subject} called out in the weekly CAT summary.`),
  },
  {
    name: "not-touched",
    channel: "assistant",
    write: (f) => prose(`I haven't touched the ${f.subject} yet; it's next on the list.`),
  },
];
