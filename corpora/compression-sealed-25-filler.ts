// Filler for the "sealed-25" compression family (corpora/compression-sealed-25.ts): the
// chatter of a plant superintendent, operators and the agent, and tool results a water
// plant produces (SCADA trend exports, lab tables, alarm logs, work orders, backwash
// schedules, sampling plans). None of it names a planted setting.

export const CHATTER: readonly string[] = [
  "Morning. Raw turbidity came up overnight after the rain, keep an eye on it.",
  "Let me pull the last 24 hours from the historian first.",
  "Thanks, that lines up with what the night operator logged.",
  "Can you draft the reply to the district engineer? Keep it short.",
  "I'll check the jar test sheet before we touch anything.",
  "The chlorinator room exhaust fan is making that noise again.",
  "Anika says the bacti samples from the north loop are in the incubator.",
  "Filter 5 is running long; its head loss is creeping up.",
  "Let's not change two things in the same shift.",
  "Jake is covering the first half of C shift today.",
  "The MOR is due on the tenth, so I want the numbers clean by Friday.",
  "Got it. I'll put that in the handover notes.",
  "The streaming current monitor drifted again; maintenance is on it.",
  "Priya wants the sample tap at the reservoir outlet flushed before tomorrow's run.",
  "That alarm was a nuisance trip, the analyzer lost flow for a minute.",
  "Can you check whether the work order for the raw pump 2 seal was closed?",
  "Reading the lab sheet now, give me a second.",
  "Okay, the contractor confirmed they'll be on site Tuesday at 7.",
  "We had two taste-and-odor calls from Elm Street this week.",
  "I'd rather wait for the second jar test before we call it.",
  "The tank truck delivery got pushed to Thursday afternoon.",
  "Makes sense. Sending it to Renata for a look.",
  "The annual CCR draft still needs the source water paragraph.",
  "Let me cross-check that against the SCADA export.",
  "Sludge lagoon 2 is getting close to full, we need to schedule the hauler.",
  "Remind me to log the calibration on the handheld turbidimeter.",
];

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;
const num = (rnd: () => number, lo: number, hi: number, digits = 0) =>
  (lo + rnd() * (hi - lo)).toFixed(digits);

function scadaTrend(rnd: () => number): string {
  const rows = Array.from({ length: 8 }, (_, k) => {
    const t = `2026-07-${String(1 + Math.floor(rnd() * 28)).padStart(2, "0")} ${String(k * 3).padStart(2, "0")}:00`;
    return `${t},${num(rnd, 2, 30, 1)},${num(rnd, 0.02, 0.09, 3)},${num(rnd, 9, 16, 2)},${num(rnd, 7, 9, 2)}`;
  });
  return ["timestamp,RAW_TURB_NTU,CFE_TURB_NTU,PLANT_FLOW_MGD,RAW_PH", ...rows].join("\n");
}

function labTable(rnd: () => number): string {
  const points = [
    "raw intake",
    "settled basin 1",
    "CFE",
    "POE tap",
    "Dist site 14",
    "Dist site 22",
  ];
  const params = [
    ["total coliform", "absent", "SM 9223B"],
    ["alkalinity", `${num(rnd, 40, 90)} mg/L as CaCO3`, "SM 2320B"],
    ["TOC", `${num(rnd, 1, 4, 2)} mg/L`, "SM 5310C"],
    ["manganese", `${num(rnd, 0.002, 0.04, 3)} mg/L`, "EPA 200.8"],
    ["HPC", `${num(rnd, 1, 40)} CFU/mL`, "SM 9215B"],
  ];
  return [
    "| sample point | parameter | result | method | analyst |",
    "|---|---|---|---|---|",
    ...Array.from({ length: 6 }, () => {
      const p = pick(rnd, params);
      return `| ${pick(rnd, points)} | ${p[0]} | ${p[1]} | ${p[2]} | AB |`;
    }),
  ].join("\n");
}

function alarmLog(rnd: () => number): string {
  const alarms = [
    "RAW_TURB_HI  raw turbidity high",
    "HSP2_VIB_HI  high service pump 2 vibration",
    "CL2_LEAK     chlorine room gas detector",
    "FLT5_HL_HI   filter 5 head loss high",
    "LAG2_LVL_HI  sludge lagoon 2 level high",
    "UPS_ON_BATT  control room UPS on battery",
  ];
  return Array.from({ length: 6 }, () => {
    const t = `${String(Math.floor(rnd() * 24)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}`;
    return `${t}  ${pick(rnd, ["ACTIVE", "ACK", "RTN"])}  ${pick(rnd, alarms)}`;
  }).join("\n");
}

function workOrder(rnd: () => number): string {
  const jobs = [
    "Replace mechanical seal, raw water pump 2",
    "Calibrate CFE turbidimeter",
    "Clean chlorine analyzer flow cell, POE",
    "Inspect filter 5 underdrain after air scour",
    "Grease clarifier drive, basin 1",
    "Replace exhaust fan belt, chlorinator room",
  ];
  return [
    `WO-${4000 + Math.floor(rnd() * 900)}  status: ${pick(rnd, ["OPEN", "IN PROGRESS", "CLOSED"])}`,
    `Asset: ${pick(rnd, jobs)}`,
    `Requested by: ${pick(rnd, ["J. Farrell", "P. Natarajan", "R. Solis"])}`,
    `Labor: ${num(rnd, 1, 8, 1)} h   Parts: ${pick(rnd, ["seal kit", "belt B-52", "none", "reagent pack"])}`,
    "Notes: lockout verified, returned to service.",
  ].join("\n");
}

function backwashSchedule(rnd: () => number): string {
  return [
    "filter,last_bw,run_hours,head_loss_ft,next_bw_due",
    ...[1, 2, 4, 5, 6].map(
      (f) =>
        `F${f},07-${String(1 + Math.floor(rnd() * 28)).padStart(2, "0")} ${String(Math.floor(rnd() * 24)).padStart(2, "0")}:00,${num(rnd, 5, 70)},${num(rnd, 2, 8, 1)},pending`,
    ),
  ].join("\n");
}

function samplingPlan(rnd: () => number): string {
  return [
    "site_id,address,analyte,frequency,bottle",
    ...Array.from({ length: 5 }, () => {
      const site = `DS-${10 + Math.floor(rnd() * 40)}`;
      const street = `${100 + Math.floor(rnd() * 900)} ${pick(rnd, ["Elm St", "Harbor Rd", "Mill Ave", "Quarry Ln"])}`;
      return `${site},${street},${pick(rnd, ["TTHM/HAA5", "bacti", "Cl2 residual", "nitrate"])},${pick(rnd, ["monthly", "quarterly", "weekly"])},${pick(rnd, ["40 mL vial", "120 mL sterile", "1 L amber"])}`;
    }),
  ].join("\n");
}

/** A filler tool result and the tool that produced it. */
export function fillerTool(rnd: () => number): { tool: string; text: string } {
  const kinds = [
    { tool: "export_scada_trend", make: scadaTrend },
    { tool: "query_lims", make: labTable },
    { tool: "read_alarm_log", make: alarmLog },
    { tool: "cmms_get_work_order", make: workOrder },
    { tool: "read_backwash_schedule", make: backwashSchedule },
    { tool: "read_sampling_plan", make: samplingPlan },
  ];
  const kind = pick(rnd, kinds);
  return { tool: kind.tool, text: kind.make(rnd) };
}
