// Capability scenarios, semantic intelligence and retrieval: cross-file retrieval
// under strict amnesia, dynamic logic discovery, misleading names, state
// snapshotting, cognitive load and extreme efficiency. Each runs a mission on the
// cluster and asserts what Lethe did: L1 at every step, the artifacts, the files.
import { describe, it } from "vitest";
import {
  invariantViolations,
  movesOf,
  outcome,
  pageIdsByStep,
  scenarioCluster,
} from "./harness.ts";
import { TOOL_CATALOGUE } from "../../../shared/tools/catalogue.ts";
import { SUM_MISSION, TWO_FILES, call } from "./fixtures.ts";

const env = scenarioCluster(0, "scenarios-retrieval");

describe("semantic intelligence and retrieval", () => {
  it("cross-file retrieval under strict amnesia: the two files are never in L1 together", async ({
    expect,
  }) => {
    const hive = await env().hive("cross-file", TWO_FILES);
    const run = await hive.run({ mission: SUM_MISSION, l1Tokens: 512 });
    expect(invariantViolations(run)).toEqual([]);
    // Never the two files in L1 at the same step, whatever the model does.
    const ids = pageIdsByStep(run);
    expect(ids.filter((p) => p.includes("src/config.ts") && p.includes("src/retry.ts"))).toEqual(
      [],
    );
    await outcome("cross-file retrieval", async () => {
      // Both were read, at different steps.
      expect(ids.some((p) => p.includes("src/config.ts"))).toBe(true);
      expect(ids.some((p) => p.includes("src/retry.ts"))).toBe(true);
      expect(run.state.outcome?.status).toBe("achieved");
      expect((await hive.artifact("timeout"))?.value).toBe(30);
      expect((await hive.artifact("retries"))?.value).toBe(4);
      // The sum came out of calculate over the two artifacts, not out of a literal.
      const [sum] = movesOf(run, "calculate");
      expect(Object.values((sum?.args.values ?? {}) as Record<string, string>).sort()).toEqual([
        "retries",
        "timeout",
      ]);
      expect(sum?.output.split("\n")[0]).toMatch(/= 34$/);
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
    });
  });

  it("dynamic logic discovery: a rule found in one file is applied to data in another", async ({
    expect,
  }) => {
    const hive = await env().hive("dynamic-logic", {
      "docs/pricing.md":
        "# Pricing\n\nShipping is charged per order.\n\nfee = weight * rate + base\n",
      "src/order.ts": "export const WEIGHT = 12;\nexport const RATE = 3;\nexport const BASE = 5;\n",
    });
    const run = await hive.run({
      // No script: the local policy saves the formula it reads as a rule, then applies it.
      mission:
        "Discover the shipping fee rule in docs/pricing.md, then calculate the fee of the order in src/order.ts with it.",
    });
    expect(invariantViolations(run)).toEqual([]);
    // The rule file and the data file never shared L1: the rule travelled as an artifact.
    expect(
      pageIdsByStep(run).filter((p) => p.includes("docs/pricing.md") && p.includes("src/order.ts")),
    ).toEqual([]);
    await outcome("dynamic logic discovery", async () => {
      // The rule was saved from the line that states it, as a decision, not made up.
      const rule = await hive.artifact("rule.fee");
      expect(rule?.kind).toBe("decision");
      expect(rule?.value).toBe("weight * rate + base");
      expect(rule?.provenance.source).toBe("docs/pricing.md@v1:5-5");
      expect((await hive.artifact("weight"))?.provenance.source).toBe("src/order.ts@v1:1-1");
      const [applied] = movesOf(run, "calculate");
      expect(applied?.args.expression).toBe("rule:rule.fee");
      // 12 * 3 + 5: the expression came from the rule artifact, the values from the data artifacts.
      expect(applied?.output).toContain("weight * rate + base = 12 * 3 + 5 = 41");
      expect(applied?.output).toContain("rule rule.fee@1");
      expect(run.state.outcome?.status).toBe("achieved");
      expect(run.state.outcome?.summary).toContain("41");
    });
  });

  it("misleading names: the value the code uses is found through the structure, and the look-alike is refused", async ({
    expect,
  }) => {
    const hive = await env().hive("misleading", {
      "src/net/settings.ts":
        "// TIMEOUT is unused since v2; kept for old plugins.\nexport const TIMEOUT = 999;\nexport const x7 = 30;\n",
      "src/net/client.ts":
        'import { x7 } from "./settings";\n\nexport function connect(url: string) {\n  return openSocket(url, { timeoutSeconds: x7 });\n}\n\nfunction openSocket(url: string, options: { timeoutSeconds: number }) {\n  return { url, options };\n}\n',
    });
    const run = await hive.run({
      mission: "Which timeout, in seconds, does connect() really use? Save it as connect.timeout.",
      script: [
        call("stage_context", { symbol: "connect" }),
        call("find_definitions", { symbol: "x7" }),
        call("stage_context", { path: "src/net/settings.ts" }),
        // The look-alike by name: its line does not hold the value claimed for it.
        call("save_artifact", {
          key: "connect.timeout",
          value: 30,
          evidence: ["src/net/settings.ts:2"],
        }),
        call("save_artifact", {
          key: "connect.timeout",
          value: 30,
          evidence: ["src/net/settings.ts:3"],
        }),
        call("finish", { status: "achieved", summary: "connect() uses x7 = 30 seconds" }),
      ],
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("misleading names", async () => {
      const [connect] = run.steps;
      // L1 held connect's own source: the call passes x7 as the timeout.
      expect(connect?.pages.map((p) => p.content).join("\n")).toContain("timeoutSeconds: x7");
      const [definition] = movesOf(run, "find_definitions");
      expect(definition?.output).toContain("src/net/settings.ts:3");
      // The look-alike's save was refused, and the auto-fix loop retried from the checkpoint before it.
      const lesson = run.turns.find((t) => t.content.startsWith("[AUTO-FIX RECOVERY]"));
      expect(lesson?.content).toContain("EVIDENCE_MISMATCH");
      expect(run.trace.map((e) => e.kind)).toEqual(
        expect.arrayContaining(["autofix/attempt", "autofix/recover"]),
      );
      const [save] = movesOf(run, "save_artifact");
      expect(save?.output).toMatch(/^saved connect\.timeout@1/);
      const saved = await hive.artifact("connect.timeout");
      expect(saved?.value).toBe(30);
      expect(saved?.provenance.source).toBe("src/net/settings.ts@v1:3-3");
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("state snapshotting: a past bug is explained from the code as it was, after the fix", async ({
    expect,
  }) => {
    const hive = await env().hive("snapshot", {
      "src/limits.ts": "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 0;\n",
    });
    // The fix lands (workspace version 2) before the agent is asked about the bug.
    await hive.write({
      "src/limits.ts": "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 34;\n",
    });
    const run = await hive.run({
      // No script: the local policy reads the file now, then the version before it.
      mission:
        "Before the last change to src/limits.ts, retries never waited. Explain why from the code as it was, and save the cause.",
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("state snapshotting", async () => {
      // A step's L1 held the file as it was: the buggy line, not today's.
      const past = run.steps.find((st) => st.pages.some((p) => p.id === "src/limits.ts@v1"));
      expect(past?.pages.find((p) => p.id === "src/limits.ts@v1")?.content).toContain(
        "MAX_WAIT = 0;",
      );
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
      const cause = await hive.artifact("max_wait.v1");
      expect(cause?.value).toBe(0);
      expect(cause?.provenance.source).toBe("src/limits.ts@v1:2-2");
      expect((await hive.artifact("max_wait"))?.provenance.source).toBe("src/limits.ts@v2:2-2");
      expect(run.state.outcome?.status).toBe("achieved");
      expect(run.state.outcome?.summary).toContain("max_wait.v1 = 0");
    });
  });

  it("cognitive load: among forty noise files only the relevant one ever enters L1", async ({
    expect,
  }) => {
    const noise: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      noise[`src/widgets/widget${i}.ts`] =
        `// Widget ${i}: renders a panel.\nexport const WIDTH_${i} = ${100 + i};\nexport function render${i}() {\n  return "panel ${i}";\n}\n`;
    }
    const hive = await env().hive("cognitive-load", {
      ...noise,
      "src/config.ts": "// Network settings.\nexport const TIMEOUT = 30;\n",
    });
    const run = await hive.run({
      mission: "Find TIMEOUT in src/config.ts and save it.",
      l1Tokens: 512,
    });
    expect(invariantViolations(run)).toEqual([]);
    // No widget ever entered L1, and each step was offered a routed subset of the tools.
    const staged = new Set(run.steps.flatMap((s) => s.pages.map((p) => p.id)));
    expect([...staged].filter((id) => id.startsWith("src/widgets/"))).toEqual([]);
    const offered = run.trace.filter((e) => e.kind === "tool");
    expect(offered.length).toBeGreaterThan(0);
    // The router withheld tools: at every step some tool outside the protocol's own
    // domains (context, artifacts, control) was not offered. Without routing, all are.
    const routable = TOOL_CATALOGUE.filter(
      (t) => !["context", "artifacts", "control"].includes(t.domain),
    ).map((t) => t.name);
    for (const e of run.trace.filter((e) => e.kind === "tool")) {
      const tools = e.data.tools as string[];
      expect(routable.filter((t) => !tools.includes(t)).length, `step ${e.step}`).toBeGreaterThan(
        0,
      );
    }
    await outcome("cognitive load", async () => {
      expect([...staged]).toContain("src/config.ts");
      expect((await hive.artifact("timeout"))?.value).toBe(30);
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("extreme efficiency: the whole two-file mission runs with L1 under 512 tokens", async ({
    expect,
  }) => {
    const hive = await env().hive("efficiency", TWO_FILES);
    const run = await hive.run({ mission: SUM_MISSION, l1Tokens: 256 });
    expect(invariantViolations(run)).toEqual([]);
    expect(Math.max(...run.steps.map((s) => s.used))).toBeLessThan(512);
    expect(run.steps.every((s) => s.capacity === 256)).toBe(true);
    await outcome("extreme efficiency", async () => {
      expect(run.state.outcome?.status).toBe("achieved");
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
    });
  });
});
