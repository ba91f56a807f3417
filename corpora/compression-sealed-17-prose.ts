// The prose of the "sealed-17" session (corpora/compression-sealed-17.ts): what the facilities
// engineer asks for before each tool call, what the agent says around it, and the small talk
// of a shift. None of it names a planted subject.
import type { DocKind } from "./compression-sealed-17-filler.ts";

type Rnd = () => number;
const pick = <T>(list: readonly T[], rnd: Rnd): T => list[Math.floor(rnd() * list.length)] as T;
const int = (lo: number, hi: number, rnd: Rnd) => lo + Math.floor(rnd() * (hi - lo));

export const SYSTEM_PROMPT =
  "You are a facilities operations assistant for Harbor Point Tower (32 floors, Metasys BMS, " +
  "Maximo CMMS). You help the building engineer read points and trends, triage work orders, " +
  "draft vendor replies and keep the setpoint schedule and handover notes accurate. Never " +
  "write to the BMS without the engineer's go-ahead.";

const ASKS: Record<DocKind, readonly string[]> = {
  points: [
    "Read the current points on that unit, I want to see where the valves are sitting.",
    "What are the live values on the air handler right now?",
  ],
  trend: [
    "Pull the overnight trend, the morning start looked rough.",
    "Can you grab the last day of trend data for the unit on 11?",
  ],
  meter: [
    "Export the last week of interval data from the main meters.",
    "I need the 15-minute demand data for the utility call.",
  ],
  alarms: ["What alarmed overnight?", "Check the alarm history since the weekend."],
  yaml: ["Show me the controller config, I think someone changed the loop tuning."],
  ini: ["Open the meter bridge config, the uploads stopped again."],
  email: [
    "Search my mail for the vendor's last note.",
    "Find the email from the balancing contractor.",
  ],
  slack: [
    "What's been going on in #facilities-ops this morning?",
    "Catch me up on the ops channel.",
  ],
  workorder: ["Pull up that work order.", "Open the ticket the tenant on 9 filed."],
  bmslog: ["Check the BMS audit trail for who wrote what.", "Who touched the BMS last night?"],
  diff: ["Show me the diff on the setpoint schedule before I sign it."],
  checklist: ["Open the functional test sheet.", "Pull the commissioning checklist for that unit."],
  schedule: ["Open the setpoint schedule.", "Let me see the current schedule sheet."],
  archive: ["Grab the archived trend export from last fall, I want to compare."],
};

export function askFor(kind: DocKind, rnd: Rnd): string {
  return pick(ASKS[kind], rnd);
}

const CALL_LINES = [
  "Pulling it now.",
  "Let me check.",
  "One sec, querying the BMS.",
  "Fetching that.",
  "Looking it up.",
];

export function callLine(rnd: Rnd): string {
  return pick(CALL_LINES, rnd);
}

const ANALYSES: readonly ((rnd: Rnd) => string)[] = [
  (rnd) =>
    `Supply air is hunting between ${int(52, 55, rnd)} and ${int(57, 61, rnd)} F around the morning start; the cooling valve is cycling hard, so I suspect loop tuning rather than a bad sensor.`,
  (rnd) =>
    `Nothing alarming here. ${int(4, 9, rnd)} of the ${int(10, 14, rnd)} points are in auto and the rest are still overridden from last week's test.`,
  (rnd) =>
    `Demand peaked at ${int(900, 1290, rnd)} kW on Tuesday afternoon, which lines up with the hot calls.`,
  (rnd) =>
    `The log shows ${int(2, 9, rnd)} overrides released by the night shift; nothing unexpected.`,
  () => "Looks consistent with what you described. I'd open a work order for the actuator.",
  () => "The vendor is asking for a site date; I can draft a reply proposing Thursday morning.",
  (rnd) =>
    `Two of the VAVs on ${int(3, 30, rnd)} are starving for air; their dampers are at 100% and still below flow.`,
  () => "That config matches the as-built except for the trend interval, which someone shortened.",
  () => "The checklist still has two open items, both on the smoke shutdown test.",
];

export function analysis(rnd: Rnd): string {
  return pick(ANALYSES, rnd)(rnd);
}

const USER_CHATTER = [
  "ok",
  "Thanks, that helps.",
  "Makes sense.",
  "Let me walk down to the mech room and check.",
  "Tenant on 9 is calling again.",
  "Can you draft a reply to the vendor?",
  "Good, one less thing.",
  "Rounds are done, plant looks normal.",
  "I'll ask the night shift about it.",
  "The property manager wants a summary by end of day.",
  "Put that in the handover notes.",
];

const ASSISTANT_CHATTER = [
  "Sure.",
  "Drafted; it's short and asks for a firm date.",
  "Noted, I'll keep that in the handover notes.",
  "Understood. I won't write anything to the BMS until you confirm.",
  "I added it to the open items list.",
  "Happy to. Want it as bullets or a short paragraph?",
];

export function chatter(role: "user" | "assistant", rnd: Rnd, count: number): string[] {
  const list = role === "user" ? USER_CHATTER : ASSISTANT_CHATTER;
  return Array.from({ length: count }, () => pick(list, rnd));
}
