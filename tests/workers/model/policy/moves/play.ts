// A tiny workspace the mission-rule tests play the stand-in against: each move's
// result is what the real tool would print (in shape), and staged files become
// L1 pages in the next request, as the envelope renders them.
import { agentMove } from "../../../../../workers/model/policy/moves/agent-policy.ts";
import type { ChatMessage, ToolSpec } from "../../../../../shared/model/openai-schemas.ts";
import { findTool, toolDefinition } from "../../../../../shared/tools/catalogue.ts";
import { dataMessage } from "../../../../../shared/context/untrusted.ts";

export function tools(...names: string[]): ToolSpec[] {
  return names.map((name) => {
    const spec = findTool(name);
    if (!spec) {
      throw new Error(`no tool ${name}`);
    }
    const definition = toolDefinition(spec);
    return { ...definition, function: { ...definition.function } };
  });
}

export interface PlayedMove {
  tool: string;
  args: Record<string, unknown>;
}

export type Respond = (move: PlayedMove) => {
  result: string;
  page?: { id: string; sourceRef: string; content: string };
};

/** Plays the policy until it finishes; returns its moves (the last is finish or final). */
export function play(mission: string, offered: ToolSpec[], respond: Respond, maxSteps = 16) {
  const history: ChatMessage[] = [];
  const moves: PlayedMove[] = [];
  let page: { id: string; sourceRef: string; content: string } | undefined;
  for (let step = 0; step < maxSteps; step++) {
    const messages: ChatMessage[] = [
      { role: "system", content: `[TASK ANCHOR]\n${mission}` },
      // As the envelope renders a page: a fenced data message (shared/context/untrusted.ts).
      ...(page ? [dataMessage(`[L1 file ${page.id} | ${page.sourceRef}]`, page.content)] : []),
      { role: "user", content: "Begin." },
      ...history,
    ];
    const move = agentMove({ model: "lethe-local", messages, tools: offered });
    if (move.kind === "final") {
      moves.push({ tool: "final", args: { answer: move.answer } });
      return moves;
    }
    const parsed = findTool(move.tool)?.schema.safeParse(move.args);
    if (!parsed?.success) {
      throw new Error(`${move.tool} ${JSON.stringify(move.args)}: ${parsed?.error.message}`);
    }
    moves.push({ tool: move.tool, args: move.args });
    if (move.tool === "finish") {
      return moves;
    }
    const answer = respond({ tool: move.tool, args: move.args });
    if (answer.page) {
      page = answer.page;
    }
    const id = `call_${step}`;
    history.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: move.tool, arguments: JSON.stringify(move.args) },
          },
        ],
      },
      { role: "tool", tool_call_id: id, content: answer.result },
    );
  }
  throw new Error(`the policy did not finish: ${JSON.stringify(moves)}`);
}

/** A whole-file page as stage_context stages it at workspace version `version`. */
export function filePage(path: string, content: string, version = 1, id = path) {
  const lines = content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
  return {
    result: `staged ${id} (lines 1-${lines} of ${lines})`,
    page: { id, sourceRef: `file:${path}@${version}:1-${lines}`, content },
  };
}
