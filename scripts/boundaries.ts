// `node scripts/boundaries.ts` (a step of `npm run check`): tooling keeps to its
// side. bench/ and scripts/ never import tests/; bench/ never imports the CLI's
// internals (it uses the typed client, packages/client/); tests import bench/ only
// to test it (tests/bench/) and scripts/ only to test it (tests/scripts/). The
// local cluster all three boot lives in harness/, which imports none of them.
// Fixtures and stand-ins both sides share live in harness/.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;

/** One import that crosses a boundary: importer, imported file, and the rule it breaks. */
export interface BoundaryViolation {
  file: string;
  imports: string;
  rule: string;
}

function top(file: string): string {
  return file.split("/")[0] ?? "";
}

/** The rule an import breaks, or null when it is allowed. */
export function brokenRule(file: string, target: string): string | null {
  const from = top(file);
  const to = top(target);
  if ((from === "bench" || from === "scripts") && to === "tests") {
    return `${from}/ never imports tests/ (shared fixtures live in harness/)`;
  }
  if (from === "bench" && to === "cli") {
    return "bench/ never imports the CLI's internals (use the typed client, packages/client/)";
  }
  if (from === "scripts" && to === "bench") {
    return "scripts/ never imports bench/";
  }
  if (from === "tests" && to === "bench" && !file.startsWith("tests/bench/")) {
    return "only tests/bench/ (the tests of bench code) imports bench/";
  }
  if (from === "tests" && to === "scripts" && !file.startsWith("tests/scripts/")) {
    return "tests import scripts/ only to test them (tests/scripts/); the cluster harness is harness/";
  }
  if (from === "harness" && (to === "tests" || to === "bench" || to === "scripts")) {
    return "harness/ sits beneath tests/, bench/ and scripts/ and imports none of them";
  }
  return null;
}

/** Every boundary-crossing import among the repository's tracked TypeScript files. */
export function boundaryViolations(root: string): BoundaryViolation[] {
  const files = execFileSync("git", ["ls-files", "*.ts"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => /^(bench|harness|scripts|tests)\//.test(f));
  const found: BoundaryViolation[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const rule = brokenRule(file, target);
      if (rule !== null) {
        found.push({ file, imports: target, rule });
      }
    }
  }
  return found;
}

if (import.meta.main) {
  const found = boundaryViolations(process.cwd());
  for (const v of found) {
    console.error(`${v.file} imports ${v.imports}: ${v.rule}`);
  }
  if (found.length > 0) {
    process.exit(1);
  }
  console.log("boundaries: bench/, harness/, scripts/ and tests/ keep to their sides");
}
