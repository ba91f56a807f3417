// What the "sealed-8" compression family (a month-end close run) writes after a
// fact's latest value: a look-alike subject with its own value, a rejected
// proposal, a re-printed archived log, a question, the parameter's history table
// and an auditor's quote of an old figure. Whenever one of them states a replaced
// value it is followed by a line that states the current one. Also the
// mentions that name a subject without a value. Used by corpora/compression-sealed-8.ts.
import {
  assistant,
  call,
  stated,
  stamps,
  user,
  type FormContext,
  type StateLine,
  type Step,
} from "./compression-sealed-8-steps.ts";
import { PEOPLE } from "./compression-sealed-8-forms.ts";

/** A decoy's context: the fact's current value in `value`, and all of its values. */
export interface DecoyContext extends FormContext {
  values: readonly string[];
  lookAlike: string;
  alikeValue: string;
  proposal: string;
}

export interface Decoy {
  name: string;
  write(ctx: DecoyContext): Step[];
}

const statedAt = (ctx: DecoyContext, value: number, line: string): StateLine => ({
  line,
  fact: ctx.fact,
  value,
});

/** A replaced value of the fact (or "" when it never changed) and its index. */
function replaced(ctx: DecoyContext): { old: string; at: number } {
  const at = ctx.rng.int(0, Math.max(1, ctx.values.length - 1));
  return ctx.values.length > 1 ? { old: ctx.values[at] ?? "", at } : { old: "", at: -1 };
}

/** Ways a look-alike subject is stated with its own value. */
export const LOOK_ALIKE_FORMS: readonly Decoy[] = [
  {
    name: "look-alike-prose",
    write: (ctx) => [user(`Separately, the ${ctx.lookAlike} is ${ctx.alikeValue}.`)],
  },
  {
    name: "look-alike-chat",
    write: (ctx) => [
      user(
        `From the audit channel:\n[11:${ctx.rng.int(10, 59)}] ${PEOPLE.auditor}: for our sample we used ${ctx.alikeValue} as the ${ctx.lookAlike}`,
      ),
    ],
  },
  {
    name: "look-alike-json",
    write: (ctx) => [
      call(
        "erp.get_close_params",
        { period: "2026-11", entity: "NW-SUB" },
        `[\n  {"param": "${ctx.lookAlike}", "value": "${ctx.alikeValue}", "entity": "NW-SUB", "period": "2026-11"}\n]`,
      ),
    ],
  },
];

export const DECOYS: readonly Decoy[] = [
  {
    name: "rejected-proposal",
    write: (ctx) => {
      const { old, at } = replaced(ctx);
      if (old === "" || ctx.rng.next() < 0.5) {
        return [
          user(
            `What if we used ${ctx.proposal} for the ${ctx.subject}? It would smooth the variance.`,
          ),
          assistant("I can model it, but nothing in the policy memo supports a change this close."),
          user("Fair. No, leave it where it is; not now."),
        ];
      }
      const ask = `Should we go back to ${old} for the ${ctx.subject}?`;
      const keep = `[16:${ctx.rng.int(10, 59)}] ${PEOPLE.controller}: no, keep the ${ctx.subject} at ${ctx.value}`;
      return [
        user(`${ask} It was simpler.`, [statedAt(ctx, at, ask)]),
        user(`Answer from the channel:\n${keep}`, [stated(ctx, keep)]),
      ];
    },
  },
  {
    name: "reprint-old-log",
    write: (ctx) => {
      const { old, at } = replaced(ctx);
      const shown = old === "" ? ctx.value : old;
      const [t0, t1, t2] = stamps(ctx.rng, 25, 3);
      const line = `${t1} INFO  close.init  loaded ${ctx.subject}=${shown} source=policy`;
      const out = [
        "(archived run close.init 2026-11-25, re-printed)",
        `${t0} INFO  close.init  period 2026-11 opened for entity NW-EMEA`,
        line,
        `${t2} INFO  close.init  done in ${ctx.rng.int(2, 40)}.${ctx.rng.int(0, 9)}s`,
      ].join("\n");
      const steps = [
        call("erp.job_log", { job: "close.init", run: "2026-11-25", archived: true }, out, [
          statedAt(ctx, old === "" ? ctx.index : at, line),
        ]),
      ];
      if (old !== "") {
        const now = `That archived run predates the change; the ${ctx.subject} is ${ctx.value}.`;
        steps.push(assistant(now, [stated(ctx, now)]));
      }
      return steps;
    },
  },
  {
    name: "question",
    write: (ctx) => {
      const { old, at } = replaced(ctx);
      if (old === "") {
        const ask = `Is the ${ctx.subject} still ${ctx.value}?`;
        return [user(ask, [stated(ctx, ask)]), assistant("Yes, nothing has changed it since.")];
      }
      const ask = `Remind me, was the ${ctx.subject} ${old}?`;
      const answer = `It was at one point, but it changed: the ${ctx.subject} is ${ctx.value}.`;
      return [user(ask, [statedAt(ctx, at, ask)]), assistant(answer, [stated(ctx, answer)])];
    },
  },
  {
    name: "history-table",
    write: (ctx) => {
      const rows = ctx.values.map(
        (v, i) =>
          ` ${ctx.subject.padEnd(52)} | ${v.padEnd(16)} | 2026-11-${String(20 + 3 * i).padStart(2, "0")}`,
      );
      const out = [
        ` ${"param_name".padEnd(52)} | ${"param_value".padEnd(16)} | valid_from`,
        `-${"-".repeat(52)}+${"-".repeat(18)}+-----------`,
        ...rows,
        `(${rows.length} rows)`,
      ].join("\n");
      const sql = `SELECT param_name, param_value, valid_from FROM close.params_history WHERE key = '${ctx.key}' ORDER BY valid_from;`;
      return [
        call(
          "warehouse.query",
          { sql },
          out,
          rows.map((r, i) => statedAt(ctx, i, r.trim())),
        ),
      ];
    },
  },
  {
    name: "quoted-old-email",
    write: (ctx) => {
      const { old, at } = replaced(ctx);
      const quote = `> ${PEOPLE.auditor}: our workpapers have the ${ctx.subject} as ${old === "" ? ctx.value : old}; please confirm.`;
      const states = [statedAt(ctx, old === "" ? ctx.index : at, quote)];
      const lines = ["Forwarding the auditors' question:", quote];
      if (old !== "") {
        const reply = `Please reply that the ${ctx.subject} is ${ctx.value}.`;
        lines.push(reply);
        states.push(stated(ctx, reply));
      } else {
        lines.push("Please confirm that to them.");
      }
      return [user(lines.join("\n"), states)];
    },
  },
];

export const POST_FORM_NAMES: readonly string[] = [
  ...LOOK_ALIKE_FORMS.map((f) => f.name),
  ...DECOYS.map((d) => d.name),
];

/** Sentences that name a subject without any value. */
export const MENTIONS: readonly ((subject: string) => Step)[] = [
  (s) => user(`Can you double-check the ${s} in the ERP before we post the journals?`),
  (s) => assistant(`I'll look at the ${s} again once the trial balance is refreshed.`),
  (s) => user(`The auditors asked where the ${s} is documented; the policy memo, I think.`),
];
