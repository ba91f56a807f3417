// Episode builders of the "sealed-27" compression family: a few messages that belong
// together (a user ask and its answer, or an ask, a tool call, its result and the
// recap) and the statement lines planted in them. Used by the family's forms and filler.
import type { ChatMessage } from "../shared/context/messages.ts";

/** A statement line inside an episode: the message offset, the line, the value it states. */
export interface EpisodeMark {
  at: number;
  text: string;
  value: string;
}

export interface Episode {
  messages: ChatMessage[];
  marks: EpisodeMark[];
}

/** Tool call ids, unique within one transcript. */
export interface CallIds {
  next(): string;
  /** Starts numbering from zero again (the transcript renumbers calls in order). */
  reset(): void;
}

export function callIds(): CallIds {
  let n = 0;
  return {
    next: () => `call_${(n++).toString(36).padStart(4, "0")}`,
    reset: () => {
      n = 0;
    },
  };
}

export const pickFrom =
  (rnd: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(rnd() * list.length)] as T;

/** A user message and the assistant's answer. */
export function exchange(user: string, assistant: string, marks: EpisodeMark[] = []): Episode {
  return {
    messages: [
      { role: "user", content: user },
      { role: "assistant", content: assistant },
    ],
    marks,
  };
}

/** A user ask, one tool call with its output, and the assistant's recap. */
export function toolEpisode(
  ids: CallIds,
  ask: string,
  tool: string,
  args: Record<string, unknown>,
  output: string,
  recap: string,
  marks: { inOutput?: EpisodeMark[]; inRecap?: EpisodeMark[] } = {},
): Episode {
  const id = ids.next();
  return {
    messages: [
      { role: "user", content: ask },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id, type: "function", function: { name: tool, arguments: JSON.stringify(args) } },
        ],
      },
      { role: "tool", tool_call_id: id, content: output },
      { role: "assistant", content: recap },
    ],
    marks: [
      ...(marks.inOutput ?? []).map((m) => ({ ...m, at: 2 })),
      ...(marks.inRecap ?? []).map((m) => ({ ...m, at: 3 })),
    ],
  };
}

/** Several tool calls in a row with no user turn between them, then a recap. */
export function toolChain(
  ids: CallIds,
  ask: string,
  calls: readonly { tool: string; args: Record<string, unknown>; output: string }[],
  recap: string,
): Episode {
  const messages: ChatMessage[] = [{ role: "user", content: ask }];
  for (const call of calls) {
    const id = ids.next();
    messages.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: call.tool, arguments: JSON.stringify(call.args) },
          },
        ],
      },
      { role: "tool", tool_call_id: id, content: call.output },
    );
  }
  messages.push({ role: "assistant", content: recap });
  return { messages, marks: [] };
}
