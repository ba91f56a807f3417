// NAME = number facts as the stand-in reads them off a page, and the one-line patch
// that writes a computed value back into the file it came from ("set NAME in f").
// Used by agent-policy.ts and the mission rules (moves/).
import { escapeRegExp } from "../../../shared/base/regexp.ts";
import type { Fact, VisiblePage } from "./visible-state.ts";
import { contentStems } from "./words.ts";

/** Facts saved from one staged page: the ones the mission names, else the first few. */
export const MAX_FACTS_PER_PAGE = 3;
const FACT = /\b([A-Za-z_][A-Za-z0-9_]*)["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)(?![\w.])/g;

/** Numeric facts on a staged page: those the mission names first, a few at most. */
export function factsOn(page: string, source: string, mission: string): Fact[] {
  const wanted = new Set(contentStems(mission));
  // A slice `path:a-b` (a symbol's lines) cites lines of its file: line 1 of the page is line a.
  const range = /:(\d+)-\d+$/.exec(source);
  const file = range ? source.slice(0, range.index) : source;
  const first = range ? Number(range[1]) : 1;
  const all = [...page.matchAll(FACT)].map((m) => ({
    name: m[1] ?? "",
    fact: {
      key: (m[1] ?? "").toLowerCase(),
      value: Number(m[2]),
      evidence: `${file}:${first - 1 + page.slice(0, m.index).split("\n").length}`,
    },
  }));
  const named = all.filter((f) => contentStems(f.name).some((s) => wanted.has(s)));
  const unique = new Map((named.length > 0 ? named : all).map((f) => [f.fact.key, f.fact]));
  return [...unique.values()].slice(0, MAX_FACTS_PER_PAGE);
}
/** "set NAME in path/to/file.ts to ..." : where a computed result goes. */
export const SET_TARGET =
  /\bset\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+((?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})\b/i;
/** A one-hunk unified diff that sets `name = value` on the line that assigns it. */
export function assignmentPatch(page: VisiblePage, name: string, value: string): string | null {
  const lines = page.content.split("\n");
  const pattern = new RegExp(`\\b${escapeRegExp(name)}\\b(\\s*[:=]\\s*)(-?\\d+(?:\\.\\d+)?)`);
  const index = lines.findIndex((l) => pattern.test(l));
  const line = lines[index];
  if (line === undefined) {
    return null;
  }
  const updated = line.replace(pattern, (_m, sep: string) => `${name}${sep}${value}`);
  if (updated === line) {
    return null;
  }
  const path = page.id.replace(/:\d+-\d+$/, "");
  // A slice `path:a-b` (a symbol's lines) starts at line a of its file.
  const n = index + Number(/:(\d+)-\d+$/.exec(page.id)?.[1] ?? 1);
  return `--- a/${path}\n+++ b/${path}\n@@ -${n},1 +${n},1 @@\n-${line}\n+${updated}\n`;
}
