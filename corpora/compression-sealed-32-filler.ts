// Tool output for the "sealed-32" family (a transit agency's winter timetable change): the
// desk's tools and what they print (GTFS files, SQL against the scheduling database, the
// rostering system, vehicle-assignment listings, run-time reports, validator notices, scripts,
// emails, board memos, audit logs, diffs, rider-alert records, the supervisors' chat), each
// able to carry planted lines where its format puts them. Used by corpora/compression-sealed-32.ts.
import type { ToolKind } from "./compression-sealed-32-forms.ts";
import {
  GTFS_FILES,
  gtfs,
  gtfsOther,
  n,
  pick,
  roster,
  ROUTES,
  runtime,
  script,
  sql,
  sqlFile,
  SQL_TEXT,
  two,
  validator,
  vehicles,
  type Rnd,
} from "./compression-sealed-32-exports.ts";

export type FillerKind = ToolKind | "gtfs" | "sql" | "script" | "validator" | "runtime";

export const FILLER_KINDS: readonly FillerKind[] = [
  "gtfs",
  "sql",
  "script",
  "validator",
  "runtime",
  "roster",
  "vehicles",
  "mail",
  "memo",
  "audit",
  "headways",
  "params",
];

/** The tool the agent calls for each kind of output, and its arguments. */
export function toolCall(
  kind: FillerKind,
  rnd: Rnd,
  variant: number,
): { name: string; args: Record<string, unknown> } {
  switch (kind) {
    case "gtfs":
      return {
        name: "read_file",
        args: {
          path: `exports/winter26/${GTFS_FILES[variant % GTFS_FILES.length] ?? "stop_times.txt"}`,
          head: 40,
        },
      };
    case "sql":
      return { name: "sched_db_query", args: { db: "sched_prod_ro", sql: SQL_TEXT } };
    case "script":
      return {
        name: "read_file",
        args: { path: variant % 2 === 0 ? "tools/headway_check.py" : "tools/paddle_export.sql" },
      };
    case "validator":
      return {
        name: "run_command",
        args: { cmd: "java -jar gtfs-validator.jar -i exports/winter26.zip -o out/" },
      };
    case "runtime":
      return {
        name: "runtime_report",
        args: { route: pick(rnd, ["9", "14", "22", "40"]), period: "Sep-Oct 2026", percentile: 85 },
      };
    case "roster":
      return {
        name: "roster_lookup",
        args: { depot: pick(rnd, ["EASTGATE", "NORTH YARD"]), pick: "W26", view: "runs" },
      };
    case "vehicles":
      return {
        name: "vehicle_assignments",
        args: { depot: pick(rnd, ["EASTGATE", "NORTH YARD"]), date: "2026-12-07" },
      };
    case "mail":
      return {
        name: "mail_search",
        args: {
          query: pick(rnd, [
            "winter service change",
            "ATU 1744 pick",
            "council transit briefing",
            "fare hearing",
          ]),
          limit: 1,
        },
      };
    case "memo":
      return {
        name: "doc_open",
        args: {
          doc: pick(rnd, [
            "Board memo 26-114 Winter Service Change",
            "Board memo 26-121 Fare Adjustment",
          ]),
        },
      };
    case "audit":
      return { name: "sched_audit_log", args: { since: "2026-11-01", filter: "PARAM_*" } };
    case "headways":
      return { name: "headway_table", args: { sheet: "Winter 26", format: "markdown" } };
    case "params":
      return { name: "service_change_params", args: { change: "W26", print: true } };
    case "diff":
      return { name: "git_diff", args: { path: "service-change/w26.yaml" } };
    case "alerts":
      return { name: "alerts_cms_get", args: { status: pick(rnd, ["draft", "scheduled"]) } };
    case "teams":
      return { name: "teams_search", args: { channel: "#ops-supervisors", query: "winter" } };
  }
}

const MAIL_FROM = [
  "Priya Natarajan <pnatarajan@city.example.gov>",
  "Gus Whitcombe <president@atu1744.example.org>",
  "Board Office <board.clerk@rta.example.org>",
  "Lena Hart <lhart@rta.example.org>",
];

function mailHead(rnd: Rnd, body: string): string[] {
  const from = /\bLocal\b/.test(body)
    ? MAIL_FROM[1]
    : /Priya|council/i.test(body)
      ? MAIL_FROM[0]
      : pick(rnd, MAIL_FROM);
  return [
    `From: ${from ?? ""}`,
    `To: Marisol Vance <mvance@rta.example.org>`,
    `Cc: Ray Oduya <roduya@rta.example.org>`,
    `Date: ${pick(rnd, ["Mon", "Tue", "Wed", "Thu", "Fri"])}, ${n(rnd, 3, 27)} Nov 2026 ${two(n(rnd, 7, 18))}:${two(n(rnd, 0, 59))}:00 -0500`,
    `Subject: ${pick(rnd, ["Re: Winter service change W26", "RE: pick posting and run guides", "Council briefing, transit items", "Fare hearing logistics"])}`,
    "",
    pick(rnd, ["Hi Marisol,", "Marisol, Ray,", "Good afternoon,"]),
    "",
  ];
}

const MAIL_BODY = [
  "Thanks for sending the draft run guides; a few operators asked for printed copies at the depot.",
  "We still need the final block paddles before the sign-up opens, otherwise members cannot compare work.",
  "Council's transportation committee meets on the second Tuesday and would like a one-page summary.",
  "Please keep the detour maps consistent with the stop flag wording, last time they disagreed.",
];

function memoBody(rnd: Rnd): string[] {
  return [
    "BOARD OF DIRECTORS — STAFF REPORT",
    `Item ${n(rnd, 4, 12)}.${n(rnd, 1, 6)}   Winter 2026 Service Change`,
    "",
    "Background",
    "The winter service change adjusts schedules to seasonal ridership and to run times observed in September and October.",
    pick(rnd, [
      "Ridership on the Crosstown corridor has recovered to 94 percent of 2019 levels.",
      "On-time performance on the Route 9 corridor fell during the bridge works.",
    ]),
    "",
    "Recommendation",
  ];
}

function auditHead(): string[] {
  return ["TIMESTAMP         USER        ACTION      DETAIL"];
}

function auditRow(rnd: Rnd): string {
  const [action, detail] = pick(rnd, [
    [
      "TRIP_EDIT  ",
      `trip W26_${pick(rnd, ROUTES)}_${n(rnd, 1000, 9999)} moved ${pick(rnd, ["+2", "-1", "+4", "-3"])}`,
    ],
    [
      "BLOCK_MERGE",
      `blocks ${n(rnd, 9, 52)}-${two(n(rnd, 1, 6))}/${n(rnd, 9, 52)}-${two(n(rnd, 7, 12))} merged`,
    ],
    ["EXPORT     ", `gtfs export queued (job ${n(rnd, 800, 999)})`],
    ["RUNCUT     ", `runcut pass ${n(rnd, 1, 5)} complete, ${n(rnd, 2, 30)} unassigned pieces`],
  ] as const);
  return `2026-11-${two(n(rnd, 2, 27))} ${two(n(rnd, 7, 17))}:${two(n(rnd, 0, 59))}  ${pick(rnd, ["m.vance  ", "r.oduya  ", "l.hart   ", "sched-bot"])}   ${action}  ${detail}`;
}

function headwaysHead(): string[] {
  return [
    "Winter 26 — service levels (minutes unless noted)",
    "",
    `| ${"parameter".padEnd(52)} | ${"value".padEnd(10)} | status |`,
    `|${"-".repeat(54)}|${"-".repeat(12)}|--------|`,
  ];
}

function headwaysRow(rnd: Rnd): string {
  const label = `Route ${pick(rnd, ["31", "52", "7", "18"])} ${pick(rnd, ["Sunday", "evening", "early AM"])} service`;
  return `| ${label.padEnd(52)} | ${`${n(rnd, 20, 60)} min`.padEnd(10)} | as filed |`;
}

function paramsHead(rnd: Rnd): string[] {
  return [
    "RTA SCHEDULING SYSTEM  v8.3.1            SERVICE CHANGE PARAMETERS",
    `CHANGE: W26     PRINTED: 2026-11-${two(n(rnd, 2, 27))}     BY: ${pick(rnd, ["MVANCE", "RODUYA", "SCHEDBOT"])}`,
    "-".repeat(72),
  ];
}

const PARAM_ROWS = [
  ["deadhead speed factor", "1.15"],
  ["minimum layover default", "00:05"],
  ["garage pull-out buffer", "00:07"],
  ["interline allowance", "00:04"],
  ["max platform hours", "9:45"],
  ["relief point travel allowance", "00:06"],
  ["timepoint rounding", "NEAREST_MIN"],
  ["school tripper flag default", "N"],
] as const;

function paramsRows(rnd: Rnd, count: number): string[] {
  return shuffled(rnd, PARAM_ROWS)
    .slice(0, count)
    .map(([label, value]) => `  ${label} ${".".repeat(58 - label.length)} ${value}`);
}

function shuffled<T>(rnd: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function alertsRecord(rnd: Rnd, inner: readonly string[]): string[] {
  return [
    "{",
    `  "id": "ALR-${n(rnd, 20000, 29999)}",`,
    `  "status": "${pick(rnd, ["draft", "scheduled"])}",`,
    `  "routes": ["${pick(rnd, ROUTES)}"],`,
    '  "fields": {',
    `    "title_en": "${pick(rnd, ["Winter schedules start soon", "Detour on Route 9", "New Saturday times"])}",`,
    ...inner,
    `    "channels": "web,app,stopflags"`,
    "  }",
    "}",
  ];
}

function teamsLines(rnd: Rnd): string[] {
  return [
    `[${two(n(rnd, 6, 9))}:${two(n(rnd, 0, 59))}] Lena Hart: who has the keys to the supervisor van this week`,
    `[${two(n(rnd, 9, 12))}:${two(n(rnd, 0, 59))}] Ray Oduya: me, back at noon`,
    `[${two(n(rnd, 12, 15))}:${two(n(rnd, 0, 59))}] Deshawn Price: road call on 1422 at Kessler, sub sent`,
  ];
}

const insertAt = (rows: readonly string[], at: number, inner: readonly string[]) => [
  ...rows.slice(0, at),
  ...inner,
  ...rows.slice(at),
];

/** A whole tool output of a kind, with planted lines (maybe none) placed where that format puts them. */
export function toolBody(
  kind: FillerKind,
  rnd: Rnd,
  planted: readonly string[],
  variant: number,
): string {
  const rows = (make: (r: Rnd) => string, k: number) => Array.from({ length: k }, () => make(rnd));
  switch (kind) {
    case "gtfs":
      return (variant % GTFS_FILES.length === 0 ? gtfs(rnd) : gtfsOther(rnd, variant)).join("\n");
    case "sql":
      return sql(rnd).join("\n");
    case "script":
      return (variant % 2 === 0 ? script(rnd) : sqlFile(rnd)).join("\n");
    case "validator":
      return validator(rnd).join("\n");
    case "runtime":
      return runtime(rnd).join("\n");
    case "roster":
      return [...roster(rnd), ...planted].join("\n");
    case "vehicles":
      return [...vehicles(rnd), ...planted].join("\n");
    case "mail": {
      const head = mailHead(rnd, planted.join("\n"));
      if (planted.some((p) => p.includes(" wrote:"))) {
        return [...head, pick(rnd, MAIL_BODY), "", ...planted].join("\n");
      }
      const body = [pick(rnd, MAIL_BODY), ...planted, pick(rnd, MAIL_BODY)];
      return [...head, ...body.flatMap((p) => [p, ""]), "Regards"].join("\n");
    }
    case "memo":
      return [
        ...memoBody(rnd),
        ...(planted.length > 0
          ? planted
          : [
              "Staff recommends that the Board approve the winter service change as described in Attachment A.",
            ]),
        "",
        "Fiscal impact",
        `Net annual operating cost change: ${n(rnd, 1, 9)}${n(rnd, 0, 9)}0,000 dollars.`,
      ].join("\n");
    case "audit": {
      const body = rows(auditRow, n(rnd, 3, 6));
      return [...auditHead(), ...insertAt(body, n(rnd, 0, body.length), planted)].join("\n");
    }
    case "headways": {
      const body = rows(headwaysRow, n(rnd, 3, 6));
      return [...headwaysHead(), ...insertAt(body, n(rnd, 0, body.length), planted)].join("\n");
    }
    case "params": {
      const body = paramsRows(rnd, n(rnd, 3, 6));
      return [
        ...paramsHead(rnd),
        ...insertAt(body, n(rnd, 0, body.length), planted),
        "-".repeat(72),
        "END OF REPORT",
      ].join("\n");
    }
    case "diff":
      return [
        "diff --git a/service-change/w26.yaml b/service-change/w26.yaml",
        `index ${n(rnd, 0x1000000, 0xfffffff).toString(16)}..${n(rnd, 0x1000000, 0xfffffff).toString(16)} 100644`,
        "--- a/service-change/w26.yaml",
        "+++ b/service-change/w26.yaml",
        ...planted,
      ].join("\n");
    case "alerts":
      return alertsRecord(rnd, planted).join("\n");
    case "teams":
      return insertAt(teamsLines(rnd), n(rnd, 1, 3), planted).join("\n");
  }
}
