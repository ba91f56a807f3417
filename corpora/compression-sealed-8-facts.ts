// The subjects the "sealed-8" compression family (a month-end close run) plants:
// twenty close parameters, each with a look-alike subject that differs by a
// qualifier, a snake_case key, a pool of values in one format and a pool in
// another unit or format (for the "unit change" update). Every value of every
// pool is distinct. Used by corpora/compression-sealed-8.ts and its test.
import type { Rng } from "./compression-sealed-8-steps.ts";

export interface SubjectSpec {
  subject: string;
  lookAlike: string;
  key: string;
  pool: readonly string[];
  /** Values in another unit or format. */
  alt: readonly string[];
}

export const SUBJECTS: readonly SubjectSpec[] = [
  {
    subject: "accrual threshold for the EMEA entity",
    lookAlike: "accrual threshold for the EMEA entity's UK branch",
    key: "accrual_threshold_emea",
    pool: ["EUR 25,000", "EUR 40,000", "EUR 15,000", "EUR 30,000", "EUR 12,500", "EUR 55,000"],
    alt: ["EUR 45k", "EUR 18k"],
  },
  {
    subject: "month-end EUR/USD closing rate",
    lookAlike: "month-end EUR/USD closing rate for budgeting",
    key: "fx_close_eurusd",
    pool: ["1.0842", "1.0917", "1.0786", "1.0863", "1.0955", "1.0731"],
    alt: ["1.09120", "1.07990"],
  },
  {
    subject: "ledger lock date for November",
    lookAlike: "ledger lock date for November intercompany postings",
    key: "gl_lock_date_nov",
    pool: ["December 3", "December 4", "December 5", "December 2", "December 6", "December 8"],
    alt: ["2026-12-09", "2026-12-10"],
  },
  {
    subject: "materiality threshold for the audit",
    lookAlike: "performance materiality threshold for the audit",
    key: "audit_materiality",
    pool: [
      "USD 1.2 million",
      "USD 1.5 million",
      "USD 950,000",
      "USD 1.1 million",
      "USD 1.35 million",
      "USD 800,000",
    ],
    alt: ["USD 1,250,000", "USD 1,400,000"],
  },
  {
    subject: "bonus accrual rate for the sales team",
    lookAlike: "bonus accrual rate for the sales team in Canada",
    key: "bonus_accrual_sales",
    pool: ["7.5 percent", "6 percent", "8.25 percent", "9 percent", "5.5 percent", "10 percent"],
    alt: ["7.75%", "6.5%"],
  },
  {
    subject: "intercompany netting cutoff",
    lookAlike: "intercompany netting cutoff for the Singapore subsidiary",
    key: "ic_netting_cutoff",
    pool: ["16:00 CET", "14:00 CET", "17:30 CET", "15:00 CET", "12:00 CET", "18:00 CET"],
    alt: ["3 pm London time", "4 pm London time"],
  },
  {
    subject: "bad-debt reserve rate",
    lookAlike: "bad-debt reserve rate for disputed invoices",
    key: "bad_debt_reserve",
    pool: ["250 bps", "300 bps", "175 bps", "400 bps", "325 bps", "225 bps"],
    alt: ["2.75 percent", "3.25 percent"],
  },
  {
    subject: "approver for manual journal entries",
    lookAlike: "backup approver for manual journal entries",
    key: "mje_approver",
    pool: [
      "Priya Raman",
      "Tomasz Wojcik",
      "Ines Carvalho",
      "Kwame Boateng",
      "Mei Tanaka",
      "Rafael Ortega",
    ],
    alt: ["D. Osei", "N. Haddad"],
  },
  {
    subject: "GL account for cloud hosting costs",
    lookAlike: "GL account for cloud hosting costs of the data platform",
    key: "gl_cloud_hosting",
    pool: ["6140-200", "6140-210", "6155-100", "6120-300", "6140-250", "6160-050"],
    alt: ["61400-220", "61550-110"],
  },
  {
    subject: "amortisation period for the ERP licence prepayment",
    lookAlike: "amortisation period for the ERP licence prepayment renewal",
    key: "erp_prepaid_amort",
    pool: ["36 months", "24 months", "30 months", "18 months", "42 months", "27 months"],
    alt: ["1,095 days", "730 days"],
  },
  {
    subject: "depreciation life of laptops",
    lookAlike: "tax depreciation life of laptops",
    key: "dep_life_laptops",
    pool: ["3 years", "4 years", "5 years", "2 years", "6 years", "3.5 years"],
    alt: ["48 months", "60 months"],
  },
  {
    subject: "FX revaluation account",
    lookAlike: "unrealised FX revaluation account",
    key: "fx_reval_account",
    pool: ["7950-10", "7950-20", "7955-10", "7960-00", "7945-30", "7950-40"],
    alt: ["79500-15", "79600-05"],
  },
  {
    subject: "trial balance snapshot time",
    lookAlike: "trial balance snapshot time for the Brazil entity",
    key: "tb_snapshot_time",
    pool: ["02:00 UTC", "03:30 UTC", "01:15 UTC", "04:00 UTC", "00:45 UTC", "05:20 UTC"],
    alt: ["9 pm Eastern", "10 pm Eastern"],
  },
  {
    subject: "capitalisation threshold for software costs",
    lookAlike: "capitalisation threshold for software costs in R&D",
    key: "capex_threshold_sw",
    pool: ["USD 15,000", "USD 25,000", "USD 10,000", "USD 20,000", "USD 7,500", "USD 30,000"],
    alt: ["USD 12.5k", "USD 17.5k"],
  },
  {
    subject: "payment run day for vendor invoices",
    lookAlike: "payment run day for vendor invoices from India",
    key: "ap_payment_run_day",
    pool: ["Thursday", "Tuesday", "Wednesday", "Friday", "Monday"],
    alt: ["the 15th and the last business day", "the first business day"],
  },
  {
    subject: "auditor contact for the revenue walkthrough",
    lookAlike: "backup auditor contact for the revenue walkthrough",
    key: "audit_contact_revenue",
    pool: [
      "Hannah Becker",
      "Olumide Adeyemi",
      "Chloe Martin",
      "Arjun Mehta",
      "Lars Nilsson",
      "Gabriela Souza",
    ],
    alt: ["J. Okoro", "S. Falk"],
  },
  {
    subject: "ticket queue for close exceptions",
    lookAlike: "ticket queue for close exceptions in payroll",
    key: "close_exception_queue",
    pool: ["FIN-CLOSE", "CLOSE-EXC", "FINOPS-MEC", "GL-EXCEPT", "MEC-TRIAGE", "FIN-ESC"],
    alt: ["FIN/EXC", "MEC/TRIAGE2"],
  },
  {
    subject: "bank reconciliation tolerance",
    lookAlike: "bank reconciliation tolerance for petty cash",
    key: "bank_rec_tolerance",
    pool: ["EUR 75", "EUR 100", "EUR 250", "EUR 150", "EUR 60", "EUR 125"],
    alt: ["EUR 80.00", "EUR 90.00"],
  },
  {
    subject: "accrual reversal batch time",
    lookAlike: "accrual reversal batch time for payroll",
    key: "accrual_reversal_batch",
    pool: ["03:15 UTC", "02:45 UTC", "04:30 UTC", "01:50 UTC", "05:05 UTC", "03:40 UTC"],
    alt: ["3:20 am UTC", "4:10 am UTC"],
  },
  {
    subject: "revenue cutoff for subscription renewals",
    lookAlike: "revenue cutoff for subscription renewals in Japan",
    key: "rev_cutoff_renewals",
    pool: ["November 28", "November 29", "November 27", "November 30", "November 26"],
    alt: ["2026-11-29 23:59 UTC", "2026-11-30 12:00 UTC"],
  },
];

/** Every value any pool holds. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => [...s.pool, ...s.alt]);

/** A planted fact as the generator carries it. */
export interface PlantedFact {
  spec: SubjectSpec;
  values: string[];
  /** The look-alike's own value. */
  alikeValue: string;
  /** A value proposed and rejected after the latest one. */
  proposal: string;
}

/**
 * Sixteen facts: eight keep their first value, four change once and four twice.
 * `unitChange` marks the one changing fact whose last value comes from the alt pool.
 */
export function plantFacts(rng: Rng): { facts: PlantedFact[]; unitChange: number } {
  const specs = rng.shuffle(SUBJECTS).slice(0, 16);
  const changes = rng.shuffle([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
  const changing = changes.flatMap((c, i) => (c > 0 ? [i] : []));
  const unitChange = rng.pick(changing);
  const facts = specs.map((spec, i) => {
    const pool = rng.shuffle(spec.pool);
    const count = (changes[i] ?? 0) + 1;
    const values = pool.slice(0, count);
    if (i === unitChange) {
      values[count - 1] = rng.pick(spec.alt);
    }
    return { spec, values, alikeValue: pool[count] ?? "", proposal: pool[count + 1] ?? "" };
  });
  return { facts, unitChange };
}
