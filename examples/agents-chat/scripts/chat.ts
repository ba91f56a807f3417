// A chat client of the example over the agents SDK's own WebSocket client
// (agents/client): sends `{type: "chat", id, text, script?}` frames and resolves
// each with its `chat.reply` (or rejects with its `chat.error`). Used by
// `npm run chat`, the start script's demo and the example's tests.
import { AgentClient } from "agents/client";
import type { ErrorFrame, ReplyFrame } from "../src/env.ts";

export interface Chat {
  client: AgentClient;
  ask(id: string, text: string, script?: unknown[]): Promise<ReplyFrame>;
  close(): void;
}

/** A client of the agent instance `name` at `host` (e.g. 127.0.0.1:8788). */
export async function chatClient(host: string, name: string, timeoutMs = 60_000): Promise<Chat> {
  const client = new AgentClient({ agent: "chat-agent", name, host, protocol: "ws" });
  const waiting = new Map<string, (frame: ReplyFrame | ErrorFrame) => void>();
  client.addEventListener("message", (event: MessageEvent) => {
    let frame: { type?: string; id?: string } = {};
    try {
      frame = JSON.parse(String(event.data)) as typeof frame;
    } catch {
      // Frames of the SDK's own protocol that are not JSON are not ours to read.
      return;
    }
    if ((frame.type === "chat.reply" || frame.type === "chat.error") && frame.id) {
      waiting.get(frame.id)?.(frame as ReplyFrame | ErrorFrame);
    }
  });
  await client.ready;
  return {
    client,
    ask(id, text, script) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${id}`)), timeoutMs);
        waiting.set(id, (frame) => {
          clearTimeout(timer);
          if (frame.type === "chat.reply") {
            resolve(frame);
          } else {
            reject(new Error(`${frame.code}: ${frame.message} (${frame.hint})`));
          }
        });
        client.send(JSON.stringify({ type: "chat", id, text, script }));
      });
    },
    close: () => client.close(),
  };
}

// `npm run chat -- [--host 127.0.0.1:8788] [--name alice] "your message"`; without
// --host, the port is the PORT variable's (as `npm start`'s), else 8788.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { parseArgs } = await import("node:util");
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      host: { type: "string", default: `127.0.0.1:${process.env.PORT || "8788"}` },
      name: { type: "string", default: "alice" },
    },
  });
  const text = positionals.join(" ").trim();
  if (text === "") {
    process.stderr.write('usage: npm run chat -- [--host H:P] [--name N] "message"\n');
    process.exit(2);
  }
  try {
    const chat = await chatClient(values.host, values.name);
    const reply = await chat.ask(`cli-${Date.now()}`, text);
    console.log(reply.text);
    chat.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(
      `chat: ${error instanceof Error ? error.message : String(error)}\n  hint: is \`npm start\` running at ${values.host}?\n`,
    );
    process.exit(1);
  }
}
