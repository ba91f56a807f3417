import { describe, it } from "vitest";
import { agentMove } from "../../../../../workers/model/policy/moves/agent-policy.ts";
import { fillArgs } from "../../../../../workers/model/policy/tool-args.ts";
import type {
  ChatMessage,
  ChatRequest,
  ToolSpec,
} from "../../../../../shared/model/openai-schemas.ts";
import { findTool, toolDefinition } from "../../../../../shared/tools/catalogue.ts";

// The real tool definitions of the catalogue, as the router offers them to a model.
function catalogueTool(name: string): ToolSpec {
  const spec = findTool(name);
  if (!spec) {
    throw new Error(`no tool ${name} in the catalogue`);
  }
  // Spread: the catalogue's interface becomes a plain object type for the wire schema.
  const definition = toolDefinition(spec);
  return { ...definition, function: { ...definition.function } };
}
const TOOLS = ["search", "stage_context", "save_artifact", "calculate", "finish"].map(
  catalogueTool,
);

// The test plays the tools over a small workspace; the policy only sees requests.
const WORKSPACE: Record<string, string> = {
  "config/a.ts": "export const LIMIT = 40;\nexport const NAME = 'a';",
  "config/b.ts": "export const OFFSET = 2;",
  "app/main.py": "from billing.ledger import post\n\ndef close(day):\n    return post(day)\n",
};
function runTool(tool: string, args: Record<string, unknown>): string {
  if (tool === "stage_context") {
    return WORKSPACE[String(args.path)] ?? "not found";
  }
  if (tool === "search") {
    // The real tool's shape: a header echoing the query, then one `path:lines` hit a line.
    const hits = Object.keys(WORKSPACE).filter((p) => p.startsWith("config/"));
    return [
      `${hits.length} hits for "${String(args.query)}" (semantic):`,
      ...hits.map((p) => `${p}:1-2 (0.500)`),
    ].join("\n");
  }
  if (tool === "calculate") {
    return "42";
  }
  if (tool === "find_imports") {
    return "[MISSING DEPENDENCY] billing.ledger";
  }
  return "ok";
}

function play(mission: string, tools: ToolSpec[], maxSteps = 12) {
  const messages: ChatMessage[] = [
    { role: "system", content: `You are a Lethe agent.\n[MISSION] ${mission}` },
    { role: "user", content: "Begin." },
  ];
  const moves: { tool: string; args: Record<string, unknown> }[] = [];
  for (let step = 0; step < maxSteps; step++) {
    const request: ChatRequest = { model: "lethe-local", messages, tools };
    const move = agentMove(request);
    if (move.kind === "final") {
      return { moves, final: move.answer };
    }
    moves.push({ tool: move.tool, args: move.args });
    // Every move the policy makes is lawful: its args pass the tool's real schema.
    const parsed = findTool(move.tool)?.schema.safeParse(move.args);
    if (!parsed?.success) {
      throw new Error(`${move.tool} ${JSON.stringify(move.args)}: ${parsed?.error.message}`);
    }
    if (move.tool === "finish") {
      return { moves, final: undefined };
    }
    const id = `call_${step}`;
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: move.tool, arguments: JSON.stringify(move.args) },
        },
      ],
    });
    messages.push({ role: "tool", tool_call_id: id, content: runTool(move.tool, move.args) });
  }
  throw new Error("the policy did not finish");
}

describe("the agent policy", () => {
  it("stages named files, saves the facts the mission names, calculates and finishes", ({
    expect,
  }) => {
    const { moves } = play(
      "Find LIMIT in config/a.ts and OFFSET in config/b.ts and report their sum.",
      TOOLS,
    );
    expect(moves.map((m) => m.tool)).toEqual([
      "stage_context",
      "save_artifact",
      "stage_context",
      "save_artifact",
      "calculate",
      "finish",
    ]);
    expect(moves[1]?.args).toEqual({
      key: "limit",
      value: 40,
      kind: "fact",
      evidence: ["config/a.ts:1"],
    });
    expect(moves[4]?.args).toEqual({
      expression: "limit + offset",
      values: { limit: "limit", offset: "offset" },
    });
    expect(moves[5]?.args).toMatchObject({
      status: "achieved",
      summary: expect.stringContaining("42"),
    });
  });

  it("words arithmetic the way people do, operands in the order the mission names them", ({
    expect,
  }) => {
    const { moves } = play(
      "How many more is LIMIT in config/a.ts than OFFSET in config/b.ts?",
      TOOLS,
    );
    expect(moves.find((m) => m.tool === "calculate")?.args).toEqual({
      expression: "limit - offset",
      values: { limit: "limit", offset: "offset" },
    });
    const times = play("Multiply OFFSET from config/b.ts by LIMIT from config/a.ts.", TOOLS);
    expect(times.moves.find((m) => m.tool === "calculate")?.args).toMatchObject({
      expression: "offset * limit",
    });
  });

  it("checks a staged file's imports as soon as it is staged", ({ expect }) => {
    const tools = [...TOOLS, catalogueTool("find_imports")];
    const { moves } = play("Explain what close in app/main.py relies on.", tools);
    expect(moves.slice(0, 2)).toEqual([
      { tool: "stage_context", args: { path: "app/main.py" } },
      { tool: "find_imports", args: { path: "app/main.py" } },
    ]);
    expect(moves.filter((m) => m.tool === "find_imports")).toHaveLength(1);
  });

  it("takes paths from a search's hit lines, never from the query it echoes", ({ expect }) => {
    // The mission's own path holds nothing; the search query then echoes "headers.py".
    const { moves } = play("What do http/headers.py LIMIT and OFFSET add up to?", TOOLS);
    const stagedPaths = moves.filter((m) => m.tool === "stage_context").map((m) => m.args.path);
    expect(stagedPaths).toEqual(["http/headers.py", "config/a.ts", "config/b.ts"]);
  });

  it("reads a file again when a constant the mission names is still unsaved and L1 is empty", ({
    expect,
  }) => {
    const messages: ChatMessage[] = [
      {
        role: "system",
        content: "[MISSION] How many more is LIMIT than NAME_SIZE in config/a.ts?",
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "stage_context", arguments: '{"path":"config/a.ts"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "staged config/a.ts (lines 1-2 of 2)" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c2",
            type: "function",
            function: { name: "save_artifact", arguments: '{"key":"limit","value":40}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c2", content: "saved limit@1" },
    ];
    const move = agentMove({ model: "lethe-local", messages, tools: TOOLS });
    expect(move).toMatchObject({ tool: "stage_context", args: { path: "config/a.ts" } });
  });

  it("searches first when the mission names no file", ({ expect }) => {
    const { moves } = play("What are the LIMIT and OFFSET settings? Give their sum.", TOOLS);
    expect(moves[0]).toEqual({ tool: "search", args: { query: expect.stringContaining("limit") } });
    expect(moves.map((m) => m.tool)).toContain("calculate");
    expect(moves.at(-1)?.tool).toBe("finish");
  });

  it("only uses offered tools and ends with a final answer when finish is not offered", ({
    expect,
  }) => {
    const tools = TOOLS.filter((t) => ["stage_context", "save_artifact"].includes(t.function.name));
    const { moves, final } = play("Read config/b.ts and record OFFSET.", tools);
    expect(moves.map((m) => m.tool)).toEqual(["stage_context", "save_artifact"]);
    expect(final).toContain("offset");
  });

  it("names arguments the way the offered schema names them", ({ expect }) => {
    const tool = { name: "stage_context", properties: ["target", "pin"] };
    expect(fillArgs(tool, { path: "a.ts" })).toEqual({ target: "a.ts" });
  });

  it("gives the same move for the same request", ({ expect }) => {
    const request: ChatRequest = {
      model: "lethe-local",
      messages: [{ role: "user", content: "Mission: stage src/x.py" }],
      tools: TOOLS,
    };
    expect(agentMove(request)).toEqual(agentMove(request));
    expect(agentMove(request)).toMatchObject({ tool: "stage_context", args: { path: "src/x.py" } });
  });
});

describe("after a failed read is travelled back from", () => {
  it("does not stage the path the recovery lesson names again", ({ expect }) => {
    const messages: ChatMessage[] = [
      { role: "system", content: "[MISSION] Find LIMIT in config/gone.ts and config/a.ts." },
      {
        role: "user",
        content:
          "[AUTO-FIX RECOVERY]\nPrevious attempt failed: stage_context: [TOOL ERROR] NOT_FOUND: no file config/gone.ts\nPlease analyze the error and try a different approach.",
      },
    ];
    expect(agentMove({ model: "lethe-local", messages, tools: TOOLS })).toMatchObject({
      tool: "stage_context",
      args: { path: "config/a.ts" },
    });
  });
});
