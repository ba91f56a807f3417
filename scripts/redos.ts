// `node scripts/redos.ts` (a step of `npm run check`): every regular expression the
// product builds (workers/, durable-objects/, shared/, packages/, cli/) is checked by recheck's
// automaton checker (exact, with an attack string), and a pattern it cannot model
// (lookarounds, \b, backreferences) by scslre, the static analysis behind
// eslint-plugin-regexp's super-linear rules. Both are deterministic: recheck's
// fuzzer is not used, because its verdict changed with the machine's load. A pattern
// with super-linear worst-case time fails the check. scripts/redos-known.json lists known exceptions with the reason each is
// safe or owned; a listed entry that no longer has findings fails too.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { check, type Diagnostics } from "recheck";
import { analyse } from "scslre";
import { z } from "zod";
import { RegexSiteReader, type RegexSite } from "./lib/regex-sites.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const PRODUCT = /^(workers|durable-objects|shared|packages|cli)\/.*\.(ts|mts)$/;
const SKIPPED = /\.d\.ts$/;
/** The automaton checker only: exact where it applies, and the same on every run. */
const RECHECK_PARAMS = { checker: "automaton", timeout: 60_000 } as const;
/** Checks at once: the native checker runs them in one process. */
const CONCURRENCY = 2;
/**
 * The verdicts of earlier runs, committed: both checkers are deterministic, so a
 * pattern whose flags and source are unchanged keeps its verdict, and only new
 * patterns are checked (a cold run takes minutes). Rewritten by every run with the
 * patterns of that run only; a new recheck or scslre version, or new params, starts afresh.
 */
const VERDICTS = path.join(ROOT, "scripts", "redos-verdicts.json");
const VerdictFileSchema = z.object({
  checkers: z.string(),
  verdicts: z.record(z.string(), z.string()),
});

export const KnownRedosSchema = z.record(
  z.string().min(1),
  z.string().min(1, "say why the pattern is safe or who owns it"),
);

/** A finding: a site with a super-linear (or undecided, or unknown) pattern. */
export interface RedosFinding {
  site: RegexSite;
  verdict: string;
}

/** The known-list entry a finding falls under: `folder/`, `file`, or `file: <code>`. */
export function listedUnder(known: Record<string, string>, site: RegexSite): string | null {
  for (const key of Object.keys(known)) {
    const colon = key.indexOf(": ");
    if (colon > 0) {
      if (key.slice(0, colon) === site.file && key.slice(colon + 2) === site.code) {
        return key;
      }
    } else if (key.endsWith("/") ? site.file.startsWith(key) : site.file === key) {
      return key;
    }
  }
  return null;
}

/** One line for a verdict: `safe`, or what is wrong and the attack that shows it. */
export function describeVerdict(d: Diagnostics): string {
  if (d.status === "safe") {
    return "safe";
  }
  if (d.status === "unknown") {
    return `undecided (${d.error.kind}${"message" in d.error ? `: ${d.error.message}` : ""})`;
  }
  return `${d.complexity.summary}; attack ${d.attack.pattern}`;
}

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  const pkg: unknown = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8"));
  return z.object({ version: z.string() }).parse(pkg).version;
}

function checkersId(): string {
  return `recheck ${packageVersion("recheck")} ${JSON.stringify(RECHECK_PARAMS)}; scslre ${packageVersion("scslre")}`;
}

function loadVerdicts(checkers: string): Record<string, string> {
  try {
    const file = VerdictFileSchema.parse(JSON.parse(readFileSync(VERDICTS, "utf8")));
    return file.checkers === checkers ? file.verdicts : {};
  } catch {
    // No cache yet (or an unreadable one): every pattern is checked afresh.
    return {};
  }
}

/**
 * scslre's verdict on a pattern recheck's automaton cannot model: `safe`, or the kind
 * of super-linear backtracking it found (Move: a scan restarted at every position;
 * Self/Trade: nested or adjacent quantifiers that trade characters).
 */
export function staticVerdict(source: string, flags: string, d?: Diagnostics): string {
  let regex: RegExp;
  try {
    regex = new RegExp(source, flags);
  } catch (error) {
    return `undecided (${error instanceof Error ? error.message : String(error)})`;
  }
  const { reports } = analyse(regex, { reportTypes: { Move: true, Self: true, Trade: true } });
  if (reports.length === 0) {
    return "safe";
  }
  const why = d?.status === "unknown" ? ` (recheck: ${d.error.kind})` : "";
  return `super-linear backtracking (scslre: ${reports
    .map((r) => `${r.type}${r.exponential ? ", exponential" : ""}`)
    .join("; ")})${why}`;
}

async function verdicts(
  patterns: Array<{ source: string; flags: string }>,
): Promise<Map<string, string>> {
  const checkers = checkersId();
  const known = loadVerdicts(checkers);
  const kept: Record<string, string> = {};
  const out = new Map<string, string>();
  const todo = patterns.filter((p) => {
    const hit = known[`/${p.source}/${p.flags}`];
    if (hit !== undefined) {
      out.set(`${p.flags}\0${p.source}`, hit);
      kept[`/${p.source}/${p.flags}`] = hit;
    }
    return hit === undefined;
  });
  let next = 0;
  const worker = async () => {
    for (let p = todo[next++]; p !== undefined; p = todo[next++]) {
      const d = await check(p.source, p.flags, RECHECK_PARAMS);
      const verdict =
        d.status === "unknown" ? staticVerdict(p.source, p.flags, d) : describeVerdict(d);
      out.set(`${p.flags}\0${p.source}`, verdict);
      if (d.status !== "unknown" || !verdict.startsWith("undecided")) {
        kept[`/${p.source}/${p.flags}`] = verdict;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sorted = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(VERDICTS, `${JSON.stringify({ checkers, verdicts: sorted }, null, 2)}\n`);
  return out;
}

/** Every site of the product and its findings (sites whose pattern is not safe, or not known statically). */
export async function redosFindings(
  root: string,
): Promise<{ sites: RegexSite[]; findings: RedosFinding[] }> {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => PRODUCT.test(f) && !SKIPPED.test(f));
  const reader = new RegexSiteReader(root);
  const sites = files.flatMap((f) => reader.sites(f));
  const unique = new Map<string, { source: string; flags: string }>();
  for (const s of sites) {
    if (s.kind === "static") {
      unique.set(`${s.flags}\0${s.source}`, { source: s.source, flags: s.flags });
    }
  }
  const verdict = await verdicts([...unique.values()]);
  const findings: RedosFinding[] = [];
  for (const site of sites) {
    const v =
      site.kind === "dynamic"
        ? `built at run time (${site.why}): make it a constant, or escape the runtime part with escapeRegExp`
        : (verdict.get(`${site.flags}\0${site.source}`) ?? "not checked");
    if (v !== "safe") {
      findings.push({ site, verdict: v });
    }
  }
  return { sites, findings };
}

async function main(): Promise<void> {
  const started = performance.now();
  const known = KnownRedosSchema.parse(
    JSON.parse(readFileSync(path.join(ROOT, "scripts", "redos-known.json"), "utf8")),
  );
  const { sites, findings } = await redosFindings(ROOT);
  const used = new Set<string>();
  const failing: string[] = [];
  for (const f of findings) {
    const where = `${f.site.file}:${f.site.line} ${f.site.code.slice(0, 120)}`;
    const key = listedUnder(known, f.site);
    if (key === null) {
      failing.push(`${where}\n    ${f.verdict}`);
    } else {
      used.add(key);
      console.log(`redos: listed (${key}): ${where}\n    ${f.verdict}`);
    }
  }
  const stale = Object.keys(known).filter((k) => !used.has(k));
  const ms = Math.round(performance.now() - started);
  console.log(
    `redos: ${sites.length} regex sites, ${findings.length} not proven linear, ${findings.length - failing.length} of them listed (${ms} ms)`,
  );
  if (failing.length > 0 || stale.length > 0) {
    for (const f of failing) {
      console.error(`redos: super-linear or unchecked: ${f}`);
    }
    for (const k of stale) {
      console.error(
        `redos: scripts/redos-known.json lists "${k}", which has no finding any more: remove it`,
      );
    }
    process.exit(1);
  }
}

if (import.meta.main) {
  await main();
  // recheck's checker process is unref'd; nothing else keeps the loop alive.
  process.exit(0);
}
