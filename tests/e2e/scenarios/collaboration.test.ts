// Capability scenarios, shared state and repeatability: hive-mind sync between two
// agents, self-correction on new evidence, failure isolation of a speculative
// change, and determinism (the same mission twenty times, the same trace).
import { createHash } from "node:crypto";
import { describe, it } from "vitest";
import { subscribe } from "../helpers.ts";
import {
  invariantViolations,
  movesOf,
  OFFLINE,
  outcome,
  scenarioCluster,
  type MissionRun,
} from "./harness.ts";
import { SUM_MISSION, TWO_FILES, call } from "./fixtures.ts";

const env = scenarioCluster(0, "scenarios-collaboration");

describe("shared state and repeatability", () => {
  it("hive-mind sync: agent B uses agent A's artifact, delivered live, without reading A's file", async ({
    expect,
  }) => {
    const hive = await env().hive("hive-mind", TWO_FILES);
    const watcher = subscribe(env().cluster, "hive", hive.name, { key: hive.key });
    watcher.socket.send(JSON.stringify({ type: "hive.subscribe", since: 0 }));
    const a = await hive.run({
      agent: "agent-a",
      mission: "Find TIMEOUT in src/config.ts and save it.",
    });
    // A's artifact reached a subscriber over the socket as it was committed.
    const frames = [];
    for (let i = 0; i < 10; i++) {
      const frame = await watcher.next(5_000).catch(() => null);
      if (frame === null) {
        break;
      }
      frames.push(frame);
      if (JSON.stringify(frame).includes('"timeout"')) {
        break;
      }
    }
    watcher.close();
    expect(JSON.stringify(frames)).toContain('"timeout"');
    const b = await hive.run({
      agent: "agent-b",
      mission:
        "Find RETRIES in src/retry.ts, save it, compute the sum of timeout and retries and set MAX_WAIT in src/limits.ts to it.",
    });
    expect(invariantViolations(a)).toEqual([]);
    expect(invariantViolations(b)).toEqual([]);
    // B never had src/config.ts in L1.
    expect(b.steps.flatMap((s) => s.pages.map((p) => p.id))).not.toContain("src/config.ts");
    // B's prompts list A's artifact in their artifacts section: the hive is synced
    // before B's first model call (step 0's checkpoint predates that sync, so the
    // envelope rebuilt after step 1 is read: it carries the meta B's first call got).
    const first = await hive.call("GET", `/v1/sessions/${b.id}/envelope?step=1`);
    const artifactsSection = (first.body.messages as Array<{ content: unknown }>)
      .map((m) => (typeof m.content === "string" ? m.content : ""))
      .find((t) => t.startsWith("[RELEVANT ARTIFACTS]"));
    await outcome("hive-mind sync", async () => {
      expect((await hive.artifact("timeout"))?.provenance.agent).toBe("agent-a");
      expect(artifactsSection).toMatch(/^timeout = 30 \(/m);
      const [sum] = movesOf(b, "calculate");
      expect(sum?.output).toContain("timeout@1");
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
    });
  });

  it("self-correction: new evidence replaces a saved fact as a new version, and the prompt shows the new value", async ({
    expect,
  }) => {
    const hive = await env().hive("self-correction", {
      "src/config.ts": "// Defaults.\nexport const TIMEOUT = 30;\n",
      "src/overrides.ts":
        "// Production overrides win over the defaults.\nexport const TIMEOUT = 45;\n",
    });
    // No script: the local policy reads the files in the mission's order; the later one's
    // value for a fact it already saved supersedes that version.
    const run = await hive.run({
      mission: "What timeout does production use? Check src/config.ts, then src/overrides.ts.",
    });
    expect(invariantViolations(run)).toEqual([]);
    // A stale model: it read version 1 and corrects it after the hive moved on to version 2.
    // Its supersedes names a version its prompt no longer shows (a hostile value).
    const stale = await hive.run({
      mission: "Correct the timeout from src/config.ts.",
      hostileValues: ["timeout@1"],
      script: [
        call("stage_context", { path: "src/config.ts" }),
        call("save_artifact", {
          key: "timeout",
          value: 30,
          evidence: ["src/config.ts:2"],
          supersedes: "timeout@1",
        }),
        call("finish", { status: "achieved", summary: "timeout corrected" }),
      ],
    });
    await outcome("self-correction", async () => {
      const saves = movesOf(run, "save_artifact");
      expect(saves.map((m) => [m.args.value, m.args.supersedes ?? null])).toEqual([
        [30, null],
        [45, "timeout@1"],
      ]);
      const current = await hive.artifact("timeout");
      expect(current?.version).toBe(2);
      expect(current?.value).toBe(45);
      expect(current?.provenance.source).toBe("src/overrides.ts@v1:2-2");
      expect(current?.provenance.session).toBe(run.id);
      expect((await hive.artifact("timeout", 1))?.value).toBe(30);
      // The stale correction was refused (compare-and-swap on the version it names)...
      const lesson = stale.turns.find((t) => t.content.startsWith("[AUTO-FIX RECOVERY]"));
      expect(lesson?.content).toContain("STALE_VERSION");
      expect(await hive.artifact("timeout", 3)).toBeNull();
      // The last prompt's meta section carries the corrected value, not the old one.
      const last = await hive.call("GET", `/v1/sessions/${run.id}/envelope?step=${run.state.step}`);
      const meta = (last.body.messages as Array<{ content: string }>)
        .map((m) => m.content)
        .filter((c) => c.startsWith("[RELEVANT ARTIFACTS]"))
        .join("\n");
      expect(meta).toContain("timeout = 45 (v2");
      expect(meta).not.toContain("timeout = 30");
      expect(run.state.outcome?.status).toBe("achieved");
      expect(run.state.outcome?.summary).toContain("timeout = 45");
    });
  });

  it("failure isolation: a speculative change that breaks a contract is quarantined, a good one lands whole", async ({
    expect,
  }) => {
    const api =
      "export const PAGE_SIZE = 20;\n\nexport interface User {\n  id: string;\n}\n\nexport async function getUser(id: string): Promise<User> {\n  return { id };\n}\n";
    const hive = await env().hive("isolation", { "src/api.ts": api });
    const contract = call("save_artifact", {
      key: "contract.api",
      kind: "contract",
      value: { path: "src/api.ts", requires: ["Promise<User>"], forbids: ["Promise<any>"] },
    });
    const broken = await hive.run({
      speculative: true,
      mission: "Try loosening getUser's return type.",
      script: [
        contract,
        call("write_file", {
          path: "src/api.ts",
          content: api.replace(
            "export interface User",
            "export type Id = string;\nexport interface User",
          ),
        }),
        call("apply_patch", {
          path: "src/api.ts",
          patch:
            "--- a/src/api.ts\n+++ b/src/api.ts\n@@ -8,1 +8,1 @@\n-export async function getUser(id: string): Promise<User> {\n+export async function getUser(id: string): Promise<any> {\n",
        }),
        call("finish", { status: "achieved", summary: "loosened" }),
      ],
    });
    expect(invariantViolations(broken)).toEqual([]);
    // The workspace saw neither write: not the breaking patch (the contract would refuse it
    // anyway) and not the harmless write before it, which only the hypothesis layer holds back.
    expect(await hive.file("src/api.ts")).toBe(api);
    // The good change runs on the local policy (no script): it reads the value, copies it
    // with calculate and patches it into src/api.ts, speculatively.
    await hive.write({ "src/paging.ts": "// Paging.\nexport const PAGE_LIMIT = 50;\n" });
    const good = await hive.run({
      speculative: true,
      mission: "Find PAGE_LIMIT in src/paging.ts, save it and set PAGE_SIZE in src/api.ts to it.",
    });
    expect(invariantViolations(good)).toEqual([]);
    await outcome("failure isolation", async () => {
      expect(broken.state.status).toBe("halted");
      const discard = broken.trace.find((e) => e.kind === "speculation/discard");
      expect(discard?.data.paths).toEqual(["src/api.ts"]);
      // Version 2 is the fixture's src/paging.ts; neither of the broken session's writes
      // reached the workspace: version 3 is the good session's single commit, and there is no 4.
      // (Compared without the final newline: this patch path drops it today, a defect of
      // its own that this scenario does not prove.)
      const landed = api.replace("PAGE_SIZE = 20", "PAGE_SIZE = 50").trimEnd();
      expect(await hive.file("src/api.ts", 2)).toBe(api);
      expect((await hive.file("src/api.ts", 3))?.trimEnd()).toBe(landed);
      expect(await hive.file("src/api.ts", 4)).toBeNull();
      // While the good session ran, its patch lived in its own overlay, not the workspace.
      const [patched] = movesOf(good, "apply_patch");
      const during = await hive.call("GET", `/v1/sessions/${good.id}/as-of/${patched?.step}`);
      const overlay = (during.body.state as { overlay?: Array<{ path: string; content: string }> })
        .overlay;
      expect(overlay?.map((f) => [f.path, f.content.trimEnd()])).toEqual([["src/api.ts", landed]]);
      expect(good.trace.map((e) => e.kind)).toContain("speculation/commit");
      expect((await hive.file("src/api.ts"))?.trimEnd()).toBe(landed);
      expect(good.state.written).toEqual(["src/api.ts"]);
      expect(good.state.outcome?.status).toBe("achieved");
    });
  });

  it("determinism: the same mission twenty times gives the same moves, results and L1 at every step", async ({
    expect,
  }) => {
    const runs: MissionRun[] = [];
    for (let i = 0; i < (OFFLINE ? 20 : 3); i++) {
      const hive = await env().hive(`determinism-${i}`, TWO_FILES);
      runs.push(
        await hive.run({
          agent: "agent",
          l1Tokens: 512,
          mission: SUM_MISSION,
        }),
      );
    }
    const fingerprint = (run: MissionRun) =>
      createHash("sha256")
        .update(
          JSON.stringify({
            moves: run.moves.map((m) => [m.step, m.tool, m.args, m.output]),
            l1: run.steps.map((s) => s.pages.map((p) => [p.id, p.tokens, p.content])),
            outcome: run.state.outcome,
          }),
        )
        .digest("hex");
    for (const run of runs) {
      expect(invariantViolations(run)).toEqual([]);
    }
    await outcome("determinism", () => {
      expect(new Set(runs.map(fingerprint)).size).toBe(1);
      expect(runs[0]?.moves.length).toBeGreaterThanOrEqual(5);
    });
  });
});
