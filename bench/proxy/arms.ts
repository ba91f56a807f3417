// bench:proxy's client-side baselines: what a client without Lethe sends for the
// same conversation. Full history cut to a 128k window (whole call/result pairs
// dropped from the front), last-K truncation, a sliding window of 8 with a notes
// tool that stores (by name, a later save replacing an earlier one) and shows its
// notes in the system message, and a summarising window whose older messages are
// compacted by shared/compress's structural compressConversation, the summariser
// the proxy's compressor Worker runs (no model call; its calls are counted).
import type { ChatMessage } from "../../shared/context/messages.ts";
import type { Tokenizer } from "../../shared/context/tokens.ts";
import { compressConversation } from "../../shared/compress/compress.ts";
import { SAVE_NOTE_TOOL } from "./policy.ts";

export const WINDOW_TOKENS = 128_000;
/** The summarising arm re-summarises once this many messages have left its window. */
const SUMMARY_EVERY_MESSAGES = 2;
const SUMMARY_BUDGET_TOKENS = 1_500;

export const SAVE_NOTE_SCHEMA = {
  type: "function" as const,
  function: {
    name: SAVE_NOTE_TOOL,
    description:
      "Save notes by name; every note stays in the system message (a name saved again is replaced).",
    parameters: {
      type: "object",
      properties: {
        notes: {
          type: "array",
          items: {
            type: "object",
            properties: { name: { type: "string" }, value: { type: "string" } },
            required: ["name", "value"],
          },
        },
      },
      required: ["notes"],
    },
  },
};

export interface ClientArm {
  name: string;
  /** The client's own history: the scripted pairs and its save rounds. */
  history: ChatMessage[];
  /** The request messages for the history as it stands. */
  request(): Promise<ChatMessage[]>;
  /** True when the arm offers save_note. */
  notes?: Map<string, string>;
  /** Summariser runs (structural: no model call, so no model tokens). */
  compressorCalls: number;
  /** Tokens of model calls made besides the upstream requests (none for these arms). */
  compressorTokens: number;
}

/** The first index at or after `start` that is not a tool result (no orphan results). */
function pairStart(history: readonly ChatMessage[], start: number): number {
  let at = Math.max(0, start);
  while (at < history.length && history[at]?.role === "tool") {
    at++;
  }
  return at;
}

/** History = system, task, then the conversation; the window keeps the last `k` of the conversation. */
function lastK(history: readonly ChatMessage[], k: number): ChatMessage[] {
  const [system, task, ...rest] = history;
  return [system, task, ...rest.slice(pairStart(rest, rest.length - k))] as ChatMessage[];
}

export function windowArm(tokenizer: Tokenizer, toolTokens: number): ClientArm {
  const arm: ClientArm = {
    name: "full history, 128k window",
    history: [],
    compressorCalls: 0,
    compressorTokens: 0,
    request: () => {
      const [system, task, ...rest] = arm.history as [ChatMessage, ChatMessage, ...ChatMessage[]];
      let spent = toolTokens + tokenizer.countMessage(system) + tokenizer.countMessage(task);
      let start = rest.length;
      while (
        start > 0 &&
        spent + tokenizer.countMessage(rest[start - 1] as ChatMessage) <= WINDOW_TOKENS
      ) {
        start--;
        spent += tokenizer.countMessage(rest[start] as ChatMessage);
      }
      return Promise.resolve([system, task, ...rest.slice(pairStart(rest, start))]);
    },
  };
  return arm;
}

export function lastKArm(k: number): ClientArm {
  const arm: ClientArm = {
    name: `last ${k} messages`,
    history: [],
    compressorCalls: 0,
    compressorTokens: 0,
    request: () => Promise.resolve(lastK(arm.history, k)),
  };
  return arm;
}

export function notesArm(k: number): ClientArm {
  const notes = new Map<string, string>();
  const arm: ClientArm = {
    name: `last ${k} + notes tool`,
    history: [],
    notes,
    compressorCalls: 0,
    compressorTokens: 0,
    request: () => {
      const window = lastK(arm.history, k);
      const [system, ...rest] = window as [ChatMessage, ...ChatMessage[]];
      const shown =
        notes.size === 0
          ? ""
          : `\n\nNotes (save_note):\n${[...notes].map(([n, v]) => `- ${n} = ${v}`).join("\n")}`;
      return Promise.resolve([{ role: "system", content: `${system.content}${shown}` }, ...rest]);
    },
  };
  return arm;
}

/** An older message as plain text for the summariser (as the proxy's envelope spells them). */
function asText(message: ChatMessage): ChatMessage {
  if (message.role === "assistant") {
    const calls = (message.tool_calls ?? []).map(
      (c) => `called ${c.function.name}(${c.function.arguments})`,
    );
    return {
      role: "assistant",
      content: [message.content ?? "", ...calls].filter(Boolean).join("\n"),
    };
  }
  if (message.role === "tool") {
    return {
      role: "assistant",
      content: `[tool result ${message.tool_call_id}]\n${message.content}`,
    };
  }
  return message;
}

export function summaryArm(k: number, tokenizer: Tokenizer): ClientArm {
  let summary: ChatMessage[] = [];
  let summarisedUpTo = 0;
  const arm: ClientArm = {
    name: `last ${k} + summary`,
    history: [],
    compressorCalls: 0,
    compressorTokens: 0,
    request: async () => {
      const [system, task, ...rest] = arm.history as [ChatMessage, ChatMessage, ...ChatMessage[]];
      const start = pairStart(rest, rest.length - k);
      if (start - summarisedUpTo >= SUMMARY_EVERY_MESSAGES) {
        const input = [...summary, ...rest.slice(summarisedUpTo, start).map(asText)];
        arm.compressorCalls++;
        // Transcript positions: the summary's messages first, then each evicted message's own.
        const turnNumbers = [
          ...summary.map((_, i) => i + 1),
          ...rest
            .slice(summarisedUpTo, start)
            .map((_, i) => summary.length + summarisedUpTo + i + 3),
        ];
        const run = await compressConversation(input, {
          tokenizer,
          turnNumbers,
          section: "history",
          budget: { tokens: SUMMARY_BUDGET_TOKENS },
        });
        if (!run.ok) {
          throw new Error(`summariser: ${run.message}`);
        }
        summary = run.value.messages.filter((m) => m.role !== "system");
        summarisedUpTo = start;
      }
      return [system, task, ...summary, ...rest.slice(summarisedUpTo)];
    },
  };
  return arm;
}
