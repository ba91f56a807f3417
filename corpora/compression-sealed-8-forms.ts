// The twelve ways the "sealed-8" compression family (a month-end close run) first
// states a close parameter: the user's prose, a pasted chat with the controller,
// an e-mail, ERP JSON records, a YAML config, a CSV export, a warehouse result
// table, a job log, an ini file, the agent's own summary, a ticket comment and a
// spreadsheet cell. Used by corpora/compression-sealed-8.ts.
import {
  assistant,
  call,
  stated,
  stamp,
  stamps,
  user,
  type Form,
  type FormContext,
} from "./compression-sealed-8-steps.ts";

/** Close parameters that are not planted, for the rows around a planted one. */
export const OTHER_PARAMS: readonly (readonly [string, string, string])[] = [
  ["prepaid insurance amortisation", "12 months", "prepaid_ins_amort"],
  ["petty cash float", "EUR 500", "petty_cash_float"],
  ["freight accrual basis", "last 3 months average", "freight_accrual_basis"],
  ["inventory count date", "November 29", "inv_count_date"],
  ["lease discount rate", "5.1 percent", "lease_ibr"],
  ["warranty provision rate", "1.2 percent of sales", "warranty_provision"],
  ["credit card clearing account", "1185-00", "cc_clearing_acct"],
  ["royalty accrual owner", "FP&A", "royalty_accrual_owner"],
  ["payroll journal source", "Workday feed", "payroll_je_source"],
  ["deferred revenue rollforward template", "v7", "defrev_template"],
];

export const PEOPLE = {
  controller: "Dana Whitfield",
  ap: "Marcus Lee",
  auditor: "Elena Petrova",
  treasury: "Sam Iqbal",
  fpa: "Grace Kim",
} as const;

/** Two or three not-planted parameters as [label, value, key]. */
const others = (ctx: FormContext, n: number) => ctx.rng.shuffle(OTHER_PARAMS).slice(0, n);

const LEADS = [
  "Before you start on the accrual journals, one thing to note.",
  "Quick context for the close checklist.",
  "Adding this so it's in the thread.",
  "Heads-up while you pull the trial balance.",
];
const TAILS = [
  "Let me know if anything in the subledgers disagrees.",
  "Please keep that in mind for the reconciliations.",
  "The rest of the checklist is unchanged.",
  "Ping me if the ERP shows something else.",
];

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "user-prose",
    write: (ctx) => {
      const line = `For the November close the ${ctx.subject} is ${ctx.value}.`;
      return [user(`${ctx.rng.pick(LEADS)} ${line} ${ctx.rng.pick(TAILS)}`, [stated(ctx, line)])];
    },
  },
  {
    name: "controller-chat",
    write: (ctx) => {
      const line = `[09:${ctx.rng.int(10, 59)}] ${PEOPLE.controller}: the ${ctx.subject} is ${ctx.value} this month, same as we discussed`;
      const text = [
        "Pasting from the #month-end-close channel:",
        `[09:0${ctx.rng.int(1, 9)}] ${PEOPLE.ap}: AP subledger is closed for November`,
        line,
        `[10:0${ctx.rng.int(1, 9)}] ${PEOPLE.fpa}: thanks, flash P&L at noon`,
      ].join("\n");
      return [user(text, [stated(ctx, line)])];
    },
  },
  {
    name: "email-body",
    write: (ctx) => {
      const line = `Confirming that the ${ctx.subject} is ${ctx.value} for the November close.`;
      const mail = [
        `From: ${PEOPLE.controller} <dana.whitfield@northwind-fin.example>`,
        "To: close-team@northwind-fin.example",
        "Subject: November close parameters",
        `Date: ${stamp(ctx.rng, 24)}`,
        "",
        "Hi all,",
        "",
        line,
        "Please route anything unusual through the close channel.",
        "",
        "Thanks,",
        "Dana",
      ].join("\n");
      return [
        call("mail.read", { folder: "Inbox", query: "close parameters" }, mail, [
          stated(ctx, line),
        ]),
      ];
    },
  },
  {
    name: "json-record",
    write: (ctx) => {
      const row = (label: string, value: string, key: string) =>
        `  {"param": "${label}", "key": "${key}", "value": "${value}", "entity": "NW-EMEA", "period": "2026-11"}`;
      const line = row(ctx.subject, ctx.value, ctx.key);
      const rows = others(ctx, 3).map(([l, v, k]) => row(l, v, k));
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const out = `[\n${rows.join(",\n")}\n]`;
      return [call("erp.get_close_params", { period: "2026-11" }, out, [stated(ctx, line.trim())])];
    },
  },
  {
    name: "yaml-config",
    write: (ctx) => {
      const line = `  ${ctx.key}: "${ctx.value}"   # ${ctx.subject}`;
      const rows = others(ctx, 3).map(([l, v, k]) => `  ${k}: "${v}"   # ${l}`);
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const out = ["# close-config/2026-11.yaml", "period: 2026-11", "params:", ...rows].join("\n");
      return [
        call("repo.read_file", { path: "close-config/2026-11.yaml" }, out, [
          stated(ctx, line.trim()),
        ]),
      ];
    },
  },
  {
    name: "csv-row",
    write: (ctx) => {
      const line = `"${ctx.subject}","${ctx.value}",${PEOPLE.controller},2026-11`;
      const rows = others(ctx, 3).map(([l, v]) => `"${l}","${v}",${PEOPLE.fpa},2026-11`);
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const out = ["parameter,value,owner,period", ...rows].join("\n");
      return [
        call("sheets.export_csv", { file: "Close Checklist Nov", sheet: "Parameters" }, out, [
          stated(ctx, line),
        ]),
      ];
    },
  },
  {
    name: "sql-table",
    write: (ctx) => {
      const pad = (s: string) => s.padEnd(52);
      const line = ` ${pad(ctx.subject)} | ${ctx.value.padEnd(16)} | 2026-11-2${ctx.rng.int(0, 6)}`;
      const rows = others(ctx, 3).map(
        ([l, v]) => ` ${pad(l)} | ${v.padEnd(16)} | 2026-11-1${ctx.rng.int(0, 9)}`,
      );
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const out = [
        ` ${pad("param_name")} | ${"param_value".padEnd(16)} | updated_on`,
        `-${"-".repeat(52)}+${"-".repeat(18)}+------------`,
        ...rows,
        `(${rows.length} rows)`,
      ].join("\n");
      const sql =
        "SELECT param_name, param_value, updated_on FROM close.params WHERE period = '2026-11';";
      return [call("warehouse.query", { sql }, out, [stated(ctx, line.trim())])];
    },
  },
  {
    name: "log-line",
    write: (ctx) => {
      const [t0, t1, t2, t3] = stamps(ctx.rng, 25, 4);
      const line = `${t1} INFO  close.init  loaded ${ctx.subject}=${ctx.value} source=policy`;
      const out = [
        `${t0} INFO  close.init  period 2026-11 opened for entity NW-EMEA`,
        line,
        `${t2} WARN  close.init  3 unposted journals in batch JB-${ctx.rng.int(1000, 9999)}`,
        `${t3} INFO  close.init  done in ${ctx.rng.int(2, 40)}.${ctx.rng.int(0, 9)}s`,
      ].join("\n");
      return [
        call("erp.job_log", { job: "close.init", period: "2026-11" }, out, [stated(ctx, line)]),
      ];
    },
  },
  {
    name: "kv-config",
    write: (ctx) => {
      const line = `${ctx.key} = ${ctx.value}   ; ${ctx.subject}`;
      const rows = others(ctx, 2).map(([l, v, k]) => `${k} = ${v}   ; ${l}`);
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const out = ["[close.2026-11]", ...rows, "", "[close.2026-10]", "archived = true"].join("\n");
      return [call("repo.read_file", { path: "etc/close.ini" }, out, [stated(ctx, line)])];
    },
  },
  {
    name: "assistant-summary",
    write: (ctx) => {
      const line = `- ${ctx.subject}: ${ctx.value}`;
      const rows = others(ctx, 2).map(([l, v]) => `- ${l}: ${v}`);
      rows.splice(ctx.rng.int(0, rows.length + 1), 0, line);
      const text = [
        "Here is what I have for the close parameters so far:",
        ...rows,
        "I'll use these for the journals unless you say otherwise.",
      ].join("\n");
      return [assistant(text, [stated(ctx, line)])];
    },
  },
  {
    name: "ticket-comment",
    write: (ctx) => {
      const id = `FIN-${ctx.rng.int(4000, 4999)}`;
      const line = `Comment (${PEOPLE.auditor}, Nov 24): agreed with the team that the ${ctx.subject} is ${ctx.value}.`;
      const out = [
        `${id} · Document close parameters for the audit file`,
        "Status: In progress   Assignee: close-agent   Priority: P2",
        `Comment (${PEOPLE.controller}, Nov 23): please attach the policy memo.`,
        line,
      ].join("\n");
      return [call("tickets.get", { id }, out, [stated(ctx, line)])];
    },
  },
  {
    name: "cell-value",
    write: (ctx) => {
      const row = ctx.rng.int(4, 40);
      const line = `Parameters!C${row} = "${ctx.value}"   (B${row}: "${ctx.subject}")`;
      return [
        call(
          "sheets.get_cell",
          { file: "Close Checklist Nov", range: `Parameters!B${row}:C${row}` },
          line,
          [stated(ctx, line)],
        ),
      ];
    },
  },
];
