// The planted facts of the "sealed-16" compression family (a clinical trial data-management
// and site-monitoring session): eighteen study parameters, each with a look-alike subject
// (the same parameter with a qualifier) and a pool of six values in the form a data manager
// writes them. Each seed keeps sixteen; a pool gives a fact its values, its look-alike's
// value and a turned-down proposal. Used by corpora/compression-sealed-16.ts and its test.

/** One study parameter that can be planted. */
export interface FactSpec {
  subject: string;
  lookAlike: string;
  /** Six values, distinct across every pool. */
  pool: readonly string[];
}

export const FACT_SPECS: readonly FactSpec[] = [
  {
    subject: "ALT upper limit of normal",
    lookAlike: "ALT upper limit of normal at the Leipzig lab",
    pool: ["41 U/L", "45 U/L", "50 U/L", "55 U/L", "33 U/L", "47 U/L"],
  },
  {
    subject: "database lock date",
    lookAlike: "database lock date for the PK substudy",
    pool: [
      "14-Mar-2027",
      "02-Apr-2027",
      "23-Apr-2027",
      "09-May-2027",
      "30-May-2027",
      "18-Jun-2027",
    ],
  },
  {
    subject: "query response deadline",
    lookAlike: "query response deadline for Site 211",
    pool: [
      "5 business days",
      "7 business days",
      "10 business days",
      "3 business days",
      "8 business days",
      "12 business days",
    ],
  },
  {
    subject: "source data verification rate",
    lookAlike: "source data verification rate for high-enrolling sites",
    pool: ["100 percent", "50 percent", "25 percent", "30 percent", "20 percent", "75 percent"],
  },
  {
    subject: "eCRF completion timeline",
    lookAlike: "eCRF completion timeline for unscheduled visits",
    pool: ["48 hours", "72 hours", "96 hours", "5 calendar days", "3 calendar days", "36 hours"],
  },
  {
    subject: "screening window",
    lookAlike: "screening window for rescreened patients",
    pool: ["28 days", "35 days", "42 days", "21 days", "14 days", "31 days"],
  },
  {
    subject: "central lab vendor",
    lookAlike: "central lab vendor for the Asia-Pacific sites",
    pool: [
      "Q2 Solutions",
      "Eurofins Central Lab",
      "Synlab Trials",
      "Medpace Reference Labs",
      "LabConnect",
      "Cerba Research",
    ],
  },
  {
    subject: "medical monitor",
    lookAlike: "medical monitor for the Japanese sites",
    pool: [
      "Farah Haddad",
      "Tomasz Wielgus",
      "Ines Carvalho",
      "Kenji Morita",
      "Priya Raman",
      "Olu Adeyemi",
    ],
  },
  {
    subject: "EDC build version",
    lookAlike: "EDC build version in the UAT environment",
    pool: ["v4.2", "v4.3", "v5.0", "v5.1", "v3.9", "v5.2"],
  },
  {
    subject: "hemoglobin exclusion threshold",
    lookAlike: "hemoglobin exclusion threshold for transfused patients",
    pool: ["9.0 g/dL", "10.0 g/dL", "8.5 g/dL", "9.5 g/dL", "8.0 g/dL", "11.0 g/dL"],
  },
  {
    subject: "target enrollment",
    lookAlike: "target enrollment for Site 104",
    pool: [
      "240 patients",
      "260 patients",
      "300 patients",
      "280 patients",
      "320 patients",
      "200 patients",
    ],
  },
  {
    subject: "monitoring visit frequency",
    lookAlike: "monitoring visit frequency for Site 305",
    pool: [
      "every 4 weeks",
      "every 6 weeks",
      "every 8 weeks",
      "every 12 weeks",
      "every 3 weeks",
      "every 10 weeks",
    ],
  },
  {
    subject: "randomization ratio",
    lookAlike: "randomization ratio for the Japanese cohort",
    pool: ["2:1", "1:1", "3:1", "3:2", "4:1", "5:2"],
  },
  {
    subject: "neutrophil dose-hold threshold",
    lookAlike: "neutrophil dose-hold threshold for cycle 1",
    pool: [
      "1000 cells/uL",
      "1500 cells/uL",
      "750 cells/uL",
      "1200 cells/uL",
      "500 cells/uL",
      "1250 cells/uL",
    ],
  },
  {
    subject: "protocol amendment version",
    lookAlike: "protocol amendment version for the UK sites",
    pool: [
      "Amendment 3",
      "Amendment 4",
      "Amendment 5",
      "Amendment 6",
      "Amendment 2",
      "Amendment 7",
    ],
  },
  {
    subject: "data transfer schedule",
    lookAlike: "data transfer schedule for the ECG vendor",
    pool: [
      "every Tuesday",
      "every Friday",
      "every Wednesday",
      "every Thursday",
      "every Monday",
      "every other Friday",
    ],
  },
  {
    subject: "IWRS kit reorder trigger",
    lookAlike: "IWRS kit reorder trigger for depot shipments",
    pool: ["6 kits", "8 kits", "10 kits", "4 kits", "12 kits", "15 kits"],
  },
  {
    subject: "SAE reconciliation cutoff",
    lookAlike: "SAE reconciliation cutoff for the interim analysis",
    pool: [
      "15-Jan-2027",
      "29-Jan-2027",
      "12-Feb-2027",
      "26-Feb-2027",
      "05-Mar-2027",
      "19-Mar-2027",
    ],
  },
];

/** Every value any pool holds. */
export const ALL_POOL_VALUES: readonly string[] = FACT_SPECS.flatMap((f) => f.pool);

/** A fact as one seed plants it. */
export interface PlannedFact {
  subject: string;
  lookAlike: string;
  /** First value, then its updates; the last is current. */
  values: string[];
  /** The look-alike's own value. */
  alikeValue: string;
  /** A value someone proposes and nobody adopts. */
  proposal: string;
}

function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Sixteen facts in a seeded order: four change twice, four change once, eight never. */
export function planFacts(rnd: () => number): PlannedFact[] {
  return shuffled(FACT_SPECS, rnd)
    .slice(0, 16)
    .map((spec, i) => {
      const updates = i < 4 ? 2 : i < 8 ? 1 : 0;
      const pool = shuffled(spec.pool, rnd);
      return {
        subject: spec.subject,
        lookAlike: spec.lookAlike,
        values: pool.slice(0, updates + 1),
        proposal: pool[updates + 1] ?? "",
        alikeValue: pool[updates + 2] ?? "",
      };
    });
}

export { shuffled };
