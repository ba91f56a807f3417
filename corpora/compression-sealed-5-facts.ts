// The planted facts of the "sealed-5" compression family (a customer-data/analytics
// session): subject pools with their look-alikes, value kinds and the seeded PRNG.
// Used only by corpora/compression-sealed-5*.ts; written blind to the compressor.
import { mulberry32 } from "./prng.ts";

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  return mulberry32(seed ^ 0x5eed5);
}

export type Rnd = () => number;
export const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
export const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
export function shuffle<T>(rnd: Rnd, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** How a fact's values look: a fresh value, the same value written another way, another unit. */
export interface ValueKind {
  draw(rnd: Rnd): string;
  alias?: (value: string) => string | undefined;
  otherUnit?: (rnd: Rnd) => string;
}

const num = (v: string) => v.split(" ")[0] ?? v;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "September"];

export const KINDS = {
  days: {
    draw: (r) => `${pick(r, [7, 10, 14, 21, 28, 30, 35, 45, 60, 75, 90, 120, 180])} days`,
    alias: (v) => `${num(v)}-day`,
    otherUnit: (r) => pick(r, ["3 weeks", "5 weeks", "6 weeks", "9 weeks", "2 months", "4 months"]),
  },
  hours: {
    draw: (r) => `${pick(r, [3, 4, 6, 10, 12, 18, 20, 30, 48, 72])} hours`,
    alias: (v) => `${num(v)}-hour`,
    otherUnit: (r) => pick(r, ["3 business days", "5 business days", "90 minutes", "45 minutes"]),
  },
  percent: {
    draw: (r) => `${pick(r, [3, 4, 6, 7, 10, 12, 15, 20, 30, 40])} percent`,
    alias: (v) => `${num(v)}%`,
    otherUnit: (r) => pick(r, ["150 basis points", "450 basis points", "650 basis points"]),
  },
  money: {
    draw: (r) => `$${pick(r, [10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 250])},000`,
    alias: (v) => `${v.replace(",000", "k")}`,
    otherUnit: (r) => pick(r, ["$0.5 million", "$1.2 million", "$2 million", "$0.8 million"]),
  },
  person: {
    draw: (r) =>
      pick(r, [
        "Priya Natarajan",
        "Tomás Ferreira",
        "Hannah Okafor",
        "Lukas Brandt",
        "Mei Lin Tan",
        "Ravi Menon",
        "Sofia Lindqvist",
        "Daniel Mwangi",
        "Aylin Demir",
        "Grace Whitaker",
      ]),
  },
  schedule: {
    draw: (r) =>
      pick(r, [
        "hourly",
        "every 4 hours",
        "every 6 hours",
        "daily at 05:00 UTC",
        "daily at 07:30 UTC",
        "nightly at 02:00 UTC",
        "twice a day",
        "weekly on Mondays",
        "every 12 hours",
        "daily at 09:00 UTC",
      ]),
  },
  currency: {
    draw: (r) => pick(r, ["EUR", "USD", "GBP", "CHF", "CAD", "AUD", "SEK", "JPY", "NOK", "DKK"]),
  },
  date: {
    draw: (r) => `${pick(r, MONTHS)} ${int(r, 2, 27)}`,
    otherUnit: (r) => `2027-0${int(r, 2, 8)}-${int(r, 10, 28)}`,
  },
  region: {
    draw: (r) =>
      pick(r, [
        "EMEA",
        "APAC",
        "North America",
        "LATAM",
        "DACH",
        "Nordics",
        "Benelux",
        "ANZ",
        "Iberia",
        "UK and Ireland",
      ]),
  },
  accounts: {
    draw: (r) => `${pick(r, [30, 40, 60, 75, 100, 120, 200, 300, 500, 800])} accounts`,
  },
  sessions: {
    draw: (r) => `${pick(r, [3, 4, 6, 8, 10, 12, 15, 20, 25])} sessions`,
  },
  points: {
    draw: (r) => `${pick(r, [35, 40, 45, 50, 55, 60, 65, 70, 75, 80])} points`,
    alias: (v) => `${num(v)}-point`,
  },
  months: {
    draw: (r) => `${pick(r, [9, 12, 13, 15, 18, 24, 30, 36, 48])} months`,
    alias: (v) => `${num(v)}-month`,
    otherUnit: (r) => pick(r, ["400 days", "540 days", "730 days", "3 years"]),
  },
  weeks: {
    draw: (r) => `${pick(r, [3, 4, 5, 6, 8, 10, 12, 13, 52])} weeks`,
    alias: (v) => `${num(v)}-week`,
    otherUnit: (r) => pick(r, ["30 days", "45 days", "60 days", "120 days"]),
  },
  sigma: {
    draw: (r) => `${pick(r, ["2", "2.5", "3", "3.5", "4", "6", "2.8", "1.8", "4.5"])} sigma`,
  },
  month: {
    draw: (r) =>
      pick(r, [
        "February",
        "March",
        "April",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
      ]),
  },
} satisfies Record<string, ValueKind>;

export type KindName = keyof typeof KINDS;
export const kindOf = (name: KindName): ValueKind => KINDS[name];

/** A subject of the pool, its look-alike (one or two words apart) and its value kind. */
interface PoolEntry {
  subject: string;
  lookAlike: string;
  kind: KindName;
}

const POOL: readonly PoolEntry[] = [
  { subject: "weekly active user window", lookAlike: "weekly active team window", kind: "days" },
  {
    subject: "monthly active account window",
    lookAlike: "monthly active seat window",
    kind: "days",
  },
  {
    subject: "churn window for self-serve accounts",
    lookAlike: "churn window for sales-led accounts",
    kind: "days",
  },
  { subject: "trial conversion window", lookAlike: "trial activation window", kind: "days" },
  { subject: "dormant account cut-off", lookAlike: "dormant workspace cut-off", kind: "days" },
  {
    subject: "expansion revenue attribution window",
    lookAlike: "expansion revenue recognition window",
    kind: "days",
  },
  {
    subject: "enterprise segment ARR cut-off",
    lookAlike: "mid-market segment ARR cut-off",
    kind: "money",
  },
  {
    subject: "high-value customer LTV cut-off",
    lookAlike: "high-value prospect LTV cut-off",
    kind: "money",
  },
  { subject: "power user threshold", lookAlike: "power admin threshold", kind: "sessions" },
  {
    subject: "at-risk health score threshold",
    lookAlike: "at-risk usage score threshold",
    kind: "points",
  },
  { subject: "MQL lead score threshold", lookAlike: "SQL lead score threshold", kind: "points" },
  {
    subject: "owner of the weekly revenue report",
    lookAlike: "owner of the weekly pipeline report",
    kind: "person",
  },
  {
    subject: "owner of the churn dashboard",
    lookAlike: "owner of the churn playbook",
    kind: "person",
  },
  {
    subject: "owner of the data dictionary",
    lookAlike: "reviewer of the data dictionary",
    kind: "person",
  },
  {
    subject: "refresh schedule of the revenue dashboard",
    lookAlike: "refresh schedule of the usage dashboard",
    kind: "schedule",
  },
  {
    subject: "refresh schedule of the CRM sync",
    lookAlike: "retry schedule of the CRM sync",
    kind: "schedule",
  },
  {
    subject: "reporting currency of the board deck",
    lookAlike: "reporting currency of the sales deck",
    kind: "currency",
  },
  {
    subject: "billing currency for the Swiss entity",
    lookAlike: "billing currency for the Nordic entity",
    kind: "currency",
  },
  {
    subject: "annual prepay discount rate",
    lookAlike: "annual renewal discount rate",
    kind: "percent",
  },
  { subject: "nonprofit discount rate", lookAlike: "education discount rate", kind: "percent" },
  { subject: "clickstream sample rate", lookAlike: "clickstream retry rate", kind: "percent" },
  {
    subject: "target date for the pricing experiment readout",
    lookAlike: "target date for the pricing experiment launch",
    kind: "date",
  },
  {
    subject: "target date for the churn model handoff",
    lookAlike: "target date for the churn model review",
    kind: "date",
  },
  {
    subject: "default region filter of the executive dashboard",
    lookAlike: "default region filter of the support dashboard",
    kind: "region",
  },
  {
    subject: "minimum cohort size for retention charts",
    lookAlike: "minimum cohort size for funnel charts",
    kind: "accounts",
  },
  {
    subject: "SLA for ad-hoc data requests",
    lookAlike: "SLA for ad-hoc dashboard requests",
    kind: "hours",
  },
  {
    subject: "retention period for raw event data",
    lookAlike: "retention period for raw log data",
    kind: "months",
  },
  {
    subject: "default date range of the funnel dashboard",
    lookAlike: "default date range of the cohort dashboard",
    kind: "weeks",
  },
  {
    subject: "anomaly alert threshold for signups",
    lookAlike: "anomaly alert threshold for logins",
    kind: "sigma",
  },
  { subject: "fiscal year start month", lookAlike: "fiscal quarter start month", kind: "month" },
  { subject: "NPS survey cooldown", lookAlike: "CSAT survey cooldown", kind: "weeks" },
  { subject: "free tier seat limit", lookAlike: "free tier guest limit", kind: "accounts" },
];

/** A planted fact before its values are drawn. */
export interface PlannedFact {
  subject: string;
  lookAlike: string;
  kind: KindName;
}

/** The seed's 16 facts: distinct subjects, none a phrase of another. */
export function drawFacts(rnd: Rnd, count: number): PlannedFact[] {
  const chosen = shuffle(rnd, POOL).slice(0, count);
  return chosen.map((e) => ({ subject: e.subject, lookAlike: e.lookAlike, kind: e.kind }));
}

/** A value of `kind` unlike every value in `taken` (whole-word, case-insensitive). */
export function freshValue(rnd: Rnd, kind: KindName, taken: readonly string[]): string {
  const low = taken.map((t) => t.toLowerCase());
  for (let i = 0; i < 200; i++) {
    const v = KINDS[kind].draw(rnd);
    if (!low.some((t) => t.includes(v.toLowerCase()) || v.toLowerCase().includes(t))) {
      return v;
    }
  }
  throw new Error(`sealed-5: no fresh ${kind} value beside ${taken.join(", ")}`);
}

/** A value of `kind` in its other unit, unlike every value in `taken`, or undefined. */
export function otherUnitValue(
  rnd: Rnd,
  kind: KindName,
  taken: readonly string[],
): string | undefined {
  const make = kindOf(kind).otherUnit;
  if (make === undefined) {
    return undefined;
  }
  const low = taken.map((t) => t.toLowerCase());
  for (let i = 0; i < 50; i++) {
    const v = make(rnd);
    if (!low.some((t) => t.includes(v.toLowerCase()) || v.toLowerCase().includes(t))) {
      return v;
    }
  }
  return undefined;
}
