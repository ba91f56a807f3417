// The planted facts of the "sealed-31" compression family (corpora/compression-sealed-31.ts,
// a law firm's litigation support session): sixteen subjects a discovery team tracks, each
// with a look-alike subject (same head plus a qualifier) and a pool of six values. Pools are
// disjoint, so a seed's fact values, look-alike values and rejected proposals never collide.

/** What sort of fact it is, so forms only word it the way its source would. */
export type FactKind = "court" | "money" | "setting" | "staff";

export interface Sealed31Subject {
  kind: FactKind;
  subject: string;
  lookAlike: string;
  pool: readonly string[];
}

export const SUBJECTS: readonly Sealed31Subject[] = [
  {
    kind: "court",
    subject: "privilege log deadline",
    lookAlike: "privilege log deadline for the Harlow subpoena",
    pool: ["January 9", "January 16", "January 23", "January 30", "February 3", "February 10"],
  },
  {
    kind: "court",
    subject: "expert report due date",
    lookAlike: "expert report due date for the rebuttal expert",
    pool: ["March 2", "March 9", "March 13", "March 20", "March 27", "April 1"],
  },
  {
    kind: "court",
    subject: "CFO deposition date",
    lookAlike: "CFO deposition date in the Delaware action",
    pool: ["April 14", "April 21", "April 28", "May 5", "May 12", "May 19"],
  },
  {
    kind: "money",
    subject: "damages expert hourly rate",
    lookAlike: "damages expert hourly rate for trial testimony",
    pool: [
      "$650 per hour",
      "$725 per hour",
      "$780 per hour",
      "$845 per hour",
      "$910 per hour",
      "$595 per hour",
    ],
  },
  {
    kind: "setting",
    subject: "review batch size",
    lookAlike: "review batch size for the Spanish-language set",
    pool: [
      "350 documents",
      "400 documents",
      "500 documents",
      "600 documents",
      "750 documents",
      "900 documents",
    ],
  },
  {
    kind: "money",
    subject: "e-discovery vendor hosting fee",
    lookAlike: "e-discovery vendor hosting fee for the archived mailbox tier",
    pool: ["$14 per GB", "$11 per GB", "$9.50 per GB", "$17 per GB", "$12.75 per GB", "$8 per GB"],
  },
  {
    kind: "setting",
    subject: "OCR confidence threshold",
    lookAlike: "OCR confidence threshold for handwritten notes",
    pool: ["0.82", "0.85", "0.88", "0.90", "0.78", "0.93"],
  },
  {
    kind: "court",
    subject: "mediation session date",
    lookAlike: "mediation session date for the insurer carve-out",
    pool: ["June 3", "June 10", "June 17", "June 24", "July 1", "July 8"],
  },
  {
    kind: "court",
    subject: "summary judgment hearing date",
    lookAlike: "summary judgment hearing date on the counterclaim",
    pool: [
      "September 8",
      "September 15",
      "September 22",
      "September 29",
      "October 6",
      "October 13",
    ],
  },
  {
    kind: "setting",
    subject: "production Bates prefix",
    lookAlike: "production Bates prefix for third-party documents",
    pool: ["HRL-PROD", "HRL-VOL", "ACM-PRD", "HRL-SUPP", "ACM-DEF", "HRL-CONF"],
  },
  {
    kind: "setting",
    subject: "litigation hold custodian count",
    lookAlike: "litigation hold custodian count for the Ohio subsidiary",
    pool: [
      "38 custodians",
      "42 custodians",
      "47 custodians",
      "51 custodians",
      "29 custodians",
      "56 custodians",
    ],
  },
  {
    kind: "staff",
    subject: "court reporting vendor",
    lookAlike: "court reporting vendor for the video depositions",
    pool: ["Veritext", "Esquire", "Planet Depos", "Magna Legal", "Lexitas", "US Legal Support"],
  },
  {
    kind: "court",
    subject: "fact discovery cutoff",
    lookAlike: "fact discovery cutoff for third parties",
    pool: ["November 6", "November 13", "November 20", "December 4", "December 11", "December 18"],
  },
  {
    kind: "staff",
    subject: "second-level review lead",
    lookAlike: "second-level review lead for privilege calls",
    pool: [
      "Priya Raman",
      "Tomasz Nowak",
      "Grace Odum",
      "Felix Marchetti",
      "Hannah Cole",
      "Diego Serrano",
    ],
  },
  {
    kind: "money",
    subject: "technical expert retainer",
    lookAlike: "technical expert retainer for the source code review",
    pool: ["$25,000", "$30,000", "$35,000", "$40,000", "$20,000", "$45,000"],
  },
  {
    kind: "court",
    subject: "corporate designee deposition length",
    lookAlike: "corporate designee deposition length for the second topic list",
    pool: ["7 hours", "10 hours", "12 hours", "14 hours", "5 hours", "9 hours"],
  },
];

/** Every value any seed can plant, for the family's own distinctness checks. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => s.pool);
