// The agents-chat example as docs/agents.md runs it: its two commands as written
// (`cd examples/agents-chat && npm start`, the one command: Lethe and the example in
// one Miniflare, keys made, the demo run; then `npm run chat` from another shell),
// on a free port (PORT=0, which both read), then the SDK's
// own client (agents/client over WebSocket): a long tool-heavy conversation stays
// under the prompt budget, an early tool result's fact is in the artifacts block
// late on, where the model (the offline stand-in, unscripted) answers the late
// question from it, and a second agent of the hive sees it too.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient } from "../../scripts/chat.ts";
import type { ErrorFrame, ReplyFrame } from "../../src/env.ts";
import { lookupService } from "../../src/tools.ts";
import { documented } from "../../../../tests/docs/doc-commands.ts";

const EXAMPLE = path.resolve(import.meta.dirname, "../..");
const ROOT = path.resolve(EXAMPLE, "../..");
const START = documented("docs/agents.md", /agents-chat && npm start$/);
const CHAT = documented("docs/agents.md", /^npm run chat /);
/** Ends the command's whole process group when this test process goes away. */
const SUPERVISOR = path.resolve(EXAMPLE, "../../scripts/lib/supervisor.ts");
const BUDGET = 3_500;
const TOOL_TURNS = 14;

let started: ChildProcess;
let host: string;
/** What the command printed up to its ready line. */
let output = "";

beforeAll(async () => {
  // From the repository's root, as the docs begin. Port 0: Miniflare takes a free
  // port and the command prints it; ready once the demo has run.
  started = spawn(process.execPath, [SUPERVISOR, "sh", "-c", START], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0" },
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  host = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /agents-chat: ready at http:\/\/([\d.]+:\d+)/.exec(output);
      if (ready?.[1] && output.includes("Ctrl-C stops the example")) {
        resolve(ready[1]);
      }
    };
    started.stdout?.on("data", read);
    started.stderr?.on("data", read);
    started.once("exit", (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
}, 240_000);
afterAll(() => {
  // Closing the supervisor's stdin ends npm, node, Miniflare and workerd together.
  started?.stdin?.end();
});

describe("agents-chat with Lethe as its memory", () => {
  it("runs its demo, and the docs' `npm run chat` as written answers from the hive's facts", () => {
    const port = lookupService("billing-api").port;
    expect(output).toContain(`agent: service.billing-api.port is ${port}`);
    // Another shell in the example's folder, PORT as the server took it.
    const chat = spawnSync("sh", ["-c", CHAT], {
      cwd: EXAMPLE,
      env: { ...process.env, PORT: host.split(":")[1] },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect({ status: chat.status, stderr: chat.stderr }).toMatchObject({ status: 0 });
    expect(chat.stdout).toContain(`service.billing-api.port is ${port}`);
  }, 120_000);

  it("keeps a long tool-heavy conversation under budget and answers an early fact from the block", async () => {
    const alice = await chatClient(host, "alice");
    const replies: ReplyFrame[] = [];
    for (let i = 0; i < TOOL_TURNS; i++) {
      const service = i === 0 ? "billing-api" : `svc-${i}`;
      replies.push(
        await alice.ask(`q${i}`, `Look up ${service} and tell me about it.`, [
          { tool_calls: [{ name: "lookup_service", arguments: { name: service } }] },
          { content: `${service} is up; I looked at its logs.` },
        ]),
      );
    }
    const port = lookupService("billing-api").port;
    // No script: the model answers from the prompt it received (its facts block).
    const late = await alice.ask("late", "Which port does billing-api listen on?");
    const every = [...replies, late].flatMap((r) => r.promptTokens);
    const compactions = replies.reduce((n, r) => n + r.compactions, 0);
    console.log(
      `agents-chat: ${TOOL_TURNS} tool turns + 1 question, ${every.length} model calls; largest prompt ${Math.max(...every)} tokens (o200k, exact) of a ${BUDGET} budget; ${compactions} compactions; last prompt ${late.messages} messages, ${late.promptTokens.at(-1)} tokens (the same prompt with the raw history: ${late.uncompactedTokens} tokens)`,
    );
    expect(Math.max(...every)).toBeLessThanOrEqual(BUDGET);
    expect(compactions).toBeGreaterThan(0);
    expect(late.uncompactedTokens).toBeGreaterThan(BUDGET);
    // The early tool output left the prompt's history long ago; the fact is in the block.
    expect(late.system).toContain(`service.billing-api.port = ${port}`);
    expect(late.system).toContain("tool:lookup_service#");
    expect(late.text).toContain(`service.billing-api.port is ${port}`);
    expect(late.text).toMatch(/source tool:lookup_service#call_\w+; session [^,]+, agent alice/);
    alice.close();

    const bob = await chatClient(host, "bob");
    const second = await bob.ask("b0", "What do we know about billing-api?");
    expect(second.session).not.toBe(late.session);
    expect(second.system).toContain(`service.billing-api.port = ${port}`);
    expect(second.text).toContain(`service.billing-api.port is ${port}`);
    bob.close();
  }, 240_000);

  it("answers a malformed frame with a typed error frame, and serves Lethe's API on the same port", async () => {
    const carol = await chatClient(host, "carol");
    const error = await new Promise<ErrorFrame>((resolve) => {
      carol.client.addEventListener("message", (event: MessageEvent) => {
        const frame = JSON.parse(String(event.data)) as ErrorFrame;
        if (frame.type === "chat.error") {
          resolve(frame);
        }
      });
      carol.client.send(JSON.stringify({ type: "chat", text: "" }));
    });
    expect(error.code).toBe("BAD_FRAME");
    carol.close();
    const health = (await (await fetch(`http://${host}/health`)).json()) as { models?: unknown };
    expect(health.models).toBeDefined();
    // The command made the hive's key itself and said so.
    expect(output).toMatch(/Hive: +demo +LETHE_KEY=lethe_demo_/);
  });
});
