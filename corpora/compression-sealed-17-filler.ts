// The tool outputs of the "sealed-17" session (corpora/compression-sealed-17.ts): BMS point
// exports, trend and energy-meter CSVs, alarm and audit logs, work orders, vendor emails,
// Slack exports, setpoint schedules, commissioning checklists, diffs and controller configs.
// Each document can carry planted lines handed in by the generator; its own filler never
// names a planted subject.
import type { Carrier } from "./compression-sealed-17-forms.ts";

/** Every kind of tool output: the carriers of planted lines and filler-only kinds. */
export type DocKind =
  | Exclude<Carrier, "user" | "assistant">
  | "points"
  | "trend"
  | "meter"
  | "alarms";

export const FILLER_KINDS: readonly DocKind[] = [
  "points",
  "trend",
  "meter",
  "alarms",
  "yaml",
  "ini",
  "email",
  "slack",
  "workorder",
  "bmslog",
  "checklist",
  "schedule",
];

type Rnd = () => number;
const pick = <T>(list: readonly T[], rnd: Rnd): T => list[Math.floor(rnd() * list.length)] as T;
const int = (lo: number, hi: number, rnd: Rnd) => lo + Math.floor(rnd() * (hi - lo));
const dec = (lo: number, hi: number, rnd: Rnd, digits = 1) =>
  (lo + rnd() * (hi - lo)).toFixed(digits);
const two = (n: number) => String(n).padStart(2, "0");
const day = (rnd: Rnd) => `2026-11-${two(int(3, 28, rnd))}`;

const PEOPLE = ["Priya Natarajan", "Rui Osei", "Marta Kowalski", "Jorge Ortiz", "Sven Lindgren"];
const HANDLES = ["priya.n", "rui.osei", "marta.k", "jorge.o", "sven.l", "nightshift"];
const DEVICES = ["AHU-1", "AHU-2", "AHU-3", "AHU-4", "RTU-7", "EF-4", "CT-1", "B-2", "FCU-14"];
const POINTS = [
  ["SA-T", "degF"],
  ["RA-T", "degF"],
  ["MA-T", "degF"],
  ["SF-VFD", "%"],
  ["RF-VFD", "%"],
  ["CHW-VLV", "%"],
  ["HW-VLV", "%"],
  ["OA-DPR", "%"],
  ["DUCT-SP", "inWC"],
  ["RA-RH", "%RH"],
] as const;

/** Puts the planted lines somewhere in the middle of a document's body. */
function splice(body: string[], extra: readonly string[], rnd: Rnd): string[] {
  const at = int(1, Math.max(2, body.length), rnd);
  return [...body.slice(0, at), ...extra, ...body.slice(at)];
}

function points(rnd: Rnd): string {
  const device = pick(DEVICES, rnd);
  const rows = POINTS.map(
    ([p, unit]) =>
      `${device}/${p},${dec(0, 90, rnd)},${unit},${rnd() > 0.9 ? "OVRD" : "OK"},${int(1, 99, rnd)}`,
  );
  return [`Point Name,Present Value,Units,Status,Priority`, ...rows].join("\n");
}

function trend(rnd: Rnd): string {
  const device = pick(DEVICES, rnd);
  const head = `Timestamp,${device} SA-T (degF),${device} RA-T (degF),${device} SF-VFD (%),${device} CHW-VLV (%)`;
  const rows = Array.from({ length: int(8, 16, rnd) }, (_, i) => {
    const t = `${day(rnd)} ${two(5 + Math.floor(i / 4))}:${two((i % 4) * 15)}`;
    return `${t},${dec(52, 61, rnd)},${dec(70, 77, rnd)},${dec(30, 95, rnd, 0)},${dec(0, 100, rnd, 0)}`;
  });
  return [head, ...rows].join("\n");
}

function meter(rnd: Rnd): string {
  const meterId = pick(["MTR-MAIN-A", "MTR-MAIN-B", "MTR-CHLR", "MTR-TENANT-9"], rnd);
  const rows = Array.from({ length: int(10, 18, rnd) }, (_, i) => {
    const kw = int(380, 1250, rnd);
    return `${meterId},2026-11-${two(20 + (i % 7))} ${two(8 + (i % 10))}:00,${(kw / 4).toFixed(1)},${kw},${dec(0.86, 0.99, rnd, 2)}`;
  });
  return [`meter_id,interval_start,kwh,kw_demand,power_factor`, ...rows].join("\n");
}

function alarms(rnd: Rnd): string {
  const kinds = [
    "HIGH SA-T",
    "SF FAIL TO START",
    "FILTER DIRTY",
    "LOW CHW DELTA-T",
    "COMM LOSS",
    "FREEZESTAT",
    "HIGH ZONE TEMP",
  ];
  const rows = Array.from({ length: int(6, 12, rnd) }, () =>
    [
      `${day(rnd)} ${two(int(0, 24, rnd))}:${two(int(0, 60, rnd))}`,
      pick(DEVICES, rnd).padEnd(7),
      pick(kinds, rnd).padEnd(18),
      pick(["ACKED", "CLEARED", "ACTIVE"], rnd),
    ].join("  "),
  );
  return [`TIME              DEVICE   ALARM               STATE`, ...rows].join("\n");
}

function yaml(rnd: Rnd, extra: readonly string[]): string {
  const device = pick(DEVICES, rnd);
  const body = [
    `# controller: ${device} (JCI FX-PCG, firmware 14.${int(0, 9, rnd)})`,
    `device: ${device}`,
    `network:`,
    `  bacnet_instance: ${int(100000, 400000, rnd)}`,
    `  mstp_mac: ${int(1, 127, rnd)}`,
    `loops:`,
    `  sat_pid: { kp: ${dec(0.5, 4, rnd, 2)}, ki: ${dec(0.01, 0.2, rnd, 3)}, deadband: 0.5 }`,
    `  static_pid: { kp: ${dec(0.5, 4, rnd, 2)}, ki: ${dec(0.01, 0.2, rnd, 3)} }`,
    `schedule_ref: SCH-${int(10, 99, rnd)}`,
    `trend_interval_s: ${pick([60, 300, 900], rnd)}`,
  ];
  return splice(body, extra, rnd).join("\n");
}

function ini(rnd: Rnd, extra: readonly string[]): string {
  const body = [
    `[gateway]`,
    `host = 10.40.${int(1, 20, rnd)}.${int(2, 250, rnd)}`,
    `poll_seconds = ${pick([15, 30, 60], rnd)}`,
    ``,
    `[modbus]`,
    `unit_id = ${int(1, 30, rnd)}`,
    `baud = 19200`,
    `parity = N`,
    ``,
    `[export]`,
    `target = s3://hp-tower-energy/raw`,
    `batch = ${int(50, 500, rnd)}`,
  ];
  return splice(body, extra, rnd).join("\n");
}

const EMAIL_LINES = [
  "Attached is the revised quote for the VFD replacement on the return fan.",
  "Our tech can be on site Thursday between 7 and 11.",
  "Please confirm the ceiling tiles on 14 are cleared before we arrive.",
  "The belt kit for the exhaust fan is back-ordered until the 9th.",
  "Let me know if you want the coil cleaning bundled with the PM visit.",
  "We noticed the strainer on the condenser loop was partially fouled.",
];

function email(rnd: Rnd, extra: readonly string[], quoted: boolean): string {
  const body = Array.from({ length: int(2, 5, rnd) }, () => pick(EMAIL_LINES, rnd));
  const head = [
    `From: ${pick(["service@northwind-mech.com", "controls@apexbas.com", "tab@precisionbalance.com"], rnd)}`,
    `To: facilities@harborpoint.com`,
    `Date: ${day(rnd)}`,
    `Subject: ${pick(["RE: AHU-3 follow-up", "Site visit recap", "Quote 7714-B", "RE: plant sequence"], rnd)}`,
    ``,
    `Hi team,`,
  ];
  const tail = [`Thanks,`, pick(["Hollis", "Renata", "Gus"], rnd)];
  if (quoted) {
    return [...head, ...body, ...tail, ``, `On 2025-09-30, facilities wrote:`, ...extra].join("\n");
  }
  return [...head, ...splice(body, extra, rnd), ...tail].join("\n");
}

const SLACK_LINES = [
  "anyone else getting hot calls from 11 east?",
  "EF-4 belt squealing again, ticket is in",
  "chiller plant looked fine at rounds",
  "tenant on 22 wants the lobby doors propped, said no",
  "BAS front end was slow again around 2",
  "swapped the sensor on FCU-14, reads sane now",
  "who has the key for the penthouse mech room",
];

function slack(rnd: Rnd, extra: readonly string[]): string {
  const time = () => `[${int(7, 12, rnd)}:${two(int(0, 60, rnd))} ${pick(["AM", "PM"], rnd)}]`;
  const body = Array.from(
    { length: int(3, 7, rnd) },
    () => `${time()} ${pick(HANDLES, rnd)}: ${pick(SLACK_LINES, rnd)}`,
  );
  const planted = extra.map((line) => `${time()} ${pick(HANDLES, rnd)}: ${line}`);
  return [`#facilities-ops (export)`, ...splice(body, planted, rnd)].join("\n");
}

function workOrder(rnd: Rnd, extra: readonly string[]): string {
  return [
    `WO-${int(40000, 49999, rnd)}  Priority: P${int(2, 4, rnd)}  Status: ${pick(["Open", "In Progress", "Closed"], rnd)}`,
    `Location: Level ${int(2, 32, rnd)}, ${pick(["east core", "west core", "mech room"], rnd)}`,
    `Requested by: ${pick(PEOPLE, rnd)}`,
    `Problem: ${pick(["too warm in afternoon", "noisy diffuser", "damper actuator stuck", "condensate leak above ceiling"], rnd)}`,
    `Labor: ${dec(0.5, 4, rnd)} h  Parts: ${pick(["none", "actuator", "belt", "sensor"], rnd)}`,
    ...extra,
  ].join("\n");
}

function bmsLog(rnd: Rnd, extra: readonly string[]): string {
  const body = Array.from({ length: int(4, 9, rnd) }, () => {
    const time = `${day(rnd)}T${two(int(0, 24, rnd))}:${two(int(0, 60, rnd))}:${two(int(0, 60, rnd))}`;
    const device = pick(DEVICES, rnd);
    return `${time}  ${pick(["LOGIN", "ACK", "OVERRIDE", "RELEASE"], rnd)}  ${device}/${pick(POINTS, rnd)[0]}  user=${pick(HANDLES, rnd)}`;
  });
  return [`# BMS audit trail`, ...splice(body, extra, rnd)].join("\n");
}

const SCHEDULE_ROWS = [
  "| Lobby FCU occupied hours | 06:00-19:00 | Mon-Fri | rev 3 |",
  "| Garage exhaust CO reset | 35 ppm | daily | rev 2 |",
  "| Level 9 VAV occupied hours | 07:00-18:30 | Mon-Fri | rev 3 |",
  "| Penthouse unit heater | 50 F | daily | rev 1 |",
  "| Retail RTU occupied hours | 09:00-21:00 | Mon-Sun | rev 2 |",
];

function schedule(rnd: Rnd, extra: readonly string[]): string {
  const body = [...SCHEDULE_ROWS].sort(() => rnd() - 0.5).slice(0, int(3, 5, rnd));
  return [`| Item | Value | Days | Rev |`, `|---|---|---|---|`, ...splice(body, extra, rnd)].join(
    "\n",
  );
}

function diff(rnd: Rnd, extra: readonly string[]): string {
  const context = [...SCHEDULE_ROWS].sort(() => rnd() - 0.5).slice(0, 2);
  return [
    `--- a/schedules/setpoints.md`,
    `+++ b/schedules/setpoints.md`,
    `@@ -${int(4, 30, rnd)},5 +${int(4, 30, rnd)},5 @@`,
    ` ${context[0] ?? ""}`,
    ...extra,
    ` ${context[1] ?? ""}`,
  ].join("\n");
}

const CHECK_ITEMS = [
  "Verify supply fan proves status within 30 s",
  "Verify freezestat trips fan and closes OA damper",
  "Verify smoke detector shutdown at the unit",
  "Verify low-limit alarm annunciates at the front end",
  "Verify VFD hand/off/auto in auto",
];

function checklist(rnd: Rnd, extra: readonly string[], archived: boolean): string {
  const title = archived
    ? `ORIGINAL CX RECORD 2025-08-14 (scanned)`
    : `Functional Performance Test, ${pick(DEVICES, rnd)}`;
  const body = CHECK_ITEMS.map((item, i) => `[${rnd() > 0.2 ? "x" : " "}] 3.${i + 1} ${item}`);
  return [title, ...splice(body, extra, rnd), `Agent: ${pick(PEOPLE, rnd)}`].join("\n");
}

function archive(rnd: Rnd, extra: readonly string[]): string {
  const device = pick(DEVICES, rnd);
  const body = [
    `${device} supply fan speed: ${int(40, 90, rnd)}%`,
    `${device} mixed air temp: ${dec(50, 64, rnd)} F`,
    `outdoor air temp: ${dec(20, 80, rnd)} F`,
  ];
  return [`(archived trend export, 2025-09-30, superseded)`, ...splice(body, extra, rnd)].join(
    "\n",
  );
}

/** A tool output of `kind` with the planted lines in it; `archived` marks an old record. */
export function toolDocument(
  kind: DocKind,
  rnd: Rnd,
  extra: readonly string[] = [],
  archived = false,
): string {
  switch (kind) {
    case "points":
      return points(rnd);
    case "trend":
      return trend(rnd);
    case "meter":
      return meter(rnd);
    case "alarms":
      return alarms(rnd);
    case "yaml":
      return yaml(rnd, extra);
    case "ini":
      return ini(rnd, extra);
    case "email":
      return email(rnd, extra, archived);
    case "slack":
      return slack(rnd, extra);
    case "workorder":
      return workOrder(rnd, extra);
    case "bmslog":
      return bmsLog(rnd, extra);
    case "diff":
      return diff(rnd, extra);
    case "checklist":
      return checklist(rnd, extra, archived);
    case "schedule":
      return schedule(rnd, extra);
    case "archive":
      return archive(rnd, extra);
  }
}

/** The tool a document comes from and the arguments it was called with. */
export function toolCallFor(
  kind: DocKind,
  rnd: Rnd,
): { name: string; args: Record<string, unknown> } {
  switch (kind) {
    case "points":
      return { name: "bms_read_points", args: { device: pick(DEVICES, rnd) } };
    case "trend":
    case "archive":
      return { name: "bms_trend_export", args: { range: "7d", archive: kind === "archive" } };
    case "meter":
      return { name: "meter_export", args: { interval: "15m", days: 7 } };
    case "alarms":
      return { name: "bms_alarm_history", args: { since: day(rnd) } };
    case "yaml":
      return {
        name: "read_file",
        args: { path: `controllers/${pick(DEVICES, rnd).toLowerCase()}.yaml` },
      };
    case "ini":
      return { name: "read_file", args: { path: "gateway/meter-bridge.ini" } };
    case "email":
      return {
        name: "mail_search",
        args: { query: pick(["AHU-3", "quote", "site visit", "sequence"], rnd) },
      };
    case "slack":
      return { name: "slack_history", args: { channel: "#facilities-ops", limit: 50 } };
    case "workorder":
      return { name: "cmms_get_work_order", args: { id: `WO-${int(40000, 49999, rnd)}` } };
    case "bmslog":
      return { name: "bms_audit_log", args: { since: day(rnd) } };
    case "diff":
      return { name: "git_diff", args: { path: "schedules/setpoints.md" } };
    case "checklist":
      return { name: "read_file", args: { path: "cx/fpt-ahu.md" } };
    case "schedule":
      return { name: "read_file", args: { path: "schedules/setpoints.md" } };
  }
}
