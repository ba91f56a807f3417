// Five missions written from scratch on small Python and TypeScript repositories,
// as a new user would write them, run on the local stand-in with no script: those
// it can do end with the right answer; those beyond it end not achieved (or partly)
// with a reason that names LETHE_MODEL_BASE_URL, never as achieved.
import { describe, it } from "vitest";
import {
  invariantViolations,
  movesOf,
  OFFLINE,
  scenarioCluster,
  type MissionRun,
} from "./harness.ts";
import { STAND_IN_REFUSAL } from "../../../workers/model/policy/moves/refusal.ts";

const env = scenarioCluster(0, "scenarios-own-missions");

/** A small Python inventory package. */
const INVENTORY: Record<string, string> = {
  "inventory/__init__.py": '"""Stock keeping for the warehouse."""\n',
  "inventory/stock.py":
    "# Stock thresholds.\nREORDER_LEVEL = 12\nSAFETY_MARGIN = 3\n\n\ndef needs_reorder(count):\n    return count <= REORDER_LEVEL + SAFETY_MARGIN\n",
  "inventory/supplier.py":
    "# How long the supplier takes.\nLEAD_DAYS = 5\n\n\ndef eta(day):\n    return day + LEAD_DAYS\n",
};

/** A small TypeScript service. */
const SERVICE: Record<string, string> = {
  "src/limits/users.ts":
    "// Seat limits per workspace.\nexport const MAX_USERS = 250;\nexport const MIN_USERS = 50;\n",
  "src/api/users.ts":
    'import { MAX_USERS } from "../limits/users";\n\nexport async function fetchUser(id: string) {\n  return { id, seats: MAX_USERS };\n}\n',
  "src/api/teams.ts":
    'import { fetchUser } from "./users";\n\nexport async function teamOwner(ownerId: string) {\n  return fetchUser(ownerId);\n}\n',
};

/** A small Python HTTP helper. */
const HTTP: Record<string, string> = {
  "http/headers.py":
    'def parse_header(line):\n    """Split a header line into a name and a value."""\n    if not line:\n        return None\n    name, _, value = line.partition(":")\n    return name.strip().lower(), value.strip()\n',
  "tools/cleanup.py":
    "import os\n\n\ndef stale(paths, days):\n    return [p for p in paths if os.path.getmtime(p) < days]\n\n\ndef remove(paths):\n    for p in paths:\n        os.remove(p)\n",
};

/**
 * A mission beyond the stand-in ends in the stand-in's own refusal, saying why: not
 * achieved, its summary the refusal (a stand-in that does nothing has none), and the
 * reason naming LETHE_MODEL_BASE_URL, which the server adds only to such a refusal.
 */
function beyond(run: MissionRun, why: string, expect: ExpectFn) {
  expect(run.state.outcome?.status).toBe("not_achieved");
  expect(run.state.outcome?.summary).toMatch(new RegExp(`^${STAND_IN_REFUSAL} ${why}`));
  expect(run.state.outcome?.reason).toContain("LETHE_MODEL_BASE_URL");
  expect(run.moves.at(-1)?.tool).toBe("finish");
}
type ExpectFn = (v: unknown) => {
  toBe(x: unknown): void;
  toMatch(r: RegExp): void;
  toContain(s: string): void;
};

describe.runIf(OFFLINE)("missions of a new user's making, on the stand-in", () => {
  it("the product of two Python constants in different modules is computed", async ({ expect }) => {
    const hive = await env().hive("own-product", INVENTORY);
    const run = await hive.run({
      mission:
        "What is the product of REORDER_LEVEL and LEAD_DAYS in this inventory package? Give me the number.",
    });
    expect(invariantViolations(run)).toEqual([]);
    expect(run.state.outcome?.status).toBe("achieved");
    expect(run.state.outcome?.summary).toContain("60");
  });

  it("how many more of one TypeScript limit than another is a difference", async ({ expect }) => {
    const hive = await env().hive("own-difference", SERVICE);
    const run = await hive.run({
      mission: "How many more users does MAX_USERS allow than MIN_USERS in src/limits/users.ts?",
    });

    expect(invariantViolations(run)).toEqual([]);
    expect(run.state.outcome?.status).toBe("achieved");
    expect(run.state.outcome?.summary).toContain("200");
    expect(run.state.outcome?.summary).not.toContain("-200");
  });

  it("a rename across files is beyond the stand-in: not achieved, and no file changes", async ({
    expect,
  }) => {
    const hive = await env().hive("own-rename", SERVICE);
    const run = await hive.run({
      mission: "Rename the function fetchUser to loadUser everywhere in this repository.",
    });
    expect(invariantViolations(run)).toEqual([]);
    beyond(run, "it asks for a change", expect);
    expect(await hive.file("src/api/teams.ts")).toContain("fetchUser(ownerId)");
  });

  it("a question about a function's behaviour is beyond the stand-in: not achieved", async ({
    expect,
  }) => {
    const hive = await env().hive("own-behaviour", HTTP);
    const run = await hive.run({
      mission: "What does parse_header in http/headers.py return when it is given an empty line?",
    });
    expect(invariantViolations(run)).toEqual([]);
    beyond(run, "it asks what code does", expect);
  });

  it("writing docstrings is beyond the stand-in: not achieved, and the file is untouched", async ({
    expect,
  }) => {
    const hive = await env().hive("own-docstrings", HTTP);
    const run = await hive.run({
      mission: "Add a one-line docstring to every function in tools/cleanup.py.",
    });
    expect(invariantViolations(run)).toEqual([]);
    beyond(run, "it asks for a change", expect);
    expect(await hive.file("tools/cleanup.py")).toBe(HTTP["tools/cleanup.py"]);
  });

  it("which files call a function is answered from the call graph", async ({ expect }) => {
    const hive = await env().hive("own-callers", SERVICE);
    // The local router reads "function" as the code domain (its keywords have "calls", not "call").
    const run = await hive.run({ mission: "Which files call the function fetchUser?" });
    expect(invariantViolations(run)).toEqual([]);
    expect(run.moves.map((m) => m.tool)).toEqual(["find_callers", "finish"]);
    expect(run.state.outcome?.status).toBe("achieved");
    expect(run.state.outcome?.summary).toBe("1 file(s) call fetchUser: src/api/teams.ts");
  });

  it("which files import a module is answered from the import graph", async ({ expect }) => {
    const hive = await env().hive("own-importers", SERVICE);
    const run = await hive.run({ mission: "Which files import src/limits/users.ts?" });
    expect(invariantViolations(run)).toEqual([]);
    const [asked] = run.moves;
    expect(asked).toMatchObject({ tool: "find_imports", args: { direction: "importers" } });
    expect(run.state.outcome?.summary).toBe(
      "1 file(s) import src/limits/users.ts: src/api/users.ts",
    );
  });

  it("a value in a file too large for L1 is staged as a digest, then read through its own lines", async ({
    expect,
  }) => {
    const filler = Array.from(
      { length: 300 },
      (_, i) => `export function helper${i}(x: number) {\n  return x + ${i};\n}\n`,
    ).join("");
    const hive = await env().hive("own-large", {
      "src/big.ts": `${filler}export const PAGE_SIZE = 50;\n${filler}`,
    });
    const run = await hive.run({
      mission: "Find PAGE_SIZE in src/big.ts and save it.",
      l1Tokens: 1024,
    });
    expect(invariantViolations(run)).toEqual([]);
    const [whole, symbol] = movesOf(run, "stage_context");
    expect(whole?.output).toMatch(/\[DIGEST\] src\/big\.ts has \d+ tokens, L1 holds 1024/);
    expect(symbol?.args).toEqual({ symbol: "PAGE_SIZE", path: "src/big.ts" });
    const saved = await hive.artifact("page_size");
    expect(saved?.value).toBe(50);
    expect(saved?.provenance.source).toBe("src/big.ts@v1:901-901");
    expect(run.state.outcome?.status).toBe("achieved");
  });

  it("the average of two limits is worded the way people ask for it", async ({ expect }) => {
    const hive = await env().hive("own-average", SERVICE);
    const run = await hive.run({
      mission: "What is the average of MAX_USERS and MIN_USERS in src/limits/users.ts?",
    });
    expect(invariantViolations(run)).toEqual([]);
    expect(movesOf(run, "calculate")[0]?.output.split("\n")[0]).toMatch(/= 150$/);
    expect(run.state.outcome?.status).toBe("achieved");
    expect(run.state.outcome?.summary).toContain("150");
  });

  it("who ends up calling a function is the same question as which files call it", async ({
    expect,
  }) => {
    const hive = await env().hive("own-who-calls", SERVICE);
    const run = await hive.run({ mission: "Who ends up calling fetchUser?" });
    expect(invariantViolations(run)).toEqual([]);
    expect(run.moves.map((m) => m.tool)).toEqual(["find_callers", "finish"]);
    expect(run.state.outcome?.status).toBe("achieved");
    expect(run.state.outcome?.summary).toBe("1 file(s) call fetchUser: src/api/teams.ts");
  });

  it("a product of two found values, worded anew, ends with the value or not achieved", async ({
    expect,
  }) => {
    const hive = await env().hive("own-product-worded", INVENTORY);
    const run = await hive.run({
      mission: "What do you get when REORDER_LEVEL is multiplied by LEAD_DAYS?",
    });
    expect(invariantViolations(run)).toEqual([]);
    expect(run.state.status).toBe("finished");
    const outcome = run.state.outcome;
    expect(["achieved", "not_achieved"]).toContain(outcome?.status);
    if (outcome?.status === "achieved") {
      expect(outcome.summary).toContain("60");
    } else {
      expect(outcome?.summary).toMatch(new RegExp(`^${STAND_IN_REFUSAL}`));
    }
  });
});
