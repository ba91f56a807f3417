// The planted subjects of the "sealed-29" compression family (a feature film's
// production office in prep and shoot): each subject, its look-alike (the same
// phrase plus a qualifier) and a pool of six distinct values from which a seed
// draws the fact's values, the look-alike's value and the values of rejected
// proposals. Used by corpora/compression-sealed-29.ts and its test.

/** One plantable subject: its phrase, its look-alike's phrase and its value pool. */
export interface SubjectSpec {
  subject: string;
  lookAlike: string;
  pool: readonly string[];
}

/** Seventeen subjects; a seed plants sixteen of them. */
export const SUBJECTS: readonly SubjectSpec[] = [
  {
    subject: "camera package rental rate",
    lookAlike: "camera package rental rate for the B camera",
    pool: [
      "$4,850/week",
      "$5,200/week",
      "$4,400/week",
      "$6,100/week",
      "$3,950/week",
      "$5,675/week",
    ],
  },
  {
    subject: "general crew call on day 23",
    lookAlike: "general crew call on day 23 for the splinter unit",
    pool: ["06:30", "07:00", "05:45", "06:15", "07:30", "08:00"],
  },
  {
    subject: "street closure permit fee",
    lookAlike: "street closure permit fee for Harbor Road",
    pool: ["$1,240", "$1,875", "$960", "$2,310", "$1,480", "$2,050"],
  },
  {
    subject: "VFX shot count for reel 3",
    lookAlike: "VFX shot count for reel 3 in the temp cut",
    pool: ["42 shots", "57 shots", "38 shots", "61 shots", "49 shots", "33 shots"],
  },
  {
    subject: "key grip day rate",
    lookAlike: "key grip day rate on rigging days",
    pool: ["$612", "$655", "$590", "$702", "$640", "$575"],
  },
  {
    subject: "basecamp for the quarry shoot",
    lookAlike: "basecamp for the quarry shoot overflow parking",
    pool: [
      "Fenwick Lane lot",
      "Old Mill car park",
      "Quarry Gate B",
      "Aidan Road field",
      "the Hollins depot",
      "Ridgeway layby",
    ],
  },
  {
    subject: "stunt coordinator on the car chase",
    lookAlike: "stunt coordinator on the car chase rehearsals",
    pool: [
      "Dana Whitcombe",
      "Luis Ferreira",
      "Maggie Tran",
      "Colm Byrne",
      "Ade Okonkwo",
      "Sven Aalto",
    ],
  },
  {
    subject: "fringe rate on the cost report",
    lookAlike: "fringe rate on the cost report for day players",
    pool: ["21.5%", "23%", "19.75%", "24.5%", "22.25%", "20%"],
  },
  {
    subject: "generator delivery date for stage 2",
    lookAlike: "generator delivery date for stage 2 backup unit",
    pool: ["March 12", "March 19", "March 14", "March 23", "March 16", "March 27"],
  },
  {
    subject: "scheduled page count for day 9",
    lookAlike: "scheduled page count for day 9 second unit",
    pool: [
      "5 2/8 pages",
      "6 1/8 pages",
      "4 5/8 pages",
      "7 3/8 pages",
      "3 6/8 pages",
      "5 7/8 pages",
    ],
  },
  {
    subject: "hot cost overage for week 3",
    lookAlike: "hot cost overage for week 3 excluding fringes",
    pool: ["$18,400", "$22,750", "$14,900", "$26,300", "$19,850", "$11,600"],
  },
  {
    subject: "location fee for the Delaney house",
    lookAlike: "location fee for the Delaney house garden",
    pool: ["$3,500/day", "$4,200/day", "$2,800/day", "$5,000/day", "$3,850/day", "$4,600/day"],
  },
  {
    subject: "VFX vendor bid for the flood sequence",
    lookAlike: "VFX vendor bid for the flood sequence cleanup shots",
    pool: ["$286,000", "$312,500", "$248,000", "$335,000", "$271,400", "$298,900"],
  },
  {
    subject: "overtime cap for the camera department",
    lookAlike: "overtime cap for the camera department on night work",
    pool: ["2 hours", "90 minutes", "2.5 hours", "1 hour", "3 hours", "45 minutes"],
  },
  {
    subject: "picture car count for the parade scene",
    lookAlike: "picture car count for the parade scene background lane",
    pool: ["14 cars", "18 cars", "11 cars", "22 cars", "16 cars", "27 cars"],
  },
  {
    subject: "rooftop scene shoot day",
    lookAlike: "rooftop scene shoot day for the drone plates",
    pool: ["Day 27", "Day 31", "Day 19", "Day 34", "Day 22", "Day 29"],
  },
  {
    subject: "insurance certificate deadline for the bridge permit",
    lookAlike: "insurance certificate deadline for the bridge permit rider",
    pool: ["April 4", "April 11", "April 21", "April 15", "April 8", "April 18"],
  },
];

/** Every pool value of every subject. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => s.pool);

/** A seed's draw for one subject: the fact's values, the look-alike's value and spare values. */
export interface DrawnFact {
  subject: string;
  lookAlike: string;
  values: string[];
  lookAlikeValue: string;
  spares: string[];
}

/** Draws `updates + 1` values, one look-alike value and the rest as spares, by shuffling the pool. */
export function drawFact(spec: SubjectSpec, updates: number, rnd: () => number): DrawnFact {
  const pool = [...spec.pool];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return {
    subject: spec.subject,
    lookAlike: spec.lookAlike,
    values: pool.slice(0, updates + 1),
    lookAlikeValue: pool[updates + 1] as string,
    spares: pool.slice(updates + 2),
  };
}
