// How the generator's tools print a value: a config dump as JSON, YAML, CSV, an env
// file or a pipe table, a unified diff of a change, and log lines (heartbeats and
// the family's own update line). Pure functions of their inputs and the seeded
// random stream. Used by bench/compression-generator.ts.
import { stringify as yaml } from "yaml";

export type Rnd = () => number;

export const pick = <T>(items: readonly T[], rnd: Rnd): T => {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) {
    throw new Error("pick from an empty list");
  }
  return item;
};

/** `count` noise entries (key → value) of a config dump, in a seeded order. */
function noise(
  keys: Readonly<Record<string, string>>,
  count: number,
  rnd: Rnd,
): [string, string][] {
  return Object.entries(keys)
    .map((e) => ({ e, r: rnd() }))
    .sort((a, b) => a.r - b.r)
    .slice(0, count)
    .map((x) => x.e);
}

/** A value as JSON and YAML write it: a number when it reads as one. */
function typed(value: string): string | number {
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** A config dump holding `key` = `value` among noise keys, in one of the structured formats. */
export function configDump(
  format: "json" | "yaml" | "csv" | "env" | "table",
  key: string,
  value: string,
  noiseKeys: Readonly<Record<string, string>>,
  rnd: Rnd,
): string {
  const entries = noise(noiseKeys, 3 + Math.floor(rnd() * 4), rnd);
  entries.splice(Math.floor(rnd() * (entries.length + 1)), 0, [key, value]);
  switch (format) {
    case "json": {
      const nested = rnd() < 0.5;
      const body = Object.fromEntries(entries.map(([k, v]) => [k, typed(v)]));
      return JSON.stringify(nested ? { settings: body, fetched: "live" } : body, null, 2);
    }
    case "yaml":
      return yaml({ settings: Object.fromEntries(entries.map(([k, v]) => [k, typed(v)])) });
    case "csv":
      return [
        "key,value",
        ...entries.map(([k, v]) => `${k},${v.includes(",") ? `"${v}"` : v}`),
      ].join("\n");
    case "env":
      return entries
        .map(
          ([k, v]) => `${k.toUpperCase().replace(/[.-]/g, "_")}=${v.includes(" ") ? `"${v}"` : v}`,
        )
        .join("\n");
    case "table":
      return [
        "| setting | value |",
        "| --- | --- |",
        ...entries.map(([k, v]) => `| ${k} | ${v} |`),
      ].join("\n");
  }
}

/** A unified diff of a config file where `key` changes from `old` to `value`. */
export function configDiff(
  key: string,
  old: string,
  value: string,
  noiseKeys: Readonly<Record<string, string>>,
  rnd: Rnd,
): string {
  const [before, after] = noise(noiseKeys, 2, rnd);
  const yamlFile = rnd() < 0.5;
  const line = (k: string, v: string) => (yamlFile ? `  ${k}: ${v}` : `${k}=${v}`);
  const file = yamlFile ? "config/settings.yaml" : "config/settings.env";
  return [
    `diff --git a/${file} b/${file}`,
    `--- a/${file}`,
    `+++ b/${file}`,
    "@@ -3,4 +3,4 @@",
    ...(yamlFile ? [" settings:"] : []),
    ...(before ? [` ${line(before[0], before[1])}`] : []),
    `-${line(key, old)}`,
    `+${line(key, value)}`,
    ...(after ? [` ${line(after[0], after[1])}`] : []),
  ].join("\n");
}

/** An ISO timestamp at `minute` minutes past a fixed morning, for log lines. */
export function stamp(minute: number): string {
  const m = Math.max(0, Math.floor(minute));
  const day = 3 + Math.floor(m / 1440);
  const hh = String(Math.floor((m % 1440) / 60)).padStart(2, "0");
  const mm = String(m % 60).padStart(2, "0");
  return `2025-03-${String(day).padStart(2, "0")}T${hh}:${mm}:${String((m * 7) % 60).padStart(2, "0")}Z`;
}

/** `count` heartbeat lines from the family's templates, one a minute from `minute`. */
export function heartbeats(
  templates: readonly string[],
  minute: number,
  count: number,
  rnd: Rnd,
): string[] {
  return Array.from({ length: count }, (_, i) =>
    pick(templates, rnd)
      .replaceAll("{ts}", stamp(minute + i))
      .replaceAll("{seq}", String(1000 + Math.floor(minute * 3) + i)),
  );
}
