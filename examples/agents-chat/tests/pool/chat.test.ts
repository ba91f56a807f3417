// The agents-chat example inside the @cloudflare/vitest-plugin pool with Lethe's
// Workers as auxiliaries (lethe/testing): the example's Durable Object talks to
// Lethe over its real service binding; a fact it saves is in a second agent's block,
// where the offline model (unscripted) answers a question from it.
import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

interface Reply {
  type: string;
  text: string;
  system: string;
  promptTokens: number[];
  session: string;
  code?: string;
  message?: string;
}

async function ask(agent: string, id: string, text: string, script?: unknown[]): Promise<Reply> {
  const response = await exports.default.fetch(`http://example.local/agents/chat-agent/${agent}`, {
    headers: { upgrade: "websocket" },
  });
  const socket = response.webSocket;
  if (socket === null) {
    throw new Error(`no WebSocket: ${response.status} ${await response.text()}`);
  }
  socket.accept();
  const reply = new Promise<Reply>((resolve) => {
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as Reply;
      if (frame.type === "chat.reply" || frame.type === "chat.error") {
        resolve(frame);
      }
    });
  });
  socket.send(JSON.stringify({ type: "chat", id, text, script }));
  const answer = await reply;
  socket.close();
  return answer;
}

describe("agents-chat in the vitest pool with Lethe", () => {
  it("a tool result's fact reaches a second agent's block, and the model answers from it", async () => {
    expect((env as unknown as { LETHE_KEY: string }).LETHE_KEY).toMatch(/^lethe_demo_/);
    const first = await ask("pool-alice", "p1", "Look up ledger", [
      { tool_calls: [{ name: "lookup_service", arguments: { name: "ledger" } }] },
      { content: "ledger is up." },
    ]);
    expect(`${first.type} ${first.message ?? ""}`).toBe("chat.reply ");
    // Unscripted: the model answers from the facts block of the prompt it received.
    const second = await ask("pool-bob", "p2", "Which port does ledger listen on?");
    const port = /service\.ledger\.port = (\d+)/.exec(second.system)?.[1];
    expect(port).toBeDefined();
    expect(second.text).toContain(`service.ledger.port is ${port}`);
    expect(second.session).not.toBe(first.session);
  });
});
