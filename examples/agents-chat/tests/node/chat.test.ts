// The agents-chat example in workerd, inside the test's own Miniflare beside
// Lethe (lethe/testing), driven by the SDK's own client (agents/client over
// WebSocket): a long tool-heavy conversation stays under the prompt budget, an
// early tool result's fact is in the artifacts block late on, where the model
// (the offline stand-in, unscripted) answers the late question from it, and a
// second agent of the hive sees it too.
import path from "node:path";
import { AgentClient } from "agents/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newHiveKey,
  startLetheMiniflare,
  workerFromConfig,
  type LetheInMiniflare,
} from "../../../../shared/testing/miniflare.ts";
import type { ErrorFrame, ReplyFrame } from "../../src/env.ts";
import { lookupService } from "../../src/tools.ts";

const CONFIG = path.resolve(import.meta.dirname, "../../wrangler.toml");
const BUDGET = 3_500;
const TOOL_TURNS = 14;

let lethe: LetheInMiniflare;
let host: string;

beforeAll(async () => {
  const key = newHiveKey("demo");
  const app = workerFromConfig(CONFIG);
  app.bindings.LETHE_KEY = key;
  lethe = await startLetheMiniflare({ workers: [app] }, { keys: { demo: key } });
  host = (await lethe.mf.ready).host;
}, 240_000);
afterAll(async () => lethe?.dispose());

/** A client of one agent instance that sends chat frames and awaits their replies. */
async function chatClient(name: string) {
  const client = new AgentClient({ agent: "chat-agent", name, host, protocol: "ws" });
  const waiting = new Map<string, (frame: ReplyFrame | ErrorFrame) => void>();
  client.addEventListener("message", (event: MessageEvent) => {
    let frame: { type?: string; id?: string } = {};
    try {
      frame = JSON.parse(String(event.data)) as typeof frame;
    } catch {
      return;
    }
    if ((frame.type === "chat.reply" || frame.type === "chat.error") && frame.id) {
      waiting.get(frame.id)?.(frame as ReplyFrame | ErrorFrame);
    }
  });
  await client.ready;
  return {
    client,
    ask(id: string, text: string, script?: unknown[]): Promise<ReplyFrame> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${id}`)), 60_000);
        waiting.set(id, (frame) => {
          clearTimeout(timer);
          if (frame.type === "chat.reply") {
            resolve(frame);
          } else {
            reject(new Error(`${frame.code}: ${frame.message}`));
          }
        });
        client.send(JSON.stringify({ type: "chat", id, text, script }));
      });
    },
  };
}

describe("agents-chat with Lethe as its memory", () => {
  it("keeps a long tool-heavy conversation under budget and answers an early fact from the block", async () => {
    const alice = await chatClient("alice");
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
    alice.client.close();

    const bob = await chatClient("bob");
    const second = await bob.ask("b0", "What do we know about billing-api?");
    expect(second.session).not.toBe(late.session);
    expect(second.system).toContain(`service.billing-api.port = ${port}`);
    expect(second.text).toContain(`service.billing-api.port is ${port}`);
    bob.client.close();
  }, 240_000);

  it("answers a malformed frame with a typed error frame", async () => {
    const carol = await chatClient("carol");
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
    carol.client.close();
  });
});
