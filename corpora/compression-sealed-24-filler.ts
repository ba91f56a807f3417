// Filler of the "sealed-24" compression family: the project engineer's asks, the
// agent's chatter and the site tools' output (schedule CSV, cost report JSON, email
// exports, daily logs, photo metadata, RFI and submittal logs, inspection sign-offs,
// crane bookings, meeting minutes). Each tool output can carry planted lines among
// its rows. No filler names a planted value. Used by corpora/compression-sealed-24.ts.

export type Rnd = () => number;

export const pick = <T>(rnd: Rnd, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (rnd: Rnd) => `2027-${pad(int(rnd, 1, 10))}-${pad(int(rnd, 1, 29))}`;

export const SYSTEM_PROMPT =
  "You are a project engineering assistant for Halvorsen Builders, general contractor on " +
  "the Meridian Point office building (8 storeys, post-tensioned slabs, steel roof). You read " +
  "the schedule, cost reports, RFI and submittal logs, daily logs and email, and help the " +
  "project engineer keep the job's records straight. Tools: export_schedule, get_cost_report, " +
  "search_email, read_daily_log, list_photos, query_rfi_log, get_submittal_register, " +
  "list_inspections, crane_calendar, get_meeting_minutes.";

export const ASKS = [
  "Can you pull the latest three-week lookahead and check what's slipping?",
  "What did the cost report say about the concrete overruns?",
  "Find the email from the glazing sub about their shop drawings.",
  "Read yesterday's daily log, I want the manpower numbers.",
  "List the photos from the level 5 walkdown, the owner wants the deck edge shots.",
  "Which RFIs are still open with the architect?",
  "Check the submittal register for anything overdue.",
  "What inspections are booked for this week?",
  "Who has the crane on Thursday afternoon?",
  "Pull the minutes from the last OAC meeting.",
  "Morning. Long day ahead, the owner's rep is walking the site at ten.",
  "The super says the pump truck was late again. Can you check the log?",
  "Draft a note to the steel erector about the punch items on the third floor.",
  "Anything in email from the city about the sidewalk permit?",
  "I need the committed cost on the mechanical package before the call.",
  "Can you check whether the stair 2 inspection passed?",
  "The elevator sub wants a call. What's open with them?",
  "Summarise the safety observations from this week's logs.",
];

export const CHATTER = [
  "On it.",
  "Thanks, that's what I needed.",
  "Give me a second to read through it.",
  "Okay, that lines up with what the super told me at the huddle.",
  "I'll flag it in the weekly report.",
  "Three activities lost float since last week; none of them on the critical path yet.",
  "The manpower curve is still under plan, mostly drywall and tapers.",
  "Nothing urgent in there, just the usual back and forth on finishes.",
  "The architect's office is closed Friday, so expect the RFI answers Monday at the earliest.",
  "The owner's rep asked for the photo set by end of day.",
  "I cross-checked the log against the timesheets and the numbers match.",
  "We should get the sub to resubmit with the stamped calcs, otherwise it'll bounce again.",
  "Rain is forecast for Wednesday, so the exterior work may shift.",
  "I'll put it on the agenda for the OAC meeting.",
  "The inspector left a correction notice on the firestopping at the level 3 shaft.",
  "Good, that one can come off the open items list.",
  "Let me know if you want me to email the sub directly or if you'll call.",
  "The pay app backup is missing two lien waivers from the earthwork sub.",
  "Noted. I'll keep an eye on it.",
  "That's consistent with last week's cost report, the variance hasn't moved.",
  "The safety manager wants the toolbox talk sign-in sheets scanned.",
  "Looks like the photo GPS tags are off by a grid line again; the labels are right though.",
];

export const TOOL_INTROS: Record<ToolKind, readonly string[]> = {
  export_schedule: ["Pulling the schedule export.", "Exporting the lookahead as CSV."],
  get_cost_report: ["Fetching the cost report.", "Checking the latest cost snapshot."],
  search_email: ["Searching the project inbox.", "Looking through email."],
  read_daily_log: ["Opening the daily log.", "Reading the super's log."],
  list_photos: ["Listing the photo metadata.", "Checking the photo set."],
  query_rfi_log: ["Querying the RFI log.", "Checking open RFIs."],
  get_submittal_register: ["Opening the submittal register.", "Checking submittals."],
  list_inspections: ["Listing inspections.", "Checking the inspection sign-offs."],
  crane_calendar: ["Checking the crane calendar.", "Looking at crane bookings."],
  get_meeting_minutes: ["Pulling the meeting minutes.", "Opening the minutes."],
};

export type ToolKind =
  | "export_schedule"
  | "get_cost_report"
  | "search_email"
  | "read_daily_log"
  | "list_photos"
  | "query_rfi_log"
  | "get_submittal_register"
  | "list_inspections"
  | "crane_calendar"
  | "get_meeting_minutes";

export const TOOL_KINDS = Object.keys(TOOL_INTROS) as ToolKind[];

const ACTIVITIES = [
  "L5 deck formwork",
  "L5 PT tendon stressing",
  "L6 column rebar",
  "Stair 2 pan fill",
  "East elevation mockup",
  "Roof steel erection",
  "L3 MEP rough-in",
  "L2 drywall hang",
  "L2 tape and finish",
  "Generator pad",
  "Storm line tie-in",
  "L4 sprinkler mains",
  "Lobby slab on grade",
  "Loading dock walls",
];
const TRADES = [
  "Concrete",
  "Rebar",
  "Steel",
  "Drywall",
  "Electrical",
  "Plumbing",
  "HVAC",
  "Glazing",
];
const PEOPLE = ["M. Okonjo", "T. Reyes", "A. Lindgren", "K. Baptiste", "R. Nakamura", "J. Duarte"];
const COMPANIES = ["Stonebridge Glazing", "Apex Rebar", "Keel Steel", "Tri-County Electric"];

/** Rows with the planted lines placed at random row positions. */
function mix(rnd: Rnd, rows: string[], extra: readonly string[]): string[] {
  const out = [...rows];
  for (const line of extra) {
    out.splice(int(rnd, 0, out.length + 1), 0, line);
  }
  return out;
}

function schedule(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from({ length: int(rnd, 6, 12) }, (_, i) => {
    const a = pick(rnd, ACTIVITIES);
    return `A${1000 + i * 10},${a},${isoDay(rnd)},${isoDay(rnd)},${int(rnd, -4, 12)},${pick(rnd, ["NS", "IP", "IP", "C"])}`;
  });
  return [
    "activity_id,activity_name,start,finish,total_float,status",
    ...mix(rnd, rows, extra),
  ].join("\n");
}

function costReport(rnd: Rnd, extra: readonly string[]): string {
  const codes = ["03-3000", "05-1200", "07-5400", "08-4400", "09-2900", "23-0500", "26-0500"];
  const rows = codes.map((c) => {
    const budget = int(rnd, 200, 2400) * 1000;
    const committed = Math.floor(budget * (0.7 + rnd() * 0.35));
    return `    { "cost_code": "${c}", "budget": ${budget}, "committed": ${committed}, "projected": ${committed + int(rnd, 0, 90) * 1000} },`;
  });
  return [
    "{",
    `  "report": "Monthly cost report",`,
    `  "period_end": "${isoDay(rnd)}",`,
    `  "lines": [`,
    ...mix(rnd, rows, extra),
    "  ],",
    `  "contingency_remaining": ${int(rnd, 150, 600) * 1000}`,
    "}",
  ].join("\n");
}

function email(rnd: Rnd, extra: readonly string[]): string {
  const from = pick(rnd, COMPANIES);
  const body = [
    "Hi all,",
    pick(rnd, [
      "Following up on the walk this week.",
      "See below for the open items from our side.",
      "Quick update ahead of the coordination meeting.",
    ]),
    pick(rnd, [
      "We still need the revised grid dimensions before we release fabrication.",
      "Our crew is available from next Monday if the area is released.",
      "Please confirm the laydown area by the north fence is still ours.",
    ]),
  ];
  return [
    `From: ${pick(rnd, PEOPLE)} <pm@${from.toLowerCase().replace(/\W+/g, "")}.com>`,
    `To: project.engineer@halvorsen.build`,
    `Date: ${isoDay(rnd)} ${pad(int(rnd, 6, 18))}:${pad(int(rnd, 0, 60))}`,
    `Subject: RE: Meridian Point - ${pick(rnd, ACTIVITIES)}`,
    "",
    ...mix(rnd, body, extra),
    "Thanks,",
    pick(rnd, PEOPLE),
  ].join("\n");
}

function dailyLog(rnd: Rnd, extra: readonly string[]): string {
  const crews = TRADES.slice(0, int(rnd, 4, 8)).map((t) => `  ${t.padEnd(11)} ${int(rnd, 2, 24)}`);
  const notes = [
    `${pad(int(rnd, 6, 9))}:${pad(int(rnd, 0, 60))}  Safety huddle, ${int(rnd, 30, 90)} attendees.`,
    `${pad(int(rnd, 9, 12))}:${pad(int(rnd, 0, 60))}  ${pick(rnd, ACTIVITIES)} started.`,
    `${pad(int(rnd, 12, 16))}:${pad(int(rnd, 0, 60))}  Pump truck on site, ${int(rnd, 20, 140)} CY placed.`,
  ];
  return [
    `DAILY LOG ${isoDay(rnd)}  Meridian Point`,
    `Weather: ${pick(rnd, ["Clear", "Overcast", "Light rain", "Windy"])}, high ${int(rnd, 35, 85)}F`,
    "Manpower:",
    ...crews,
    "Notes:",
    ...mix(rnd, notes, extra),
  ].join("\n");
}

function photos(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from(
    { length: int(rnd, 3, 6) },
    () =>
      `  {"file": "IMG_${int(rnd, 1000, 9999)}.jpg", "taken": "${isoDay(rnd)}T${pad(int(rnd, 7, 17))}:${pad(int(rnd, 0, 60))}", "level": "L${int(rnd, 1, 9)}", "grid": "${pick(rnd, ["B/3", "C/5", "D/2", "E/7"])}", "tags": ["${pick(rnd, ["deck edge", "rebar", "embed", "shoring", "MEP"])}"]},`,
  );
  return ["[", ...mix(rnd, rows, extra), "]"].join("\n");
}

function rfiLog(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from(
    { length: int(rnd, 4, 8) },
    () =>
      `| RFI ${int(rnd, 150, 240)} | ${pick(rnd, ACTIVITIES)} clarification | ${pick(rnd, ["Open", "Answered", "Closed"])} | ${isoDay(rnd)} |`,
  );
  return ["| RFI | Title | Status | Due |", "|---|---|---|---|", ...mix(rnd, rows, extra)].join(
    "\n",
  );
}

function submittals(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from(
    { length: int(rnd, 4, 8) },
    () =>
      `${pick(rnd, ["03 30 00", "05 12 00", "07 54 00", "08 44 13", "09 21 16"])}-${pad(int(rnd, 1, 30))}  ${pick(rnd, ["Product data", "Shop drawings", "Samples", "Calcs"])}  ${pick(rnd, ["Approved", "Revise & resubmit", "Under review"])}`,
  );
  return ["SUBMITTAL REGISTER (open and recent)", ...mix(rnd, rows, extra)].join("\n");
}

function inspections(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from(
    { length: int(rnd, 3, 7) },
    () =>
      `- ${isoDay(rnd)} ${pick(rnd, ["Pre-pour L5", "Framing L2", "Firestop L3 shaft", "Underground plumbing"])}: ${pick(rnd, ["PASSED", "PARTIAL", "FAILED - see notice"])} (${pick(rnd, PEOPLE)})`,
  );
  return ["Inspection sign-offs", ...mix(rnd, rows, extra)].join("\n");
}

function craneCalendar(rnd: Rnd, extra: readonly string[]): string {
  const rows = Array.from(
    { length: int(rnd, 4, 8) },
    () =>
      `${isoDay(rnd)}  ${pad(int(rnd, 6, 15))}:00-${pad(int(rnd, 15, 19))}:00  ${pick(rnd, TRADES)}  ${pick(rnd, ["rebar bundles", "curtain wall units", "RTU lift", "steel joists", "formwork tables"])}`,
  );
  return ["CRANE BOOKINGS (TC-1)", ...mix(rnd, rows, extra)].join("\n");
}

function minutes(rnd: Rnd, extra: readonly string[]): string {
  const rows = [
    `1.1  Safety: ${int(rnd, 0, 3)} near misses reported; housekeeping on L4 needs work.`,
    `2.3  Schedule: ${pick(rnd, ACTIVITIES)} tracking ${int(rnd, 1, 6)} days behind.`,
    `4.2  Owner requested updated finish samples for the lobby.`,
  ];
  return [
    `OAC MEETING #${int(rnd, 20, 60)} MINUTES  ${isoDay(rnd)}`,
    `Attendees: ${PEOPLE.slice(0, 4).join(", ")}`,
    ...mix(rnd, rows, extra),
    "Next meeting: same time next week.",
  ].join("\n");
}

const MAKERS: Record<ToolKind, (rnd: Rnd, extra: readonly string[]) => string> = {
  export_schedule: schedule,
  get_cost_report: costReport,
  search_email: email,
  read_daily_log: dailyLog,
  list_photos: photos,
  query_rfi_log: rfiLog,
  get_submittal_register: submittals,
  list_inspections: inspections,
  crane_calendar: craneCalendar,
  get_meeting_minutes: minutes,
};

/** A tool's output, with `extra` lines (planted statements) among its rows. */
export function toolOutput(kind: ToolKind, rnd: Rnd, extra: readonly string[] = []): string {
  return MAKERS[kind](rnd, extra);
}

/** The JSON arguments of a call to a tool. */
export function toolArgs(kind: ToolKind, rnd: Rnd): string {
  return JSON.stringify({ project: "meridian-point", page: int(rnd, 1, 4) }).replace(
    "}",
    kind === "export_schedule" ? `,"format":"csv"}` : "}",
  );
}
