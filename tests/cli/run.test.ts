// `lethe run` argument parsing, the step line and the session commands' usage
// errors (one line with what to do, never a stack trace).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { CliError } from "../../cli/commands/context.ts";
import { DEFAULT_TIMEOUT_SECONDS, defaultHive, parseRunArgs } from "../../cli/commands/run.ts";
import { outcomeFailure, RUN_EXIT } from "../../cli/commands/run-outcome.ts";
import { formatStep, l1Bar, stepAction } from "../../cli/commands/run-step-line.ts";
import { answerHint, describeState } from "../../cli/commands/sessions.ts";
import { main } from "../../cli/lethe.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

function projectDir(): string {
  const dir = tempDir("run-args");
  writeFileSync(path.join(dir, "a.ts"), "export const A = 1;\n");
  return dir;
}

function parseError(args: string[]): string {
  try {
    parseRunArgs(args);
  } catch (error) {
    if (error instanceof CliError) {
      return error.message;
    }
    throw error;
  }
  throw new Error("parsed");
}

describe("parseRunArgs", () => {
  it("reads every option and the directory", ({ expect }) => {
    expect(
      parseRunArgs([
        "--mission",
        " Fix it ",
        "--hive",
        "demo",
        "--mode",
        "elastic",
        "--persona",
        "code-agent",
        "--budget",
        "7",
        "--l1",
        "512",
        "--timeout",
        "30",
        "proj",
      ]),
    ).toEqual({
      mission: "Fix it",
      dir: "proj",
      hive: "demo",
      mode: "elastic",
      persona: "code-agent",
      stepBudget: 7,
      l1Tokens: 512,
      timeoutMs: 30_000,
    });
  });

  it("--script reads a file of model answers and encodes it for the session", ({ expect }) => {
    const dir = tempDir("run-script");
    const file = path.join(dir, "answers.json");
    const answers = [{ tool_calls: [{ name: "list_files", arguments: {} }] }, "done"];
    writeFileSync(file, JSON.stringify(answers));
    const parsed = parseRunArgs(["-m", "go", "--script", file, "proj"]);
    expect(parsed.script).toBeTypeOf("string");
    // The session decodes exactly what the file said (base64url JSON).
    const decoded = Buffer.from(parsed.script ?? "", "base64url").toString("utf8");
    expect(JSON.parse(decoded)).toEqual(answers);
  });

  it("--script refuses a missing file, bad JSON and answers of an unknown shape", ({ expect }) => {
    const dir = tempDir("run-script");
    expect(parseError(["-m", "go", "--script", path.join(dir, "none.json"), "p"])).toMatch(
      /cannot read the script/,
    );
    writeFileSync(path.join(dir, "bad.json"), "[{");
    expect(parseError(["-m", "go", "--script", path.join(dir, "bad.json"), "p"])).toMatch(
      /cannot read the script/,
    );
    writeFileSync(path.join(dir, "shape.json"), JSON.stringify([{ answer: 42 }]));
    expect(parseError(["-m", "go", "--script", path.join(dir, "shape.json"), "p"])).toMatch(
      /not a list of model answers/,
    );
    writeFileSync(path.join(dir, "empty.json"), "[]");
    expect(parseError(["-m", "go", "--script", path.join(dir, "empty.json"), "p"])).toMatch(
      /not a list of model answers/,
    );
  });

  it("defaults the hive to the directory's name and the deadline", ({ expect }) => {
    expect(parseRunArgs(["-m", "go", "/tmp/My Project_2/"])).toEqual({
      mission: "go",
      dir: "/tmp/My Project_2/",
      hive: "my-project-2",
      timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1_000,
    });
    expect(defaultHive("/tmp/___")).toBe("lethe-run");
  });

  it("refuses missing, extra and out-of-range arguments", ({ expect }) => {
    expect(parseError(["--mission", "m"])).toMatch(/^usage: lethe run/);
    expect(parseError(["--mission", "m", "a", "b"])).toMatch(/^usage: lethe run/);
    expect(parseError(["dir"])).toBe("lethe run needs --mission");
    expect(parseError(["--mission", "  ", "dir"])).toBe("lethe run needs --mission");
    expect(parseError(["-m", "m", "--mode", "loose", "d"])).toBe('unknown mode "loose"');
    expect(parseError(["-m", "m", "--persona", "wizard", "d"])).toBe('unknown persona "wizard"');
    expect(parseError(["-m", "m", "--budget", "0", "d"])).toMatch(/^--budget must be/);
    expect(parseError(["-m", "m", "--l1", "12.5", "d"])).toMatch(/^--l1 must be/);
    expect(parseError(["-m", "m", "--hive", "Bad_Name", "d"])).toBe('bad hive name "Bad_Name"');
  });
});

describe("step lines", () => {
  it("draws L1 usage as a bar of ten cells", ({ expect }) => {
    expect(l1Bar(0, 512)).toBe("░░░░░░░░░░");
    expect(l1Bar(256, 512)).toBe("█████░░░░░");
    expect(l1Bar(900, 512)).toBe("██████████");
    expect(l1Bar(5, 0)).toBe("░░░░░░░░░░");
  });

  it("names the step's tool and its tokens", ({ expect }) => {
    const event = (kind: string, data: Record<string, unknown>) => ({
      ord: 1,
      step: 3,
      kind,
      data,
      at: 0,
    });
    // A tool event as the agent loop writes it (TraceEventSchema, shared/session/trace.ts).
    const tool = (name: string, error: boolean) =>
      event("tool", {
        step: 3,
        elapsedMs: 12,
        promptTokens: 400,
        completionTokens: 20,
        costUsd: 0,
        route: "lexical",
        tools: [name],
        tool: name,
        inputRef: "ref:a",
        outputRef: "ref:b",
        error,
      });
    const events = [event("step", { turns: 2 }), tool("stage_context", false)];
    expect(stepAction(events)).toBe("stage_context");
    expect(stepAction([tool("apply_patch", true)])).toBe("apply_patch (failed)");
    expect(stepAction([event("halt", { reason: "LOOP", message: "loop" })])).toBe("halt: LOOP");
    // A gatekeeper that could not be reached is named as the gatekeeper, not the gateway.
    const moveFields = {
      step: 3,
      elapsedMs: 12,
      promptTokens: 400,
      completionTokens: 20,
      costUsd: 0,
      route: "lexical",
      tools: ["apply_patch"],
    };
    expect(stepAction([event("gatekeeper_error", { ...moveFields, code: "INTERNAL" })])).toBe(
      "gatekeeper error INTERNAL",
    );
    // A row this reader does not know, or whose data is not the kind's, is just a step.
    expect(stepAction([event("tool", { tool: 3 }), event("future/kind", {})])).toBe("step");
    expect(stepAction([event("step", {})])).toBe("step");
    expect(formatStep(3, 15, "stage_context", { used: 256, capacity: 512 }, 420)).toBe(
      "step 3/15  stage_context         [L1 █████░░░░░ 256/512]  420 tokens",
    );
    expect(formatStep(1, 2, "x", null, null)).toBe(`step 1/2  ${"x".padEnd(20)}  [L1 ?]  -`);
  });
});

describe("session commands", () => {
  it("answer every mistake with one line saying what to do", async ({ expect }) => {
    const key = { LETHE_KEY: "k" };
    const cases = [
      await run(["run", "--mission", "m"]),
      await run(["run", "--mission", "m", "/no/such/dir"], key),
      await run(["run", "--mission", "m", projectDir()], {}),
      await run(["status"], key),
      await run(["checkpoints", "a", "b"], key),
      await run(["rollback", "s-1"], key),
      await run(["fork", "s-1"], key),
      await run(["answer", "s-1"], key),
      await run(["answer", "s-1", "yes", "--approve"], key),
      await run(["status", "s-1"], {}),
      await run(["status", "s-1", "--url", "http://127.0.0.1:1"], key),
      await run(["rollback", "s-1", "c", "--url", "http://127.0.0.1:1"], key),
    ];
    for (const r of cases) {
      expect(r.code).toBe(1);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^lethe: .+ \(.+\)$/);
      expect(r.err[0]).not.toContain("    at ");
    }
    expect(cases[1]?.err[0]).toContain("no directory /no/such/dir");
    expect(cases[2]?.err[0]).toContain("needs a hive key or the admin token");
    expect(cases[10]?.err[0]).toContain("cannot reach the gateway");
  });

  it("lists the new commands in the usage", async ({ expect }) => {
    const r = await run(["--help"]);
    for (const name of ["run --mission", "checkpoints <session>", "rollback", "fork", "answer"]) {
      expect(r.out.join("\n")).toContain(name);
    }
  });
});

describe("describeState", () => {
  const base = { step: 4, outcome: null, pending: null } as const;

  it("prints the outcome with its reason and next step", ({ expect }) => {
    expect(
      describeState("s-1", {
        ...base,
        status: "halted",
        outcome: { status: "halted", summary: "looping", reason: "LOOP", next: "fork at 2" },
      }),
    ).toEqual([
      "session s-1: halted at step 4",
      "outcome: halted: looping",
      "reason: LOOP",
      "next: fork at 2",
    ]);
  });

  it("prints a paused session's question and how to answer it", ({ expect }) => {
    expect(
      describeState("s-1", {
        ...base,
        status: "paused",
        pending: { kind: "question", question: "Which file?" },
      }),
    ).toEqual([
      "session s-1: paused at step 4",
      "waiting for: Which file?",
      'answer with: lethe answer s-1 "<your answer>"',
    ]);
    expect(answerHint("s-1", { kind: "decision", question: "q", tool: "run" })).toBe(
      "lethe answer s-1 --approve   (or --deny)",
    );
  });

  it("marks the forced self-assessment as after the budget", ({ expect }) => {
    expect(formatStep(3, 2, "self-assessment: achieved", null, null)).toMatch(/^after 2\/2 {2}/);
  });
});

describe("lethe run's exit status", () => {
  const ended = (
    status: "finished" | "halted" | "paused",
    outcome: { status: "achieved" | "partially_achieved" | "not_achieved" | "halted" } | null,
  ) => ({
    step: 3,
    status,
    outcome: outcome === null ? null : { ...outcome, summary: "s", reason: "r" },
    pending: status === "paused" ? { kind: "question" as const, question: "which?" } : null,
  });

  it("is 0 only for achieved, and distinct for every other ending", ({ expect }) => {
    const code = (state: ReturnType<typeof ended>) => outcomeFailure("s-1", state)?.exitCode ?? 0;
    expect(code(ended("finished", { status: "achieved" }))).toBe(0);
    expect(code(ended("finished", { status: "partially_achieved" }))).toBe(2);
    expect(code(ended("finished", { status: "not_achieved" }))).toBe(3);
    expect(code(ended("halted", { status: "halted" }))).toBe(4);
    expect(code(ended("paused", null))).toBe(5);
    expect(code(ended("finished", null))).toBe(1);
    expect(new Set(Object.values(RUN_EXIT)).size).toBe(Object.keys(RUN_EXIT).length);
    expect(
      outcomeFailure("s-1", ended("finished", { status: "partially_achieved" }))?.message,
    ).toBe("mission partially_achieved: r");
  });

  it("is the CLI's exit code, with the one line on stderr", async ({ expect }) => {
    const failure = outcomeFailure("s-1", ended("finished", { status: "not_achieved" }));
    const code = await main(["--version"], { out: () => undefined, err: () => undefined });
    expect(code).toBe(0);
    expect(failure).toBeInstanceOf(CliError);
    expect(failure?.exitCode).toBe(RUN_EXIT.not_achieved);
  });
});
