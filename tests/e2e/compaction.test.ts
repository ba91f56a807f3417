// Background compaction on the running cluster: a long mission's transcript passes
// its threshold, the session enqueues `session.compact`, the compressor's summary
// comes back and the envelope the model receives shows it in place of the turns it
// covers (asserted on GET /envelope?step=), every prompt stays under its budget, and
// the fact the final answer needs, found at the first step, is reachable from it.
// The moves are scripted (the local policy never makes a mission this long).
import { describe, it } from "vitest";
import { scenarioCluster } from "./scenarios/harness.ts";
import { call } from "./scenarios/fixtures.ts";

const env = scenarioCluster(0, "compaction");

/** Files the mission walks through, each long enough for its search result to weigh. */
const FILES: Record<string, string> = {
  "src/early.ts": "// The launch settings.\nexport const LAUNCH_CODE = 4711;\n",
  ...Object.fromEntries(
    Array.from({ length: 14 }, (_, i) => [
      `src/part-${i}.ts`,
      Array.from({ length: 12 }, (_, j) => `export const PART_${i}_${j} = ${i * 100 + j};`).join(
        "\n",
      ),
    ]),
  ),
};

/** The trace kinds last seen, for the message of a wait that timed out. */
let last = "";

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; trace: ${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("compaction that lives", () => {
  it("a long mission is compacted in the background and its envelope shows the summary", async ({
    expect,
  }) => {
    const hive = await env().hive("compaction-lives", FILES);
    const id = await hive.create({
      mission: "Walk through every part file, then report LAUNCH_CODE.",
      stepBudget: 60,
      handsAnswer: "the final answer's value comes from the first step, through the summary",
      script: [
        // The first step's result is the fact the final answer needs.
        call("calculate", { expression: "4700 + 11" }),
        // Calculations count as progress: no deadlock or loop interrupts the walk.
        ...Array.from({ length: 16 }, (_, i) =>
          call("calculate", { expression: `${i + 2} * 37 + ${i}` }),
        ),
        // The mission waits for a person here: the background job has time to land.
        call("ask_human", { question: "Shall I report?" }),
        call("finish", { status: "achieved", summary: "LAUNCH_CODE is 4711" }),
      ],
    });
    const paused = await hive.start(id);
    expect(paused.state.status).toBe("paused");
    type Row = { kind: string; step: number; data: Record<string, unknown> };
    const trace = async () =>
      ((await hive.call("GET", `/v1/sessions/${id}/trace?after=0&limit=1000`)).body.events ??
        []) as Row[];
    expect((await trace()).some((e) => e.kind === "compaction/request")).toBe(true);
    const applied = await until("a compaction applied", async () => {
      const rows = await trace();
      last = rows.map((e) => e.kind).join(",");
      const found = rows.find((e) => e.kind === "compaction" && "summaryRef" in e.data);
      return found ?? null;
    });
    const answered = await hive.call("POST", `/v1/sessions/${id}/answer`, { text: "Yes." });
    expect(answered.status).toBe(200);
    const finished = await until("the mission's end", async () => {
      const state = await hive.call("GET", `/v1/sessions/${id}/state`);
      return state.body.status === "running" ? null : state.body;
    });
    expect(finished.status).toBe("finished");
    const rows = await trace();
    // Every prompt stayed under its configured budget (the default envelope: 28k tokens).
    const steps = rows.filter((e) => e.kind === "step");
    for (const step of steps) {
      expect(Number(step.data.envelopeTokens)).toBeLessThanOrEqual(28_000);
    }
    // The prompt of the final move: the summary stands for the early turns.
    const lastStep = Math.max(...steps.map((e) => e.step));
    const envelope = await hive.call("GET", `/v1/sessions/${id}/envelope?step=${lastStep - 1}`);
    expect(envelope.status).toBe(200);
    const received = JSON.stringify(envelope.body.messages);
    const summaryRef = String(applied.data.summaryRef);
    expect(received).toContain("[CONVERSATION SUMMARY]");
    // The first step's search result is out of the raw window...
    expect(received).not.toContain("4700 + 11");
    // ...and the fact it found is in the summary or one of the refs the summary cites.
    const summary = await hive.call(
      "GET",
      `/v1/sessions/${id}/refs/${encodeURIComponent(summaryRef)}`,
    );
    expect(summary.status).toBe(200);
    // The model received the stored summary whole, its index ref included.
    const index = /index: (ref:[0-9a-f]{32})/.exec(String(summary.body.content))?.[1];
    expect(index).toBeDefined();
    expect(received).toContain(String(index));
    // The summary cites its turns through refs (and an index ref): two levels resolve them.
    const seen = new Set<string>();
    let texts = [JSON.stringify(summary.body)];
    for (let level = 0; level < 2; level++) {
      const refs = [...new Set(texts.join("\n").match(/ref:[0-9a-f]{32}/g) ?? [])].filter(
        (r) => !seen.has(r),
      );
      refs.forEach((r) => seen.add(r));
      texts = [
        ...texts,
        ...(await Promise.all(
          refs.map(async (ref) =>
            JSON.stringify(
              (await hive.call("GET", `/v1/sessions/${id}/refs/${encodeURIComponent(ref)}`)).body,
            ),
          ),
        )),
      ];
    }
    expect(`${received}\n${texts.join("\n")}`).toContain("4711");
  }, 300_000);
});
