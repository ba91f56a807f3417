// The "blind" phrasing family of bench:compression, written after the compressor
// was fixed against "unseen" and "later", and measured once, never tuned to:
// ML-platform subjects, look-alikes with a word inserted or swapped ("training
// warmup learning rate"), and updates as "I've updated X to V", "X is no longer
// A; it's V", a question answered in the same turn, bold keys, "A ⇒ V" and
// "X now V (previously A)". Used by corpora/compression-transcript.ts.
import type { FamilySpec, Phrase } from "./compression-transcript.ts";

const AREAS = ["training", "inference", "embedding", "ranking", "labeling", "distillation"];
const INSERTS = ["warmup", "fallback", "shadow", "regional"];
const OWNERS = ["Abernathy", "Kimura", "Osei", "Lindgren", "Quispe", "Haddad"];

const SETTINGS: readonly {
  name: string;
  value: (n: (lo: number, hi: number) => number) => string;
}[] = [
  { name: "learning rate", value: (n) => `${n(1, 9)}e-${n(3, 6)}` },
  { name: "GPU quota", value: (n) => `${n(2, 96)} GPUs` },
  { name: "checkpoint interval", value: (n) => `every ${n(2, 50) * 100} steps` },
  { name: "model owner", value: (n) => OWNERS[n(0, OWNERS.length)] ?? "Osei" },
  { name: "eval threshold", value: (n) => `0.${n(50, 99)} F1` },
  { name: "token limit", value: (n) => `${n(1, 64) * 512} tokens` },
  { name: "replica floor", value: (n) => `${n(1, 30)} pods` },
  { name: "snapshot bucket", value: (n) => `s3://ml-snap-${n(100, 999)}` },
  { name: "batch timeout", value: (n) => `${n(5, 300)} s` },
];

const FIRST: readonly Phrase[] = [
  (s, v) => `Kicking off with the ${s} at ${v}.`,
  (s, v) => `Baseline config has the ${s} set to ${v}.`,
  (s, v) => `FYI the ${s} is ${v} for now.`,
  (s, v) => `Reminder — ${s}: ${v}.`,
  (s, v) => `**${s}**: ${v}`,
];

const UPDATES: readonly Phrase[] = [
  (s, v) => `I've updated the ${s} to ${v}.`,
  (s, v, old) => `The ${s} is no longer ${old}; it's ${v}.`,
  (s, v) => `Can we make the ${s} ${v}? Yes, done and deployed.`,
  (s, v) => `New value for the ${s}: ${v}.`,
  (s, v, old) => `${s} bumped: ${old} ⇒ ${v}`,
  (s, v) => `Per the latest run, the ${s} should be ${v}.`,
  (s, v) => `Dropping the ${s} to ${v}.`,
  (s, v) => `Everyone, note the ${s} is ${v} starting today.`,
  (s, v, old) => `${s} now ${v} (previously ${old}).`,
  (s, v) => `We're going with ${v} for the ${s} after all.`,
  (s, v) => `**${s}**: ${v} (updated)`,
];

const LOOK_ALIKE: readonly Phrase[] = [
  (s, v) => `Baseline config has the ${s} set to ${v}.`,
  (s, v) => `I've updated the ${s} to ${v}.`,
  (s, v) => `**${s}**: ${v}`,
];

export const BLIND: FamilySpec = {
  facts(rnd, count) {
    const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
    const taken = new Set<string>();
    const out: ReturnType<FamilySpec["facts"]> = [];
    while (out.length < count) {
      const setting = SETTINGS[n(0, SETTINGS.length)];
      const area = AREAS[n(0, AREAS.length)] ?? "training";
      if (setting === undefined) {
        continue;
      }
      const subject = `${area} ${setting.name}`;
      // A word inserted between area and setting, or another area.
      const other = AREAS.filter((a) => a !== area)[n(0, AREAS.length - 1)] ?? "ranking";
      const lookAlike =
        rnd() < 0.5
          ? `${area} ${INSERTS[n(0, INSERTS.length)] ?? "warmup"} ${setting.name}`
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
    (s) => `Not touching the ${s} today.`,
    (s, rnd) => `The ${s} sweep finished with ${4 + Math.floor(rnd() * 20)} runs.`,
    (s) => `Should we lower the ${s}?`,
  ],
};
