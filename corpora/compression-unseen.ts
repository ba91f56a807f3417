// The "unseen" phrasing family of bench:compression, written before the
// compressor was changed for it: subjects drawn per seed (component + setting),
// look-alikes that differ by one word, and updates as passives, "switched X
// over to", "X: old → new" changelogs, "we now use V for X", tables, bullet lists
// and quoted settings lines. Used by corpora/compression-transcript.ts.
import type { FamilySpec, Phrase } from "./compression-transcript.ts";

const COMPONENTS = [
  "ingest",
  "billing",
  "search",
  "export",
  "auth",
  "notification",
  "reporting",
  "checkout",
  "webhook",
  "scheduler",
];
const ENVIRONMENTS = ["staging", "canary", "nightly", "backup"];
const NAMES = ["Okonkwo", "Villanueva", "Sato", "Fairbanks", "Rahimi", "Kowalczyk", "Adeyemi"];
const REGIONS = ["eu-central-1", "us-west-2", "ap-northeast-1", "me-south-1", "af-south-1"];

/** Settings and the values each can hold (every value has a unit or a distinctive form). */
const SETTINGS: readonly {
  name: string;
  value: (n: (lo: number, hi: number) => number) => string;
}[] = [
  { name: "batch size", value: (n) => `${n(50, 5000)} rows` },
  { name: "retry limit", value: (n) => `${n(2, 15)} attempts` },
  { name: "request timeout", value: (n) => `${n(2, 120)} seconds` },
  { name: "cache TTL", value: (n) => `${n(1, 240)} minutes` },
  { name: "rate limit", value: (n) => `${n(10, 900)} requests per minute` },
  { name: "replica count", value: (n) => `${n(2, 24)} replicas` },
  { name: "on-call owner", value: (n) => NAMES[n(0, NAMES.length)] ?? "Sato" },
  { name: "deploy region", value: (n) => REGIONS[n(0, REGIONS.length)] ?? "us-west-2" },
  { name: "base image", value: (n) => `node:${n(18, 24)}.${n(0, 12)}-slim` },
  { name: "alert threshold", value: (n) => `${n(50, 99)}% CPU` },
  { name: "release branch", value: (n) => `release/2026.${n(10, 52)}` },
  { name: "cutover date", value: (n) => `2026-${n(10, 13)}-${String(n(1, 29)).padStart(2, "0")}` },
  { name: "payload cap", value: (n) => `${n(64, 4096)} KB` },
];

const cap = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

const FIRST: readonly Phrase[] = [
  (s, v) => `The ${s} is set to ${v} in production.`,
  (s, v) => `Current ${s}: ${v}.`,
  (s, v) => `We run the ${s} at ${v} today.`,
  (s, v) => `Settings we agreed on this morning:\n- ${s}: ${v}\n- code freeze: Thursday`,
  (s, v) => `Per the wiki, ${s} defaults to ${v}.`,
  (s, v) => `| setting | value |\n| --- | --- |\n| ${s} | ${v} |`,
];

const UPDATES: readonly Phrase[] = [
  (s, v) => `The ${s} was bumped to ${v}.`,
  (s, v) => `Switched the ${s} over to ${v} after the load test.`,
  (s, v, old) => `Changelog for today's deploy:\n- ${s}: ${old} → ${v}\n- docs: typo fixes`,
  (s, v) => `We now use ${v} for the ${s}.`,
  (s, v) => `The ${s} has changed; it's ${v} now.`,
  (s, v) =>
    `Here is the table from the ops review:\n| setting | value |\n| --- | --- |\n| ${s} | ${v} |`,
  (s, v) => `The settings page shows:\n> ${s} = ${v}`,
  (s, v, old) => `Bumping the ${s} from ${old} to ${v}, as discussed.`,
  (s, v) => `${v} is the new ${s}.`,
  (s, v) => `Confirmed with ops: ${s} now ${v}.`,
  (s, v) => `${cap(s)} went to ${v} once the incident review closed.`,
];

const LOOK_ALIKE: readonly Phrase[] = [
  (s, v) => `The ${s} was bumped to ${v}.`,
  (s, v) => `Also on the list:\n- ${s}: ${v}`,
  (s, v) => `We now use ${v} for the ${s}.`,
  (s, v) => `The ${s} is ${v}.`,
];

export const UNSEEN: FamilySpec = {
  facts(rnd, count) {
    const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
    const subjects = new Set<string>();
    const out: ReturnType<FamilySpec["facts"]> = [];
    while (out.length < count) {
      const setting = SETTINGS[n(0, SETTINGS.length)];
      const component = COMPONENTS[n(0, COMPONENTS.length)] ?? "ingest";
      if (setting === undefined) {
        continue;
      }
      const subject = `${component} ${setting.name}`;
      // The look-alike differs by one word: another component, or an environment in front.
      const swap = COMPONENTS.filter((c) => c !== component)[n(0, COMPONENTS.length - 1)];
      const lookAlike =
        rnd() < 0.6
          ? `${swap ?? "legacy"} ${setting.name}`
          : `${ENVIRONMENTS[n(0, ENVIRONMENTS.length)] ?? "staging"} ${subject}`;
      if (subjects.has(subject) || subjects.has(lookAlike)) {
        continue;
      }
      subjects.add(subject);
      subjects.add(lookAlike);
      out.push({ subject, lookAlike, value: () => setting.value(n) });
    }
    return out;
  },
  first: FIRST,
  updates: UPDATES,
  lookAlike: LOOK_ALIKE,
  mentions: [
    (s) => `I'll double-check the ${s} before the release.`,
    (s, rnd) => `The ${s} dashboard showed ${2 + Math.floor(rnd() * 7)} alerts overnight.`,
    (s) => `Does anyone remember why the ${s} was changed last quarter?`,
  ],
};
