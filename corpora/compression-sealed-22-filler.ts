// Background text of the "sealed-22" family (an MRO hangar heavy-check session):
// the maintenance controller's and the agent's chatter, and the output of the
// tools the agent calls (tracking-system queries, mail, work cards, handover log,
// stores lookups). None of it names a planted subject. Used by
// corpora/compression-sealed-22.ts.
import type { ToolName } from "./compression-sealed-22-forms.ts";

export const USER_CHATTER = [
  "Morning. Planning meeting moved to 08:30, I'll be in the hangar office after.",
  "Can you pull the open NRCs for zone 500 and tell me which ones are waiting on engineering?",
  "The paint shop wants the aircraft towed to bay 4 on Thursday, keep that in mind for the jacking.",
  "Who has the borescope kit booked this afternoon? Inspection bay says it's missing a light guide.",
  "Lessor tech rep is on site tomorrow from 10, they'll want to walk the wings.",
  "Chase stores on the consumables kit, the sealant batch they sent is out of shelf life.",
  "Nights left a mess on the cabin side, half the seat rows are still out.",
  "We're about 40 manhours behind on the structures package, flag it in the morning report.",
  "Remind me to get the duplicate inspection stamped on the flight control cards.",
  "Can you check if the calibration is in date on torque wrench TW-118 before they use it?",
  "The QA auditor asked for the tooling log for last week, export it as a PDF if you can.",
  "I need a list of cards still without a certifying signature, sorted by zone.",
  "Fuel tank entry is planned for Wednesday, make sure the permit and gas-free certificate are raised.",
  "Nothing urgent, just trying to get ahead of the handover.",
  "That's fine, leave it with me and I'll talk to the shift lead.",
  "Get me the status of the AD compliance review when you have a minute.",
  "Avionics are asking for a ground power slot for the FMS load, sometime after lunch.",
  "Hangar door 2 is out of service again so we'll tow through door 1.",
];

export const ASSISTANT_CHATTER = [
  "I'll query the tracking system for that now.",
  "Done. Three cards are still waiting on a duplicate inspection, all in zone 300.",
  "The torque wrench calibration is valid until the end of next month.",
  "I raised the tow request for Thursday and copied the paint shop supervisor.",
  "Nothing new from stores since the last lookup, the consumables kit is still on backorder.",
  "I've drafted the morning report; structures is flagged amber on manhours.",
  "The open NRC count in zone 500 is down to six, two of them are waiting on engineering.",
  "The fuel tank entry permit is raised and waiting for the safety officer's signature.",
  "I exported the tooling log and attached it to the QA request.",
  "The avionics ground power slot is booked for 14:00 to 16:00.",
  "I couldn't find a certifying signature on two of the flight control cards, listing them below.",
  "Let me check the mail thread with the CAMO before answering that.",
  "The lessor's redelivery checklist has 212 items; 148 are closed so far.",
  "I'll pull the handover log from last night to see what was left open.",
];

const PEOPLE = ["R.HALLORAN", "J.OKORO", "M.KAYA", "S.BRENNAN", "A.NWOSU", "L.FITZGERALD"];
const ZONES = ["100", "200", "300", "400", "500", "600", "700"];
const TASKS = [
  "Detailed inspection of wing-to-body fairing attach fittings",
  "Replace cabin emergency light batteries",
  "Functional check of stall warning system",
  "General visual inspection of cargo compartment liners",
  "Lubricate nose landing gear torque link",
  "Operational check of standby hydraulic pump",
  "Inspect horizontal stabiliser trim actuator attachment",
  "Replace potable water filter cartridges",
  "Check emergency exit slide pressure gauges",
  "Inspect fuel tank access panels for seal damage",
];
const PARTS = [
  ["S9413-113", "SEAL, DOOR", "EA"],
  ["MS28775-228", "O-RING", "EA"],
  ["PR-1776M-B2", "SEALANT", "KT"],
  ["BACB30LH3-4", "BOLT", "EA"],
  ["NAS1149F0363P", "WASHER", "EA"],
  ["C20227-1", "FILTER ELEMENT", "EA"],
  ["2315M20-3", "LAMP ASSY", "EA"],
];

function num(rnd: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rnd() * (hi - lo));
}

function pickOf<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function amosQuery(rnd: () => number): string[] {
  const rows = Array.from({ length: num(rnd, 4, 9) }, () => {
    const card = `WC-${num(rnd, 1000, 9999)}`;
    return `${card} | ${pickOf(rnd, TASKS)} | zone ${pickOf(rnd, ZONES)} | ${pickOf(rnd, ["OPEN", "CLOSED", "WAIT-PARTS", "WAIT-ENG"])} | ${pickOf(rnd, PEOPLE)}`;
  });
  return [
    `AMOS 12.4  query: workorder=WO-7731 status=*  (${rows.length} rows)`,
    "card | description | zone | status | last user",
    ...rows,
  ];
}

function readMail(rnd: () => number): string[] {
  return [
    `From: camo.desk@lessor-tech.example`,
    `To: mro.control@hangar.example`,
    `Subject: RE: MSN 5521 heavy check - open items (#${num(rnd, 100, 999)})`,
    "",
    "Hi all,",
    pickOf(rnd, [
      "> Thanks for the update on the structures findings, we will review the photos today.",
      "> Please send the latest NRC list before Friday's call.",
      "> The records team still needs the component change forms for the cabin items.",
      "> We have no objection to the proposed tow to bay 4.",
    ]),
    "> Kind regards,",
    "> Technical Records",
  ];
}

function workCard(rnd: () => number): string[] {
  return [
    `TASK CARD WC-${num(rnd, 1000, 9999)}  rev C   zone ${pickOf(rnd, ZONES)}`,
    `Task: ${pickOf(rnd, TASKS)}`,
    `Ref: AMM ${num(rnd, 21, 57)}-${num(rnd, 10, 60)}-${num(rnd, 10, 40)}`,
    `Manhours est: ${num(rnd, 1, 12)}.${num(rnd, 0, 10)}   Skill: B1`,
    "Step 1  Gain access, remove panels as listed.",
    "Step 2  Carry out the inspection; record findings on NRC if any.",
    `Tech stamp: ____   Insp stamp: ____   (${pickOf(rnd, PEOPLE)} assigned)`,
  ];
}

function handoverLog(rnd: () => number): string[] {
  return [
    `HANDOVER ${pickOf(rnd, ["B-shift to C-shift", "C-shift to A-shift", "A-shift to B-shift"])}`,
    `- ${pickOf(rnd, TASKS)}: ${pickOf(rnd, ["complete", "50% done", "not started", "waiting on parts"])}`,
    `- ${pickOf(rnd, TASKS)}: ${pickOf(rnd, ["complete", "panels off", "waiting on QA"])}`,
    `- Tooling returned: ${num(rnd, 8, 30)} items, ${num(rnd, 0, 3)} outstanding`,
    `- Manhours booked: ${num(rnd, 60, 140)}`,
    `Signed: ${pickOf(rnd, PEOPLE)}`,
  ];
}

function storesLookup(rnd: () => number): string[] {
  const rows = Array.from({ length: num(rnd, 3, 7) }, () => {
    const [pn, desc, uom] = pickOf(rnd, PARTS);
    return `${pn},${desc},${uom},${num(rnd, 0, 40)},${pickOf(rnd, ["MAIN", "BOND", "QUAR"])}`;
  });
  return ["part_no,description,uom,qty_on_hand,location", ...rows];
}

/** A tool's background output, as lines; a planted line may be spliced in among them. */
export function toolFiller(tool: ToolName, rnd: () => number): string[] {
  switch (tool) {
    case "amos_query":
      return amosQuery(rnd);
    case "read_mail":
      return readMail(rnd);
    case "get_work_card":
      return workCard(rnd);
    case "handover_log":
      return handoverLog(rnd);
    case "stores_lookup":
      return storesLookup(rnd);
  }
}

export const TOOL_NAMES: readonly ToolName[] = [
  "amos_query",
  "read_mail",
  "get_work_card",
  "handover_log",
  "stores_lookup",
];

/** The arguments an agent would pass to each tool. */
export function toolArguments(tool: ToolName, rnd: () => number): string {
  const args: Record<ToolName, Record<string, unknown>> = {
    amos_query: { workorder: "WO-7731", status: "*" },
    read_mail: { folder: "lessor-camo", unread_only: rnd() > 0.5 },
    get_work_card: { card: `WC-${num(rnd, 1000, 9999)}` },
    handover_log: { shift: pickOf(rnd, ["A", "B", "C"]) },
    stores_lookup: { workorder: "WO-7731", include_quarantine: true },
  };
  return JSON.stringify(args[tool]);
}
