// The tool outputs of the "sealed-5" compression family: SQL result tables and errors,
// spreadsheet CSV, CRM and dashboard JSON, email/Slack threads, analyst code. Used by
// corpora/compression-sealed-5-filler.ts and -forms.ts; none of it names a planted subject.
import { int, pick, type Rnd } from "./compression-sealed-5-facts.ts";

export const PEOPLE = [
  "Dana Whitfield",
  "Marta Kowalczyk",
  "Jonas Weber",
  "Chloe Martin",
  "Kenji Sato",
  "Amara Osei",
  "Felix Dubois",
  "Nadia Haddad",
];
const FIRST = [
  "Northwind",
  "Bluepeak",
  "Ironleaf",
  "Solvent",
  "Harbor",
  "Quanta",
  "Lumen",
  "Cobalt",
  "Verdant",
  "Orbit",
  "Pinecrest",
  "Talis",
];
const SECOND = [
  "Logistics",
  "Health",
  "Retail",
  "Labs",
  "Freight",
  "Capital",
  "Studios",
  "Foods",
  "Energy",
  "Systems",
  "Travel",
  "Analytics",
];
export const PLANS = ["Starter", "Team", "Business", "Enterprise"];
export const REGIONS = ["EMEA", "APAC", "North America", "LATAM"];
const CHANNELS = ["organic", "paid_search", "partner", "outbound", "referral", "events"];
const FEATURES = [
  "exports",
  "sso",
  "audit_log",
  "api_keys",
  "workflows",
  "comments",
  "alerts",
  "sandbox",
];

export const account = (r: Rnd) => `${pick(r, FIRST)} ${pick(r, SECOND)}`;
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const day = (r: Rnd) =>
  `2026-${String(int(r, 8, 11)).padStart(2, "0")}-${String(int(r, 1, 28)).padStart(2, "0")}`;
const money = (r: Rnd, lo: number, hi: number) => (lo + r() * (hi - lo)).toFixed(2);

/** A psql-style result table. */
export function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) =>
    Math.max(c.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => ` ${pad(c, widths[i] ?? 0)} `).join("|");
  return [
    line(columns),
    widths.map((w) => "-".repeat(w + 2)).join("+"),
    ...rows.map(line),
    `(${rows.length} row${rows.length === 1 ? "" : "s"})`,
  ].join("\n");
}

/** A filler analysis query and its result table. */
export function sqlAnalysis(r: Rnd): {
  query: string;
  result: string;
  topic: string;
  note: string;
} {
  const variant = int(r, 0, 3);
  const n = int(r, 12, 28);
  if (variant === 0) {
    const region = pick(r, REGIONS);
    const rows = Array.from({ length: n }, (_, i) => {
      const signups = int(r, 120, 2400);
      return [
        `2026-W${String(30 + i).padStart(2, "0")}`,
        String(signups),
        String(Math.floor(signups * (0.08 + r() * 0.2))),
        `${(8 + r() * 20).toFixed(1)}%`,
      ];
    });
    const best = rows.reduce((a, b) => (Number(b[1]) > Number(a[1]) ? b : a));
    return {
      topic: `weekly trial signups in ${region}`,
      note: `Signups in ${region} peak in ${best[0]} at ${best[1]}; conversion swings between weeks, so I'd look at a four-week average before calling a trend.`,
      query: [
        "SELECT date_trunc('week', s.created_at) AS week,",
        "       count(*) AS signups,",
        "       count(*) FILTER (WHERE s.converted_at IS NOT NULL) AS converted,",
        "       round(100.0 * count(*) FILTER (WHERE s.converted_at IS NOT NULL) / count(*), 1) AS conv_pct",
        "FROM analytics.trial_signups s",
        "JOIN analytics.accounts a ON a.account_id = s.account_id",
        `WHERE a.region = '${region}' AND s.created_at >= '2026-07-20'`,
        "GROUP BY 1 ORDER BY 1;",
      ].join("\n"),
      result: table(["week", "signups", "converted", "conv_pct"], rows),
    };
  }
  if (variant === 1) {
    const rows = Array.from({ length: n }, () => [
      String(int(r, 100000, 999999)),
      account(r),
      pick(r, PLANS),
      pick(r, REGIONS),
      money(r, 1200, 240000),
      String(int(r, 1, 400)),
      day(r),
    ]);
    const top = rows.reduce((a, b) => (Number(b[5]) > Number(a[5]) ? b : a));
    return {
      topic: "accounts with the largest seat drop this quarter",
      note: `${top[1]} lost the most seats (${top[5]}) and renews on ${top[6]}; ${rows.filter((x) => x[2] === "Enterprise").length} of these ${n} accounts are Enterprise.`,
      query: [
        "WITH seats AS (",
        "  SELECT account_id, max(seats) FILTER (WHERE snapshot_date = '2026-07-01') AS q_start,",
        "         max(seats) FILTER (WHERE snapshot_date = current_date - 1) AS latest",
        "  FROM analytics.seat_snapshots GROUP BY account_id",
        ")",
        "SELECT a.account_id, a.name, a.plan, a.region, a.arr_usd, s.q_start - s.latest AS seat_drop, a.renewal_date",
        "FROM seats s JOIN analytics.accounts a USING (account_id)",
        "WHERE s.q_start - s.latest > 0 ORDER BY seat_drop DESC",
        `LIMIT ${n};`,
      ].join("\n"),
      result: table(
        ["account_id", "name", "plan", "region", "arr_usd", "seat_drop", "renewal_date"],
        rows,
      ),
    };
  }
  if (variant === 2) {
    const rows = CHANNELS.flatMap((c) =>
      PLANS.slice(0, int(r, 2, 4)).map((p) => [
        c,
        p,
        String(int(r, 10, 900)),
        money(r, 40, 900),
        money(r, 200, 9000),
      ]),
    );
    const cheap = rows.reduce((a, b) => (Number(b[3]) < Number(a[3]) ? b : a));
    return {
      topic: "acquisition cost by channel and plan",
      note: `The cheapest cell is ${cheap[0]} on ${cheap[1]} at $${cheap[3]} per new account, but it only brought ${cheap[2]} accounts, so one deal moves it.`,
      query: [
        "SELECT c.channel, a.plan, count(DISTINCT a.account_id) AS new_accounts,",
        "       round(sum(c.spend_usd) / nullif(count(DISTINCT a.account_id), 0), 2) AS cac_usd,",
        "       round(avg(a.first_year_value_usd), 2) AS avg_fyv_usd",
        "FROM marketing.campaign_spend c",
        "LEFT JOIN analytics.accounts a ON a.first_touch_campaign = c.campaign_id",
        "WHERE c.spend_month BETWEEN '2026-05-01' AND '2026-10-31'",
        "GROUP BY 1, 2 ORDER BY 1, 2;",
      ].join("\n"),
      result: table(["channel", "plan", "new_accounts", "cac_usd", "avg_fyv_usd"], rows),
    };
  }
  const rows = FEATURES.map((f) => [
    f,
    String(int(r, 40, 5200)),
    `${(r() * 60).toFixed(1)}%`,
    `${(r() * 30 - 10).toFixed(1)}%`,
  ]).sort((a, b) => Number(b[1]) - Number(a[1]));
  const most = rows[0] ?? [];
  return {
    topic: "feature adoption across paying accounts",
    note: `${most[0]} is used by ${most[1]} paying accounts; the month-over-month column is noisy for the smaller features.`,
    query: [
      "SELECT e.feature, count(DISTINCT e.account_id) AS accounts,",
      "       round(100.0 * count(DISTINCT e.account_id) / (SELECT count(*) FROM analytics.accounts WHERE plan <> 'Free'), 1) AS share,",
      "       round(100.0 * (count(*) - lag(count(*)) OVER (PARTITION BY e.feature ORDER BY 1)) / nullif(lag(count(*)) OVER (PARTITION BY e.feature ORDER BY 1), 0), 1) AS mom",
      "FROM events.feature_used e",
      "WHERE e.occurred_at >= date_trunc('month', current_date) - interval '1 month'",
      "GROUP BY e.feature ORDER BY accounts DESC;",
    ].join("\n"),
    result: table(["feature", "accounts", "share", "mom"], rows),
  };
}

/** A failed query: the warehouse error and the connector's traceback. */
export function sqlError(r: Rnd): string {
  const col = pick(r, ["acount_id", "arr_usd_eur", "seat_cnt", "churned_on", "plan_tier"]);
  return [
    `ERROR:  column "${col}" does not exist`,
    `LINE ${int(r, 2, 6)}: ...ect a.name, a.${col}, sum(i.amount_usd) AS billed`,
    "                            ^",
    `HINT:  Perhaps you meant to reference the column "a.${col.replace(/_\w+$/, "")}".`,
    "",
    "Traceback (most recent call last):",
    '  File "/srv/analyst/tools/sql_runner.py", line 88, in run_query',
    "    cursor.execute(query, params)",
    '  File "/usr/lib/python3.11/site-packages/psycopg/cursor.py", line 732, in execute',
    "    raise ex.with_traceback(None)",
    `psycopg.errors.UndefinedColumn: column "${col}" does not exist`,
    `query_id=q_${int(r, 100000, 999999)} warehouse=ANALYTICS_XS elapsed_ms=${int(r, 40, 900)}`,
  ].join("\n");
}

/** Spreadsheet rows as CSV. */
export function csvSheet(r: Rnd): { sheet: string; csv: string } {
  const sheet = pick(r, [
    "Q4 renewals",
    "Pipeline review",
    "Expansion targets",
    "Support escalations",
  ]);
  const rows = Array.from({ length: int(r, 12, 30) }, () =>
    [
      account(r),
      pick(r, PLANS),
      pick(r, REGIONS),
      money(r, 2000, 180000),
      day(r),
      pick(r, PEOPLE),
      pick(r, ["committed", "at risk", "upside", "closed"]),
    ].join(","),
  );
  return { sheet, csv: ["account,plan,region,arr_usd,date,owner,status", ...rows].join("\n") };
}

/** A CRM account record as JSON. */
export function crmAccount(r: Rnd): { id: string; json: string } {
  const id = `acc_${int(r, 10000, 99999)}`;
  const contacts = Array.from({ length: int(r, 1, 3) }, () => ({
    name: pick(r, PEOPLE),
    role: pick(r, ["Admin", "Economic buyer", "Champion", "Billing"]),
    last_touch: day(r),
  }));
  const record = {
    id,
    name: account(r),
    plan: pick(r, PLANS),
    region: pick(r, REGIONS),
    arr_usd: Number(money(r, 3000, 300000)),
    seats: { purchased: int(r, 10, 800), active_30d: int(r, 5, 700) },
    health: {
      score: int(r, 10, 99),
      trend: pick(r, ["up", "flat", "down"]),
      computed_at: `${day(r)}T04:00:00Z`,
    },
    renewal_date: day(r),
    contacts,
    open_opportunities: Array.from({ length: int(r, 0, 2) }, () => ({
      id: `opp_${int(r, 1000, 9999)}`,
      stage: pick(r, ["Discovery", "Proposal", "Negotiation"]),
      amount_usd: int(r, 2000, 90000),
    })),
  };
  return { id, json: JSON.stringify(record, null, 2) };
}

/** A dashboard's configuration as JSON. */
export function dashboardConfig(r: Rnd, name: string): string {
  const tiles = Array.from({ length: int(r, 4, 8) }, (_, i) => ({
    id: `tile_${i + 1}`,
    title: pick(r, [
      "Net revenue retention",
      "New ARR",
      "Active workspaces",
      "Trial starts",
      "Seat utilisation",
      "Tickets per account",
      "Gross churn",
    ]),
    viz: pick(r, ["line", "bar", "kpi", "table"]),
    query_ref: `models/${pick(r, ["fct_revenue", "fct_usage_daily", "dim_accounts", "fct_trials"])}.sql`,
  }));
  return JSON.stringify(
    {
      dashboard: name,
      version: int(r, 3, 40),
      layout: "grid-12",
      tiles,
      updated_by: pick(r, PEOPLE),
    },
    null,
    2,
  );
}

/** An email or Slack thread as the search tool returns it. */
export function thread(r: Rnd, subject: string, lines: readonly string[], source: string): string {
  const start = int(r, 1, 18);
  const out = [
    `Thread: "${subject}" (${source}, ${lines.length + 1} messages)`,
    `[2026-11-${String(start).padStart(2, "0")} 09:${int(r, 10, 59)}] ${pick(r, PEOPLE)}:`,
    "  Hi all, picking this back up after the sync.",
    "",
  ];
  for (const [i, l] of lines.entries()) {
    const d = String(start + i + 1).padStart(2, "0");
    out.push(
      `[2026-11-${d} ${int(r, 10, 17)}:${int(r, 10, 59)}] ${pick(r, PEOPLE)}:`,
      `  ${l}`,
      "",
    );
  }
  return out.join("\n");
}

/** Filler chatter lines for a thread. */
export const THREAD_LINES = [
  "Can we get the renewal list before Thursday's forecast call?",
  "The board pack draft is in the shared drive, comments welcome.",
  "I think the spike in week 41 is the partner webinar, not a tracking bug.",
  "Support says two enterprise accounts asked for the export feature again.",
  "> Are we still excluding internal test workspaces from the counts?",
  "Yes, anything with an @lethe-internal domain is filtered in the staging model.",
  "Finance wants the numbers reconciled with the billing system first.",
  "Let's not change anything mid-quarter unless it's a bug.",
];

/** A Python/pandas or dbt snippet the analyst writes. */
export function codeSnippet(r: Rnd): string {
  if (r() < 0.5) {
    const col = pick(r, ["arr_usd", "seats_active", "tickets_30d", "logins_7d"]);
    return [
      "```python",
      "import pandas as pd",
      "",
      `def summarise(df: pd.DataFrame, by: str = "${pick(r, ["plan", "region", "channel"])}") -> pd.DataFrame:`,
      `    out = df.groupby(by).agg(accounts=("account_id", "nunique"), total=("${col}", "sum"))`,
      `    out["share"] = (out["total"] / out["total"].sum()).round(${int(r, 2, 4)})`,
      `    return out.sort_values("total", ascending=False)`,
      "",
      `frame = pd.read_csv("exports/${pick(r, ["renewals", "usage", "pipeline"])}_${day(r)}.csv", parse_dates=["date"])`,
      "print(summarise(frame).head(20).to_markdown())",
      "```",
    ].join("\n");
  }
  return [
    "```sql",
    `-- models/marts/${pick(r, ["fct_account_health", "fct_revenue_monthly", "fct_trial_funnel"])}.sql`,
    "{{ config(materialized='incremental', unique_key='account_id') }}",
    "select",
    "    a.account_id,",
    "    a.plan,",
    `    coalesce(u.active_days, 0) as active_days,`,
    `    sum(i.amount_usd) filter (where i.status = 'paid') as paid_usd`,
    "from {{ ref('dim_accounts') }} a",
    "left join {{ ref('fct_usage_daily') }} u using (account_id)",
    "left join {{ ref('stg_invoices') }} i using (account_id)",
    "{% if is_incremental() %}",
    "where u.usage_date > (select max(usage_date) from {{ this }})",
    "{% endif %}",
    "group by 1, 2, 3",
    "```",
  ].join("\n");
}
