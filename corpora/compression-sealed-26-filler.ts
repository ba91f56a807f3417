// Background traffic of the "sealed-26" family's maintenance-control shift: the
// controller's and agent's chatter, the tool calls they make and the tool output
// that names no planted subject (tech-log rows, rosters, stock, ACARS, work orders,
// station chat). Used by corpora/compression-sealed-26.ts.

export const TAILS = ["G-EZUA", "G-EZMH", "G-EZRS", "G-EZFK", "G-EZNL", "G-EZIV"];
export const STATIONS = ["LPL", "SOU", "EXT", "ABZ", "INV", "JER"];

const USER_CHATTER = [
  "Morning crew are asking about the hangar slot again, can you check?",
  "Ops want an ETR on the aircraft at stand 22.",
  "Stores say the courier from the hub is running forty minutes late.",
  "ok thanks",
  "Can you raise a tech log entry for the cabin call chime, it's intermittent.",
  "The captain on the late arrival wrote up a sticky flight deck door again.",
  "Which of the line engineers has the B1 licence on the A320 tonight?",
  "Please chase the robbery paperwork for the galley oven.",
  "Flight ops have asked if we can swap aircraft on the first wave.",
  "The tug at the north apron is u/s, we're borrowing one from handling.",
  "Remind me to ring the duty manager at four.",
  "Any news on the AOG part from Toulouse?",
  "Heads up, the snow plan might be triggered after midnight.",
  "Let's close out the cabin defects before the morning peak.",
  "Can you summarise what's still open on the ADD list?",
  "The fuel bowser driver needs the tail for the 0550 departure.",
  "Station is asking for a callback, they've got a bird strike report to file.",
];

const ASSISTANT_CHATTER = [
  "Done. The entry is raised and waiting for a certifying signature.",
  "I've checked the roster; two B1s and one B2 are on until 0600.",
  "Noted. I'll keep an eye on the courier ETA and flag it if it slips past 0300.",
  "The ADD list has six open items, none of them time-critical before the first wave.",
  "I couldn't find a matching work order; I'll raise a new one once you confirm the tail.",
  "Stores show the seal kit in the bonded area, shelf C4, two in stock.",
  "Flight ops have the swap request; they want confirmation by 0430.",
  "I've sent the station the callback number for the duty engineer.",
  "Nothing in the ACARS queue needs action right now, mostly position reports.",
  "The cabin defects are all cat-D items; I've grouped them on one work order.",
];

const CALL_NOTES = [
  "Checking the tech log.",
  "Pulling the roster.",
  "Looking at stores.",
  "Querying the work-order system.",
  null,
  null,
  "Reading the ACARS queue.",
];

export interface FillerTool {
  name: string;
  args: string;
  content: string;
}

type Rnd = () => number;
const pick = <T>(r: Rnd, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const num = (r: Rnd, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo));
const clock = (r: Rnd) =>
  `${String(num(r, 0, 24)).padStart(2, "0")}:${String(num(r, 0, 60)).padStart(2, "0")}`;

export function userChatter(r: Rnd): string {
  return pick(r, USER_CHATTER);
}

export function assistantChatter(r: Rnd): string {
  return pick(r, ASSISTANT_CHATTER);
}

export function callNote(r: Rnd): string | null {
  return pick(r, CALL_NOTES);
}

const DEFECTS = [
  "PAX reading light 23C inop",
  "lav 2 flush slow",
  "FWD galley oven 2 fault light",
  "L1 door slide gauge low on walkround",
  "cockpit voice recorder test fail on first attempt",
  "IFE handset 14F u/s",
  "wing inspection light LH blown",
];

function techLog(r: Rnd): FillerTool {
  const tail = pick(r, TAILS);
  const rows = Array.from({ length: num(r, 2, 5) }, () => {
    const st = pick(r, ["OPEN", "CLOSED", "DEFERRED"]);
    return `${num(r, 10000, 99999)} | ${tail} | ${pick(r, DEFECTS)} | ${st}`;
  });
  return {
    name: "tech_log_query",
    args: JSON.stringify({ tail, open_only: false }),
    content: ["seq | tail | defect | status", ...rows].join("\n"),
  };
}

function roster(r: Rnd): FillerTool {
  const names = ["A. Byrne", "C. Mensah", "I. Rossi", "N. Patel", "O. Dahl", "Y. Tanaka"];
  const rows = names
    .slice(0, num(r, 3, 6))
    .map((n) => `${n.padEnd(10)} ${pick(r, ["B1", "B2", "MECH"])}  ${pick(r, STATIONS)}  on`);
  return {
    name: "roster",
    args: JSON.stringify({ shift: "night" }),
    content: ["NAME       LIC STN  STATE", ...rows].join("\n"),
  };
}

function stock(r: Rnd): FillerTool {
  const parts = ["D2302-11", "MS28775-228", "NAS1611-014", "3214552-4", "AN960C10L", "S9413-118"];
  const rows = parts
    .slice(0, num(r, 2, 6))
    .map((p) => `${p},${num(r, 0, 40)},${pick(r, ["C4", "B1", "bonded", "QUAR"])}`);
  return {
    name: "parts_inventory",
    args: JSON.stringify({ station: pick(r, STATIONS) }),
    content: ["pn,qty,bin", ...rows].join("\n"),
  };
}

function acars(r: Rnd): FillerTool {
  const tail = pick(r, TAILS);
  return {
    name: "acars_inbox",
    args: JSON.stringify({ since: clock(r) }),
    content: [
      `QU MXCTLXH .DDLXCXA ${clock(r).replace(":", "")}`,
      `FI ${tail} /POS N${num(r, 49, 58)}${num(r, 10, 59)} W00${num(r, 1, 9)}${num(r, 10, 59)} FL${num(r, 280, 390)}`,
      `FLR ${pick(r, ["AIR PACK 1 REGUL FAULT", "CAB PR SYS 2 FAULT", "FUEL F USED/FOB DISAGREE", "NIL"])}`,
    ].join("\n"),
  };
}

function workOrders(r: Rnd): FillerTool {
  const rows = Array.from(
    { length: num(r, 2, 4) },
    () =>
      `{"wo":"WO-${num(r, 300000, 399999)}","tail":"${pick(r, TAILS)}","state":"${pick(r, ["open", "in work", "awaiting parts"])}"}`,
  );
  return { name: "work_orders", args: JSON.stringify({ state: "open" }), content: rows.join("\n") };
}

function stationChat(r: Rnd): FillerTool {
  const st = pick(r, STATIONS);
  return {
    name: "station_chat",
    args: JSON.stringify({ channel: st }),
    content: [
      `[${clock(r)}] ${st} line: aircraft on blocks, walkround in progress`,
      `[${clock(r)}] ${st} line: ${pick(r, ["no new defects", "one cabin item, will raise", "waiting on fuel", "de-ice rig on standby"])}`,
    ].join("\n"),
  };
}

const GENERATORS = [techLog, roster, stock, acars, workOrders, stationChat];

export function fillerTool(r: Rnd): FillerTool {
  return pick(r, GENERATORS)(r);
}
