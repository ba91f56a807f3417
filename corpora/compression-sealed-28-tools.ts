// Tool output of the "sealed-28" family (satellite ground-station and flight-dynamics
// shift): pass schedules, telemetry limit tables, station bookings, orbit determination
// reports, command plans, anomaly tickets, ops chat exports, emails, config diffs and
// link budgets. Planted lines are slotted into the body; nothing else names a fact.
// Used by corpora/compression-sealed-28.ts.
import { CREW } from "./compression-sealed-28-facts.ts";

export type ToolName =
  | "pass_schedule"
  | "tlm_limits"
  | "station_booking"
  | "od_report"
  | "cmd_plan"
  | "anomaly_tracker"
  | "ops_chat_export"
  | "mail_search"
  | "config_diff"
  | "link_budget";

export const TOOL_NAMES: readonly ToolName[] = [
  "pass_schedule",
  "tlm_limits",
  "station_booking",
  "od_report",
  "cmd_plan",
  "anomaly_tracker",
  "ops_chat_export",
  "mail_search",
  "config_diff",
  "link_budget",
];

type Rnd = () => number;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const pad2 = (n: number) => String(n).padStart(2, "0");
export const clock = (rnd: Rnd) => `${pad2(int(rnd, 0, 24))}:${pad2(int(rnd, 0, 60))}`;

const SITES = ["SG1", "KS3", "IN2", "HB1", "PA1", "FB2", "TR1", "MG4"];
const ACTIVITIES = ["HK dump", "ranging", "TC upload", "payload DL", "clock sync", "idle track"];
const LIMIT_ROWS: readonly [string, string, string][] = [
  ["EPS_BUSV", "main bus voltage high", "29.6 V"],
  ["EPS_SACUR", "solar array current low", "1.9 A"],
  ["TCS_OBC_T", "OBC board temperature high", "55 C"],
  ["AOCS_RW2I", "wheel 2 motor current", "0.82 A"],
  ["TTC_AGC", "receiver AGC low", "-118 dBm"],
  ["PROP_TANKP", "tank pressure low", "14.2 bar"],
  ["AOCS_GYRT", "gyro temperature drift", "0.4 C/h"],
  ["PL_CCD_T", "detector temperature high", "-28 C"],
];

/** Slot planted lines between the body lines at random places, keeping their order. */
function slot(rnd: Rnd, body: string[], planted: readonly string[]): string[] {
  const out = [...body];
  let at = 0;
  for (const line of planted) {
    at = int(rnd, at, out.length + 1);
    out.splice(at, 0, line);
    at += 1;
  }
  return out;
}

function passSchedule(rnd: Rnd, planted: readonly string[]): string {
  const start = int(rnd, 0, 20);
  const rows = Array.from({ length: int(rnd, 6, 11) }, (_, i) => {
    const h = (start + i) % 24;
    const aos = `${pad2(h)}:${pad2(int(rnd, 0, 50))}:${pad2(int(rnd, 0, 60))}`;
    return `${String(48_210 + i).padEnd(7)} ${pick(rnd, SITES).padEnd(5)} ${aos}  +${int(rnd, 6, 14)}m  ${(10 + rnd() * 75).toFixed(1).padStart(5)}°  ${pick(rnd, ACTIVITIES)}`;
  });
  return [
    `pass_schedule --horizon 24h --sat ORB-7`,
    `ORBIT   SITE  AOS(UTC)  DUR   MAXEL   ACTIVITY`,
    ...slot(rnd, rows, planted),
    `${rows.length} passes, ${int(rnd, 0, 3)} conflicts flagged`,
  ].join("\n");
}

function tlmLimits(rnd: Rnd, planted: readonly string[]): string {
  const rows = [...LIMIT_ROWS]
    .sort(() => rnd() - 0.5)
    .slice(0, int(rnd, 4, 8))
    .map(
      ([m, d, v]) =>
        `${m.padEnd(14)} ${d.padEnd(40)} ${v.padEnd(12)} ${pick(rnd, ["RED", "YELLOW"])}   ENABLED`,
    );
  return [
    `limits table rev ${int(rnd, 12, 30)} (MCS export ${pad2(int(rnd, 1, 29))}-Nov)`,
    `MNEMONIC       DESCRIPTION                              LIMIT        CLASS STATE`,
    ...slot(rnd, rows, planted),
  ].join("\n");
}

function stationBooking(rnd: Rnd, planted: readonly string[]): string {
  const bookings = Array.from({ length: int(rnd, 2, 5) }, () => {
    const id = `BK-${int(rnd, 10_000, 99_999)}`;
    return `    {"id": "${id}", "site": "${pick(rnd, SITES)}", "start": "2026-11-${pad2(int(rnd, 28, 31))}T${clock(rnd)}Z", "status": "${pick(rnd, ["CONFIRMED", "TENTATIVE", "RELEASED"])}"},`;
  });
  const params = slot(rnd, [`      {"param": "antenna_mode", "value": "autotrack"}`], planted);
  return [
    `{`,
    `  "provider": "${pick(rnd, ["KSAT-lite", "SSC-net", "in-house"])}",`,
    `  "bookings": [`,
    ...bookings,
    `  ],`,
    `  "mission_parameters": {`,
    `    "rows": [`,
    ...params,
    `    ]`,
    `  }`,
    `}`,
  ].join("\n");
}

function odReport(rnd: Rnd, planted: readonly string[]): string {
  const body = [
    `  ${"semi-major axis ".padEnd(46, ".")} ${(6920 + rnd() * 3).toFixed(3)} km`,
    `  ${"eccentricity ".padEnd(46, ".")} 0.00${int(rnd, 100, 999)}`,
    `  ${"inclination ".padEnd(46, ".")} 97.${int(rnd, 40, 49)} deg`,
    `  ${"position sigma (radial) ".padEnd(46, ".")} ${(rnd() * 9 + 1).toFixed(1)} m`,
    `  ${"tracking arc ".padEnd(46, ".")} ${int(rnd, 18, 72)} h, ${int(rnd, 4, 19)} passes`,
  ];
  return [
    `ORBIT DETERMINATION REPORT  ODR-${int(rnd, 1000, 9999)}`,
    `generated ${clock(rnd)} UTC by fdsuite ${int(rnd, 4, 7)}.${int(rnd, 0, 9)}`,
    ...slot(rnd, body, planted),
    `residuals RMS ${(rnd() * 2).toFixed(2)} m; ${int(rnd, 0, 6)} measurements rejected`,
  ].join("\n");
}

function cmdPlan(rnd: Rnd, planted: readonly string[]): string {
  const cmds = [
    "AOCS_SET_MODE FINE_POINT",
    "TTC_TX_ON XBAND",
    "PL_START_ACQ",
    "OBC_TIME_SYNC",
    "EPS_HTR_ENABLE 2",
    "MM_DUMP_PART 4",
  ];
  const body = Array.from(
    { length: int(rnd, 5, 9) },
    (_, i) =>
      `${String(i + 1).padStart(4, "0")}  +00:${pad2(i * 2)}:${pad2(int(rnd, 0, 60))}  ${pick(rnd, cmds)}`,
  );
  return [
    `; command plan CP-2026-${int(rnd, 330, 336)}-${int(rnd, 1, 5)}  status: ${pick(rnd, ["DRAFT", "VALIDATED", "RELEASED"])}`,
    ...slot(rnd, body, planted),
    `; end of plan, checksum 0x${int(rnd, 4096, 65_535).toString(16)}`,
  ].join("\n");
}

function anomalyTicket(rnd: Rnd, planted: readonly string[]): string {
  const body = [
    `  severity: ${pick(rnd, ["minor", "major"])}`,
    `  subsystem: ${pick(rnd, ["AOCS", "EPS", "TTC", "payload"])}`,
    `  comment (${pick(rnd, CREW)}): current spikes repeat near eclipse exit`,
    `  comment (${pick(rnd, CREW)}): no impact on pointing so far`,
  ];
  return [
    `ANOM-${int(rnd, 4400, 4499)} [${pick(rnd, ["OPEN", "IN REVIEW", "MONITORING"])}] wheel 2 current spikes`,
    ...slot(rnd, body, planted),
  ].join("\n");
}

const CHAT = [
  "AOS on time, signal looks clean",
  "lost lock for 20 s at low elevation, recovered",
  "HK dump complete, 412 frames",
  "anyone seen the new flight rules PDF?",
  "coffee machine on the second floor is dead again",
  "pass 48213 skipped, antenna in maintenance",
  "TC upload verified, 14 of 14 accepted",
  "wheel 2 looks quiet this orbit",
];

function chatExport(rnd: Rnd, planted: readonly string[]): string {
  const body = [...CHAT]
    .sort(() => rnd() - 0.5)
    .slice(0, int(rnd, 4, 8))
    .map((text) => `[${clock(rnd)}] ${pick(rnd, CREW)}: ${text}`);
  // An export lists messages by time; every line starts with its "[hh:mm]" stamp.
  const ordered = [...body, ...planted].sort();
  return [`#ops-console export (${ordered.length} messages)`, ...ordered].join("\n");
}

function mail(rnd: Rnd, planted: readonly string[]): string {
  const from = pick(rnd, CREW);
  const body = [
    `Hi all,`,
    `a short note ahead of the weekend passes.`,
    `Please keep the console log up to date.`,
    `Thanks, ${from}`,
  ];
  return [
    `From: ${from.toLowerCase()}@orbops.example`,
    `To: ops-shift@orbops.example`,
    `Subject: ${pick(rnd, ["Shift notes", "RE: weekend plan", "Flight rules update", "Station bookings"])}`,
    `Date: ${pick(rnd, ["Thu", "Fri", "Sat"])}, ${int(rnd, 26, 30)} Nov 2026 ${clock(rnd)} +0000`,
    ``,
    ...slot(rnd, body.slice(0, 3), planted),
    body[3] ?? "",
  ].join("\n");
}

function configDiff(rnd: Rnd, planted: readonly string[]): string {
  const file = pick(rnd, [
    "ops-config/limits.yaml",
    "ops-config/fd.yaml",
    "ops-config/ground.yaml",
  ]);
  return [
    `diff --git a/${file} b/${file}`,
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${int(rnd, 10, 80)},6 +${int(rnd, 10, 80)},6 @@`,
    ` schema_version: 3`,
    ...planted,
    ` reviewed_by: ${pick(rnd, CREW).toLowerCase()}`,
  ].join("\n");
}

function linkBudget(rnd: Rnd, planted: readonly string[]): string {
  const body = [
    `EIRP                      ${(8 + rnd() * 6).toFixed(1)} dBW`,
    `free-space loss          -${(170 + rnd() * 8).toFixed(1)} dB`,
    `atmospheric + rain       -${(0.5 + rnd() * 2).toFixed(1)} dB`,
    `G/T (ground)              ${(28 + rnd() * 6).toFixed(1)} dB/K`,
    `Eb/N0 required            ${(4 + rnd() * 3).toFixed(1)} dB`,
  ];
  return [
    `link budget, site ${pick(rnd, SITES)}, elevation ${int(rnd, 11, 80)}°`,
    ...slot(rnd, body, planted),
  ].join("\n");
}

/** The output of one tool call with `planted` lines in its body. */
export function toolOutput(tool: ToolName, rnd: Rnd, planted: readonly string[]): string {
  switch (tool) {
    case "pass_schedule":
      return passSchedule(rnd, planted);
    case "tlm_limits":
      return tlmLimits(rnd, planted);
    case "station_booking":
      return stationBooking(rnd, planted);
    case "od_report":
      return odReport(rnd, planted);
    case "cmd_plan":
      return cmdPlan(rnd, planted);
    case "anomaly_tracker":
      return anomalyTicket(rnd, planted);
    case "ops_chat_export":
      return chatExport(rnd, planted);
    case "mail_search":
      return mail(rnd, planted);
    case "config_diff":
      return configDiff(rnd, planted);
    case "link_budget":
      return linkBudget(rnd, planted);
  }
}

/** A plausible argument object for a call of `tool`. */
export function toolArguments(tool: ToolName, rnd: Rnd): Record<string, unknown> {
  switch (tool) {
    case "pass_schedule":
      return { sat: "ORB-7", horizon_h: 24 };
    case "tlm_limits":
      return { subsystem: pick(rnd, ["EPS", "AOCS", "TTC", "TCS", "all"]) };
    case "station_booking":
      return { action: "list", window: "next-48h" };
    case "od_report":
      return { latest: true };
    case "cmd_plan":
      return { plan: `CP-2026-${int(rnd, 330, 336)}`, show: "full" };
    case "anomaly_tracker":
      return { query: "status:open subsystem:AOCS" };
    case "ops_chat_export":
      return { channel: "#ops-console", since: "6h" };
    case "mail_search":
      return { folder: "ops-shift", query: pick(rnd, ["flight rules", "bookings", "handover"]) };
    case "config_diff":
      return { repo: "ops-config", rev: `HEAD~${int(rnd, 1, 4)}` };
    case "link_budget":
      return { band: pick(rnd, ["X", "S"]), site: pick(rnd, SITES) };
  }
}
