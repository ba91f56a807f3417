// The tool-output statements of the "sealed-5" compression family: a metrics-catalog SQL
// row, a definitions-sheet CSV row, a settings JSON field (dashboard tool or CRM API).
// Used by corpora/compression-sealed-5-forms.ts.
import { int, pick, type Rnd } from "./compression-sealed-5-facts.ts";
import { call, say, user, type Block } from "./compression-sealed-5-filler.ts";
import { PEOPLE, table } from "./compression-sealed-5-tools.ts";

/** What a form is given: the subject, the value(s) it states and the value it replaces. */
export interface FormInput {
  r: Rnd;
  id: () => string;
  subject: string;
  values: string[];
  old: string;
}

export const one = (m: Block["messages"][number], sentence: string): Block => ({
  messages: [m],
  planted: [{ sentence, at: 0, offset: 0 }],
});
export const v0 = (x: FormInput) => x.values[0] ?? "";
export const v1 = (x: FormInput) => x.values[1] ?? "";
export const who = (r: Rnd) => pick(r, PEOPLE);
const stamp = (r: Rnd) => `2026-11-${String(int(r, 2, 27)).padStart(2, "0")}`;

const CATALOG = [
  ["signup attribution model", "last non-direct touch"],
  ["invoice grace period", "net 30"],
  ["seat utilisation basis", "active in trailing month"],
  ["trial extension limit", "one extension"],
  ["gross churn basis", "logo count"],
  ["forecast snapshot day", "first business day"],
  ["internal domain exclusion", "enabled"],
];

/** A metrics-catalog query whose result has the subject's row. */
export function sqlRow(x: FormInput, lead: string, after: string): Block {
  const rows = CATALOG.filter(() => x.r() < 0.6).map(([n, v]) => [
    n ?? "",
    v ?? "",
    who(x.r),
    stamp(x.r),
  ]);
  const row = [x.subject, v0(x), who(x.r), stamp(x.r)];
  rows.splice(int(x.r, 0, rows.length), 0, row);
  rows.sort((a, b) => (b[3] ?? "").localeCompare(a[3] ?? ""));
  const out = table(["name", "value", "owner", "updated_at"], rows);
  const line = out.split("\n").find((l) => l.startsWith(` ${x.subject} `)) ?? "";
  const query =
    "SELECT name, value, owner, updated_at\nFROM analytics.metric_catalog\nWHERE updated_at >= '2026-11-01'\nORDER BY updated_at DESC;";
  return {
    messages: [user(lead), ...call(x.id(), "run_sql", { query }, out), say(after)],
    planted: [{ sentence: line.trim(), at: 2, offset: 0 }],
  };
}

/** The definitions sheet read as CSV, with the subject's row. */
export function csvRow(x: FormInput, lead: string, after: string): Block {
  const cell = (s: string) => (s.includes(",") ? `"${s}"` : s);
  const rows = CATALOG.filter(() => x.r() < 0.6).map(([n, v]) =>
    [n, v, who(x.r), stamp(x.r)].join(","),
  );
  const line = [x.subject, cell(v0(x)), who(x.r), stamp(x.r)].join(",");
  rows.splice(int(x.r, 0, rows.length), 0, line);
  const csv = ["setting,value,changed_by,changed_on", ...rows].join("\n");
  return {
    messages: [
      user(lead),
      ...call(x.id(), "sheets_read", { sheet: "Metric definitions", range: "A1:D30" }, csv),
      say(after),
    ],
    planted: [{ sentence: line, at: 2, offset: 0 }],
  };
}

/** The analytics settings from the dashboard tool or the CRM API, with the subject's field. */
export function jsonField(x: FormInput, lead: string, after: string): Block {
  const settings: Record<string, string | number | boolean> = {
    timezone: "UTC",
    exclude_internal_domains: true,
    cache_ttl_seconds: int(x.r, 60, 900),
  };
  settings[x.subject] = v0(x);
  settings["week_starts_on"] = pick(x.r, ["monday", "sunday"]);
  const json = JSON.stringify(
    { workspace: "analytics-prod", revision: int(x.r, 100, 999), settings, updated_by: who(x.r) },
    null,
    2,
  );
  const crm = JSON.stringify(
    {
      object: "org_settings",
      id: `org_${int(x.r, 1000, 9999)}`,
      fields: settings,
      modified_by: who(x.r),
    },
    null,
    2,
  );
  const viaCrm = x.r() < 0.5;
  return {
    messages: [
      user(lead),
      ...(viaCrm
        ? call(x.id(), "crm_get", { endpoint: "org_settings", id: "analytics" }, crm)
        : call(
            x.id(),
            "dashboard_config",
            { dashboard: "workspace-settings", action: "get" },
            json,
          )),
      say(after),
    ],
    planted: [{ sentence: `"${x.subject}": "${v0(x)}"`, at: 2, offset: 0 }],
  };
}
