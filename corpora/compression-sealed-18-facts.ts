// The planted facts of the "sealed-18" compression family (corpora/compression-sealed-18.ts,
// a property-catastrophe claims-handling session): twenty candidate facts about claims of one
// storm event, each with its subject, a look-alike subject (the same words plus a qualifier), the
// kind of value it holds and a pool of distinct values. Each seed draws sixteen of them; values of
// a fact, its look-alike and its rejected proposal all come from that fact's pool.

/** What a fact's values are, so a phrasing can read naturally for it. */
export type FactKind =
  | "money"
  | "date"
  | "person"
  | "vendor"
  | "score"
  | "code"
  | "percent"
  | "count";

export interface FactTemplate {
  subject: string;
  lookAlike: string;
  kind: FactKind;
  /** The claim (policyholder surname) the fact belongs to, or "" for a desk-wide setting. */
  claim: string;
  /** Seven distinct values; no value is in another template's pool. */
  pool: readonly string[];
}

export const FACT_TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "Okonkwo dwelling reserve",
    lookAlike: "Okonkwo dwelling reserve for the guest cottage",
    kind: "money",
    claim: "Okonkwo",
    pool: ["$184,250", "$211,900", "$167,400", "$198,730", "$226,150", "$152,600", "$239,480"],
  },
  {
    subject: "Brandt hurricane deductible",
    lookAlike: "Brandt hurricane deductible on the boathouse endorsement",
    kind: "money",
    claim: "Brandt",
    pool: ["$6,480", "$9,720", "$12,960", "$4,860", "$8,110", "$11,340", "$7,290"],
  },
  {
    subject: "Castellano ALE per diem",
    lookAlike: "Castellano ALE per diem for the second household",
    kind: "money",
    claim: "Castellano",
    pool: ["$215", "$240", "$190", "$265", "$175", "$228", "$252"],
  },
  {
    subject: "Pruitt roof inspection date",
    lookAlike: "Pruitt roof inspection date for the pole barn",
    kind: "date",
    claim: "Pruitt",
    pool: [
      "December 3",
      "December 9",
      "November 30",
      "December 12",
      "December 6",
      "December 15",
      "November 27",
    ],
  },
  {
    subject: "Lindgren field adjuster",
    lookAlike: "Lindgren field adjuster for the contents inventory",
    kind: "person",
    claim: "Lindgren",
    pool: [
      "Dana Whitcombe",
      "Rafael Osei",
      "Mina Takeda",
      "Graham Soto",
      "Ines Varga",
      "Tomas Huerta",
      "Beatrix Lowe",
    ],
  },
  {
    subject: "Delacroix contractor estimate total",
    lookAlike: "Delacroix contractor estimate total for the fence line",
    kind: "money",
    claim: "Delacroix",
    pool: [
      "$58,917.40",
      "$63,204.15",
      "$54,388.90",
      "$61,075.25",
      "$66,842.60",
      "$57,130.05",
      "$69,415.70",
    ],
  },
  {
    subject: "Whitfield fraud referral score",
    lookAlike: "Whitfield fraud referral score for the contents schedule",
    kind: "score",
    claim: "Whitfield",
    pool: ["0.71", "0.64", "0.83", "0.58", "0.77", "0.69", "0.88"],
  },
  {
    subject: "storm catastrophe code",
    lookAlike: "storm catastrophe code for the flood companion claims",
    kind: "code",
    claim: "",
    pool: [
      "CAT26-114",
      "CAT26-117",
      "CAT26-121",
      "CAT26-109",
      "CAT26-125",
      "CAT26-112",
      "CAT26-130",
    ],
  },
  {
    subject: "Nakamura Coverage C limit",
    lookAlike: "Nakamura Coverage C limit for scheduled jewelry",
    kind: "money",
    claim: "Nakamura",
    pool: ["$96,000", "$112,500", "$87,250", "$104,800", "$120,000", "$91,400", "$108,600"],
  },
  {
    subject: "Reyes mitigation vendor",
    lookAlike: "Reyes mitigation vendor for the crawlspace",
    kind: "vendor",
    claim: "Reyes",
    pool: [
      "DryRight Restoration",
      "BlueLine Mitigation",
      "Summit Water and Fire",
      "ProDry Services",
      "Harbor Restoration Group",
      "Apex Drying Co",
      "ClearPath Remediation",
    ],
  },
  {
    subject: "desk adjuster settlement authority",
    lookAlike: "desk adjuster settlement authority for contents-only claims",
    kind: "money",
    claim: "",
    pool: ["$25,000", "$35,000", "$50,000", "$40,000", "$30,000", "$45,000", "$60,000"],
  },
  {
    subject: "Abernathy depreciation holdback",
    lookAlike: "Abernathy depreciation holdback on the roof covering",
    kind: "money",
    claim: "Abernathy",
    pool: ["$14,380", "$17,925", "$12,640", "$19,310", "$15,870", "$13,505", "$21,060"],
  },
  {
    subject: "Hollis appraisal demand deadline",
    lookAlike: "Hollis appraisal demand deadline for the umpire selection",
    kind: "date",
    claim: "Hollis",
    pool: [
      "January 8",
      "January 15",
      "January 22",
      "January 12",
      "January 19",
      "January 5",
      "January 26",
    ],
  },
  {
    subject: "Ferreira claim number",
    lookAlike: "Ferreira claim number on the auto side",
    kind: "code",
    claim: "Ferreira",
    pool: [
      "PC-2611-04418",
      "PC-2611-04452",
      "PC-2611-04397",
      "PC-2611-04471",
      "PC-2611-04430",
      "PC-2611-04405",
      "PC-2611-04486",
    ],
  },
  {
    subject: "Quinlan public adjuster fee",
    lookAlike: "Quinlan public adjuster fee on the contents claim",
    kind: "percent",
    claim: "Quinlan",
    pool: ["10%", "12%", "15%", "8%", "7%", "11%", "14%"],
  },
  {
    subject: "large-loss referral threshold",
    lookAlike: "large-loss referral threshold for commercial lines",
    kind: "money",
    claim: "",
    pool: ["$250,000", "$300,000", "$200,000", "$275,000", "$350,000", "$225,000", "$325,000"],
  },
  {
    subject: "Galloway mold remediation allowance",
    lookAlike: "Galloway mold remediation allowance for the finished basement",
    kind: "money",
    claim: "Galloway",
    pool: ["$5,000", "$10,000", "$7,500", "$12,500", "$2,500", "$15,000", "$6,000"],
  },
  {
    subject: "Sorensen dry-out duration",
    lookAlike: "Sorensen dry-out duration for the detached studio",
    kind: "count",
    claim: "Sorensen",
    pool: ["5 days", "7 days", "4 days", "9 days", "6 days", "8 days", "3 days"],
  },
  {
    subject: "Bellamy contents inventory due date",
    lookAlike: "Bellamy contents inventory due date for the storage unit",
    kind: "date",
    claim: "Bellamy",
    pool: [
      "December 18",
      "December 22",
      "December 20",
      "January 2",
      "December 29",
      "December 23",
      "December 19",
    ],
  },
  {
    subject: "Kowalczyk roof square count",
    lookAlike: "Kowalczyk roof square count for the garage roof",
    kind: "count",
    claim: "Kowalczyk",
    pool: [
      "34 squares",
      "38 squares",
      "31 squares",
      "42 squares",
      "36 squares",
      "29 squares",
      "45 squares",
    ],
  },
];

/** Every value any template can take, for the family's own distinctness check. */
export const ALL_POOL_VALUES: readonly string[] = FACT_TEMPLATES.flatMap((t) => t.pool);

/** One seed's fact: its template, its values in order, its look-alike's and its proposal's value. */
export interface DrawnFact {
  template: FactTemplate;
  values: string[];
  lookAlikeValue: string;
  proposalValue: string;
}

/**
 * Sixteen facts in a seeded order: eight keep their first value, four change once and four
 * change twice; the rest of each pool gives the look-alike's and the rejected proposal's value.
 */
export function drawFacts(rnd: () => number): DrawnFact[] {
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const chosen = shuffle(FACT_TEMPLATES).slice(0, 16);
  const updates = shuffle([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
  return chosen.map((template, i) => {
    const pool = shuffle(template.pool);
    const count = 1 + (updates[i] ?? 0);
    return {
      template,
      values: pool.slice(0, count),
      lookAlikeValue: pool[count] ?? "",
      proposalValue: pool[count + 1] ?? "",
    };
  });
}
