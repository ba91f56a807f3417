// Tool output filler of the "sealed-18" compression family (corpora/compression-sealed-18.ts):
// claim searches, JSON and XML from the claims API, field notes, reserve logs, diaries, policy
// schedules, contractor estimate CSVs, mailbox searches, Teams exports, fraud screens and weather
// verification, all about claims other than the planted ones.
import {
  ADJUSTERS,
  OTHER_INSUREDS,
  PERILS,
  STATUSES,
  claimNumber,
  int,
  money,
  pick,
  stamp,
} from "./compression-sealed-18-filler.ts";

function searchClaims(rnd: () => number): string[] {
  const rows = Array.from({ length: int(rnd, 6, 12) }, () => {
    const who = pick(rnd, OTHER_INSUREDS);
    return `${claimNumber(who)} | ${who.padEnd(11)} | ${pick(rnd, PERILS).padEnd(19)} | ${pick(rnd, STATUSES).padEnd(10)} | ${money(int(rnd, 30, 900) * 100).padStart(9)} | ${pick(rnd, ADJUSTERS)}`;
  });
  return [
    "claim_no       | insured     | peril               | status     |   reserve | adjuster",
    ...rows,
    `(${rows.length} rows, event=ODESSA, assigned_to=praman)`,
  ];
}

function claimJsonOther(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  return [
    "{",
    `  "claimNumber": "${claimNumber(who)}",`,
    `  "insured": "${who}",`,
    `  "lossDate": "2026-11-19",`,
    `  "peril": "WINDSTORM",`,
    `  "status": "${pick(rnd, STATUSES)}",`,
    `  "coverage": { "A": ${int(rnd, 180, 650) * 1000}, "C": ${int(rnd, 60, 300) * 1000}, "deductiblePct": ${pick(rnd, [1, 2, 5])} },`,
    `  "reserves": { "indemnity": ${int(rnd, 20, 900) * 100}, "expense": ${int(rnd, 5, 30) * 100} },`,
    `  "openDiary": ${int(rnd, 0, 6)},`,
    `  "flags": ["CAT", "${pick(rnd, ["MORTGAGEE", "PRIOR-CLAIM", "VACANT", "TARP"])}"]`,
    "}",
  ];
}

function fieldNotesOther(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  return [
    `FIELD NOTES - ${who} - adjuster ${pick(rnd, ADJUSTERS)}`,
    `${stamp(rnd)}  Roof: ${int(rnd, 3, 30)} shingles missing on ${pick(rnd, ["north", "south", "east", "west"])} slope, decking intact.`,
    `${stamp(rnd)}  Interior: ceiling stain ${int(rnd, 2, 9)} ft x ${int(rnd, 2, 9)} ft in ${pick(rnd, ["kitchen", "bedroom 2", "hall", "living room"])}.`,
    `${stamp(rnd)}  Fence: ${int(rnd, 10, 80)} LF down, pre-existing rot on posts.`,
    `${stamp(rnd)}  Insured advised of ALE documentation requirements.`,
  ];
}

function estimateCsv(rnd: () => number): string[] {
  const items: [string, string, string, number, number][] = [
    ["RFG 300S", "Laminated comp shingle rfg - w/ felt", "SQ", 30, 310],
    ["RFG RIDGC", "Ridge cap - composition shingles", "LF", 120, 9],
    ["DRY 1/2", "1/2in drywall - hung taped floated", "SF", 400, 3],
    ["PNT SP", "Seal/prime then paint (2 coats)", "SF", 900, 1],
    ["WTR DHM", "Dehumidifier (per 24h period)", "EA", 6, 80],
    ["FNC WD6", "Wood fence 6ft - cedar", "LF", 90, 40],
    ["GTR AL", "Gutter - aluminum 5in", "LF", 140, 8],
  ];
  const rows = items
    .filter(() => rnd() > 0.3)
    .map(([code, desc, unit, most, base]) => {
      const qty = (rnd() * most + 1).toFixed(2);
      const price = (base * (0.9 + rnd() * 0.3)).toFixed(2);
      return `${code},"${desc}",${qty},${unit},${price},${(Number(qty) * Number(price)).toFixed(2)}`;
    });
  return [
    `# estimate ${pick(rnd, OTHER_INSUREDS)}_EST_${int(rnd, 1, 4)}.csv`,
    "code,description,qty,unit,unit_price,rcv",
    ...rows,
  ];
}

function mailboxSearch(rnd: () => number): string[] {
  const subjects = [
    "Tarp invoice attached",
    "Request for ALE advance",
    "Supplement #2 - interior",
    "Engineer report scheduling",
    "Mortgagee endorsement question",
    "Photos from today's visit",
  ];
  return [
    "date         from                              subject",
    ...Array.from(
      { length: int(rnd, 3, 7) },
      () =>
        `${stamp(rnd)}  ${pick(rnd, OTHER_INSUREDS).toLowerCase()}@mail.example`.padEnd(46) +
        pick(rnd, subjects),
    ),
  ];
}

function fraudScreen(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  return [
    `FRAUD SCREEN v4.2  claim ${claimNumber(who)}  insured ${who}`,
    `R03 late report (> 30 days) ............ ${pick(rnd, ["no", "no", "HIT"])}`,
    `R11 prior claim within 36 months ....... ${pick(rnd, ["no", "HIT"])}`,
    `R17 contractor on watch list ........... no`,
    `R22 address mismatch (ISO) ............. ${pick(rnd, ["no", "HIT"])}`,
    `model score ${(0.1 + rnd() * 0.4).toFixed(3)}  band LOW  referral: not required`,
  ];
}

function weatherVerify(rnd: () => number): string[] {
  return [
    `weather.verify zip=${int(rnd, 32400, 32599)} date=2026-11-19`,
    `max sustained wind: ${int(rnd, 55, 95)} mph  gust: ${int(rnd, 80, 120)} mph`,
    `hail: ${pick(rnd, ["none reported", "0.75 in", "1.00 in"])}  rain 24h: ${(rnd() * 9 + 2).toFixed(1)} in`,
    "source: NWS surface obs + radar-derived swath",
  ];
}

function policySchedule(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  return [
    `DECLARATIONS EXCERPT - HO-3 - ${who}`,
    `Coverage A Dwelling .............. ${money(int(rnd, 180, 650) * 1000)}`,
    `Coverage B Other Structures ...... ${money(int(rnd, 18, 65) * 1000)}`,
    `Coverage C Personal Property ..... ${money(int(rnd, 90, 320) * 1000)}`,
    `Coverage D Loss of Use ........... ${money(int(rnd, 36, 130) * 1000)}`,
    `All Other Perils deductible ...... ${money(pick(rnd, [1000, 2500]))}`,
    "Endorsements: HO 04 90 (replacement cost contents), water backup sublimit",
  ];
}

function apiError(rnd: () => number): string[] {
  return [
    `HTTP/1.1 429 Too Many Requests`,
    `retry-after: ${int(rnd, 5, 40)}`,
    `{"error":"rate_limited","detail":"claims API quota for CAT queue exceeded, retry later"}`,
  ];
}

function teamsChat(rnd: () => number): string[] {
  const lines = [
    "Priya Raman: anyone else seeing the portal time out?",
    "Jo Lindahl: yes, IT says 20 minutes",
    "Marcus Feld: reminder, weekly CAT summary due 4pm",
    "Priya Raman: tarp vendor invoices are piling up, who approves over guideline?",
    "Marcus Feld: send them to me with the photos",
    "Jo Lindahl: engineer slots for next week are full",
    "Priya Raman: ok, diarying the ones that need an engineer",
    "Marcus Feld: surge claims go to the flood desk, don't deny them from here",
  ];
  const day = `11/${20 + Math.floor(rnd() * 10)}`;
  let minute = int(rnd, 8 * 60, 15 * 60);
  const at = () => {
    minute += int(rnd, 1, 40);
    return `${day} ${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  };
  return [
    `# Teams export: CAT26 Claims Desk, ${day}`,
    ...Array.from({ length: int(rnd, 3, 7) }, () => `[${at()}] ${pick(rnd, lines)}`),
  ];
}

function diaryOther(rnd: () => number): string[] {
  const notes = [
    "Left voicemail for insured re: inspection access.",
    "Requested mortgagee letter.",
    "Received contractor estimate; sent to IA for review.",
    "Advance payment issued for ALE.",
    "Engineer inspection requested.",
    "Insured emailed receipts for tarp and generator.",
  ];
  return [
    `DIARY  ${claimNumber(pick(rnd, OTHER_INSUREDS))}  (newest last)`,
    ...Array.from(
      { length: int(rnd, 2, 6) },
      () => `${stamp(rnd)}  ${pick(rnd, ["PRAMAN", "MFELD", "JLINDAHL"])}  ${pick(rnd, notes)}`,
    ),
  ];
}

function claimXmlOther(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<Claim number="${claimNumber(who)}" status="${pick(rnd, STATUSES)}">`,
    `  <Insured>${who}</Insured>`,
    `  <Peril code="WIND" event="Hurricane Odessa"/>`,
    `  <Reserve line="Dwelling" amount="${int(rnd, 20, 900) * 100}"/>`,
    `  <Reserve line="Contents" amount="${int(rnd, 5, 300) * 100}"/>`,
    `  <Payment id="PMT-${int(rnd, 10000, 99999)}" amount="${int(rnd, 5, 90) * 100}" type="ADVANCE"/>`,
    `</Claim>`,
  ];
}

function reserveLogOther(rnd: () => number): string[] {
  const rows = Array.from({ length: int(rnd, 2, 5) }, () => {
    const from = int(rnd, 10, 400) * 100;
    const to = from + int(rnd, -50, 150) * 100;
    return `${stamp(rnd)}  ${pick(rnd, ["praman", "mfeld", "system"]).padEnd(8)}  ${pick(rnd, ["Dwelling (Cov A)", "Contents (Cov C)", "ALE (Cov D)", "Expense"]).padEnd(18)}  ${money(from)} -> ${money(Math.max(to, 0))}`;
  });
  return [`RESERVE / FIGURE CHANGE LOG  ${claimNumber(pick(rnd, OTHER_INSUREDS))}`, ...rows];
}

const FILLER_TOOLS: readonly [string, (rnd: () => number) => string[]][] = [
  ["claims_api.search_claims", searchClaims],
  ["claims_api.get_claim", claimJsonOther],
  ["claims_api.get_claim", claimXmlOther],
  ["claims_api.field_notes", fieldNotesOther],
  ["claims_api.reserve_history", reserveLogOther],
  ["claims_api.diary", diaryOther],
  ["estimates.read_csv", estimateCsv],
  ["mailbox.search", mailboxSearch],
  ["teams.export_chat", teamsChat],
  ["fraud.screen", fraudScreen],
  ["weather.verify", weatherVerify],
  ["policy.get_schedule", policySchedule],
  ["claims_api.get_claim", apiError],
];

/** A tool result about other claims: its tool name, arguments and text. */
export function fillerTool(rnd: () => number): {
  name: string;
  args: Record<string, unknown>;
  text: string;
} {
  const [name, make] = pick(rnd, FILLER_TOOLS);
  return { name, args: { queue: "ODESSA", page: int(rnd, 1, 9) }, text: make(rnd).join("\n") };
}

/** An email about another claim that the adjuster pastes into her turn. */
export function fillerEmail(rnd: () => number): string[] {
  const who = pick(rnd, OTHER_INSUREDS);
  const bodies = [
    "We still have water coming through the kitchen ceiling when it rains. When can someone come out?",
    "Attached are the hotel receipts for last week. Please let me know if you need anything else.",
    "Our contractor says the whole roof has to be replaced, not repaired. Can you confirm?",
    "The mortgage company says they need a letter from you before they endorse the check.",
  ];
  return [
    "Pasting this one so you have it:",
    `From: ${who.toLowerCase()}@mail.example`,
    `Subject: Claim ${claimNumber(who)}`,
    pick(rnd, bodies),
  ];
}
