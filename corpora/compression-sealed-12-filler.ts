// Filler of the "sealed-12" compression family (a hospital pharmacy operations
// session): the user's and the agent's everyday prose, and each tool's output
// (formulary database, par report, dispensing-cabinet export, committee minutes,
// tickets, pager history, supplier mail, order-set config, shortage feed, audit
// log) about drugs and settings that are never planted subjects. Used by
// corpora/compression-sealed-12.ts.

export type Rnd = () => number;

const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

export const TOOLS = [
  "formulary_db.query",
  "inventory.par_report",
  "adc.export",
  "pt_minutes.get",
  "tickets.get",
  "pager.history",
  "mail.read",
  "orderset.config",
  "shortage_feed.fetch",
  "audit.tail",
] as const;

export const STAFF = [
  "Amara Osei",
  "Ben Kowalski",
  "Carla Nunes",
  "Devi Pillai",
  "Erik Holm",
  "Fatima Haddad",
];

const DRUGS = [
  "cefazolin 2 g vials",
  "pantoprazole 40 mg vials",
  "enoxaparin 40 mg syringes",
  "metoprolol 25 mg tablets",
  "ketorolac 30 mg vials",
  "dexamethasone 4 mg vials",
  "morphine 2 mg carpujects",
  "magnesium sulfate 2 g bags",
  "piperacillin-tazobactam 3.375 g vials",
  "famotidine 20 mg tablets",
  "lorazepam 2 mg vials",
  "potassium chloride 20 mEq bags",
];

const USER_PROSE = [
  "Can you pull the latest numbers before the huddle at ten?",
  "The night shift left a note about the cabinet in 4 West again.",
  "I have the P&T agenda open, keep going.",
  "Let's not touch anything in the oncology order sets today.",
  "Stacy from nursing says the Pyxis in PACU keeps flagging discrepancies.",
  "We have a Joint Commission tracer next week, so keep the documentation tidy.",
  "Can you check whether the wholesaler confirmed the Friday delivery?",
  "Thanks, that is what I expected.",
  "Please open a ticket for the label printer in the IV room too.",
  "I will be in the sterile compounding suite for an hour, just keep notes.",
  "The cefazolin backorder is the thing the surgeons keep asking about.",
  "Okay, move on to the next item on the list.",
  "Remind me to call the buyer about the short-dated pantoprazole.",
  "That report looks off, the totals do not match last week.",
  "Good, send me a summary when you have gone through the queue.",
];

const AGENT_PROSE = [
  "I'll query the formulary database first and then cross-check the cabinet export.",
  "Pulling the par report for the main pharmacy now.",
  "The export has 214 rows; most of them are unchanged since Tuesday.",
  "I opened ticket PHARM-3381 for the label printer and assigned it to biomed.",
  "The discrepancy count in PACU went from 11 to 7 after the recount.",
  "Nothing in the shortage feed affects the oncology order sets today.",
  "I'll keep a running list of what changed so the huddle notes are easy to write.",
  "The wholesaler's portal shows the Friday delivery as confirmed, with two lines back-ordered.",
  "Let me check the minutes from the last committee meeting for that item.",
  "I cross-checked the totals; the mismatch comes from the returns bin being counted twice.",
  "Reading the pager history from the last shift now.",
  "Done. The queue has 6 open tickets left, none of them urgent.",
  "I'll check the order-set configuration in the test environment before touching production.",
  "The short-dated pantoprazole is 38 vials expiring on the 15th; I flagged it for the buyer.",
  "That matches the cabinet's own log, so the count is right this time.",
];

export const userFiller = (rnd: Rnd) => pick(rnd, USER_PROSE);
export const agentFiller = (rnd: Rnd) => pick(rnd, AGENT_PROSE);

/** A tool's arguments for its call. */
export function toolArguments(tool: string, rnd: Rnd): string {
  const args: Record<string, unknown> = { request: `r-${int(rnd, 1000, 9999)}` };
  if (tool === "tickets.get") {
    args["id"] = `PHARM-${int(rnd, 3000, 3999)}`;
  } else if (tool === "mail.read") {
    args["folder"] = "suppliers";
  } else if (tool === "pager.history") {
    args["since"] = `${int(rnd, 1, 12)}h`;
  }
  return JSON.stringify(args);
}

/** The banner and rows a tool prints around any planted lines. */
export function toolOutput(
  tool: string,
  rnd: Rnd,
  date: string,
): { head: string[]; rows: string[] } {
  const n = int(rnd, 3, 7);
  const drugs = Array.from({ length: n }, () => pick(rnd, DRUGS));
  const who = () => pick(rnd, STAFF);
  const time = () =>
    `${String(int(rnd, 6, 22)).padStart(2, "0")}:${String(int(rnd, 0, 60)).padStart(2, "0")}`;
  switch (tool) {
    case "formulary_db.query":
      return {
        head: [`-- formulary_db ${date}, ${n} rows`],
        rows: drugs.map(
          (d) =>
            `{"item": "${d}", "formulary": "tier ${int(rnd, 1, 4)}", "restricted": ${rnd() > 0.7}}`,
        ),
      };
    case "inventory.par_report":
      return {
        head: [
          `PAR REPORT main pharmacy ${date}`,
          "| item | par | state | reviewed |",
          "|---|---|---|---|",
        ],
        rows: drugs.map((d) => `| ${d} | ${int(rnd, 10, 300)} | active | ${date} |`),
      };
    case "adc.export":
      return {
        head: ['"item","on_hand","last_fill","user"'],
        rows: drugs.map((d) => `"${d}","${int(rnd, 0, 80)}","${date}","${who()}"`),
      };
    case "pt_minutes.get":
      return {
        head: [
          `Pharmacy & Therapeutics Committee, minutes of ${date}`,
          "Present: 9 voting members, quorum met.",
        ],
        rows: drugs.map((d, i) => `Item ${i + 1}. Reviewed utilisation of ${d}; no action.`),
      };
    case "tickets.get":
      return {
        head: [`PHARM-${int(rnd, 3000, 3999)}  status: open  assignee: ${who()}`],
        rows: drugs.map(
          (d) => `Comment (${who()}, ${date}): counted ${d} in 3 West, ${int(rnd, 0, 9)} missing.`,
        ),
      };
    case "pager.history":
      return {
        head: [`-- pager history, pharmacy manager channel`],
        rows: drugs.map(
          (d) =>
            `[${time()}] ${who()}: ${d} restocked in ${pick(rnd, ["4 West", "PACU", "ED", "L&D"])}`,
        ),
      };
    case "mail.read":
      return {
        head: [
          `From: orders@supplier.example`,
          `Subject: order confirmation ${int(rnd, 10000, 99999)}`,
        ],
        rows: drugs.map(
          (d) => `Line ${int(rnd, 1, 40)}: ${d}, ${int(rnd, 1, 20)} cases, ships ${date}.`,
        ),
      };
    case "orderset.config":
      return {
        head: [`<orderset id="OS-${int(rnd, 100, 999)}" env="prod">`],
        rows: drugs.map((d) => `  <item drug="${d}" default="${rnd() > 0.5}"/>`),
      };
    case "shortage_feed.fetch":
      return {
        head: [
          `MSH|^~\\&|SHORTAGEFEED|VENDOR|PHARM|HOSP|${date.replace(/-/g, "")}||ORU^R01|${int(rnd, 1e5, 1e6)}|P|2.5`,
        ],
        rows: drugs.map(
          (d, i) =>
            `OBX|${i + 4}|ST|${d}||${pick(rnd, ["available", "limited", "backorder"])}||||||F`,
        ),
      };
    default:
      return {
        head: [],
        rows: drugs.map(
          (d) =>
            `${date}T${time()}:00Z AUDIT dispense item="${d}" qty=${int(rnd, 1, 5)} by=${who().toLowerCase().replace(/\s+/g, ".")}`,
        ),
      };
  }
}
