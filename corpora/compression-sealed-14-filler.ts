// Filler of the "sealed-14" compression family: the control room's tools (SCADA
// historian, outage management, switching orders, market portal, weather feed, relay
// settings, work orders, shift log, crew radio, e-mail), what the agent says when it
// calls them, and operator / agent chatter. Filler never names a planted subject.
// Used by corpora/compression-sealed-14.ts.
import { int, pickOf, type Ids, type Rng } from "./compression-sealed-14-facts.ts";

export const TOOL_KINDS = [
  "historian",
  "oms",
  "switching",
  "market",
  "weather",
  "relay",
  "workorder",
  "shiftlog",
  "radio",
  "email",
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const TOOL_NAMES: Record<ToolKind, string> = {
  historian: "historian_query",
  oms: "oms_list_outages",
  switching: "switching_order_get",
  market: "market_portal_query",
  weather: "weather_feed_get",
  relay: "relay_settings_read",
  workorder: "workorder_get",
  shiftlog: "shift_log_read",
  radio: "radio_transcript_get",
  email: "mail_read",
};

const CALL_INTENT: Record<ToolKind, readonly string[]> = {
  historian: [
    "Pulling the trend from the historian.",
    "Querying the historian for the last hours.",
  ],
  oms: ["Checking the outage management system.", "Listing open outages in OMS."],
  switching: ["Opening the switching order.", "Fetching the switching order from the SO register."],
  market: ["Querying the market portal.", "Checking the dispatch portal."],
  weather: ["Getting the latest weather feed.", "Refreshing the weather feed."],
  relay: ["Reading the relay settings file.", "Fetching the protection settings file."],
  workorder: ["Opening the work order.", "Pulling the work-order record."],
  shiftlog: ["Reading the shift log.", "Checking recent shift log entries."],
  radio: ["Pulling the radio transcript.", "Fetching the crew radio log."],
  email: ["Reading the control-room inbox.", "Opening the latest e-mail."],
};

export const pad2 = (n: number): string => String(n).padStart(2, "0");
export const clock = (rnd: Rng): string => `${pad2(int(rnd, 0, 24))}:${pad2(int(rnd, 0, 60))}`;

export function callIntent(rnd: Rng, kind: ToolKind): string {
  return pickOf(rnd, CALL_INTENT[kind]);
}

export function callArgs(rnd: Rng, kind: ToolKind, ids: Ids): string {
  const args: Record<ToolKind, () => object> = {
    historian: () => ({
      tag: `${ids.station.slice(0, 3).toUpperCase()}.BUS${int(rnd, 1, 4)}.KV`,
      span: "6h",
    }),
    oms: () => ({ status: "open", region: pickOf(rnd, ["east", "west", "north"]) }),
    switching: () => ({ order: `SO-${int(rnd, 100, 999)}` }),
    market: () => ({ view: pickOf(rnd, ["offers", "reserves", "dispatch"]), day: "D+1" }),
    weather: () => ({ stations: [ids.farm, ids.station], horizon: "24h" }),
    relay: () => ({ device: `${ids.station.slice(0, 3).toUpperCase()}-${int(rnd, 1, 30)}` }),
    workorder: () => ({ id: `WO-${int(rnd, 30_000, 39_999)}` }),
    shiftlog: () => ({ last: int(rnd, 5, 20) }),
    radio: () => ({ channel: int(rnd, 1, 9) }),
    email: () => ({ folder: "control-room", unread: true }),
  };
  return JSON.stringify(args[kind]());
}

const CREWS = ["Crew 2", "Crew 3", "Crew 5", "Line crew B", "Sub crew 1"];
const SENDERS = ["planning@grid.example", "market-desk@grid.example", "protection@grid.example"];

/** Filler lines of one tool's output, without planted subjects. */
export function fillerOutput(rnd: Rng, kind: ToolKind, ids: Ids): string[] {
  const n = int(rnd, 4, 9);
  const rows = (f: (k: number) => string) => Array.from({ length: n }, (_, k) => f(k));
  const tag = `${ids.station.slice(0, 3).toUpperCase()}`;
  switch (kind) {
    case "historian":
      return [
        `time                 tag                  value     quality`,
        ...rows(
          (k) =>
            `2026-11-28 ${pad2(k + 2)}:00:00  ${tag}.T${int(rnd, 1, 4)}.MW         ${(rnd() * 90).toFixed(1)}      GOOD`,
        ),
        `(${n} rows, interpolation=previous)`,
      ];
    case "oms":
      return [
        `ID        feeder   customers_out  cause              ETR`,
        ...rows(
          (k) =>
            `OUT-${int(rnd, 7000, 7999)}  D${int(rnd, 50, 99)}      ${int(rnd, 3, 900)}            ${pickOf(rnd, ["tree contact", "cable fault", "unknown", "animal", "fuse"])}      ${pad2(k + 9)}:${pad2(int(rnd, 0, 60))}`,
        ),
      ];
    case "switching":
      return [
        `Switching order SO-${int(rnd, 100, 999)} (status: DRAFT)`,
        ...rows(
          (k) =>
            `Step ${k + 1}  ${pickOf(rnd, ["Open", "Close", "Verify open", "Apply earths at", "Remove earths at"])} ${pickOf(rnd, ["isolator", "disconnector", "breaker"])} ${tag}-${int(rnd, 1, 60)}`,
        ),
      ];
    case "market":
      return [
        `interval  price($/MWh)  demand(MW)  reserve_margin`,
        ...rows(
          (k) =>
            `${pad2(k + 14)}:00     ${(20 + rnd() * 80).toFixed(2)}         ${int(rnd, 4200, 6900)}        ${(rnd() * 12).toFixed(1)}%`,
        ),
      ];
    case "weather":
      return [
        `station          temp  wind(m/s)  gust  lightning_km`,
        ...rows(
          () =>
            `${pickOf(rnd, [ids.farm, ids.station, "Coast AWS", "Upland AWS"]).padEnd(16)} ${int(rnd, -4, 19)}    ${(rnd() * 20).toFixed(1)}       ${int(rnd, 5, 30)}    ${int(rnd, 8, 200)}`,
        ),
      ];
    case "relay":
      return [
        `# settings export, device ${tag}-${int(rnd, 1, 30)}, firmware R${int(rnd, 300, 340)}`,
        ...rows(
          () =>
            `${pickOf(rnd, ["CTR", "PTR", "E50P", "E51N", "TR", "ULTR", "PDEM"])}${int(rnd, 1, 4)}  ${pickOf(rnd, ["ratio", "enable", "timer", "logic"])}  ${pickOf(rnd, ["Y", "N", String(int(rnd, 1, 600))])}`,
        ),
      ];
    case "workorder":
      return [
        `Work order WO-${int(rnd, 30_000, 39_999)}`,
        `Status: ${pickOf(rnd, ["SCHEDULED", "IN PROGRESS", "WAITING PARTS"])}`,
        `Asset: ${tag} ${pickOf(rnd, ["bay 4 CT", "battery charger", "capacitor bank", "earth switch"])}`,
        `Notes: ${pickOf(rnd, ["permit to work issued", "access via north gate", "outage requested"])}`,
      ];
    case "shiftlog":
      return rows(
        () =>
          `${clock(rnd)}  ${pickOf(rnd, ["Operator A", "Operator B", "Supervisor"])}  ${pickOf(rnd, ["Load following normal", "Tap change on T1 at " + tag, "Alarm acknowledged", "Handover call with neighbour TSO", "Cap bank switched in"])}`,
      );
    case "radio":
      return rows(
        () =>
          `[${clock(rnd)}] ${pickOf(rnd, CREWS)}: ${pickOf(rnd, ["On site, waiting for permit, over.", "Patrol complete, nothing found, over.", "Heading back to depot, over.", "Copy that, control."])}`,
      );
    case "email":
      return [
        `From: ${pickOf(rnd, SENDERS)}`,
        `Subject: ${pickOf(rnd, ["Daily ops note", "Handover", "Market notice", "Maintenance plan"])}`,
        pickOf(rnd, [
          "Nothing new from our side today.",
          "Reminder that the quarterly audit starts next week.",
          "Please acknowledge the updated contact list.",
        ]),
      ];
  }
}

const USER_CHATTER = [
  "Frequency looks steady this hour.",
  "Let's keep an eye on the evening ramp.",
  "The neighbour TSO called about the interconnector schedule.",
  "Can you check the latest one for me?",
  "Remind me to sign the permit before shift change.",
  "Storm front is still over the coast.",
  "Load is tracking about two percent over forecast.",
  "I'll take the next call from the crews.",
  "Pull the next one please.",
  "That alarm is the flaky CT again, ignore it.",
];
const ASSISTANT_CHATTER = [
  "Nothing abnormal in that output.",
  "All values are inside their limits.",
  "No alarms raised in that window.",
  "I'll keep watching it and flag any change.",
  "That matches the trend from the previous hour.",
  "Two outages are still waiting for crews.",
  "The readings look consistent across both feeds.",
  "No action needed from our side.",
];

export function chatter(rnd: Rng, role: "user" | "assistant", count: number): string[] {
  const pool = role === "user" ? USER_CHATTER : ASSISTANT_CHATTER;
  return Array.from({ length: count }, () => pickOf(rnd, pool));
}
