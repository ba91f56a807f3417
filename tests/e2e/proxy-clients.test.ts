// The context-managing proxy on a running cluster with real clients: the `openai`
// client (plain, streaming, tools) and an @openai/agents agent complete a task
// whose last step needs a fact the proxy moved behind a ref; docs/proxy.md's
// try-proxy.mjs runs as written.
import {
  Agent,
  run,
  setDefaultOpenAIClient,
  setOpenAIAPI,
  setTracingDisabled,
  tool,
} from "@openai/agents";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { beforeAll, describe } from "vitest";
import { z } from "zod";
import type { TestUpstream } from "../../harness/proxy-upstream.ts";
import { blockAfter, documented, ROOT } from "../docs/doc-commands.ts";
import { DEPLOY_PORT, TASK_PROMPT, TASK_TOOLS } from "../fixtures/proxy-task.ts";
import { proxySuite, runTool, tools } from "./proxy-suite.ts";

let upstream: TestUpstream;
let keyA = "";

const suite = proxySuite();
const { it, clusterUrl, proxyFetch, refReads } = suite;
beforeAll(() => {
  ({ upstream, keyA } = suite.cluster());
});

describe("the proxy with the openai client", () => {
  for (const stream of [false, true]) {
    it(`completes the task ${stream ? "streaming" : "plain"}, reading the moved fact back through a ref`, async ({
      expect,
    }) => {
      const client = new OpenAI({ baseURL: `${clusterUrl()}/v1`, apiKey: keyA });
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: "You are a careful deploy agent." },
        { role: "user", content: TASK_PROMPT },
      ];
      const before = upstream.requests.length;
      let session: string | undefined;
      let final = "";
      let lastHeaders: Headers | undefined;
      for (let turn = 0; turn < 12 && final === ""; turn++) {
        const options = session === undefined ? {} : { headers: { "x-lethe-session": session } };
        let content = "";
        let calls: { id: string; name: string; arguments: string }[] = [];
        if (stream) {
          const { data, response } = await client.chat.completions
            .create({ model: "any-model", messages, tools, stream: true }, options)
            .withResponse();
          lastHeaders = response.headers;
          const byIndex = new Map<number, { id: string; name: string; arguments: string }>();
          for await (const chunk of data) {
            const delta = chunk.choices[0]?.delta;
            content += delta?.content ?? "";
            for (const call of delta?.tool_calls ?? []) {
              const entry = byIndex.get(call.index) ?? { id: "", name: "", arguments: "" };
              entry.id = call.id ?? entry.id;
              entry.name = call.function?.name ?? entry.name;
              entry.arguments += call.function?.arguments ?? "";
              byIndex.set(call.index, entry);
            }
          }
          calls = [...byIndex.values()];
        } else {
          const { data, response } = await client.chat.completions
            .create({ model: "any-model", messages, tools }, options)
            .withResponse();
          lastHeaders = response.headers;
          const message = data.choices[0]?.message;
          content = message?.content ?? "";
          calls = (message?.tool_calls ?? []).flatMap((c) =>
            c.type === "function"
              ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }]
              : [],
          );
        }
        session ??= lastHeaders.get("x-lethe-session") ?? undefined;
        if (calls.length === 0) {
          final = content;
          break;
        }
        expect(calls.every((c) => !c.name.startsWith("lethe_"))).toBe(true);
        messages.push({
          role: "assistant",
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: c.arguments },
          })),
        });
        for (const call of calls) {
          messages.push({
            role: "tool",
            tool_call_id: call.id,
            content: runTool(call.name, call.arguments),
          });
        }
      }
      expect(final).toBe(`done: deployed on port ${DEPLOY_PORT}`);
      expect(session).toMatch(/^px-/);
      const seen = refReads(before);
      expect(seen.reads).toBeGreaterThan(0);
      expect(seen.factShownBeforeRead).toBe(false);
      const sent = Number(lastHeaders?.get("x-lethe-upstream-prompt-tokens"));
      const history = Number(lastHeaders?.get("x-lethe-client-prompt-tokens"));
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(history);
    }, 120_000);
  }
});

describe("the current state in what the upstream receives", () => {
  it("sends each setting's latest value in the facts block after the results left the tail, never the replaced one", async ({
    expect,
  }) => {
    const client = new OpenAI({ baseURL: `${clusterUrl()}/v1`, apiKey: keyA });
    const results = [
      JSON.stringify({ settings: { pool_max: "12", deploy_region: "eu-west-1" } }, null, 2),
      "--- a/app.yaml\n+++ b/app.yaml\n@@ -1,2 +1,2 @@ settings:\n-  pool_max: 12\n+  pool_max: 48",
      ...Array.from({ length: 6 }, (_, i) => `check ${i}: ok in ${i}ms`),
    ];
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: "You are a careful deploy agent." },
      { role: "user", content: "Tune the pool." },
    ];
    results.forEach((content, i) => {
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: [
          { id: `s${i}`, type: "function", function: { name: "lookup_config", arguments: "{}" } },
        ],
      });
      messages.push({ role: "tool", tool_call_id: `s${i}`, content });
    });
    const before = upstream.requests.length;
    await client.chat.completions.create(
      { model: "any-model", messages, tools },
      { headers: { "x-lethe-session": "facts-block-1" } },
    );
    const sent = upstream.requests.slice(before);
    expect(sent).toHaveLength(1);
    const system = sent[0]?.messages[0]?.content ?? "";
    const block = system.slice(system.indexOf("Current facts"));
    expect(block).toMatch(/pool_max = 48 \(turn \d+\)/);
    expect(block).toMatch(/deploy_region = eu-west-1 \(turn \d+\)/);
    expect(block).not.toContain("= 12 (");
    // The raw results are no longer verbatim: only the ledger's one-line previews and refs remain.
    const verbatim = sent[0]?.messages.filter((m) => m.role === "tool").map((m) => m.content);
    expect(verbatim?.join("\n")).not.toContain("pool_max");
  }, 30_000);
});

describe("the proxy with an @openai/agents agent (chat completions mode)", () => {
  it("completes the task; the model reaches the moved fact through lethe_read_ref", async ({
    expect,
  }) => {
    setOpenAIAPI("chat_completions");
    setTracingDisabled(true);
    setDefaultOpenAIClient(
      new OpenAI({
        baseURL: `${clusterUrl()}/v1`,
        apiKey: keyA,
        defaultHeaders: { "x-lethe-session": "agents-sdk-1" },
      }),
    );
    const agentTools = TASK_TOOLS.map((t) =>
      tool({
        name: t.name,
        description: t.description,
        parameters: t.name === "deploy" ? z.object({ port: z.string() }) : z.object({}),
        execute: async (args) => t.run(args as Record<string, unknown>),
      }),
    );
    const agent = new Agent({
      name: "deployer",
      instructions: "You are a careful deploy agent.",
      tools: agentTools,
      model: "any-model",
    });
    const before = upstream.requests.length;
    const result = await run(agent, TASK_PROMPT, { maxTurns: 20 });
    expect(result.finalOutput).toBe(`done: deployed on port ${DEPLOY_PORT}`);
    const seen = refReads(before);
    expect(seen.reads).toBeGreaterThan(0);
    expect(seen.factShownBeforeRead).toBe(false);
    const stats = await proxyFetch("/v1/chat/sessions/agents-sdk-1");
    expect(stats.json()).toMatchObject({ session: "agents-sdk-1", calls: expect.any(Number) });
  }, 120_000);
});

describe("docs/proxy.md's try-proxy.mjs, as written", () => {
  it("prints the client's own tool call, then the final answer", async ({ expect }) => {
    // In the repository, as the docs say, so that `openai` resolves; .test-output is ignored by git.
    mkdirSync(path.join(ROOT, ".test-output"), { recursive: true });
    const dir = mkdtempSync(path.join(ROOT, ".test-output", "try-proxy-"));
    try {
      const script = blockAfter("docs/proxy.md", "save this as `try-proxy.mjs`");
      writeFileSync(
        path.join(dir, "try-proxy.mjs"),
        script.replace('"http://127.0.0.1:8787/v1"', JSON.stringify(`${clusterUrl()}/v1`)),
      );
      const command = documented("docs/proxy.md", /\bnode try-proxy\.mjs$/).replace(
        "lethe_demo_...",
        keyA,
      );
      // Not spawnSync: the test upstream answering the proxy runs in this process.
      const child = spawn("sh", ["-c", command], { cwd: dir, stdio: "pipe" });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
      child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
      const status = await new Promise((resolve) => child.on("close", resolve));
      expect(status, out).toBe(0);
      expect(out).toBe("read_log {}\ndone: the log is clean\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
