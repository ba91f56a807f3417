// Filler for the "sealed-29" compression family: the production office's ordinary
// traffic between planted statements — call sheets as text, schedule strips,
// cost-report and hot-cost CSVs, VFX tracker JSON, rental and permit emails, crew
// chat and the line producer's and first AD's chatter. None of it names a planted
// subject. Used by corpora/compression-sealed-29.ts.
import type { Draft } from "./compression-sealed-29-forms.ts";

type Rnd = () => number;

const n = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const money = (x: number) => `$${x.toLocaleString("en-US")}`;

const SETS = [
  "INT. DINER - NIGHT",
  "EXT. HARBOR WALL - DAWN",
  "INT. MAGGIE'S KITCHEN - DAY",
  "EXT. QUARRY RIM - DAY",
  "INT. POLICE STATION - NIGHT",
  "EXT. HIGH STREET - DAY",
  "INT. FERRY CABIN - DUSK",
  "EXT. CHURCHYARD - NIGHT",
];
const CAST = ["1. NORA", "2. CAL", "3. MAGGIE", "4. DET. ROWE", "6. YOUNG CAL", "9. FERRYMAN"];
const ACCOUNTS: readonly [string, string][] = [
  ["2100", "Production staff"],
  ["2300", "Set construction"],
  ["2500", "Set dressing"],
  ["2700", "Props"],
  ["3100", "Camera"],
  ["3300", "Electric"],
  ["3500", "Grip"],
  ["3700", "Locations"],
  ["3900", "Transportation"],
  ["4500", "Visual effects"],
];
const SHOT_STATUS = ["bid", "awarded", "in progress", "client review", "final", "omit"];
const VENDORS = ["Brightwater VFX", "Lumen North", "Pixel Foundry"];

const CHATTER_USER = [
  "Faisal wants the one-liner re-sorted by location before the HOD meeting.",
  "Can you check the day-out-of-days for Nora against her stop date?",
  "Weather looks rough for Thursday, keep the diner as cover.",
  "Accounting needs the PO log by end of day.",
  "The neighbours on Cliff Terrace called the office again about parking.",
  "Let's not touch the cost report until the auditor's notes are in.",
  "Ruth says the walkie order is short by six units.",
  "Can you summarise what's still open for the tech scout?",
  "Props are asking whether the hero lantern needs a double.",
  "Transport wants the unit move times for tomorrow.",
  "The director added a pickup shot on the ferry, see if it fits day 18.",
  "Please keep the tone of emails to the council polite, they're doing us a favour.",
];
const CHATTER_ASSISTANT = [
  "On it. I'll check the strips against the cast stop dates first.",
  "I've re-sorted the one-liner; nothing moved between days.",
  "The PO log has two entries without a department code, flagged for Ruth.",
  "The weather cover is still holding on the diner, no change needed.",
  "I'll draft the neighbour letter and leave it in the shared drive for Kenji.",
  "Nothing else in the export looks off; the page totals reconcile.",
  "I've added the pickup to the wish list; it does not fit day 18 without overtime.",
  "The auditor's notes are not in yet, so I left the report untouched.",
];

function callSheet(rnd: Rnd): string {
  const day = n(rnd, 2, 44);
  const rows = Array.from({ length: 4 }, () => {
    const sc = n(rnd, 1, 120);
    return `${String(sc).padEnd(5)}${pick(rnd, SETS).padEnd(32)}${n(rnd, 1, 4)} ${n(rnd, 1, 8)}/8   ${pick(rnd, CAST)}, ${pick(rnd, CAST)}`;
  });
  return [
    `CALL SHEET — HOLLOW TIDE — Day ${day} of 44`,
    `Crew call ${String(n(rnd, 5, 9)).padStart(2, "0")}:${pick(rnd, ["00", "15", "30", "45"])} | Sunrise 06:${n(rnd, 10, 59)} | Sunset 19:${n(rnd, 10, 59)}`,
    `Weather: ${n(rnd, 6, 19)}C, ${pick(rnd, ["overcast", "showers", "bright spells", "fog early"])}`,
    "SC   SET                             PGS     CAST",
    ...rows,
    `Nearest hospital: St Brendan's, ${n(rnd, 2, 9)}.${n(rnd, 0, 9)} mi`,
  ].join("\n");
}

function strips(rnd: Rnd): string {
  const day = n(rnd, 1, 44);
  return [
    `ONE-LINER — shoot day ${day}`,
    ...Array.from(
      { length: 5 },
      () =>
        `Sc. ${n(rnd, 1, 120)}  ${pick(rnd, SETS)}  ${n(rnd, 0, 3)} ${n(rnd, 1, 8)}/8 pgs  Cast ${n(rnd, 1, 9)},${n(rnd, 1, 9)}`,
    ),
    `END OF DAY ${day} — total ${n(rnd, 3, 8)} ${n(rnd, 1, 8)}/8 pgs`,
  ].join("\n");
}

function costReport(rnd: Rnd): string {
  const rows = Array.from({ length: 6 }, () => {
    const [code, name] = pick(rnd, ACCOUNTS);
    const budget = n(rnd, 40, 900) * 1000;
    const actual = Math.floor(budget * (0.2 + rnd() * 0.7));
    const efc = budget + n(rnd, -20, 30) * 1000;
    return `${code},${name},${budget},${actual},${efc - actual},${efc},${budget - efc}`;
  });
  return [
    `# cost report week ${n(rnd, 1, 9)} (export)`,
    "ACCT,DESCRIPTION,BUDGET,ACTUAL,ETC,EFC,VARIANCE",
    ...rows,
  ].join("\n");
}

function hotCosts(rnd: Rnd): string {
  const day = n(rnd, 1, 44);
  return [
    `HOT COSTS — day ${day}`,
    "item,scheduled,actual,over/under,note",
    `crew wrap,${n(rnd, 18, 20)}:00,${n(rnd, 18, 21)}:${n(rnd, 10, 59)},${money(n(rnd, 0, 40) * 100)},camera wrap-out`,
    `meal penalty,0,${n(rnd, 0, 30)},${money(n(rnd, 0, 15) * 50)},second meal late`,
    `extras,${n(rnd, 20, 60)},${n(rnd, 20, 60)},${money(n(rnd, -10, 10) * 120)},holding`,
    `fuel,${money(n(rnd, 3, 9) * 100)},${money(n(rnd, 3, 9) * 100)},${money(n(rnd, -3, 3) * 50)},gennies`,
  ].join("\n");
}

function vfxTracker(rnd: Rnd): string {
  const shots = Array.from({ length: 3 }, () => ({
    id: `HT_${n(rnd, 100, 999)}_${String(n(rnd, 1, 60) * 10).padStart(4, "0")}`,
    vendor: pick(rnd, VENDORS),
    status: pick(rnd, SHOT_STATUS),
    frames: n(rnd, 40, 400),
    notes: pick(rnd, [
      "sky replacement",
      "wire removal",
      "water sim",
      "screen insert",
      "crowd tile",
    ]),
  }));
  return JSON.stringify(
    { reel: n(rnd, 1, 7), updated: `2026-0${n(rnd, 3, 6)}-1${n(rnd, 0, 9)}`, shots },
    null,
    2,
  );
}

function rentalEmail(rnd: Rnd): string {
  return [
    `From: ${pick(rnd, ["hire@lensworks.example", "desk@gripco.example", "ops@sparksrental.example"])}`,
    `Subject: RE: Hollow Tide order ${n(rnd, 1000, 9999)}`,
    "",
    "Hi all,",
    `The ${pick(rnd, ["zoom lens", "dolly track", "LED panels", "sound cart", "condor"])} is prepped and will ship on the ${pick(rnd, ["Monday", "Wednesday", "Friday"])} run.`,
    "Please send the signed damage waiver before collection.",
    "Thanks, rentals desk",
  ].join("\n");
}

function permitLetter(rnd: Rnd): string {
  return [
    "CITY FILM OFFICE — NOTICE OF PERMIT CONDITIONS",
    `Ref: FP-${n(rnd, 2026000, 2026999)}`,
    `Filming on ${pick(rnd, ["Cliff Terrace", "Market Square", "Dock Street", "Station Approach"])} is permitted between 07:00 and 19:00.`,
    "Pedestrian access must be kept open at all times; marshals required at each end.",
    "No special effects, smoke or gunfire without written fire service sign-off.",
  ].join("\n");
}

function crewChat(rnd: Rnd): string {
  const lines = [
    "[10:02] Marisol Reyes (2nd AD): background holding is moved to the church hall",
    "[10:05] Ruth Obi (prod coord): parking passes are at the front desk",
    "[10:11] Kenji Sato (loc mgr): the council wants a contact number for the night marshal",
    "[10:14] Faisal Haddad (1st AD): rehearse-light-shoot on the diner at 11",
    "[10:20] Tom Akerman (LP): please log every meal penalty on the hot costs",
    "[10:23] Priya Nair (UPM): cast van is running 10 late",
  ];
  const start = n(rnd, 0, 3);
  return [
    `#production-office export (${n(rnd, 4, 40)} messages)`,
    ...lines.slice(start, start + 3),
  ].join("\n");
}

const TOOLS: readonly [string, (rnd: Rnd) => string, Record<string, unknown>][] = [
  ["read_call_sheet", callSheet, { format: "text" }],
  ["schedule_export", strips, { report: "one-liner" }],
  ["cost_report", costReport, { format: "csv" }],
  ["hot_costs", hotCosts, { format: "csv" }],
  ["vfx_tracker", vfxTracker, { view: "open shots" }],
  ["read_email", rentalEmail, { folder: "rentals" }],
  ["read_email", permitLetter, { folder: "permits" }],
  ["chat_export", crewChat, { channel: "production-office" }],
];

/** One filler beat: chatter, or a tool call with its output and sometimes a remark. */
export function fillerBeat(rnd: Rnd): Draft[] {
  const roll = rnd();
  if (roll < 0.3) {
    return [
      { role: "user", content: pick(rnd, CHATTER_USER) },
      { role: "assistant", content: pick(rnd, CHATTER_ASSISTANT) },
    ];
  }
  const [name, make, args] = pick(rnd, TOOLS);
  const beat: Draft[] = [
    { role: "assistant", content: "", call: { name, args } },
    { role: "tool", content: make(rnd) },
  ];
  if (rnd() < 0.5) {
    beat.push({ role: "assistant", content: pick(rnd, CHATTER_ASSISTANT) });
  }
  return beat;
}
