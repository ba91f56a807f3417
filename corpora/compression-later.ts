// The "later" phrasing family of bench:compression, written after the compressor
// was fixed against "unseen" and measured once, never tuned to: other subjects
// (product area + setting), look-alikes with one extra word ("max", "mobile"),
// and updates as verb-first lines, "changed from A to B", em-dash notes,
// "→ V (was A)", numbered lists, three-column tables and "Re X, V going forward".
// Used by corpora/compression-transcript.ts.
import type { FamilySpec, Phrase } from "./compression-transcript.ts";

const AREAS = [
  "payments",
  "ledger",
  "analytics",
  "gateway",
  "crawler",
  "mailer",
  "thumbnailer",
  "sync",
  "onboarding",
];
const PREFIXES = ["max", "mobile", "legacy", "partner"];
const PEOPLE = ["Nakamura", "Oyelaran", "Delacroix", "Brennan", "Moreau", "Chaudhry"];
const LOCALES = ["de-DE", "pt-BR", "ja-JP", "fr-CA", "en-GB"];

const SETTINGS: readonly {
  name: string;
  value: (n: (lo: number, hi: number) => number) => string;
}[] = [
  { name: "worker concurrency", value: (n) => `${n(2, 64)} workers` },
  { name: "poll interval", value: (n) => `${n(5, 600)} ms` },
  { name: "upload size", value: (n) => `${n(2, 512)} MiB` },
  { name: "retention window", value: (n) => `${n(3, 400)} days` },
  { name: "API version", value: (n) => `v${n(1, 9)}.${n(0, 20)}` },
  { name: "default locale", value: (n) => LOCALES[n(0, LOCALES.length)] ?? "de-DE" },
  { name: "error budget", value: (n) => `${n(1, 99)}.${n(1, 9)}%` },
  { name: "shard count", value: (n) => `${n(2, 128)} shards` },
  { name: "warmup period", value: (n) => `${n(10, 900)} s` },
  { name: "review owner", value: (n) => PEOPLE[n(0, PEOPLE.length)] ?? "Moreau" },
  { name: "queue depth limit", value: (n) => `${n(100, 90000)} messages` },
];

const FIRST: readonly Phrase[] = [
  (s, v) => `Right now the ${s} sits at ${v}.`,
  (s, v) => `For context, ${s} = ${v} on prod.`,
  (s, v) => `${s.charAt(0).toUpperCase()}${s.slice(1)} — ${v} (as of Monday).`,
  (s, v) => `Noting for later: the ${s} is ${v}.`,
  (s, v) =>
    `| name | current value | notes |\n| --- | --- | --- |\n| ${s} | ${v} | from the runbook |`,
];

const UPDATES: readonly Phrase[] = [
  (s, v, old) => `The ${s} changed from ${old} to ${v} this week.`,
  (s, v) => `Raised the ${s} to ${v}.`,
  (s, v) => `Ops decided the ${s} should now be ${v}.`,
  (s, v) => `Heads-up: new ${s} is ${v}.`,
  (s, v, old) => `${s} → ${v} (was ${old}).`,
  (s, v) => `Please treat ${v} as the ${s} from now on.`,
  (s, v) => `We've settled on ${v} for the ${s}.`,
  (s, v) => `Action items from standup:\n1. ${s}: ${v}\n2. rotate the staging keys`,
  (s, v, old) => `Turns out the ${s} is actually ${v}, not ${old}.`,
  (s, v) => `The ${s} got lowered to ${v} overnight.`,
  (s, v) => `Re the ${s}, ${v} going forward.`,
  (s, v) =>
    `| name | current value | notes |\n| --- | --- | --- |\n| ${s} | ${v} | changed in the last deploy |`,
];

const LOOK_ALIKE: readonly Phrase[] = [
  (s, v) => `Right now the ${s} sits at ${v}.`,
  (s, v) => `Raised the ${s} to ${v}.`,
  (s, v) => `We've settled on ${v} for the ${s}.`,
  (s, v) => `For context, ${s} = ${v} on prod.`,
];

export const LATER: FamilySpec = {
  facts(rnd, count) {
    const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
    const taken = new Set<string>();
    const out: ReturnType<FamilySpec["facts"]> = [];
    while (out.length < count) {
      const setting = SETTINGS[n(0, SETTINGS.length)];
      const area = AREAS[n(0, AREAS.length)] ?? "sync";
      if (setting === undefined) {
        continue;
      }
      const subject = `${area} ${setting.name}`;
      // One extra word in front, or another area: a look-alike one word away.
      const other = AREAS.filter((a) => a !== area)[n(0, AREAS.length - 1)] ?? "legacy";
      const lookAlike =
        rnd() < 0.5
          ? `${PREFIXES[n(0, PREFIXES.length)] ?? "max"} ${subject}`
          : `${other} ${setting.name}`;
      if (taken.has(subject) || taken.has(lookAlike)) {
        continue;
      }
      taken.add(subject);
      taken.add(lookAlike);
      out.push({ subject, lookAlike, value: () => setting.value(n) });
    }
    return out;
  },
  first: FIRST,
  updates: UPDATES,
  lookAlike: LOOK_ALIKE,
  mentions: [
    (s) => `Let's revisit the ${s} next sprint.`,
    (s, rnd) => `The ${s} graphs look noisy, ${2 + Math.floor(rnd() * 6)} spikes today.`,
    (s) => `Who owns the ${s} decision?`,
  ],
};
