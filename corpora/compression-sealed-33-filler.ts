// Tool filler for the "sealed-33" compression family (an etch-module night shift): the
// arguments and the bodies the fab tools print (recipe management
// dumps and diffs, SPC chart exports, MES lot histories, FDC alarm logs, ECN tickets, tool
// qualification reports, shift pass-down notes, the bay chat, a Python Cpk check), with the
// planted record lines spliced in. Used by corpora/compression-sealed-33.ts.
import { chatLine, EE, INT, stamp, TECH, type ToolKind } from "./compression-sealed-33-forms.ts";

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const dec = (rnd: Rnd, lo: number, hi: number, digits: number) =>
  (lo + rnd() * (hi - lo)).toFixed(digits);

/** `count` distinct items of a list, in a random order. */
function some<T>(rnd: Rnd, list: readonly T[], count: number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out.slice(0, count);
}

/** Night-shift order of a "[hh:mm]" chat line or a "2024-03-dd hh:mm:ss" record (stable). */
function byClock(lines: readonly string[]): string[] {
  const key = (line: string) => {
    const chat = /^\[(\d\d):(\d\d)\]/.exec(line);
    if (chat !== null) {
      const h = Number(chat[1]);
      return (h < 19 ? h + 24 : h) * 60 + Number(chat[2]);
    }
    return line.slice(0, 19);
  };
  return [...lines].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

/** Every tool the agent calls, filler-only ones included. */
export type AnyTool = ToolKind | "run_python";
export const FILLER_TOOLS: readonly AnyTool[] = [
  "rms_show",
  "rms_diff",
  "spc_export",
  "mes_history",
  "fdc_alarms",
  "ecn_view",
  "qual_report",
  "passdown",
  "chat_log",
  "run_python",
];

export const TOOL_NAMES: Record<AnyTool, string> = {
  rms_show: "rms_show_recipe",
  rms_diff: "rms_diff_revisions",
  spc_export: "spc_export_chart",
  mes_history: "mes_lot_history",
  fdc_alarms: "fdc_alarm_log",
  ecn_view: "ecn_view_ticket",
  qual_report: "qual_get_report",
  passdown: "passdown_read",
  chat_log: "teams_read_channel",
  run_python: "run_python",
};

const RECIPES = ["PGATE_ME", "STI_HMO", "STI_ME", "SEASON_STD", "CT_OX_ME", "SPACER_ME"];
const CHAMBERS = ["ETX-07/PM1", "ETX-07/PM2", "ETX-07/PM3", "ETX-07/PM4", "ETX-09/PM1"];
const CHARTS = ["ER_OX_MON_PM1", "CD_GATE_DENSE", "CD_GATE_ISO", "ER_SIN_MON_PM3", "PART_PM2"];
const LOT_PREFIX = ["M3B", "M3F", "T8C", "T8H", "W5D", "W5J"];

export function fillerLot(rnd: Rnd): string {
  return `${pick(rnd, LOT_PREFIX)}${int(rnd, 100, 999)}.${int(rnd, 1, 4)}`;
}

/** The arguments of a tool call (no planted value ever goes here). */
export function toolArgs(kind: AnyTool, rnd: Rnd, where: string | undefined): string {
  switch (kind) {
    case "rms_show":
      return JSON.stringify({ recipe: where ?? pick(rnd, RECIPES), rev: "released" });
    case "rms_diff":
      return JSON.stringify({ recipe: where ?? pick(rnd, RECIPES), from: "prev", to: "latest" });
    case "spc_export":
      return JSON.stringify({ chart: where ?? pick(rnd, CHARTS), last: int(rnd, 15, 40) });
    case "mes_history":
      return JSON.stringify({ lot: fillerLot(rnd), include: ["steps", "attributes"] });
    case "fdc_alarms":
      return JSON.stringify({ chamber: pick(rnd, CHAMBERS), hours: int(rnd, 2, 12) });
    case "ecn_view":
      return JSON.stringify({ ecn: `ECN-24-07${int(rnd, 10, 99)}` });
    case "qual_report":
      return JSON.stringify({ chamber: pick(rnd, CHAMBERS), latest: true });
    case "passdown":
      return JSON.stringify({ area: "ETCH", shift: pick(rnd, ["days", "nights", "last-nights"]) });
    case "chat_log":
      return JSON.stringify({ channel: "#etch-bay-nights", limit: 20 });
    case "run_python":
      return JSON.stringify({ file: "cpk_check.py" });
  }
}

const RMS_PARAMS: readonly [string, string, number, number, string][] = [
  ["STAB.PRES_SP", "mT", 20, 60, "stabilisation pressure setpoint"],
  ["STAB.TIME", "sec", 5, 20, "stabilisation time"],
  ["BT.RF1_SRC", "W", 300, 900, "source power, breakthrough"],
  ["BT.TIME", "sec", 6, 15, "breakthrough time"],
  ["ME1.RF1_SRC", "W", 400, 1200, "source power, main etch"],
  ["ME1.MFC1_HBR", "sccm", 100, 400, "HBr flow, main etch"],
  ["ME1.MFC4_O2", "sccm", 2, 12, "O2 flow, main etch"],
  ["ME1.EPD_CH", "nm", 380, 520, "endpoint channel"],
  ["ME3.MFC2_CL2", "sccm", 10, 80, "Cl2 flow, soft landing"],
  ["ME3.RF2_BIAS", "W", 30, 120, "bias power, soft landing"],
  ["ALL.ESC_V", "V", 1500, 2600, "chuck clamp voltage"],
  ["ALL.WALL_T", "degC", 50, 80, "liner temperature"],
  ["ALL.ESC_T", "degC", 30, 65, "chuck temperature setpoint"],
  ["DCHK.TIME", "sec", 8, 20, "dechuck time"],
  ["PUMP.TV_POS", "%", 20, 70, "throttle valve start position"],
];

function rmsFiller(rnd: Rnd, param = pick(rnd, RMS_PARAMS)): string {
  const [code, unit, lo, hi, desc] = param;
  return `${code.padEnd(18)} ${`${int(rnd, lo, hi)} ${unit}`.padEnd(14)} ${desc}`;
}

/** Splices the planted lines into a body at a random place between `from` and the end. */
function splice(rnd: Rnd, body: string[], planted: readonly string[], from: number): string[] {
  const at = from + Math.floor(rnd() * (body.length - from + 1));
  return [...body.slice(0, at), ...planted, ...body.slice(at)];
}

function rmsShow(rnd: Rnd, planted: string[], where: string | undefined): string {
  const recipe = where ?? pick(rnd, RECIPES);
  const rev = int(rnd, 11, 19);
  const rows = some(rnd, RMS_PARAMS, int(rnd, 9, 15)).map((p) => rmsFiller(rnd, p));
  return [
    `RMS 7.4 > SHOW RECIPE ${recipe} REV ${rev} /PARAMS`,
    `Recipe   : ${recipe.padEnd(20)} Tool class: ETX (PM1-PM4)`,
    `Revision : ${rev}  state=RELEASED  approved=2024-03-0${int(rnd, 1, 9)} by H.Hale`,
    `Checksum : 0x${int(rnd, 0x10000000, 0x7fffffff).toString(16).toUpperCase()}`,
    "-".repeat(72),
    `${"STEP.PARAM".padEnd(18)} ${"VALUE".padEnd(14)} DESCRIPTION`,
    "-".repeat(72),
    ...splice(rnd, rows, planted, 0),
    "-".repeat(72),
    `${rows.length + planted.length + int(rnd, 20, 30)} parameters, 0 overrides, interlocks OK`,
  ].join("\n");
}

function rmsDiff(rnd: Rnd, planted: string[], where: string | undefined): string {
  const recipe = where ?? pick(rnd, RECIPES);
  const rev = int(rnd, 11, 19);
  const context = some(rnd, RMS_PARAMS, int(rnd, 4, 9)).map((p) => ` ${rmsFiller(rnd, p)}`);
  const changed = planted.length > 0 ? planted : [`-${rmsFiller(rnd)}`, `+${rmsFiller(rnd)}`];
  return [
    `RMS 7.4 > DIFF ${recipe} REV ${rev} REV ${rev + 1}`,
    `--- ${recipe} rev ${rev} (RELEASED, superseded on release of ${rev + 1})`,
    `+++ ${recipe} rev ${rev + 1} (RELEASED ${stamp(rnd)} by H.Hale, ECN attached)`,
    `@@ params ${int(rnd, 1, 20)},${context.length} @@`,
    ...splice(rnd, context, changed, 1),
    `@@ header @@`,
    ` HDR.CHECKSUM       changed`,
    `1 hunk(s) of parameter changes; interlock table unchanged`,
  ].join("\n");
}

function spcExport(rnd: Rnd, planted: string[], where: string | undefined): string {
  const chart = where ?? pick(rnd, CHARTS);
  const rows = Array.from({ length: int(rnd, 14, 26) }, () => {
    const t = stamp(rnd);
    return [
      t,
      fillerLot(rnd),
      String(int(rnd, 1, 26)).padStart(2, "0"),
      pick(rnd, CHAMBERS),
      dec(rnd, 380, 470, 1),
      dec(rnd, 2, 9, 2),
      dec(rnd, 5, 25, 1),
      rnd() < 0.1 ? "WE2" : "",
    ].join(",");
  });
  return [
    `# SPC export chart=${chart} module=ETCH plant=F3 tz=local`,
    `# rules: WE1 WE2 WE5 (Western Electric), OCAP=OCAP-ETCH-${int(rnd, 10, 60)}`,
    ...planted,
    `# LCL/CL from limit set LS-${int(rnd, 4000, 4999)}`,
    "sample_time,lot,wafer,chamber,mean,sd,range,violation",
    ...byClock(rows),
    `# ${rows.length} samples, ${rows.filter((r) => r.endsWith("WE2")).length} violations`,
  ].join("\n");
}

const MES_STEPS = ["LITHO_DEV", "CD_SEM_ADI", "ETCH_GATE", "STRIP_ASH", "WET_POST", "CD_SEM_AEI"];
const MES_ATTRS = [
  "  PRIO           | lot priority | 3 | default",
  "  PROD           | product | GX28-LP | from route",
  "  OCAP.REF       | OCAP document | OCAP-ETCH-22 | current",
  "  FUTHOLD        | future hold step | none | cleared by ENG",
  "  SPLIT          | split plan | none | n/a",
];

function mesHistory(rnd: Rnd, planted: string[]): string {
  const lot = fillerLot(rnd);
  const steps = Array.from({ length: int(rnd, 6, 12) }, () => {
    const step = pick(rnd, MES_STEPS);
    const event = pick(rnd, ["TRACK-IN", "TRACK-OUT", "TRACK-OUT", "MOVE", "HOLD", "RELEASE"]);
    const who = pick(rnd, ["auto", "jpark", "riyer", "hhale", "mduda"]);
    return `${stamp(rnd)}  ${step.padEnd(12)} ${pick(rnd, CHAMBERS).padEnd(12)} ${event.padEnd(10)} ${who.padEnd(7)} ${pick(rnd, ["", "qty 25", "rework 0", "OCAP ack", "wafer 7 scrapped? no"])}`;
  });
  return [
    `MES> LOTHIST ${lot} /STEPS /ATTR`,
    `Lot ${lot}  product GX28-LP  route GATE-28.4  qty ${int(rnd, 12, 26)}  priority ${int(rnd, 1, 5)}`,
    `${"TIME".padEnd(20)} ${"STEP".padEnd(12)} ${"EQP".padEnd(12)} ${"EVENT".padEnd(10)} ${"USER".padEnd(7)} COMMENT`,
    ...byClock(steps),
    "Attributes:",
    "  CODE           | DESCRIPTION | VALUE | NOTE",
    ...splice(rnd, MES_ATTRS.slice(0, int(rnd, 2, 6)), planted, 0),
    `${steps.length} events`,
  ].join("\n");
}

const FDC_SENSORS = [
  ["RF1_VPP.MAX", "V"],
  ["TV_POS.DRIFT", "%"],
  ["ESC_LEAK.MAX", "uA"],
  ["OES_387.SLOPE", "a.u."],
  ["MFC1_HBR.DEV", "sccm"],
  ["WALL_T.DEV", "degC"],
] as const;

function fdcAlarms(rnd: Rnd, planted: string[]): string {
  const lines = Array.from({ length: int(rnd, 8, 20) }, () => {
    const [sensor, unit] = pick(rnd, FDC_SENSORS);
    const sev = pick(rnd, ["INFO", "WARN", "WARN", "ALARM"]);
    return `${stamp(rnd)} ${pick(rnd, CHAMBERS)} ${sev.padEnd(11)} ${sensor} value=${dec(rnd, 1, 90, 1)}${unit} wafer=${fillerLot(rnd)}/${int(rnd, 1, 26)} action=${sev === "ALARM" ? "PAUSE" : "LOG"}`;
  });
  return [
    `FDC alarm log (model FDCm-0412, ETX fleet), newest last`,
    ...byClock([...planted, ...lines]),
    `-- ${lines.length + planted.length} records, ${lines.filter((l) => l.includes("ALARM")).length} alarms unacknowledged --`,
  ].join("\n");
}

const ECN_TITLES = [
  "Gate etch overetch re-centering after CD drift",
  "Quartz edge ring vendor change and seasoning update",
  "FDC model refresh for RF subsystem",
  "Q-time rule alignment with litho rework flow",
  "PM3 preventive maintenance plan revision",
  "STI hard mask open bias tuning",
];

function ecnView(rnd: Rnd, planted: string[]): string {
  const id = `ECN-24-07${int(rnd, 10, 99)}`;
  const state = pick(rnd, ["IN REVIEW", "APPROVED", "IMPLEMENTED", "CCB SCHEDULED"]);
  return [
    `${id}  rev ${pick(rnd, ["A", "B", "C"])}   state: ${state}`,
    `Title              : ${pick(rnd, ECN_TITLES)}`,
    `Originator         : H. Hale (ETCH PE)    Module: ETCH    Class: ${pick(rnd, ["minor", "major"])}`,
    `Affected recipes   : ${pick(rnd, RECIPES)}, ${pick(rnd, RECIPES)}_RW`,
    ...planted,
    `Reason             : ${pick(rnd, ["CD drift on dense lines over 3 weeks", "vendor part obsolescence", "false FDC trips on night shift", "yield loss on edge die"])}`,
    `Risk assessment    : ${pick(rnd, ["low, DOE on 3 lots", "medium, needs split lot", "low, no recipe change"])}`,
    `Approvals          : PE ok   EE ok   INT ${pick(rnd, ["ok", "pending"])}   QA ${pick(rnd, ["ok", "pending"])}`,
    `Effectivity        : next lot after release; WIP in queue finishes on old rev`,
    `Attachments        : doe_summary.xlsx, spc_before_after.png`,
  ].join("\n");
}

const QUAL_TESTS = [
  "oxide etch rate uniformity",
  "poly etch rate",
  "helium leak rate",
  "particle check, 0.06 um bin",
  "RF match tune position",
  "chamber leak-up rate",
];

function qualReport(rnd: Rnd, planted: string[]): string {
  const chamber = pick(rnd, CHAMBERS);
  const rows = Array.from(
    { length: int(rnd, 4, 7) },
    () =>
      `  ${"TEST".padEnd(16)} ${pick(rnd, QUAL_TESTS)}: ${dec(rnd, 0.5, 9, 2)}   [${rnd() < 0.85 ? "PASS" : "FAIL, rerun"}]`,
  );
  return [
    `TOOL QUALIFICATION REPORT  ${chamber}  type: ${pick(rnd, ["post-PM requal", "weekly monitor", "post-wet-clean"])}  QR-2024-0312-${int(rnd, 10, 99)}`,
    `Wafer set: monitors ${fillerLot(rnd)} (${int(rnd, 3, 8)} wafers)   operator: ${pick(rnd, ["jpark", "riyer"])}`,
    `  ${"ITEM".padEnd(16)} requirement / result`,
    ...splice(rnd, rows, planted, 0),
    `Disposition: ${pick(rnd, ["RELEASE TO PRODUCTION", "HOLD FOR EE REVIEW", "RELEASE WITH MONITOR LOT"])}`,
  ].join("\n");
}

const PASSDOWN_ITEMS = [
  "* ETX-07 PM1 up, running GX28, no alarms since 20:00",
  "* ETX-07 PM4 down for RF match swap, EE on it",
  "* two lots waiting on CD-SEM, metrology short a tech",
  "* OCAP followed for one WE2 trip, lot released after review",
  "* spare edge rings: 4 left in the cage",
  "* remember the 05:00 SPC review with integration",
  "* wafer handler on ETX-09 threw one mapping error, cleared",
];

function passdown(rnd: Rnd, planted: string[]): string {
  const items = [...PASSDOWN_ITEMS].sort(() => rnd() - 0.5).slice(0, int(rnd, 3, 7));
  return [
    `ETCH PASS-DOWN  ${pick(rnd, ["days 12-Mar -> nights", "nights 11-Mar -> days", "nights 12-Mar (draft)"])}  author: ${pick(rnd, ["H. Hale", "R. Iyer"])}`,
    "Tools / process:",
    ...splice(rnd, items, planted, 0),
    "Open items:",
    `- ${pick(rnd, ["close ECN review comments", "check PM3 seasoning result", "re-run Cpk on dense CD"])}`,
  ].join("\n");
}

const CHAT_LINES: readonly [string, string][] = [
  [EE, "match on PM4 is swapped, leak-up looks fine"],
  [TECH, "lot on PM2 paused on an FDC trip, waiting for you"],
  [INT, "can we have the CD numbers before the 05:00 review?"],
  [EE, "chiller on ETX-09 is running warm again, watching it"],
  [TECH, "monitors loaded for the requal"],
  [INT, "litho says rework is coming back tonight, three lots"],
  [EE, "no spare RF cable until tomorrow"],
  [TECH, "handler error on ETX-09 cleared, running"],
  [INT, "dense CD looks high on the last two lots, anything changed on your side?"],
  [EE, "PM3 wet clean done, leak check passed, seasoning next"],
  [TECH, "CD-SEM is back, measuring the gate lots now"],
  [INT, "I'll join the 05:00 review from home"],
  [EE, "swapping the pressure gauge on PM2 is a 2 hour job, not tonight"],
  [TECH, "PM1 idle, no WIP at the step"],
  [EE, "RF generator log on PM2 is clean for the last 6 hours"],
  [INT, "yield on last week's gate lots came in fine, no edge loss"],
];

function chatLog(rnd: Rnd, planted: string[]): string {
  const lines = some(rnd, CHAT_LINES, int(rnd, 5, 12)).map(([who, text]) =>
    chatLine(rnd, who, text),
  );
  return ["#etch-bay-nights (Teams), newest last", ...byClock([...planted, ...lines])].join("\n");
}

function runPython(rnd: Rnd): string {
  const usl = int(rnd, 48, 52);
  const lsl = int(rnd, 40, 44);
  return [
    "$ python cpk_check.py --chart CD_GATE_ISO --last 30",
    "```python",
    "import statistics as st",
    "",
    "def cpk(xs, lsl, usl):",
    "    mu, sd = st.mean(xs), st.stdev(xs)",
    "    return min(usl - mu, mu - lsl) / (3 * sd)",
    "",
    `print(round(cpk(load('CD_GATE_ISO')[-30:], ${lsl}, ${usl}), 2))`,
    "```",
    `n=30 mean=${dec(rnd, 44, 48, 2)} sd=${dec(rnd, 0.3, 1.2, 3)} Cpk=${dec(rnd, 0.8, 2.1, 2)}`,
  ].join("\n");
}

/** The body a tool prints, with the planted lines spliced in. */
export function toolBody(
  kind: AnyTool,
  rnd: Rnd,
  planted: string[],
  where: string | undefined,
): string {
  switch (kind) {
    case "rms_show":
      return rmsShow(rnd, planted, where);
    case "rms_diff":
      return rmsDiff(rnd, planted, where);
    case "spc_export":
      return spcExport(rnd, planted, where);
    case "mes_history":
      return mesHistory(rnd, planted);
    case "fdc_alarms":
      return fdcAlarms(rnd, planted);
    case "ecn_view":
      return ecnView(rnd, planted);
    case "qual_report":
      return qualReport(rnd, planted);
    case "passdown":
      return passdown(rnd, planted);
    case "chat_log":
      return chatLog(rnd, planted);
    case "run_python":
      return runPython(rnd);
  }
}
