// The settings an on-call incident session of the sealed-4 compression family plants
// (corpora/compression-sealed-4.ts): subject kinds with their look-alikes and value pools,
// and the per-seed draw of 16 facts over the services of the session.
import { int, pick, shuffle, type Rng } from "./compression-sealed-4-rng.ts";

/** A kind of setting: how its subject and look-alike are named for a service, and its values. */
export interface SettingKind {
  id: string;
  subject: (svc: string) => string;
  lookAlike: (svc: string) => string;
  /** The values it is stated in, as written (whole words). */
  pool: (rnd: Rng) => string[];
  /** Values in another unit, for an update that changes the unit; absent when it has none. */
  otherUnit?: readonly string[];
}

const ints = (lo: number, hi: number, step = 1): string[] =>
  Array.from({ length: Math.floor((hi - lo) / step) + 1 }, (_, i) => String(lo + i * step));

/** People who own things: the values of on-call and ownership settings. */
const OWNERS = [
  "Priya Raman",
  "Tomasz Nowak",
  "Amara Okafor",
  "Kenji Watanabe",
  "Lucia Moreno",
  "Dmitri Volkov",
  "Hana Kim",
  "Oskar Lind",
  "Fatima Haddad",
  "Ravi Shah",
  "Ines Duarte",
  "Noah Brennan",
];

export const KINDS: readonly SettingKind[] = [
  {
    id: "replicas",
    subject: (s) => `${s} api replica count`,
    lookAlike: (s) => `${s} worker replica count`,
    pool: () => ints(3, 48),
  },
  {
    id: "memory",
    subject: (s) => `${s} api pod memory limit`,
    lookAlike: (s) => `${s} api sidecar memory limit`,
    pool: () => ["512Mi", "640Mi", "768Mi", "1Gi", "2Gi", "3Gi", "4Gi", "6Gi", "8Gi"],
    otherUnit: ["1536Mi", "2560Mi", "3584Mi", "5120Mi"],
  },
  {
    id: "cpu",
    subject: (s) => `${s} api cpu request`,
    lookAlike: (s) => `${s} api cpu limit`,
    pool: () => ["250m", "300m", "400m", "500m", "750m", "1000m", "1200m", "1500m", "2000m"],
    otherUnit: ["0.6 cores", "1.75 cores", "2.5 cores", "0.9 cores"],
  },
  {
    id: "timeout",
    subject: (s) => `${s} upstream request timeout`,
    lookAlike: (s) => `${s} downstream request timeout`,
    pool: () => ["5s", "8s", "10s", "15s", "20s", "30s", "45s", "60s"],
    otherUnit: ["2500ms", "7500ms", "12500ms", "2 minutes"],
  },
  {
    id: "error-alert",
    subject: (s) => `${s} error rate alert threshold`,
    lookAlike: (s) => `${s} error budget alert threshold`,
    pool: () => ["0.5%", "1%", "1.5%", "2%", "3%", "4%", "5%", "0.2%"],
  },
  {
    id: "latency-alert",
    subject: (s) => `${s} p99 latency alert threshold`,
    lookAlike: (s) => `${s} p95 latency alert threshold`,
    pool: () => ["250ms", "300ms", "400ms", "450ms", "600ms", "750ms", "900ms", "1200ms"],
    otherUnit: ["1.5 seconds", "2 seconds", "0.8 seconds"],
  },
  {
    id: "rollout",
    subject: (s) => `new ${s} flow rollout percentage`,
    lookAlike: (s) => `new ${s} flow holdout percentage`,
    pool: () => ["5%", "10%", "15%", "20%", "25%", "33%", "40%", "50%", "60%", "75%"],
  },
  {
    id: "image",
    subject: (s) => `${s} api image tag`,
    lookAlike: (s) => `${s} migrator image tag`,
    pool: (rnd) => {
      const major = int(rnd, 1, 4);
      const base = int(rnd, 10, 30);
      return Array.from(
        { length: 12 },
        (_, i) => `v${major}.${base + i * 3 + int(rnd, 0, 2)}.${int(rnd, 0, 9)}`,
      );
    },
  },
  {
    id: "region",
    subject: (s) => `${s} failover region`,
    lookAlike: (s) => `${s} primary region`,
    pool: () => [
      "us-east-1",
      "us-east-2",
      "us-west-2",
      "eu-west-1",
      "eu-central-1",
      "eu-north-1",
      "ap-southeast-2",
      "ap-northeast-1",
      "ca-central-1",
    ],
  },
  {
    id: "backup",
    subject: (s) => `${s} nightly backup time`,
    lookAlike: (s) => `${s} nightly vacuum time`,
    pool: () => [
      "00:30 UTC",
      "01:00 UTC",
      "01:45 UTC",
      "02:15 UTC",
      "03:00 UTC",
      "03:30 UTC",
      "04:10 UTC",
      "05:00 UTC",
    ],
    otherUnit: ["18:30 PST", "19:15 PST", "20:00 PST"],
  },
  {
    id: "oncall",
    subject: (s) => `${s} primary on-call`,
    lookAlike: (s) => `${s} secondary on-call`,
    pool: () => OWNERS,
  },
  {
    id: "owner",
    subject: (s) => `${s} incident owner`,
    lookAlike: (s) => `${s} incident scribe`,
    pool: () => OWNERS,
  },
  {
    id: "rate-limit",
    subject: (s) => `${s} per-tenant rate limit`,
    lookAlike: (s) => `${s} global rate limit`,
    pool: () => ["100 rps", "150 rps", "200 rps", "250 rps", "400 rps", "600 rps", "800 rps"],
    otherUnit: ["9000 rpm", "15000 rpm", "21000 rpm", "30000 rpm"],
  },
  {
    id: "db-pool",
    subject: (s) => `${s} db connection pool size`,
    lookAlike: (s) => `${s} replica connection pool size`,
    pool: () => ints(10, 120, 5),
  },
  {
    id: "hpa",
    subject: (s) => `${s} autoscaler max replicas`,
    lookAlike: (s) => `${s} autoscaler min replicas`,
    pool: () => ints(6, 90, 4),
  },
  {
    id: "retries",
    subject: (s) => `${s} webhook max retries`,
    lookAlike: (s) => `${s} webhook max redirects`,
    pool: () => ints(2, 15),
  },
  {
    id: "disk",
    subject: (s) => `${s} disk usage page threshold`,
    lookAlike: (s) => `${s} disk usage warn threshold`,
    pool: () => ["75%", "78%", "80%", "82%", "85%", "88%", "90%", "92%", "95%"],
  },
  {
    id: "ttl",
    subject: (s) => `${s} edge cache ttl`,
    lookAlike: (s) => `${s} origin cache ttl`,
    pool: () => ["30s", "45s", "60s", "90s", "5m", "10m", "15m"],
    otherUnit: ["2 minutes", "20 minutes", "40 seconds", "7 minutes"],
  },
  {
    id: "retention",
    subject: (s) => `${s} log retention period`,
    lookAlike: (s) => `${s} trace retention period`,
    pool: () => ["3 days", "7 days", "14 days", "30 days", "60 days", "90 days"],
    otherUnit: ["3 weeks", "6 weeks", "4 months", "1 year"],
  },
];

/** The services of the platform on call; no name is a word of another. */
export const SERVICES = [
  "checkout",
  "payments",
  "search",
  "ledger",
  "inventory",
  "notifications",
  "billing",
  "auth",
  "catalog",
  "shipping",
  "reporting",
  "ingest",
  "profile",
  "orders",
  "pricing",
  "media",
  "webhooks",
  "geo",
];

/** One planted fact of a session: its subject, look-alike and the values drawn so far. */
export interface PlantedFact {
  kind: SettingKind;
  svc: string;
  subject: string;
  lookAlike: string;
  values: string[];
  lookAlikeValue: string;
  pool: string[];
}

/** A value of `fact` not yet used by it or its look-alike (from the other-unit list if asked). */
export function drawValue(rnd: Rng, fact: PlantedFact, otherUnit = false): string {
  const used = new Set([...fact.values, fact.lookAlikeValue]);
  const from = (otherUnit ? fact.kind.otherUnit : undefined) ?? fact.pool;
  const free = from.filter((v) => !used.has(v));
  return pick(rnd, free);
}

/** `count` facts over distinct kinds, each service used at most twice, at least three with units. */
export function drawFacts(rnd: Rng, count: number): PlantedFact[] {
  for (;;) {
    const kinds = shuffle(rnd, KINDS).slice(0, count);
    if (kinds.filter((k) => k.otherUnit !== undefined).length < 3) {
      continue;
    }
    const uses = new Map<string, number>();
    const facts = kinds.map((kind): PlantedFact => {
      const free = SERVICES.filter((s) => (uses.get(s) ?? 0) < 2);
      const svc = pick(rnd, free);
      uses.set(svc, (uses.get(svc) ?? 0) + 1);
      const pool = kind.pool(rnd);
      const fact = { kind, svc, pool, subject: kind.subject(svc), lookAlike: kind.lookAlike(svc) };
      return { ...fact, values: [], lookAlikeValue: "" };
    });
    return facts;
  }
}
