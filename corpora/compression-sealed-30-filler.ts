// Filler for the "sealed-30" compression family (a craft brewery session): the tool
// outputs the agent reads (brewhouse PLC exports, tank sensor CSV, LIMS JSON lines,
// recipe diffs, ERP purchase orders, supplier emails, Slack exports, brew schedules,
// TTB forms) and the prose of the head brewer, the QA lead and the agent. Planted
// lines are spliced into a tool body. Names no planted subject. Used by
// corpora/compression-sealed-30.ts.
import type { Channel } from "./compression-sealed-30-forms.ts";

export type Rnd = () => number;
export type ToolKind = Exclude<Channel, "user" | "reply"> | "sensor";

const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const pad = (n: number) => String(n).padStart(2, "0");

export const SPEAKERS = ["marisol", "tomas", "gus", "wren", "ana.r", "deshawn"];
export const clock = (rnd: Rnd) => `${pad(int(rnd, 6, 19))}:${pad(int(rnd, 0, 60))}`;

const TANKS = ["FV-1", "FV-2", "FV-3", "FV-5", "FV-7", "BT-1", "BT-3"];
const BEERS = ["Saltmarsh Saison", "Rust Belt Amber", "Gull Rock Gose", "Driftwood Brown"];

/** Splices planted lines among a body's lines, after its header. */
function splice(rnd: Rnd, header: string[], body: string[], planted: readonly string[]): string {
  const out = [...body];
  for (const line of planted) {
    out.splice(int(rnd, 0, out.length + 1), 0, line);
  }
  return [...header, ...out].join("\n");
}

function sensor(rnd: Rnd): string {
  const tank = pick(rnd, TANKS);
  const rows = Array.from({ length: int(rnd, 8, 16) }, (_, i) => {
    const temp = (17 + rnd() * 4).toFixed(1);
    const sg = (1.008 + rnd() * 0.04).toFixed(3);
    return `2026-11-${pad(20 + Math.floor(i / 6))}T${pad((i * 4) % 24)}:00:00Z,${tank},${temp},${sg},${(rnd() * 14).toFixed(1)}`;
  });
  return ["ts,tank,temp_c,gravity_sg,head_pressure_psi", ...rows].join("\n");
}

function plc(rnd: Rnd, planted: readonly string[]): string {
  const steps = [
    "MASH_IN",
    "REST_1",
    "RAMP",
    "MASH_OUT",
    "LAUTER",
    "SPARGE",
    "BOIL_ON",
    "WHIRLPOOL",
    "KO",
  ];
  const body = steps.map(
    (s, i) =>
      `2026-11-${pad(int(rnd, 20, 28))}T${pad(6 + i)}:${pad(int(rnd, 0, 60))};${s};MT-1;temp=${(62 + rnd() * 38).toFixed(1)};flow_lpm=${int(rnd, 80, 260)}`,
  );
  return splice(
    rnd,
    [`# brewhouse PLC export, brew #${int(rnd, 2400, 2700)}`, "ts;step;vessel;values"],
    body,
    planted,
  );
}

function lims(rnd: Rnd, planted: readonly string[]): string {
  const analytes = ["pH", "ABV %", "color SRM", "turbidity NTU", "HLP plate", "real extent °P"];
  const body = Array.from({ length: int(rnd, 5, 10) }, () => {
    const a = pick(rnd, analytes);
    return `{"sample":"S-${int(rnd, 14000, 15999)}","tank":"${pick(rnd, TANKS)}","analyte":"${a}","result":${(rnd() * 9).toFixed(2)},"analyst":"${pick(rnd, ["TR", "WK", "AR"])}"}`;
  });
  return splice(rnd, ["# lims export (jsonl)"], body, planted);
}

function recipe(rnd: Rnd, planted: readonly string[]): string {
  if (planted.length > 0) {
    // A spec section: the planted lines among the cellar's standing specs.
    const specs = [
      `   section: cellar_specs`,
      `   approved_by: ${pick(rnd, ["marisol", "tomas"])}`,
    ];
    return splice(
      rnd,
      [
        `diff --git a/recipes/specs.yaml b/recipes/specs.yaml`,
        `@@ -${int(rnd, 10, 90)},8 +${int(rnd, 10, 90)},8 @@`,
      ],
      specs,
      planted,
    );
  }
  const beer = pick(rnd, BEERS);
  const body = [
    `   name: ${beer}`,
    `   batch_bbl: ${pick(rnd, [15, 30])}`,
    `   boil_min: ${pick(rnd, [60, 75, 90])}`,
    `   hops:`,
    `     - { variety: ${pick(rnd, ["Saaz", "Cascade", "Mosaic", "Hallertau Mittelfrüh"])}, g: ${int(rnd, 900, 4000)}, at: ${pick(rnd, [60, 15, 0])} }`,
    `   yeast: ${pick(rnd, ["WLP565", "US-05", "Kveik Voss", "W-34/70"])}`,
  ];
  return splice(
    rnd,
    [
      `diff --git a/recipes/specs.yaml b/recipes/specs.yaml`,
      `@@ -${int(rnd, 10, 90)},12 +${int(rnd, 10, 90)},12 @@`,
    ],
    body,
    planted,
  );
}

function erp(rnd: Rnd, planted: readonly string[]): string {
  const vendor = pick(rnd, [
    "Yakima Chief Hops",
    "Briess Malt",
    "Country Malt Group",
    "Ball Metalpack",
    "Lallemand",
  ]);
  const body = [
    `PO-${int(rnd, 8100, 8999)}  line 1  ${pick(rnd, ["2-row base malt", "12 oz can ends", "CaCl2 food grade", "PBW 50 lb"])}  qty ${int(rnd, 2, 40)}  status OPEN`,
    `terms: net 30   ship-to: 114 Harbor Rd dock 2`,
  ];
  return splice(rnd, [`ERP purchase orders — vendor: ${vendor}`], body, planted);
}

function email(rnd: Rnd, planted: readonly string[]): string {
  const from = pick(rnd, [
    "orders@ychhops.com",
    "logistics@countrymalt.com",
    "cans@ballmetal.com",
    "cs@lallemand.com",
  ]);
  const body = [
    "Hi Marisol,",
    pick(rnd, [
      "Thanks for the quick turnaround on the forecast.",
      "Sorry for the delay on this one.",
      "Our warehouse closes early Friday.",
    ]),
    "Best,",
    pick(rnd, ["Jess", "Ravi", "Carmen"]),
  ];
  return splice(
    rnd,
    [`From: ${from}`, `Subject: Re: order ${int(rnd, 300, 900)}`, ""],
    body,
    planted,
  );
}

function slack(rnd: Rnd, planted: readonly string[]): string {
  const lines = [
    "cellar is clear for CIP",
    "who grabbed the spare tri-clamp gasket",
    "brite 3 is sanitised",
    "forklift battery is on the charger",
    "taproom wants another keg of the gose",
  ];
  const body = Array.from(
    { length: int(rnd, 3, 7) },
    () => `[${clock(rnd)}] ${pick(rnd, SPEAKERS)}: ${pick(rnd, lines)}`,
  );
  return splice(rnd, [`#brewhouse export`], body, planted);
}

function schedule(rnd: Rnd, planted: readonly string[]): string {
  const body = Array.from(
    { length: int(rnd, 3, 6) },
    (_, i) =>
      `| wk ${48 + (i % 2)} | brew ${pick(rnd, BEERS)} | ${pick(rnd, TANKS)} | ${pick(rnd, ["confirmed", "tentative"])} |`,
  );
  return splice(rnd, ["| week | item | detail | status |", "|---|---|---|---|"], body, planted);
}

function ttb(rnd: Rnd, planted: readonly string[]): string {
  const body = [
    `Line 1   Beer on hand, beginning of period ...... ${(rnd() * 400).toFixed(2)} bbl`,
    `Line 2   Produced by fermentation ............... ${(rnd() * 600).toFixed(2)} bbl`,
    `Line 14  Removed for consumption or sale ........ ${(rnd() * 500).toFixed(2)} bbl`,
  ];
  return splice(
    rnd,
    ["TTB F 5130.9  Brewer's Report of Operations (draft)", "Brewery No. BR-OR-21877"],
    body,
    planted,
  );
}

/** A tool output of one kind with the planted lines spliced in. */
export function toolBody(kind: ToolKind, rnd: Rnd, planted: readonly string[]): string {
  switch (kind) {
    case "sensor":
      return [sensor(rnd), ...planted].join("\n");
    case "plc":
      return plc(rnd, planted);
    case "lims":
      return lims(rnd, planted);
    case "recipe":
      return recipe(rnd, planted);
    case "erp":
      return erp(rnd, planted);
    case "email":
      return email(rnd, planted);
    case "slack":
      return slack(rnd, planted);
    case "schedule":
      return schedule(rnd, planted);
    case "ttb":
      return ttb(rnd, planted);
  }
}

/** The function an assistant calls for each tool kind, and what it says while calling. */
export const TOOL_CALLS: Record<ToolKind, { fn: string; say: string }> = {
  sensor: { fn: "tank_sensor_csv", say: "Pulling the tank sensor log." },
  plc: { fn: "brewhouse_plc_export", say: "Exporting from the brewhouse PLC." },
  lims: { fn: "lims_query", say: "Querying LIMS." },
  recipe: { fn: "recipe_repo_diff", say: "Checking the recipe repo." },
  erp: { fn: "erp_purchase_orders", say: "Looking up the purchase orders." },
  email: { fn: "mail_search", say: "Searching the supplier inbox." },
  slack: { fn: "slack_export", say: "Reading the #brewhouse channel." },
  schedule: { fn: "brew_schedule", say: "Opening the brew schedule." },
  ttb: { fn: "ttb_form_draft", say: "Opening the TTB draft." },
};
export const TOOL_KINDS = Object.keys(TOOL_CALLS) as ToolKind[];

/** What the user asks for before each kind of tool call. */
export const REQUESTS: Record<ToolKind, readonly string[]> = {
  sensor: [
    "Pull the overnight temps and gravities for the lager tanks.",
    "Is anything drifting on the sensors since last night?",
    "Can you check head pressure on the brites?",
  ],
  plc: [
    "Grab the brewhouse log from this morning's brew.",
    "How long did lautering take on the last brew?",
    "Check the PLC export for the knockout step.",
  ],
  lims: [
    "What came back from the lab today?",
    "Any micro hits on the plates from Tuesday?",
    "Pull the latest lab results for the cellar.",
  ],
  recipe: [
    "What changed in the recipe repo this week?",
    "Show me the latest spec diff.",
    "Did anyone touch the spec file since Monday?",
  ],
  erp: [
    "Which purchase orders are still open?",
    "Check the POs for next week's deliveries.",
    "Did the malt order get confirmed in the ERP?",
  ],
  email: [
    "Anything from suppliers in the inbox?",
    "Did the hop merchant reply yet?",
    "Check whether the can supplier wrote back.",
  ],
  slack: [
    "What did the cellar crew say in #brewhouse this morning?",
    "Catch me up on the brewhouse channel.",
    "Anything in Slack I should know before the production meeting?",
  ],
  schedule: [
    "Open the brew schedule for the next two weeks.",
    "What's on the schedule for week 48?",
    "Which tanks are booked next week?",
  ],
  ttb: [
    "Where are we on the TTB report?",
    "Open the excise draft, I want to check the barrels.",
    "Pull up the Brewer's Report of Operations draft.",
  ],
};

/** What the assistant says after reading each kind of tool output. */
export function readout(kind: ToolKind, rnd: Rnd): string {
  const tank = pick(rnd, TANKS);
  switch (kind) {
    case "sensor":
      return `${tank} dropped ${int(rnd, 2, 9)} gravity points since yesterday and held within ${(rnd() * 0.8).toFixed(1)} °C of setpoint.`;
    case "plc":
      return `Lauter ran ${int(rnd, 55, 110)} minutes and knockout finished at ${clock(rnd)}; no alarms in the export.`;
    case "lims":
      return `${int(rnd, 3, 9)} results are in; the ${tank} pH is ${(4.1 + rnd() * 0.5).toFixed(2)} and nothing is out of spec.`;
    case "recipe":
      return `The diff touches ${int(rnd, 1, 4)} lines in recipes/specs.yaml; it is on the review branch.`;
    case "erp":
      return `${int(rnd, 2, 7)} PO lines are open; the oldest is ${int(rnd, 3, 20)} days old.`;
    case "email":
      return `One supplier reply since this morning; nothing else needs an answer today.`;
    case "slack":
      return `${int(rnd, 4, 15)} messages since ${clock(rnd)}; mostly cellar logistics.`;
    case "schedule":
      return `${int(rnd, 3, 8)} brews are booked and ${tank} is the only tank still free in week 49.`;
    case "ttb":
      return `The draft balances to within ${(rnd() * 0.5).toFixed(2)} bbl; removals still need the taproom numbers.`;
  }
}

export const USER_CHATTER = [
  "Brew day tomorrow starts at six, so let's get the paperwork straight tonight.",
  "The mill gap was off again this morning, Gus reset it.",
  "QA needs the micro plates read before lunch.",
  "Can you check whether the CIP on FV-2 finished?",
  "The taproom is asking about next week's releases.",
  "The canning crew is short one person on Thursday.",
  "We had a stuck sparge on the last amber, keep an eye on the rice hulls.",
  "Lab says the forced ferment test is done.",
  "I want the batch records tidy before the audit.",
  "Sensory panel is at three today.",
  "Keep it short, I'm on the brew deck.",
  "Gus says the grain auger is squeaking again.",
  "We're low on PAA, add it to the next order if it isn't there.",
  "The distributor rep is coming by at four.",
  "Wren is covering the cellar this afternoon.",
];

export const ASSISTANT_CHATTER = [
  "Done, I've logged it in the batch record.",
  "Nothing unusual in that export apart from one late sample.",
  "The gravity curve looks normal for day four.",
  "I'll flag the open PO lines for the weekly order review.",
  "Head pressure held steady overnight.",
  "Two lab samples are still pending sign-off.",
  "I've drafted the note for the cellar whiteboard.",
  "That matches the brewhouse log from the last brew.",
  "I've added it to the production meeting notes.",
  "The CIP record for that tank is signed.",
  "I'll check again after the afternoon readings.",
];

export function chatter(rnd: Rnd, list: readonly string[], count: number): string {
  const order = list.map((line) => ({ line, key: rnd() })).sort((x, y) => x.key - y.key);
  return order
    .slice(0, count)
    .map((o) => o.line)
    .join(" ");
}
