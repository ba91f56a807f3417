// The twelve ways the "sealed-8" compression family (a month-end close run) changes
// a close parameter: a "now" restatement, "from today", a paraphrase with another
// verb, a correction, a value changed only inside a later query result, a change
// of unit, an e-mail reply, a chat decision, a resolved ticket, an audit-log
// line, a config diff and the agent relaying it. Used by corpora/compression-sealed-8.ts.
import {
  assistant,
  call,
  stated,
  stamp,
  stamps,
  user,
  type Form,
  type FormContext,
  type StateLine,
} from "./compression-sealed-8-steps.ts";
import { PEOPLE } from "./compression-sealed-8-forms.ts";

/** A statement of the value this one replaces, on `line`. */
const statedOld = (ctx: FormContext, line: string): StateLine => ({
  line,
  fact: ctx.fact,
  value: ctx.index - 1,
});

const VERBS = [
  ["Treasury trimmed", "down to"],
  ["The controller bumped", "up to"],
  ["Audit pushed", "out to"],
  ["We re-baselined", "at"],
] as const;

/** The name of the form that changes a value's unit (planted on the alt-pool value). */
export const UNIT_CHANGE = "unit-change";

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "restate-now",
    write: (ctx) => {
      const line = `Update: the ${ctx.subject} is now ${ctx.value}.`;
      return [user(`${line} Carry on with the accrual review.`, [stated(ctx, line)])];
    },
  },
  {
    name: "from-today",
    write: (ctx) => {
      const line = `From today the ${ctx.subject} moves to ${ctx.value}.`;
      return [
        user(`${PEOPLE.controller} just called. ${line} Nothing else changes.`, [
          stated(ctx, line),
        ]),
      ];
    },
  },
  {
    name: "paraphrase-verb",
    write: (ctx) => {
      const [who, prep] = ctx.rng.pick(VERBS);
      const line = `${who} the ${ctx.subject} ${prep} ${ctx.value} after this morning's review.`;
      return [user(`FYI. ${line}`, [stated(ctx, line)])];
    },
  },
  {
    name: "correction",
    write: (ctx) => {
      const slip = `While you're in there, the ${ctx.subject} is ${ctx.old}, right?`;
      const line = `Sorry, I meant ${ctx.value} for the ${ctx.subject}, not ${ctx.old}.`;
      return [
        user(`${slip} Use it for the next batch.`, [statedOld(ctx, slip)]),
        assistant("Understood, I'll apply it to the next batch."),
        user(`${line} It changed this morning.`, [stated(ctx, line)]),
      ];
    },
  },
  {
    name: "tool-result-only",
    write: (ctx) => {
      const line = `${ctx.key.padEnd(26)} | ${ctx.subject.padEnd(52)} | ${ctx.value.padEnd(16)} | 2026-11-${ctx.rng.int(27, 30)}`;
      const out = [
        `${"key".padEnd(26)} | ${"description".padEnd(52)} | ${"value".padEnd(16)} | changed_on`,
        `${"-".repeat(27)}+${"-".repeat(54)}+${"-".repeat(18)}+-----------`,
        line,
        "(1 row)",
      ].join("\n");
      const sql = `SELECT key, description, value, changed_on FROM close.params_current WHERE key = '${ctx.key}';`;
      return [
        call(
          "warehouse.query",
          { sql },
          out,
          [stated(ctx, line)],
          "Re-checking the parameter table before I post.",
        ),
        assistant("Query done; moving on to the next reconciliation."),
      ];
    },
  },
  {
    name: UNIT_CHANGE,
    write: (ctx) => {
      const line = `Heads-up from ${PEOPLE.treasury}: the ${ctx.subject} becomes ${ctx.value}, replacing ${ctx.old}.`;
      return [user(`${line} The policy memo will follow.`, [stated(ctx, line)])];
    },
  },
  {
    name: "email-update",
    write: (ctx) => {
      const line = `Effective immediately the ${ctx.subject} is ${ctx.value}.`;
      const mail = [
        `From: ${PEOPLE.controller} <dana.whitfield@northwind-fin.example>`,
        "Subject: RE: November close parameters",
        `Date: ${stamp(ctx.rng, 28)}`,
        "",
        "Team,",
        "",
        line,
        "",
        "Dana",
        "",
        "> Confirming the figure we discussed last week: " + ctx.old + ".",
        "> Please route anything unusual through the close channel.",
      ].join("\n");
      return [
        call("mail.read", { folder: "Inbox", query: "RE: November close parameters" }, mail, [
          stated(ctx, line),
        ]),
      ];
    },
  },
  {
    name: "chat-decision",
    write: (ctx) => {
      const line = `[15:${ctx.rng.int(10, 59)}] ${PEOPLE.controller}: ok, let's go with ${ctx.value} for the ${ctx.subject} going forward`;
      const text = [
        "More from the close channel:",
        `[15:0${ctx.rng.int(1, 9)}] ${PEOPLE.fpa}: can we settle this before the flash?`,
        line,
      ].join("\n");
      return [user(text, [stated(ctx, line)])];
    },
  },
  {
    name: "ticket-resolution",
    write: (ctx) => {
      const id = `FIN-${ctx.rng.int(5000, 5999)}`;
      const line = `Resolution (${PEOPLE.controller}): ${ctx.subject} changed to ${ctx.value}; policy memo updated.`;
      const out = [
        `${id} · Review close parameter ${ctx.key}`,
        "Status: Resolved   Assignee: Dana Whitfield",
        line,
      ].join("\n");
      return [call("tickets.get", { id }, out, [stated(ctx, line)])];
    },
  },
  {
    name: "log-change",
    write: (ctx) => {
      const [t0, t1, t2] = stamps(ctx.rng, 29, 3);
      const line = `${t1} INFO  param.update  "${ctx.subject}" ${ctx.old} -> ${ctx.value} user=dwhitfield`;
      const out = [
        `${t0} INFO  param.update  session opened user=dwhitfield`,
        line,
        `${t2} INFO  param.update  recalculated 14 dependent accruals`,
      ].join("\n");
      return [call("erp.audit_log", { since: "2026-11-29" }, out, [stated(ctx, line)])];
    },
  },
  {
    name: "config-diff",
    write: (ctx) => {
      const before = `-  ${ctx.key}: "${ctx.old}"   # ${ctx.subject}`;
      const after = `+  ${ctx.key}: "${ctx.value}"   # ${ctx.subject}`;
      const out = [
        "diff --git a/close-config/2026-11.yaml b/close-config/2026-11.yaml",
        "@@ -4,7 +4,7 @@ params:",
        before,
        after,
      ].join("\n");
      return [
        call("repo.diff", { path: "close-config/2026-11.yaml", rev: "HEAD~1..HEAD" }, out, [
          statedOld(ctx, before),
          stated(ctx, after),
        ]),
      ];
    },
  },
  {
    name: "assistant-relay",
    write: (ctx) => {
      const line = `Noted: I'll use ${ctx.value} as the ${ctx.subject} from here on.`;
      return [
        user(
          `${PEOPLE.controller} changed ${ctx.key} in the policy memo; the new figure is ${ctx.value}. Use that.`,
        ),
        assistant(`${line} I'll rerun the affected accruals.`, [stated(ctx, line)]),
      ];
    },
  },
];
