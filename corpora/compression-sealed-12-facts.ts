// The sixteen planted facts of the "sealed-12" compression family (a hospital
// pharmacy operations session): each subject, its look-alike (the subject plus a
// qualifier), a pool of values, a pool of values in another unit for the
// unit-change update, and the look-alike's own values. Used by
// corpora/compression-sealed-12.ts and its test.

export interface FactTemplate {
  subject: string;
  lookAlike: string;
  /** Values the fact can take; every pool value is distinct across all templates. */
  pool: readonly string[];
  /** Values stated in another unit or format, numerically different from every pool value. */
  alt?: readonly string[];
  /** Values of the look-alike subject. */
  alikePool: readonly string[];
}

export const FACT_TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "par level for heparin 5000-unit vials",
    lookAlike: "par level for heparin 5000-unit vials in the ICU cabinet",
    pool: ["40 vials", "48 vials", "60 vials", "36 vials", "52 vials", "44 vials"],
    alikePool: ["12 vials", "16 vials"],
  },
  {
    subject: "reorder point for ondansetron 4 mg tablets",
    lookAlike: "reorder point for ondansetron 4 mg tablets at the satellite pharmacy",
    pool: ["120 tablets", "150 tablets", "90 tablets", "200 tablets", "175 tablets", "110 tablets"],
    alikePool: ["30 tablets", "45 tablets"],
  },
  {
    subject: "formulary status of apixaban",
    lookAlike: "formulary status of apixaban for pediatric patients",
    pool: ["tier 1", "tier 2", "tier 3", "non-formulary", "prior-auth only", "tier 4"],
    alikePool: ["restricted to hematology", "case-by-case approval"],
  },
  {
    subject: "beyond-use date for compounded vancomycin syringes",
    lookAlike: "beyond-use date for compounded vancomycin syringes stored at room temperature",
    pool: ["9 days", "14 days", "5 days", "21 days", "7 days", "10 days"],
    alt: ["60 hours", "84 hours"],
    alikePool: ["32 hours", "42 hours"],
  },
  {
    subject: "max dose alert for IV acetaminophen",
    lookAlike: "max dose alert for IV acetaminophen in patients under 50 kg",
    pool: [
      "4000 mg per day",
      "3000 mg per day",
      "2600 mg per day",
      "3500 mg per day",
      "2000 mg per day",
      "2800 mg per day",
    ],
    alt: ["3.25 g per day", "2.4 g per day"],
    alikePool: ["75 mg/kg per day", "60 mg/kg per day"],
  },
  {
    subject: "primary wholesaler for IV fluids",
    lookAlike: "primary wholesaler for IV fluids at the children's campus",
    pool: [
      "Cardinal Health",
      "McKesson",
      "Morris & Dickson",
      "AmerisourceBergen",
      "Henry Schein",
      "Medline",
    ],
    alikePool: ["Owens & Minor", "Bound Tree"],
  },
  {
    subject: "restock run for the emergency department cabinets",
    lookAlike: "restock run for the emergency department cabinets on weekends",
    pool: ["06:30", "07:15", "05:45", "08:00", "06:00", "07:45"],
    alikePool: ["09:30", "10:15"],
  },
  {
    subject: "override review window for controlled substances",
    lookAlike: "override review window for controlled substances in the operating rooms",
    pool: ["24 hours", "12 hours", "36 hours", "18 hours", "30 hours", "6 hours"],
    alt: ["2 days", "3 days"],
    alikePool: ["4 hours", "8 hours"],
  },
  {
    subject: "on-call pharmacist for sterile compounding",
    lookAlike: "on-call pharmacist for sterile compounding on night shift",
    pool: [
      "Priya Raman",
      "Tomasz Wojcik",
      "Grace Mbeki",
      "Luis Ortega",
      "Hana Sato",
      "Owen Reilly",
    ],
    alikePool: ["Farah Aziz", "Jonas Berg"],
  },
  {
    subject: "allocation cap for cisatracurium 10 mL vials",
    lookAlike: "allocation cap for cisatracurium 10 mL vials for the burn unit",
    pool: [
      "25 vials per week",
      "32 vials per week",
      "20 vials per week",
      "28 vials per week",
      "15 vials per week",
      "35 vials per week",
    ],
    alikePool: ["6 vials per week", "9 vials per week"],
  },
  {
    subject: "response target for priority-1 pharmacy tickets",
    lookAlike: "response target for priority-1 pharmacy tickets raised after hours",
    pool: ["30 minutes", "15 minutes", "45 minutes", "20 minutes", "40 minutes", "25 minutes"],
    alikePool: ["60 minutes", "90 minutes"],
  },
  {
    subject: "default bolus volume in the sepsis order set",
    lookAlike: "default bolus volume in the sepsis order set for dialysis patients",
    pool: ["30 mL/kg", "20 mL/kg", "25 mL/kg", "1000 mL fixed", "15 mL/kg", "500 mL fixed"],
    alikePool: ["10 mL/kg", "250 mL fixed"],
  },
  {
    subject: "P&T review date for the insulin glargine biosimilar switch",
    lookAlike:
      "P&T review date for the insulin glargine biosimilar switch in the outpatient clinics",
    pool: ["March 12", "April 9", "May 14", "June 11", "February 26", "July 9"],
    alikePool: ["September 10", "October 8"],
  },
  {
    subject: "monthly budget for expired-drug write-offs",
    lookAlike: "monthly budget for expired-drug write-offs in oncology",
    pool: ["$4,500", "$6,000", "$3,800", "$5,250", "$4,900", "$6,400"],
    alt: ["USD 5,700", "USD 4,100"],
    alikePool: ["$1,200", "$1,750"],
  },
  {
    subject: "high alarm limit for vaccine refrigerators",
    lookAlike: "high alarm limit for vaccine refrigerators in the outpatient clinics",
    pool: ["8.0 °C", "7.5 °C", "8.5 °C", "7.0 °C", "6.5 °C", "9.0 °C"],
    alikePool: ["7.8 °C", "8.2 °C"],
  },
  {
    subject: "recall coordinator at the wholesaler",
    lookAlike: "recall coordinator at the wholesaler for biologics",
    pool: [
      "Dana Whitfield",
      "Marcus Lee",
      "Ingrid Solberg",
      "Kofi Mensah",
      "Rosa Delgado",
      "Ethan Park",
    ],
    alikePool: ["Mei Tanaka", "Sven Larsen"],
  },
];

/** Every value any template can state, fact or look-alike. */
export const ALL_VALUES: readonly string[] = FACT_TEMPLATES.flatMap((t) => [
  ...t.pool,
  ...(t.alt ?? []),
  ...t.alikePool,
]);
