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

function patchOf(path: string, line: number, before: string, after: string): string {
  return `--- a/${path}\n+++ b/${path}\n@@ -${line},1 +${line},1 @@\n-${before}\n+${after}\n`;
}

describe("code engineering", () => {
  it("single-file patch: a hard-coded bug is fixed in one move, as one new workspace version", async ({
    expect,
  }) => {
    const hive = await env().hive("single-patch", {
      "src/retry.ts":
        "export const RETRY_LIMIT = 3;\n\nexport function shouldRetry(attempt: number) {\n  return attempt <= 0; // bug: never retries\n}\n",
    });
    const run = await hive.run({
      mission: "shouldRetry in src/retry.ts never retries. Fix it so it retries up to RETRY_LIMIT.",
      script: [
        call("stage_context", { symbol: "shouldRetry" }),
        call("apply_patch", {
          path: "src/retry.ts",
          patch: patchOf(
            "src/retry.ts",
            4,
            "  return attempt <= 0; // bug: never retries",
            "  return attempt < RETRY_LIMIT;",
          ),
        }),
        call("finish", { status: "achieved", summary: "shouldRetry compares with RETRY_LIMIT" }),
      ],
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("single-file patch", async () => {
      expect(movesOf(run, "apply_patch")).toHaveLength(1);
      expect(await hive.file("src/retry.ts")).toContain("return attempt < RETRY_LIMIT;");
      // One move, one new version: version 1 still holds the bug.
      expect(await hive.file("src/retry.ts", 1)).toContain("attempt <= 0");
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
      script: [
        call("find_callers", { symbol: "computeTotal" }),
        call("apply_patch", {
          path: "src/billing.ts",
          patch: patchOf(
            "src/billing.ts",
            1,
            "export function computeTotal(items: number[]): number {",
            "export function computeTotal(items: number[], currency: string): number {",
          ),
        }),
        call("apply_patch", {
          path: "src/cart.ts",
          patch: patchOf(
            "src/cart.ts",
            3,
            "export const cartTotal = (xs: number[]) => computeTotal(xs);",
            'export const cartTotal = (xs: number[]) => computeTotal(xs, "EUR");',
          ),
        }),
        call("apply_patch", {
          path: "src/invoice.ts",
          patch: patchOf(
            "src/invoice.ts",
            4,
            "  return total(lines);",
            '  return total(lines, "EUR");',
          ),
        }),
        call("apply_patch", {
          path: "src/report/summary.ts",
          patch: patchOf(
            "src/report/summary.ts",
            3,
            "export const summary = (xs: number[]) => billing.computeTotal(xs);",
            'export const summary = (xs: number[]) => billing.computeTotal(xs, "EUR");',
          ),
        }),
        call("finish", { status: "achieved", summary: "computeTotal takes a currency everywhere" }),
      ],
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
      expect(await hive.file("src/legacy.ts")).toBe(files["src/legacy.ts"]);
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("contract enforcement: an implementation violating a contract artifact halts, and the file is untouched", async ({
    expect,
  }) => {
    const api =
      "export interface User {\n  id: string;\n}\n\nexport async function getUser(id: string): Promise<User> {\n  return { id };\n}\n";
    const hive = await env().hive("contract", { "src/api.ts": api });
    const run = await hive.run({
      mission: "Loosen getUser in src/api.ts so it can return anything.",
      script: [
        call("save_artifact", {
          key: "contract.api.get_user",
          kind: "contract",
          value: {
            path: "src/api.ts",
            requires: ["getUser(id: string): Promise<User>"],
            forbids: ["Promise<any>"],
          },
        }),
        call("stage_context", { path: "src/api.ts" }),
        call("apply_patch", {
          path: "src/api.ts",
          patch: patchOf(
            "src/api.ts",
            5,
            "export async function getUser(id: string): Promise<User> {",
            "export async function getUser(id: string): Promise<any> {",
          ),
        }),
        call("finish", { status: "achieved", summary: "loosened" }),
      ],
    });
    expect(invariantViolations(run)).toEqual([]);
    // Whatever the model tried, the file still honours the contract.
    expect(await hive.file("src/api.ts")).toContain("Promise<User>");
    await outcome("contract enforcement", async () => {
      expect(run.state.status).toBe("halted");
      expect(run.state.outcome?.reason).toMatch(/violates (a contract|contracts)/);
      expect(run.state.outcome?.reason).toContain('must not contain "Promise<any>"');
      const policed = run.trace.find((e) => e.kind === "tool" && e.data.policy !== undefined);
      expect(policed?.data.policy).toBe("verify-contracts");
      expect(await hive.file("src/api.ts")).toBe(api);
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
    const probe = await hive.run({
      roots,
      mission: "Read internal/payroll/rates.ts.",
      script: [
        call("stage_context", { path: "internal/payroll/rates.ts" }),
        call("stage_context", { path: "storefront/../internal/payroll/rates.ts" }),
        call("finish", { status: "not_achieved", summary: "outside my roots" }),
      ],
    });
    // Whatever was asked, nothing outside the roots entered L1.
    for (const s of [...run.steps, ...probe.steps]) {
      expect(s.pages.filter((p) => p.id.startsWith("internal/"))).toEqual([]);
    }
    await outcome("cross-repository work", async () => {
      expect((await hive.artifact("api_version"))?.provenance.source).toBe(
        "payments-sdk/src/version.ts@v1:2-2",
      );
      expect(await hive.file("storefront/src/client.ts")).toContain("PAYMENTS_API = 7;");
      expect(run.state.outcome?.status).toBe("achieved");
      const refusals = probe.turns.filter(
        (t) => t.role === "tool" && /roots|outside/i.test(t.content),
      );
      expect(refusals).toHaveLength(2);
    });
  });
});
