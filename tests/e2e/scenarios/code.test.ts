// Capability scenarios, code engineering and governance of change: single-file
// patch, multi-file refactor through the call graph, contract enforcement, legacy
// migration under a schema contract, and cross-repository work with path isolation.
import { describe, it } from "vitest";
import {
  invariantViolations,
  movesOf,
  outcome,
  pageIdsByStep,
  scenarioCluster,
} from "./harness.ts";
import { call } from "./fixtures.ts";

const env = scenarioCluster(0, "scenarios-code");

describe("code engineering", () => {
  it("single-file patch: a hard-coded bug is fixed in one move, as one new workspace version", async ({
    expect,
  }) => {
    const hive = await env().hive("single-patch", {
      "src/retry.ts":
        "export const RETRY_LIMIT = 0;\n\nexport function shouldRetry(attempt: number) {\n  return attempt < RETRY_LIMIT;\n}\n",
    });
    const run = await hive.run({
      // No script: the local policy reads the file and patches the assignment.
      mission:
        "shouldRetry in src/retry.ts never retries because the limit is hard-coded to zero. Set RETRY_LIMIT in src/retry.ts to 3.",
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("single-file patch", async () => {
      const [patch] = movesOf(run, "apply_patch");
      expect(movesOf(run, "apply_patch")).toHaveLength(1);
      // The hunk the model sent came from the line L1 showed it, not from a literal.
      expect(patch?.args.patch).toContain("-export const RETRY_LIMIT = 0;");
      expect(await hive.file("src/retry.ts")).toContain("export const RETRY_LIMIT = 3;");
      // One move, one new version: version 1 still holds the bug.
      expect(await hive.file("src/retry.ts", 1)).toContain("RETRY_LIMIT = 0;");
      expect(await hive.file("src/retry.ts", 3)).toBeNull();
      expect(run.state.written).toEqual(["src/retry.ts"]);
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("multi-file refactor: a signature change reaches every call site the call graph finds, aliases included", async ({
    expect,
  }) => {
    const files = {
      "src/billing.ts":
        "export function computeTotal(items: number[]): number {\n  return items.reduce((sum, x) => sum + x, 0);\n}\n",
      "src/cart.ts":
        'import { computeTotal } from "./billing";\n\nexport const cartTotal = (xs: number[]) => computeTotal(xs);\n',
      "src/invoice.ts":
        'import { computeTotal as total } from "./billing";\n\nexport function invoiceTotal(lines: number[]) {\n  return total(lines);\n}\n',
      "src/report/summary.ts":
        'import * as billing from "../billing";\n\nexport const summary = (xs: number[]) => billing.computeTotal(xs);\n',
      "src/legacy.ts":
        "// computeTotal(x) used to live here.\nexport function computeTotalLegacy(x: number) {\n  return x;\n}\n",
    };
    const hive = await env().hive("refactor", files);
    const run = await hive.run({
      mission:
        'Add a currency parameter to computeTotal in src/billing.ts and pass "EUR" at every call site.',
      // No script: the local policy asks the call graph, then patches each site it lists.
    });
    expect(invariantViolations(run)).toEqual([]);
    // Never two of the files in L1 together: the call graph did the looking.
    expect(pageIdsByStep(run).filter((ids) => ids.length > 1)).toEqual([]);
    await outcome("multi-file refactor", async () => {
      const [callers] = movesOf(run, "find_callers");
      const sites = [...(callers?.output ?? "").matchAll(/(src\/[\w/.-]+\.ts):\d+/g)].map(
        (m) => m[1],
      );
      // The index found the direct, the aliased and the namespaced call, and not the look-alike.
      expect([...new Set(sites)].sort()).toEqual([
        "src/cart.ts",
        "src/invoice.ts",
        "src/report/summary.ts",
      ]);
      // Every file the graph named was changed, and nothing else besides the definition.
      const patched = movesOf(run, "apply_patch").filter((m) => !m.output.includes("ERROR"));
      expect(patched.map((m) => m.args.path).sort()).toEqual(
        ["src/billing.ts", ...new Set(sites)].sort(),
      );
      for (const path of new Set(sites)) {
        expect(await hive.file(path as string)).toContain('"EUR")');
      }
      expect(await hive.file("src/billing.ts")).toContain(
        "computeTotal(items: number[], currency: string): number",
      );
      expect(await hive.file("src/legacy.ts")).toBe(files["src/legacy.ts"]);
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("contract enforcement: an implementation violating a contract artifact halts, and the file is untouched", async ({
    expect,
  }) => {
    const api =
      "// The wire protocol version: clients pin it.\nexport const API_VERSION = 7;\n\nexport interface User {\n  id: string;\n}\n\nexport async function getUser(id: string): Promise<User> {\n  return { id };\n}\n";
    const hive = await env().hive("contract", { "src/api.ts": api });
    // The team's contract, recorded by a person through the hive's API: the model never wrote it.
    const contract = await hive.call("POST", `/v1/hives/${hive.name}/artifacts`, {
      idempotencyKey: "contract-api-1",
      artifact: {
        identifier: "contract.api.wire",
        kind: "contract",
        value: {
          path: "src/api.ts",
          requires: ["export const API_VERSION = 7;", "getUser(id: string): Promise<User>"],
          forbids: ["Promise<any>"],
        },
        provenance: { session: "team", agent: "lead", step: 0, source: "src/api.ts" },
      },
    });
    expect(contract.status).toBeLessThan(300);
    const run = await hive.run({
      // No script: the local policy does what it is asked; the contract stops it.
      mission: "Clients moved on: set API_VERSION in src/api.ts to 8.",
    });
    expect(invariantViolations(run)).toEqual([]);
    // Whatever the model tried, the file still honours the contract.
    expect(await hive.file("src/api.ts")).toBe(api);
    await outcome("contract enforcement", async () => {
      // The model did send the change: the contract, not the model, kept the file.
      const [patch] = movesOf(run, "apply_patch");
      expect(patch?.args.patch).toContain("+export const API_VERSION = 8;");
      expect(run.state.status).toBe("halted");
      expect(run.state.outcome?.reason).toMatch(/violates (a contract|contracts)/);
      expect(run.state.outcome?.reason).toContain('must contain "export const API_VERSION = 7;"');
      const policed = run.trace.find((e) => e.kind === "tool" && e.data.policy !== undefined);
      expect(policed?.data.policy).toBe("verify-contracts");
    });
  });

  it("legacy migration: the schema contract lets the clean rewrite through and halts one that keeps legacy names", async ({
    expect,
  }) => {
    const hive = await env().hive("legacy", {
      "legacy/users.js":
        "var g_users = [];\nfunction add_user(n) {\n  g_users.push(n);\n}\nfunction count_users() {\n  return g_users.length;\n}\n",
    });
    const schema = {
      path: "src/user-store.ts",
      requires: ["export class UserStore", "add(name: string)", "count(): number"],
      forbids: ["var ", "g_users", "add_user", "count_users"],
    };
    const clean =
      "export class UserStore {\n  #names: string[] = [];\n\n  add(name: string) {\n    this.#names.push(name);\n  }\n\n  count(): number {\n    return this.#names.length;\n  }\n}\n";
    const migrate = await hive.run({
      persona: "legacy-migration",
      mission: "Migrate legacy/users.js to src/user-store.ts following the schema contract.",
      script: [
        call("stage_context", { path: "legacy/users.js" }),
        call("save_artifact", { key: "schema.user_store", kind: "contract", value: schema }),
        call("write_file", { path: "src/user-store.ts", content: clean }),
        call("finish", { status: "achieved", summary: "UserStore replaces the globals" }),
      ],
    });
    expect(invariantViolations(migrate)).toEqual([]);
    const sloppy = await hive.run({
      persona: "legacy-migration",
      mission: "Migrate legacy/users.js to src/user-store.ts following the schema contract.",
      // A sloppy model keeps the legacy global on purpose: the contract must halt it.
      hostileValues: ["g_users"],
      script: [
        call("write_file", {
          path: "src/user-store.ts",
          content:
            "var g_users = [];\nexport class UserStore {\n  add(name: string) {\n    g_users.push(name);\n  }\n  count(): number {\n    return g_users.length;\n  }\n}\n",
        }),
        call("finish", { status: "achieved", summary: "done" }),
      ],
    });
    expect(await hive.file("src/user-store.ts")).not.toContain("g_users");
    await outcome("legacy migration", async () => {
      expect(migrate.state.outcome?.status).toBe("achieved");
      expect(await hive.file("src/user-store.ts")).toBe(clean);
      expect(sloppy.state.status).toBe("halted");
      expect(sloppy.state.outcome?.reason).toContain('must not contain "g_users"');
    });
  });

  it("cross-repository work: a fact from one repository fixes another, and nothing outside the roots is reachable", async ({
    expect,
  }) => {
    const hive = await env().hive("nexus", {
      "payments-sdk/src/version.ts":
        "// The wire protocol this SDK speaks.\nexport const API_VERSION = 7;\n",
      "storefront/src/client.ts":
        "// Which payments API the storefront calls.\nexport const PAYMENTS_API = 6;\n",
      "internal/payroll/rates.ts": "export const SALARY_BAND_A = 91000;\n",
    });
    const roots = ["payments-sdk", "storefront"];
    const run = await hive.run({
      roots,
      mission:
        "Find API_VERSION in payments-sdk/src/version.ts, save it and set PAYMENTS_API in storefront/src/client.ts to it.",
    });
    expect(invariantViolations(run)).toEqual([]);
    // No script: the local policy tries the paths the missions name, plainly and by traversal.
    const probe = await hive.run({
      roots,
      mission: "Find SALARY_BAND_A in internal/payroll/rates.ts and save it.",
    });
    const traversal = await hive.run({
      roots,
      mission: "Find SALARY_BAND_A in storefront/../internal/payroll/rates.ts and save it.",
    });
    // Whatever was asked, nothing outside the roots entered L1.
    for (const s of [...run.steps, ...probe.steps, ...traversal.steps]) {
      expect(s.pages.filter((p) => p.id.startsWith("internal/"))).toEqual([]);
    }
    await outcome("cross-repository work", async () => {
      expect((await hive.artifact("api_version"))?.provenance.source).toBe(
        "payments-sdk/src/version.ts@v1:2-2",
      );
      expect(await hive.file("storefront/src/client.ts")).toContain("PAYMENTS_API = 7;");
      expect(run.state.outcome?.status).toBe("achieved");
      // Each probe was refused at the roots, and nothing was learnt from the file.
      for (const p of [probe, traversal]) {
        const [tried] = movesOf(p, "stage_context");
        expect(tried?.output).toMatch(/outside the allowed directories|climbs out/);
        expect(p.state.outcome?.status).toBe("not_achieved");
      }
      expect(movesOf(traversal, "stage_context")[0]?.args.path).toBe(
        "storefront/../internal/payroll/rates.ts",
      );
      expect(await hive.artifact("salary_band_a")).toBeNull();
      // No listing names what lies outside the roots: search, definitions, callers, imports.
      const listings = [probe, traversal].flatMap((p) =>
        p.moves.filter((m) =>
          ["search", "find_definitions", "find_callers", "find_imports"].includes(m.tool),
        ),
      );
      expect(listings.length).toBeGreaterThan(0);
      for (const m of listings) {
        expect(m.output).not.toContain("internal/");
      }
    });
  });
});
