// Long-term memory on the running cluster: two sessions establish facts, a third
// contradicts one, the meta-steward (a queue job after each finished session)
// closes the old fact with a changelog entry and a drift flag, and a fourth
// session's envelope carries the current fact within the meta budget.
import { describe, it } from "vitest";
import { createContext } from "../../cli/commands/context.ts";
import { memoryCommand } from "../../cli/commands/memory.ts";
import { encodeScript } from "../../shared/model/script.ts";
import { E2E_ADMIN_TOKEN, hiveClient, sharedCluster } from "./helpers.ts";

const HIVE = "memory-e2e";

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  let value = await read();
  for (let i = 0; i < 300 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  if (!done(value)) {
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
  }
  return value;
}

describe("long-term memory across sessions", () => {
  it("keeps, contradicts, versions and serves knowledge through the steward job", async ({
    expect,
  }) => {
    const cluster = await sharedCluster();
    const { call, key: hiveKey } = await hiveClient(cluster, HIVE);
    const write = (path: string, content: string) =>
      call("POST", `/v1/hives/${HIVE}/workspace/files`, { files: [{ path, content }] });
    const changelog = async () =>
      (await call("GET", `/v1/hives/${HIVE}/memory/changelog`)).body as unknown as Array<{
        version: number;
        writer: string;
        reason: string;
        session: string | null;
        drift: Array<{ kind: string; before: string; after: string }>;
      }>;
    const runSession = async (mission: string, script?: string) => {
      const created = await call("POST", "/v1/sessions", {
        hive: HIVE,
        mission,
        ...(script === undefined ? {} : { script }),
      });
      const id = String(created.body.id);
      await call("POST", `/v1/sessions/${id}/start`);
      const state = await until(
        async () => (await call("GET", `/v1/sessions/${id}/state`)).body,
        (s) => s.status !== "running",
        `session ${id}`,
      );
      expect(state.status).toBe("finished");
      return id;
    };

    expect((await write("src/config.ts", "export const TIMEOUT = 30;\n")).status).toBe(201);
    expect((await write("src/retry.ts", "export const RETRIES = 4;\n")).status).toBe(201);
    const s1 = await runSession("Find TIMEOUT in src/config.ts and save it.");
    await until(changelog, (log) => log.some((e) => e.session === s1), "the steward after s1");
    const s2 = await runSession("Find RETRIES in src/retry.ts and save it.");
    await until(changelog, (log) => log.some((e) => e.session === s2), "the steward after s2");
    const beforeContradiction = Date.now();

    const listed = (await call("GET", `/v1/hives/${HIVE}/artifacts`)).body as unknown as {
      artifacts: Array<{ identifier: string; value: unknown }>;
    };
    const timeout = listed.artifacts.find((a) => a.value === 30);
    expect(timeout).toBeDefined();
    const key = timeout?.identifier ?? "";

    // The third session is told the new value (the local policy keeps a key the hive already knows).
    expect((await write("src/config.ts", "export const TIMEOUT = 60;\n")).status).toBe(201);
    const call3 = (name: string, args: Record<string, unknown>) => ({
      tool_calls: [{ name, arguments: args }],
    });
    const s3 = await runSession(
      "TIMEOUT in src/config.ts changed: save its new value.",
      encodeScript([
        call3("stage_context", { path: "src/config.ts" }),
        call3("save_artifact", { key, value: 60, kind: "fact", evidence: ["src/config.ts:1"] }),
        call3("finish", { status: "achieved", summary: `${key} is now 60` }),
      ]),
    );
    const log = await until(
      changelog,
      (l) => l.some((e) => e.session === s3),
      "the steward after s3",
    );
    const third = log.find((e) => e.session === s3);
    expect(third).toMatchObject({
      writer: "meta-steward",
      reason: expect.stringContaining(s3),
      drift: [{ kind: "contradiction", before: "30", after: "60" }],
    });

    const past = (await call("GET", `/v1/hives/${HIVE}/memory/as-of?at=${beforeContradiction}`))
      .body as unknown as {
      facts: Array<{ subject: string; object: string; validTo: number | null }>;
    };
    const oldTimeout = past.facts.find((f) => f.subject === key);
    expect(oldTimeout?.object).toBe("30");
    expect(oldTimeout?.validTo).not.toBeNull();
    const metrics = (await call("GET", `/v1/hives/${HIVE}/memory/metrics`)).body;
    expect(metrics["drift.detected"]).toBeGreaterThanOrEqual(1);
    expect(metrics["meta_steward.run.count"]).toBeGreaterThanOrEqual(3);

    const created = await call("POST", "/v1/sessions", {
      hive: HIVE,
      mission: "Report the TIMEOUT of src/config.ts.",
    });
    const s4 = String(created.body.id);
    await call("POST", `/v1/sessions/${s4}/start`);
    await until(
      async () => (await call("GET", `/v1/sessions/${s4}/state`)).body,
      (s) => Number(s.step) >= 1,
      "the fourth session's first step",
    );
    const envelope = (await call("GET", `/v1/sessions/${s4}/envelope?step=1`)).body as unknown as {
      messages: Array<{ content: string }>;
      sections: Array<{ name: string; tokens: number; budget: number }>;
    };
    const text = envelope.messages.map((m) => m.content).join("\n");
    const metaText = text.slice(text.indexOf("[RELEVANT ARTIFACTS]"));
    expect(metaText).toContain(`[fact] ${key} · is · 60 `);
    expect(metaText).not.toContain(`[fact] ${key} · is · 30 `);
    const meta = envelope.sections.find((s) => s.name === "meta");
    expect(meta && meta.tokens <= meta.budget).toBe(true);

    // The same history through `lethe memory`.
    const lines: string[] = [];
    const ctx = createContext({
      url: cluster.url,
      key: hiveKey,
      out: (l) => lines.push(l),
      env: {},
    });
    await memoryCommand(["changelog", HIVE], ctx);
    expect(lines.join("\n")).toMatch(
      /by meta-steward \[session, applied\].*\n\s+drift: .*"30" to "60"/,
    );
    lines.length = 0;
    const version = log.find((e) => e.session === s3)?.version ?? 0;
    await memoryCommand(
      ["rollback", HIVE, String(version), "--reason", "60 was a test value"],
      ctx,
    );
    expect(lines[0]).toContain(`(rollback of v${version})`);
    lines.length = 0;
    await memoryCommand(["history", HIVE, key], ctx);
    expect(lines.join("\n")).toContain(`closed: rollback of version ${version}`);

    // The operator's search across hives reads the D1 mirror, which followed the rollback.
    lines.length = 0;
    const operator = createContext({
      url: cluster.url,
      adminToken: E2E_ADMIN_TOKEN,
      out: (l) => lines.push(l),
      env: {},
    });
    await memoryCommand(["search-all", key, "--hive", HIVE], operator);
    expect(lines[0]).toContain(`[${HIVE}] ${key} · is · 30`);
  }, 300_000);
});
