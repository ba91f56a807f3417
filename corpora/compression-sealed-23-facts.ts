// The sixteen planted facts of the "sealed-23" compression family (a magazine's
// December print + web issue going to press): each subject, its look-alike (same
// head plus a qualifier) and a pool of values no other fact shares. Used by
// corpora/compression-sealed-23.ts and its test.

/** One planted subject, its look-alike and the values it may take. */
export interface IssueFactSpec {
  subject: string;
  lookAlike: string;
  /** Disjoint from every other pool: the fact's values, its look-alike's and the what-ifs come from here. */
  pool: readonly string[];
}

export const ISSUE_FACTS: readonly IssueFactSpec[] = [
  {
    subject: "cover story length",
    lookAlike: "cover story length for the web edition",
    pool: [
      "3,200 words",
      "2,850 words",
      "3,600 words",
      "2,400 words",
      "4,100 words",
      "3,050 words",
    ],
  },
  {
    subject: "December print run",
    lookAlike: "December print run for newsstand copies",
    pool: [
      "182,000 copies",
      "176,500 copies",
      "190,000 copies",
      "168,000 copies",
      "185,250 copies",
      "171,000 copies",
    ],
  },
  {
    subject: "total page count",
    lookAlike: "total page count of the holiday supplement",
    pool: ["132 pages", "128 pages", "136 pages", "124 pages", "140 pages", "116 pages"],
  },
  {
    subject: "ad close date",
    lookAlike: "ad close date for the regional inserts",
    pool: ["October 31", "November 3", "November 7", "October 28", "November 5", "November 10"],
  },
  {
    subject: "cover embargo time",
    lookAlike: "cover embargo time for the Paris bureau",
    pool: ["06:00 ET", "09:00 ET", "05:30 ET", "07:00 ET", "10:00 ET", "08:15 ET"],
  },
  {
    subject: "printer handoff deadline",
    lookAlike: "printer handoff deadline for the gatefold",
    pool: [
      "Thursday 18:00",
      "Friday 09:00",
      "Wednesday 22:00",
      "Thursday 14:30",
      "Friday 12:00",
      "Tuesday 20:00",
    ],
  },
  {
    subject: "lead photo credit",
    lookAlike: "lead photo credit in the digital gallery",
    pool: [
      "Ines Okonkwo/Redux",
      "Tomas Varga for The Meridian",
      "Ada Fairweather/Getty Images",
      "Kwame Boateng/AP",
      "Lucia Serrano/Reuters",
      "Mirela Dobre for The Meridian",
    ],
  },
  {
    subject: "fact-check status of the mayor profile",
    lookAlike: "fact-check status of the mayor profile sidebar",
    pool: [
      "cleared with two corrections",
      "held for legal review",
      "passed clean",
      "three claims open",
      "blocked by sourcing",
      "cleared after callback",
    ],
  },
  {
    subject: "back cover advertiser",
    lookAlike: "back cover advertiser of the Canadian edition",
    pool: [
      "Halvorsen Watches",
      "Brightline Rail",
      "Oriel Bank",
      "Casa Nuvola",
      "Tamsin & Rowe",
      "Pellworth Gin",
    ],
  },
  {
    subject: "freelance photo budget",
    lookAlike: "freelance photo budget for the travel section",
    pool: ["$14,500", "$12,000", "$16,750", "$9,800", "$18,200", "$11,400"],
  },
  {
    subject: "op-ed word limit",
    lookAlike: "op-ed word limit for guest contributors",
    pool: ["750 words", "900 words", "650 words", "800 words", "700 words", "950 words"],
  },
  {
    subject: "corrections box placement",
    lookAlike: "corrections box placement in the app edition",
    pool: ["page 4", "page 6", "page 2", "page 9", "page 11", "page 7"],
  },
  {
    subject: "late-change sign-off editor",
    lookAlike: "late-change sign-off editor for the weekend desk",
    pool: [
      "Marguerite Osei",
      "Dev Raman",
      "Colette Baptiste",
      "Hugo Lindgren",
      "Sunita Pillai",
      "Owen Thackeray",
    ],
  },
  {
    subject: "paper stock for the cover",
    lookAlike: "paper stock for the cover of the subscriber edition",
    pool: ["100lb gloss", "80lb matte", "120lb silk", "90lb satin", "100lb silk", "70lb uncoated"],
  },
  {
    subject: "investigation web launch time",
    lookAlike: "investigation web launch time in Europe",
    pool: ["noon PT", "3 p.m. PT", "6 a.m. PT", "9 a.m. PT", "4 p.m. PT", "1 p.m. PT"],
  },
  {
    subject: "newsstand cover price",
    lookAlike: "newsstand cover price in Canada",
    pool: ["$8.99", "$9.99", "$7.99", "$10.99", "$8.49", "$9.49"],
  },
];

/** Every value any fact, look-alike or what-if may use. */
export const ALL_POOL_VALUES: readonly string[] = ISSUE_FACTS.flatMap((f) => [...f.pool]);

/** A seeded shuffle (Fisher-Yates) of a copy of `list`. */
export function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
