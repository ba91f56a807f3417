// The long-horizon bench's model: an OpenAI-compatible `/v1/chat/completions` on
// node:http, started by bench/horizon.ts and called by every agent (Lethe's agent
// loop through LETHE_MODEL_BASE_URL, the baselines through the openai client). One
// policy for all (bench/horizon/rules.ts): the workload's schedule says which file
// to read next; every value it writes comes from the prompt it was sent, and it
// never sees the answer key. Service calls (Lethe's router and compressor, the
// summarising baseline's summariser) are answered by the local endpoint's stand-in
// and counted for the agent that made them. Counts every prompt token.
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { REPLY_PRIMING_TOKENS, type Tokenizer } from "../../shared/context/tokens.ts";
import { contentKey } from "../../shared/base/hash.ts";
import { completionSse } from "../../harness/local-model-fetch.ts";
import { answerWithStandIn, serviceCallMarker } from "../../harness/service-calls.ts";
import type { ChatCompletion } from "../../shared/model/openai-schemas.ts";
import type { Workload } from "./workloads.ts";
import {
  agentTag,
  answerMove,
  contentText,
  recallFromPrompt,
  saveTool,
  type WireMessage,
  type WireTool,
} from "./rules.ts";

/** The model name the stand-in reports; its tokenizer is the project's for lethe-local. */
export const STAND_IN_MODEL = "lethe-local";

/** HORIZON_DUMP=dir: every agent request, one JSON line per request, in dir/<tag>.jsonl (for debugging the policy). */
const DUMP = process.env.HORIZON_DUMP;

export interface AgentUsage {
  requests: number;
  /** Extra reads the policy made among `requests`: refs, and slices of a file too large to stage. */
  refReads: number;
  /** Prompt tokens of those extra reads (included in promptTokens). */
  extraTokens: number;
  promptTokens: number;
  /** Prompt tokens of the tool definitions alone (included in promptTokens). */
  toolTokens: number;
  largestPrompt: number;
  /** How many requests offered each tool. */
  offered: Record<string, number>;
  /** Prompt tokens by part: tool definitions, each envelope section by its tag, calls, results. */
  parts: Record<string, number>;
}

/** The part of the prompt a message is: its `[TAG]` for system messages, else its role. */
export function messagePart(message: ChatMessage): string {
  if (message.role === "assistant") {
    return "assistant calls";
  }
  if (message.role === "tool") {
    return "tool results";
  }
  // `[MISSION]`, `[RELEVANT ARTIFACTS]`, `[TASK ANCHOR]`, `[L1 file ...]`: Lethe's envelope sections.
  const tag = /^\[([A-Z][A-Z0-9]*(?: [A-Z][A-Z0-9]*)*)[\] ]/.exec(message.content)?.[1];
  if (tag === undefined) {
    return message.role;
  }
  return tag === "L1" ? "L1 pages" : tag.toLowerCase();
}

/** One answer the stand-in gave: the move's index in the schedule and the tool it called. */
export interface GivenAnswer {
  index: number;
  /** The agent sent exactly the previous request's messages again (a retry or a re-run step). */
  repeated: boolean;
  tool: string | null;
  args: Record<string, unknown>;
}

export interface ModelServer {
  url: string;
  usage(tag: string): AgentUsage;
  answers(tag: string): GivenAnswer[];
  /** Requests without an agent tag (answered with a 400, never counted for an agent). */
  untagged(): number;
  /** An agent's own service calls by their marker (router, summariser), answered with the local endpoint's policy. */
  serviceCalls(tag: string): Record<string, { calls: number; promptTokens: number }>;
  /** The prompt an agent's final answer was given for, as the policy read it; null before it. */
  final(tag: string): FinalPrompt | null;
  close(): Promise<void>;
}

export interface ModelServerOptions {
  port: number;
  /** The workloads by name: a tag `<workload>:<arm>` follows that workload's schedule. */
  workloads: ReadonlyMap<string, Workload>;
  tokenizer: Tokenizer;
  /** Called (and awaited) before the answer to move `index` of agent `tag`: file changes land here. */
  beforeMove(tag: string, index: number): Promise<void>;
  /** The agent a service call without an arm header belongs to (the Lethe session running). */
  serviceOwner(): string;
}

/** The header a baseline's own summariser calls carry, naming the agent they are counted for. */
export const ARM_HEADER = "x-horizon-arm";

/** What the stand-in saw at question time: the prompt of the request it answered with the final answer. */
export interface FinalPrompt {
  /** Each fact's value as the prompt states it (the policy's reading). */
  values: Map<number, number>;
  answer: string;
}

function toChatMessage(message: WireMessage): ChatMessage {
  const content = contentText(message);
  switch (message.role) {
    case "assistant":
      return {
        role: "assistant",
        content,
        ...(message.tool_calls === undefined
          ? {}
          : {
              tool_calls: message.tool_calls.map((c) => ({
                id: c.id ?? "",
                type: "function" as const,
                function: { name: c.function?.name ?? "", arguments: c.function?.arguments ?? "" },
              })),
            }),
      };
    case "tool":
      return { role: "tool", content, tool_call_id: message.tool_call_id ?? "" };
    case "user":
      return message.name === undefined
        ? { role: "user", content }
        : { role: "user", content, name: message.name };
    default:
      return { role: "system", content };
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const { workloads, tokenizer } = options;
  const refReads = new Map<string, number>();
  const finals = new Map<string, FinalPrompt>();
  const usage = new Map<string, AgentUsage>();
  const calls = new Map<string, number>();
  const given = new Map<string, GivenAnswer[]>();
  const lastPrompt = new Map<string, string>();
  let untagged = 0;
  /** Service calls (router, summariser) by the agent they are counted for, then by marker. */
  const service = new Map<string, Record<string, { calls: number; promptTokens: number }>>();
  const usageOf = (tag: string): AgentUsage => {
    let found = usage.get(tag);
    if (found === undefined) {
      found = {
        requests: 0,
        refReads: 0,
        extraTokens: 0,
        promptTokens: 0,
        toolTokens: 0,
        largestPrompt: 0,
        offered: {},
        parts: {},
      };
      usage.set(tag, found);
    }
    return found;
  };

  const complete = async (body: {
    messages?: WireMessage[];
    tools?: WireTool[];
    stream?: boolean;
  }) => {
    const messages = body.messages ?? [];
    const tools = body.tools ?? [];
    const tag = agentTag(messages);
    if (tag === null) {
      untagged++;
      return null;
    }
    // What the agent sent: every message (OpenAI's per-message overhead included)
    // plus the tool definitions as JSON.
    const toolTokens = tools.length === 0 ? 0 : tokenizer.count(JSON.stringify(tools));
    const chat = messages.map(toChatMessage);
    const promptTokens = tokenizer.countMessages(chat) + toolTokens;
    const counted = usageOf(tag);
    const add = (part: string, tokens: number) => {
      counted.parts[part] = (counted.parts[part] ?? 0) + tokens;
    };
    add("tool definitions", toolTokens);
    add("reply priming", REPLY_PRIMING_TOKENS);
    for (const message of chat) {
      add(messagePart(message), tokenizer.countMessage(message));
    }
    counted.requests++;
    counted.promptTokens += promptTokens;
    counted.toolTokens += toolTokens;
    counted.largestPrompt = Math.max(counted.largestPrompt, promptTokens);
    for (const tool of tools) {
      const name = tool.function?.name ?? "?";
      counted.offered[name] = (counted.offered[name] ?? 0) + 1;
    }
    if (DUMP !== undefined) {
      appendFileSync(
        path.join(DUMP, `${tag.replace(/\W+/g, "-")}.jsonl`),
        `${JSON.stringify({ messages, tools: tools.map((t) => t.function?.name) })}\n`,
      );
    }
    const workload = workloads.get(tag.split(":")[0] ?? "");
    if (workload === undefined) {
      throw new Error(`no workload for the agent ${tag}`);
    }
    // The schedule points at the next move; a save with no save tool offered is skipped
    // (the policy saves only when it can), and a ref read does not advance it.
    let index = calls.get(tag) ?? 0;
    await options.beforeMove(tag, index);
    let move = workload.moves[index] ?? { kind: "final" as const };
    if (move.kind === "save" && saveTool(tools) === null) {
      index++;
      await options.beforeMove(tag, index);
      move = workload.moves[index] ?? { kind: "final" as const };
    }
    const answer = answerMove(move, messages, tools, workload.paths, refReads.get(tag) ?? 0);
    if (answer.extra === true) {
      refReads.set(tag, (refReads.get(tag) ?? 0) + 1);
      counted.refReads++;
      counted.extraTokens += promptTokens;
      calls.set(tag, index);
    } else {
      refReads.set(tag, 0);
      calls.set(tag, index + 1);
    }
    if (move.kind === "final" && answer.extra !== true) {
      finals.set(tag, {
        values: recallFromPrompt(messages),
        answer: answer.content ?? String(answer.toolCall?.arguments.summary ?? ""),
      });
    }
    const prompt = contentKey(JSON.stringify(messages));
    const repeated = lastPrompt.get(tag) === prompt;
    lastPrompt.set(tag, prompt);
    given.set(tag, [
      ...(given.get(tag) ?? []),
      {
        index,
        repeated,
        tool: answer.toolCall?.name ?? null,
        args: answer.toolCall?.arguments ?? {},
      },
    ]);
    const toolCalls = answer.toolCall
      ? [
          {
            id: `call_${tag}_${index}`,
            type: "function" as const,
            function: {
              name: answer.toolCall.name,
              arguments: JSON.stringify(answer.toolCall.arguments),
            },
          },
        ]
      : [];
    return completionOf(tag, String(index), promptTokens, answer.content, toolCalls);
  };

  const completionOf = (
    tag: string,
    id: string,
    promptTokens: number,
    content: string | null,
    toolCalls: {
      id: string;
      type: "function";
      function: { name: string; arguments: string };
    }[],
  ): ChatCompletion => {
    const completionTokens = tokenizer.count(
      (content ?? "") + toolCalls.map((c) => c.function.arguments).join(""),
    );
    const completion: ChatCompletion = {
      id: `chatcmpl-${tag}-${id}`,
      object: "chat.completion",
      created: 0,
      model: STAND_IN_MODEL,
      system_fingerprint: "horizon-stand-in",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
            refusal: null,
          },
          finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    };
    return completion;
  };

  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && request.url === "/v1/models") {
      reply(200, { object: "list", data: [{ id: STAND_IN_MODEL, object: "model" }] });
      return;
    }
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      reply(404, { error: { message: `no route ${request.method} ${request.url}` } });
      return;
    }
    readBody(request)
      .then(async (text) => {
        const body = JSON.parse(text) as {
          messages?: WireMessage[];
          tools?: WireTool[];
          stream?: boolean;
          stream_options?: { include_usage?: boolean };
        };
        const marker = serviceCallMarker(body);
        if (marker !== null) {
          const arm = request.headers[ARM_HEADER];
          const owner = typeof arm === "string" ? arm : options.serviceOwner();
          const mine = service.get(owner) ?? {};
          service.set(owner, mine);
          const counted = (mine[marker] ??= { calls: 0, promptTokens: 0 });
          counted.calls++;
          counted.promptTokens += tokenizer.countMessages((body.messages ?? []).map(toChatMessage));
          await answerWithStandIn(body, response);
          return;
        }
        const completion = await complete(body);
        if (completion === null) {
          reply(400, {
            error: {
              message: "no [horizon run <agent>] tag in the messages",
              type: "invalid_request",
            },
          });
          return;
        }
        if (body.stream === true) {
          response.writeHead(200, { "content-type": "text/event-stream" });
          response.end(completionSse(completion, body.stream_options?.include_usage === true));
          return;
        }
        reply(200, completion);
      })
      .catch((error: unknown) => {
        reply(500, { error: { message: error instanceof Error ? error.message : String(error) } });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${options.port}/v1`,
    usage: (tag) => {
      const u = usageOf(tag);
      return { ...u, offered: { ...u.offered }, parts: { ...u.parts } };
    },
    answers: (tag) => [...(given.get(tag) ?? [])],
    untagged: () => untagged,
    serviceCalls: (tag) => structuredClone(service.get(tag) ?? {}),
    final: (tag) => finals.get(tag) ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
