// Capability scenarios, governance and reliability: ignorance detection, human
// friction (a poisoned artifact), strategy switch, clean room, the auto-fix loop,
// re-anchoring on drift, the step budget's self-assessment and loop detection.
import { describe, it } from "vitest";
import {
  invariantViolations,
  movesOf,
  outcome,
  scenarioCluster,
  type HiveHandle,
  type ScriptEntry,
  type SessionStateBody,
} from "./harness.ts";
import { SUM_MISSION, TWO_FILES, call } from "./fixtures.ts";

const env = scenarioCluster(0, "scenarios-governance");

/** Waits until a session started earlier stops running (finished, halted or paused again). */
async function settle(hive: HiveHandle, id: string) {
  for (let i = 0; i < 600; i++) {
    const state = await hive.call("GET", `/v1/sessions/${id}/state`);
    if (state.body.status !== "running") {
      return hive.read(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`session ${id} still running`);
}

describe("governance and reliability", () => {
  it("ignorance detection: an import of a missing module halts the agent with a question instead of a guess", async ({
    expect,
  }) => {
    const hive = await env().hive("ignorance", {
      "src/app.ts":
        'import { charge } from "./payments/gateway";\n\nexport function checkout(total: number) {\n  return charge(total);\n}\n',
    });
    const run = await hive.run({
      // No script: the local policy checks a staged file's imports as soon as it is staged.
      mission: "Explain what checkout in src/app.ts calls and which imports it relies on.",
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("ignorance detection", async () => {
      expect(run.state.status).toBe("paused");
      expect(run.state.pending?.kind).toBe("question");
      expect(run.state.pending?.question).toContain("./payments/gateway");
      const [imports] = movesOf(run, "find_imports");
      expect(imports?.output).toContain("[MISSING DEPENDENCY]");
      expect(run.state.outcome).toBeNull();
    });
  });

  it("human friction: a poisoned artifact is detected before use, rolled back to its supported value and reported", async ({
    expect,
  }) => {
    const hive = await env().hive("friction", TWO_FILES);
    const a = await hive.run({
      agent: "agent-a",
      mission: "Find TIMEOUT in src/config.ts and save it.",
    });
    const honest = await hive.artifact("timeout");
    expect(honest?.value).toBe(30);
    // Someone with a hive key overwrites it, borrowing the honest version's citation.
    const poisoned = await hive.call("POST", `/v1/hives/${hive.name}/artifacts`, {
      idempotencyKey: "mallory-1",
      expectedVersion: honest?.version,
      artifact: {
        identifier: "timeout",
        kind: "fact",
        value: 3000,
        provenance: { ...honest?.provenance, session: "rogue-session", agent: "mallory", step: 1 },
      },
    });
    expect(poisoned.status).toBeLessThan(300);
    const b = await hive.run({ agent: "agent-b", mission: SUM_MISSION });
    expect(invariantViolations(a)).toEqual([]);
    expect(invariantViolations(b)).toEqual([]);
    // The poisoned value was never used: nothing was computed or written from it.
    expect(movesOf(b, "calculate")).toEqual([]);
    expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 0;");
    await outcome("human friction", async () => {
      expect(b.state.status).toBe("halted");
      expect(b.state.outcome?.reason).toBe("poisoned artifact");
      expect(b.state.outcome?.summary).toContain("mallory");
      expect(b.state.outcome?.summary).toContain("3000");
      const repaired = await hive.artifact("timeout");
      expect(repaired?.value).toBe(30);
      expect(repaired?.version).toBe(3);
      expect(repaired?.tags).toContain("restored");
      expect(b.trace.find((e) => e.kind === "verify_first/poison")?.data).toMatchObject({
        artifact: "timeout@2",
        restored: "timeout@1",
        repaired: true,
      });
    });
  });

  it("strategy switch: the architect maps without editing, then hands over to the implementer who changes the code", async ({
    expect,
  }) => {
    const hive = await env().hive("strategy", TWO_FILES);
    const run = await hive.run({ mission: SUM_MISSION, strategy: ["architect", "implementer"] });
    expect(invariantViolations(run)).toEqual([]);
    const handover = run.turns.find((t) => t.content.startsWith("[STRATEGY SWITCH]"));
    await outcome("strategy switch", async () => {
      expect(handover?.content).toContain("architect handed over to implementer");
      const switchedAt = handover?.step ?? 0;
      // Every edit happened after the handover, under the implementer.
      for (const m of [...movesOf(run, "apply_patch"), ...movesOf(run, "write_file")]) {
        expect(m.step).toBeGreaterThan(switchedAt);
      }
      expect(run.steps.find((s) => s.step === switchedAt)?.persona).toBe("implementer");
      expect(run.steps[0]?.persona).toBe("architect");
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34;");
    });
  });

  it("clean room: a secret read into L1 reaches neither the hive, nor a checkpoint, nor the transcript", async ({
    expect,
  }) => {
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
    const hive = await env().hive("clean-room", {
      "src/vendor.ts": `// Vendor client.\nexport const VENDOR_URL = "https://api.example.com";\nexport const API_KEY = '${secret}';\n`,
    });
    const run = await hive.run({
      persona: "clean-room",
      mission: "Record the vendor's URL and whether the client is authenticated.",
      // A hostile model echoing a secret it was never shown (L1 holds it redacted).
      hostileValues: [secret],
      script: [
        call("stage_context", { path: "src/vendor.ts" }),
        call("save_artifact", {
          key: "vendor.credentials",
          value: { url: "https://api.example.com", key: secret },
          kind: "decision",
          evidence: ["src/vendor.ts:2-3"],
        }),
        call("finish", { status: "achieved", summary: "vendor recorded" }),
      ],
    });
    expect(invariantViolations(run)).toEqual([]);
    // The moves too: a tool call's arguments are stored in the transcript and resent.
    const prompts = [];
    for (let step = 0; step <= run.state.step; step++) {
      prompts.push((await hive.call("GET", `/v1/sessions/${run.id}/envelope?step=${step}`)).body);
    }
    const everything = JSON.stringify({
      steps: run.steps,
      turns: run.turns,
      moves: run.moves,
      prompts,
      artifact: await hive.artifact("vendor.credentials"),
    });
    expect(everything).not.toContain(secret);
    for (const e of run.trace) {
      for (const ref of [e.data.inputRef, e.data.outputRef]) {
        if (typeof ref === "string") {
          const stored = await hive.call("GET", `/v1/sessions/${run.id}/refs/${ref}`);
          expect(JSON.stringify(stored.body)).not.toContain(secret);
        }
      }
    }
    await outcome("clean room", async () => {
      const saved = await hive.artifact("vendor.credentials");
      expect(saved?.value).toMatchObject({ url: "https://api.example.com" });
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("auto-fix loop: a failed patch travels back to the previous checkpoint with a lesson, and the retry lands", async ({
    expect,
  }) => {
    const hive = await env().hive("autofix", TWO_FILES);
    // Changing limits needs a person: the patch waits for approval, and meanwhile a
    // teammate edits the same line, so the approved patch no longer applies.
    const firewall = await fetch(`${env().cluster.url}/v1/hives/${hive.name}/firewall`, {
      method: "PUT",
      headers: { authorization: `Bearer ${hive.key}`, "content-type": "text/yaml" },
      body: 'version: 1\ndefault: ALLOW\nrules:\n  - id: limits-need-a-person\n    tool: apply_patch\n    action: ASK\n    field: path\n    matches: "^src/limits\\\\.ts$"\n    reason: changing limits needs a person\n',
    });
    expect(firewall.status).toBe(200);
    // No script: the local policy reads the file and patches the line it read.
    const id = await hive.create({ mission: "Set MAX_WAIT in src/limits.ts to 34." });
    const asked = await hive.start(id);
    expect(asked.state.status).toBe("paused");
    await hive.write(
      {
        "src/limits.ts":
          "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 0; // 0 disables waiting\n",
      },
      "a teammate documents the zero",
    );
    let run = asked;
    for (let i = 0; i < 4 && run.state.status === "paused"; i++) {
      const approved = await hive.call("POST", `/v1/sessions/${id}/answer`, {
        decision: "approve",
      });
      expect(approved.status).toBe(200);
      run = await settle(hive, id);
    }
    expect(invariantViolations(run)).toEqual([]);
    await outcome("auto-fix loop", async () => {
      expect(run.trace.map((e) => e.kind).filter((k) => k.startsWith("autofix/"))).toEqual([
        "autofix/attempt",
        "autofix/prune",
        "autofix/travel",
        "autofix/recover",
      ]);
      // The failed attempt is off the branch (what stays: the two held for approval, one applied);
      // the lesson is on it, and the file was read again after it.
      expect(movesOf(run, "apply_patch").map((m) => m.output.split(" ")[0])).toEqual([
        "[SYSTEM",
        "[SYSTEM",
        "patched",
      ]);
      const lesson = run.turns.filter((t) => t.content.startsWith("[AUTO-FIX RECOVERY]"));
      expect(lesson).toHaveLength(1);
      expect(lesson[0]?.content).toContain("apply_patch");
      const reread = movesOf(run, "stage_context").filter((m) => m.step > (lesson[0]?.step ?? 0));
      expect(reread.map((m) => m.args.path)).toEqual(["src/limits.ts"]);
      // The retry kept the teammate's edit: it was built from the file as it is now.
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 34; // 0 disables waiting");
      expect(await hive.file("src/limits.ts", 4)).toBeNull();
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("re-anchoring on drift: a move outside the active skill is refused with the skill's protocol quoted", async ({
    expect,
  }) => {
    const skill =
      "---\nname: extract-facts\ndescription: Read one file at a time and record what it says.\nallowed-tools: [context:*, artifacts:*, control:*]\n---\n1. Stage the file.\n2. Save each fact with its line as evidence.\n3. Never edit code in this skill.\n";
    const hive = await env().hive("drift", TWO_FILES);
    const run = await hive.run({
      skills: [skill],
      // No script: the mission drifts into an edit; the local policy tries it as asked.
      mission: "Set TIMEOUT in src/config.ts to 60.",
    });
    expect(invariantViolations(run)).toEqual([]);
    // The drifting move never ran.
    expect(await hive.file("src/config.ts")).toContain("TIMEOUT = 30;");
    await outcome("re-anchoring on drift", async () => {
      expect(run.state.gatekeeper.activeSkills).toEqual(["extract-facts"]);
      const refusal = run.turns.find(
        (t) => t.role === "tool" && t.content.includes("outside the protocol of the skill"),
      );
      expect(refusal?.content).toContain("3. Never edit code in this skill.");
      expect(run.trace.find((e) => e.kind === "refused")?.data.tool).toBe("apply_patch");
      // The agent re-anchored: it reports the edit as not done instead of claiming it.
      expect(run.state.outcome?.status).toBe("not_achieved");
      expect(run.state.outcome?.summary).toContain("outside the protocol");
    });
  });

  it("step budget: a mission that does not finish in its budget ends with a tool-free self-assessment", async ({
    expect,
  }) => {
    const hive = await env().hive("budget", TWO_FILES);
    const run = await hive.run({
      // No script: the local policy's own moves run out of budget mid-plan.
      mission: SUM_MISSION,
      stepBudget: 3,
    });
    expect(invariantViolations(run)).toEqual([]);
    // The loop stopped at its budget whatever the model wanted.
    expect(run.state.step).toBeLessThanOrEqual(4);
    expect(run.state.status).toBe("finished");
    await outcome("step budget", async () => {
      // Three steps read and saved, nothing computed or written yet: partly done, and it says so.
      expect(run.state.outcome?.status).toBe("partially_achieved");
      expect(run.state.outcome?.summary).toContain("timeout");
      expect(run.state.outcome?.summary).not.toContain("result:");
      expect(await hive.file("src/limits.ts")).toContain("MAX_WAIT = 0;");
      // On the stand-in, an unfinished mission says plainly how to get a real model.
      expect(run.state.outcome?.reason).toContain("LETHE_MODEL_BASE_URL");
      expect(run.trace.at(-1)?.kind).toBe("assessment");
    });
  });

  it("failure taxonomy: thrash and deadlock are detected, travelled back from and recovered", async ({
    expect,
  }) => {
    const parts: Record<string, string> = {};
    for (let i = 1; i <= 7; i++) {
      parts[`src/parts/p${i}.ts`] = `export const PART_${i} = ${i};\n`;
    }
    const hive = await env().hive("taxonomy", { ...TWO_FILES, ...parts });
    const stage = (path: string) => call("stage_context", { path });
    const recover: ScriptEntry[] = [
      stage("src/config.ts"),
      call("save_artifact", { key: "timeout", value: 30, evidence: ["src/config.ts:2"] }),
      call("finish", { status: "achieved", summary: "timeout is 30" }),
    ];
    // Thrash: A, B, A, B without saving anything.
    const thrash = await hive.run({
      mission: "Find TIMEOUT.",
      script: [
        stage("src/retry.ts"),
        stage("src/limits.ts"),
        stage("src/retry.ts"),
        stage("src/limits.ts"),
        ...recover,
      ],
    });
    // Deadlock: seven different moves in a row that learn nothing.
    const deadlock = await hive.run({
      mission: "Find TIMEOUT.",
      script: [...Object.keys(parts).map(stage), ...recover],
    });
    expect(invariantViolations(thrash)).toEqual([]);
    expect(invariantViolations(deadlock)).toEqual([]);
    await outcome("failure taxonomy", async () => {
      for (const [run, kind] of [
        [thrash, "thrash"],
        [deadlock, "deadlock"],
      ] as const) {
        const kinds = run.trace.map((e) => e.kind);
        expect(kinds).toEqual(
          expect.arrayContaining([`failure/${kind}`, "autofix/prune", "autofix/travel"]),
        );
        // Travelled back to before the failure began: none of its moves is on the branch.
        expect(
          run.turns.find((t) => t.content.startsWith("[AUTO-FIX RECOVERY]"))?.content,
        ).toContain(kind === "thrash" ? "thrashing" : "deadlocked");
        expect(run.state.outcome?.status).toBe("achieved");
      }
      expect(thrash.moves.map((m) => m.tool)).toEqual(["stage_context", "save_artifact", "finish"]);
      expect((await hive.artifact("timeout"))?.value).toBe(30);
    });
  });

  it("loop detection: the same move again pauses for a person, whose answer lets the mission go on", async ({
    expect,
  }) => {
    const hive = await env().hive("loop", TWO_FILES);
    const same = call("stage_context", { path: "src/retry.ts" });
    const id = await hive.create({
      mission: "Find TIMEOUT.",
      script: [same, same, call("finish", { status: "not_achieved", summary: "told to stop" })],
    });
    const looped = await hive.start(id);
    expect(invariantViolations(looped)).toEqual([]);
    await outcome("loop detection", async () => {
      expect(looped.state.status).toBe("paused");
      expect(looped.state.pending?.kind).toBe("question");
      const answered = await hive.call("POST", `/v1/sessions/${id}/answer`, {
        text: "You are repeating yourself: stop and report.",
      });
      expect(answered.status).toBe(200);
      let state = looped.state;
      for (let i = 0; i < 200 && (state.status === "running" || state.status === "paused"); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await hive.call("GET", `/v1/sessions/${id}/state`))
          .body as unknown as SessionStateBody;
      }
      expect(state.status).toBe("finished");
      expect(state.outcome?.summary).toBe("told to stop");
    });
  });
});
