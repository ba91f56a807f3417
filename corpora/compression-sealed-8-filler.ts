// The everyday work between planted statements in the "sealed-8" compression family
// (a month-end close run): the user's and the agent's chatter about the close,
// and tool calls that return GL balances, journal entries, FX rates for other
// currencies, ticket lists, inbox listings, reconciliation exports and job logs.
// None of it states a planted value. Used by corpora/compression-sealed-8.ts.
import {
  assistant,
  call,
  stamp,
  stamps,
  user,
  type Rng,
  type Step,
} from "./compression-sealed-8-steps.ts";

const USER_LINES = [
  "Let's start with the bank reconciliations for the EMEA accounts.",
  "Can you pull the trial balance for entity NW-EMEA?",
  "The flash P&L is due at noon, so prioritise revenue and COGS.",
  "What's still open on the close checklist?",
  "Please draft the accrual journal for the consulting invoices we haven't received.",
  "The auditors want the fixed asset rollforward by Thursday afternoon.",
  "Check whether the intercompany balances between NW-EMEA and NW-US agree.",
  "Did the payroll journal post cleanly?",
  "Grace asked for the variance commentary on marketing spend.",
  "Look at the suspense account; it should be zero by the end of the close.",
  "Can you reconcile the deferred revenue balance to the billing system?",
  "I'm going to lunch; keep working through the reconciliations.",
  "Let's park the lease schedule until tomorrow.",
  "Thanks, that's what I expected.",
  "Export the unposted journals to the checklist sheet, please.",
];

const ASSISTANT_LINES = [
  "On it. I'll start with the largest balances.",
  "The trial balance is in; revenue is up against October, mostly from renewals.",
  "I found two unposted journals in the batch; both are waiting for approval.",
  "The intercompany balances differ by a rounding amount; I'll document it.",
  "Suspense has three items left; two are bank fees I can clear now.",
  "Deferred revenue ties to billing within a small timing difference.",
  "I drafted the accrual journal and attached the support to the ticket.",
  "The payroll journal posted; the tax liability account moved as expected.",
  "I'll write up the variance commentary once the marketing accrual is in.",
  "Done. The checklist sheet now lists the open items by owner.",
  "That reconciliation is clean; moving on.",
  "The fixed asset additions match the purchase orders I sampled.",
];

const ACCOUNTS = [
  ["1010-00", "Cash - operating EUR"],
  ["1200-00", "Trade receivables"],
  ["1410-00", "Prepaid expenses"],
  ["2010-00", "Trade payables"],
  ["2150-00", "Accrued expenses"],
  ["2400-00", "Deferred revenue"],
  ["4000-00", "Subscription revenue"],
  ["5000-00", "Cost of revenue"],
  ["6200-00", "Marketing programs"],
  ["6400-00", "Professional fees"],
] as const;

const money = (rng: Rng) =>
  `${rng.int(1, 950).toLocaleString("en-US")},${String(rng.int(0, 1000)).padStart(3, "0")}.${String(rng.int(0, 100)).padStart(2, "0")}`;

function glBalances(rng: Rng): Step {
  const rows = rng
    .shuffle(ACCOUNTS)
    .slice(0, 6)
    .map(
      ([a, d]) =>
        ` ${a} | ${d.padEnd(24)} | ${money(rng).padStart(14)} | ${money(rng).padStart(14)}`,
    );
  const out = [
    ` account | ${"description".padEnd(24)} | ${"debit".padStart(14)} | ${"credit".padStart(14)}`,
    `---------+${"-".repeat(26)}+${"-".repeat(16)}+${"-".repeat(15)}`,
    ...rows,
    `(${rows.length} rows)`,
  ].join("\n");
  const sql =
    "SELECT account, description, debit, credit FROM gl.balances WHERE period = '2026-11' LIMIT 6;";
  return call("warehouse.query", { sql }, out);
}

function journals(rng: Rng): Step {
  const out = Array.from({ length: 4 }, () => {
    const [a, d] = rng.pick(ACCOUNTS);
    return `JE-${rng.int(20000, 29999)}  2026-11-${rng.int(10, 30)}  ${a}  ${d.padEnd(24)} ${money(rng).padStart(14)}  ${rng.pick(["posted", "draft", "pending approval"])}`;
  }).join("\n");
  return call("erp.list_journals", { period: "2026-11", status: "any", limit: 4 }, out);
}

function otherFx(rng: Rng): Step {
  const pairs = [
    ["GBP/USD", 1.26],
    ["USD/JPY", 151.2],
    ["USD/CAD", 1.37],
    ["AUD/USD", 0.65],
    ["USD/SGD", 1.34],
  ] as const;
  const out = JSON.stringify(
    pairs.map(([p, r]) => ({
      pair: p,
      rate: Number((r * (1 + (rng.next() - 0.5) / 50)).toFixed(4)),
      source: "ECB",
    })),
  );
  return call("erp.fx_rates", { date: "2026-11-30", pairs: pairs.map(([p]) => p) }, out);
}

function tickets(rng: Rng): Step {
  const titles = [
    "Missing invoice for consulting accrual",
    "Bank fee mismatch on account 1010-00",
    "Intercompany invoice not mirrored in NW-US",
    "Fixed asset tag missing for new servers",
    "Payroll tax liability variance",
    "Deferred revenue timing difference",
  ];
  const out = rng
    .shuffle(titles)
    .slice(0, 4)
    .map((t) => `FIN-${rng.int(3000, 3999)}  ${rng.pick(["Open", "In progress", "Waiting"])}  ${t}`)
    .join("\n");
  return call("tickets.search", { project: "FIN", label: "month-end" }, out);
}

function inbox(rng: Rng): Step {
  const subjects = [
    "Flash P&L draft v2",
    "Bank statement for account ending 4471",
    "Consulting invoice INV-88213",
    "Audit PBC list - updated",
    "Reminder: expense reports due",
    "Lease schedule question",
  ];
  const out = rng
    .shuffle(subjects)
    .slice(0, 4)
    .map(
      (s) =>
        `${stamp(rng, rng.int(24, 31))}  ${rng.pick(["Grace Kim", "Marcus Lee", "Sam Iqbal"])}  ${s}`,
    )
    .join("\n");
  return call("mail.list", { folder: "Inbox", unread: true }, out);
}

function recExport(rng: Rng): Step {
  const rows = Array.from(
    { length: 4 },
    () =>
      `2026-11-${rng.int(1, 30)},${rng.pick(["SEPA transfer", "Card settlement", "Bank fee", "Customer receipt"])},${money(rng)},${rng.pick(["matched", "unmatched"])}`,
  );
  return call(
    "sheets.export_csv",
    { file: "Bank Rec Nov", sheet: "1010-00" },
    ["date,description,amount,status", ...rows].join("\n"),
  );
}

function jobLog(rng: Rng): Step {
  const job = rng.pick(["ar.aging", "ap.accruals", "fa.depreciation", "rev.schedule"]);
  const [t0, t1, t2] = stamps(rng, 30, 3);
  const out = [
    `${t0} INFO  ${job}  started period=2026-11`,
    `${t1} INFO  ${job}  processed ${rng.int(100, 9000)} lines`,
    `${t2} ${rng.pick(["INFO", "WARN"])}  ${job}  finished status=ok`,
  ].join("\n");
  return call("erp.job_log", { job, period: "2026-11" }, out);
}

const TOOLS = [glBalances, journals, otherFx, tickets, inbox, recExport, jobLog];

/** One filler piece of at most `room` messages (a call takes two). */
export function fillerStep(rng: Rng, room: number): Step {
  const r = rng.next();
  if (room >= 2 && r < 0.55) {
    return rng.pick(TOOLS)(rng);
  }
  return r < 0.78 ? user(rng.pick(USER_LINES)) : assistant(rng.pick(ASSISTANT_LINES));
}
