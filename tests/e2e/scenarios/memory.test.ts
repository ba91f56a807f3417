// Capability scenarios, memory infrastructure: structural garbage collection, LRU
// eviction under stress, prefetch, the comparator, elastic versus strict context,
// and a marathon of more than fifty turns that keeps its goal and its budget.
import { describe, it } from "vitest";
import {
  invariantViolations,
  movesOf,
  outcome,
  pageIdsByStep,
  scenarioCluster,
  type ScriptEntry,
} from "./harness.ts";
import { call } from "./fixtures.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";

const env = scenarioCluster(0, "scenarios-memory");

describe("memory infrastructure", () => {
  it("structural garbage collection: a file the refactor leaves unreachable leaves L1", async ({
    expect,
  }) => {
    const hive = await env().hive("gc", {
      "src/index.ts": 'import { render } from "./app";\n\nrender();\n',
      "src/app.ts":
        'import { pad } from "./legacy-format";\n\nexport function render() {\n  return pad("x");\n}\n',
      "src/legacy-format.ts": 'export function pad(s: string) {\n  return " " + s;\n}\n',
    });
    const run = await hive.run({
      mode: "elastic",
      mission: "Inline pad into render in src/app.ts and drop the legacy formatter.",
      script: [
        call("stage_context", { path: "src/legacy-format.ts" }),
        call("stage_context", { path: "src/app.ts" }),
        call("write_file", {
          path: "src/app.ts",
          content: 'export function render() {\n  return " x";\n}\n',
        }),
        call("finish", { status: "achieved", summary: "render no longer needs the formatter" }),
      ],
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("structural garbage collection", async () => {
      const [, both, after] = pageIdsByStep(run);
      expect(both).toEqual(expect.arrayContaining(["src/legacy-format.ts", "src/app.ts"]));
      expect(after).not.toContain("src/legacy-format.ts");
      const [write] = movesOf(run, "write_file");
      expect(write?.output).toContain("[GC] no entry point reaches src/legacy-format.ts any more");
      const gc = run.trace.find((e) => e.kind === "gc");
      expect(gc?.data).toEqual({
        unreachable: ["src/legacy-format.ts"],
        unstaged: ["src/legacy-format.ts"],
      });
      // Out of L1, not lost: its content waits behind a ref.
      expect(run.steps[2]?.evicted).toContain("src/legacy-format.ts");
    });
  });

  it("LRU stress: over budget, the least recently used page goes first and comes back from its ref", async ({
    expect,
  }) => {
    const files: Record<string, string> = {};
    for (const n of [1, 2, 3, 4, 5]) {
      files[`src/part${n}.ts`] =
        `// Part ${n} of the pipeline: normalises, validates and forwards records.\nexport const PART_${n}_LIMIT = ${n * 111};\nexport function part${n}(records: string[]) {\n  return records.filter((r) => r.length < PART_${n}_LIMIT).map((r) => r.trim());\n}\n`;
    }
    const hive = await env().hive("lru", files);
    const script: ScriptEntry[] = [
      call("stage_context", { path: "src/part1.ts" }),
      call("stage_context", { path: "src/part2.ts" }),
      call("stage_context", { path: "src/part3.ts" }),
      // part1 is used again: part2 is now the least recently used.
      call("stage_context", { path: "src/part1.ts" }),
      call("stage_context", { path: "src/part4.ts" }),
      call("stage_context", { path: "src/part5.ts" }),
      call("finish", { status: "achieved", summary: "read every part" }),
    ];
    // Room for three of the (equal-sized) pages, not four: counted with the pager's own tokenizer.
    const tokenizer = await loadTokenizer("lethe-local");
    const page = tokenizer.count(files["src/part1.ts"]?.replace(/\n$/, "") ?? "");
    const run = await hive.run({
      mode: "elastic",
      l1Tokens: Math.floor(page * 3.5),
      mission: "Read the pipeline.",
      script,
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("LRU stress", async () => {
      // Three pages fit; the fourth evicts the least recently used one.
      const order = run.steps.flatMap((s, i) =>
        s.evicted.filter((id) => !(run.steps[i - 1]?.evicted ?? []).includes(id)),
      );
      expect(order.slice(0, 2)).toEqual(["src/part2.ts", "src/part3.ts"]);
      expect(pageIdsByStep(run)[5]).toContain("src/part1.ts");
      // An evicted page's content is exactly retrievable by its ref.
      const evicted = run.state.pager.evicted.find((e) => e.id === "src/part2.ts");
      const back = await hive.call("GET", `/v1/sessions/${run.id}/refs/${evicted?.ref}`);
      expect(back.body.content).toBe(files["src/part2.ts"]?.replace(/\n$/, ""));
    });
  });

  it("prefetch: the next file waits outside L1 and is promoted without a second read", async ({
    expect,
  }) => {
    const hive = await env().hive("prefetch", {
      "src/config.ts": "export const TIMEOUT = 30;\n",
      "src/retry.ts": "export const RETRIES = 4;\n",
    });
    // No script: the local policy reads the mission's order and fetches the next file ahead.
    const run = await hive.run({
      mission: "Save TIMEOUT from src/config.ts, then RETRIES from src/retry.ts.",
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("prefetch", async () => {
      // The step after the prefetch: src/retry.ts waits outside L1, src/config.ts is in it.
      const stages = movesOf(run, "stage_context");
      const ahead = run.steps.find((s) => s.step === stages.find((m) => m.args.prefetch)?.step);
      expect(ahead?.pages.map((p) => p.id)).toEqual(["src/config.ts"]);
      expect(ahead?.prefetched).toEqual(["src/retry.ts"]);
      // Its later staging is a promotion, not a second read: L1 holds it, nothing waits.
      const promotion = stages.filter((m) => m.args.path === "src/retry.ts" && !m.args.prefetch);
      expect(promotion).toHaveLength(1);
      expect(promotion[0]?.output).toMatch(/^staged src\/retry\.ts \(promoted from prefetch/);
      const promoted = run.steps.find((s) => s.step === promotion[0]?.step);
      expect(promoted?.pages.map((p) => p.id)).toEqual(["src/retry.ts"]);
      expect(promoted?.prefetched).toEqual([]);
      expect((await hive.artifact("timeout"))?.value).toBe(30);
      expect((await hive.artifact("retries"))?.provenance.source).toBe("src/retry.ts@v1:1-1");
      expect((await hive.artifact("retries"))?.value).toBe(4);
    });
  });

  it("comparator: two files are widened into L1 together only for the comparison, then collapse into one result", async ({
    expect,
  }) => {
    const hive = await env().hive("comparator", {
      "docs/limits.md": "timeout: 30\nretries: 4\nbackoff: exponential\n",
      "src/limits.txt": "timeout: 30\nretries: 5\nbackoff: exponential\n",
    });
    // No script: the local policy compares the two files the mission names and records the verdict.
    const run = await hive.run({
      mission: "Compare docs/limits.md with src/limits.txt and record whether they agree.",
    });
    expect(invariantViolations(run)).toEqual([]);
    await outcome("comparator", async () => {
      const [compared] = movesOf(run, "compare");
      expect(compared?.step).toBe(1);
      expect(compared?.output).toContain("retries: 4");
      expect(compared?.output).toContain("retries: 5");
      // After the step: neither raw file is in L1, one result page is.
      const [first] = run.steps;
      expect(first?.pages.filter((p) => p.kind === "file")).toEqual([]);
      expect(first?.pages).toHaveLength(1);
      expect(first?.pages[0]?.content).toContain("retries");
      // Neither file was ever staged whole: the comparison is the only way they met.
      expect(movesOf(run, "stage_context")).toEqual([]);
      // The verdict the hive keeps is the comparison's (they differ), cited at the line that differs.
      const [recorded] = movesOf(run, "save_artifact");
      const verdict = await hive.artifact(String(recorded?.args.key));
      expect(verdict?.kind).toBe("decision");
      expect(verdict?.value).toBe(false);
      expect(recorded?.args.evidence).toEqual(["docs/limits.md:2", "src/limits.txt:2"]);
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });

  it("elastic context: the same moves hold two files at once in elastic mode and one in strict mode", async ({
    expect,
  }) => {
    const files = {
      "docs/api-spec.md": "GET /users returns a list of users.\n",
      "src/service.ts": "export const routes = ['/users'];\n",
    };
    // No script: the local policy stages the two files the mission names, one after the other.
    const mission = "Check src/service.ts against docs/api-spec.md.";
    const elastic = await (await env().hive("elastic", files)).run({ mode: "elastic", mission });
    const strict = await (await env().hive("strict", files)).run({ mode: "strict", mission });
    expect(invariantViolations(elastic)).toEqual([]);
    expect(invariantViolations(strict)).toEqual([]);
    await outcome("elastic context", async () => {
      // The same moves in both modes; only what L1 keeps differs.
      const moves = (run: typeof elastic) => run.moves.map((m) => [m.tool, m.args]);
      expect(moves(strict)).toEqual(moves(elastic));
      const staged = movesOf(elastic, "stage_context").map((m) => m.args.path);
      expect([...staged].sort()).toEqual(["docs/api-spec.md", "src/service.ts"]);
      const second = movesOf(elastic, "stage_context")[1]?.step ?? 0;
      const at = (run: typeof elastic) =>
        pageIdsByStep(run)[second - 1]?.filter((id) => id in files);
      expect(at(elastic)?.sort()).toEqual(["docs/api-spec.md", "src/service.ts"]);
      expect(at(strict)).toEqual([staged[1]]);
    });
  });

  it("marathon: more than fifty turns, the goal in every prompt, L1 never over budget, the answer from the artifacts", async ({
    expect,
  }) => {
    const files: Record<string, string> = {};
    const values: number[] = [];
    for (let i = 1; i <= 17; i++) {
      const value = (i * 37) % 101;
      values.push(value);
      files[`src/shards/shard${i}.ts`] =
        `// Shard ${i} of the ledger.\nexport const SHARD_${i}_BALANCE = ${value};\n`;
    }
    const hive = await env().hive("marathon", files);
    const script: ScriptEntry[] = [];
    for (let i = 1; i <= 17; i++) {
      script.push(
        call("stage_context", { symbol: `SHARD_${i}_BALANCE` }),
        call("stage_context", { path: `src/shards/shard${i}.ts` }),
        call("save_artifact", {
          key: `shard${i}.balance`,
          value: values[i - 1],
          evidence: [`src/shards/shard${i}.ts:2`],
        }),
      );
    }
    const names = values.map((_, i) => `s${i + 1}`);
    script.push(
      call("calculate", {
        expression: names.join(" + "),
        values: Object.fromEntries(names.map((n, i) => [n, `shard${i + 1}.balance`])),
      }),
      call("finish", {
        status: "achieved",
        summary: `ledger total is ${values.reduce((a, b) => a + b, 0)}`,
      }),
    );
    const mission =
      "Audit the ledger: record every shard's balance from src/shards/ and calculate the total.";
    const run = await hive.run({ mission, script, l1Tokens: 512, stepBudget: 60 });
    expect(invariantViolations(run)).toEqual([]);
    // The goal is in every prompt the model got, verbatim, however long the run.
    for (const s of run.steps) {
      const envelope = await hive.call("GET", `/v1/sessions/${run.id}/envelope?step=${s.step}`);
      const text = (envelope.body.messages as Array<{ content: string }>).map((m) => m.content);
      expect(text.some((t) => t.startsWith(`[TASK ANCHOR]\n${mission}`))).toBe(true);
    }
    await outcome("marathon", async () => {
      expect(run.state.step).toBeGreaterThanOrEqual(50);
      const [total] = movesOf(run, "calculate");
      expect(total?.output.split("\n")[0]).toMatch(
        new RegExp(`= ${values.reduce((a, b) => a + b, 0)}$`),
      );
      expect(run.state.outcome?.status).toBe("achieved");
    });
  });
});
