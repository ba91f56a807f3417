// Hostile sizes on the stand-in model (workers/model/endpoint.ts): every request
// kind answers a 500,000-newline body, and other long degenerate shapes, in
// linear time. The bound is generous; the measured times are printed.
import { describe, expect, it } from "vitest";
import { completeChat } from "../../../../workers/model/endpoint.ts";
import { ROUTER_MARKER, SUMMARISE_MARKER } from "../../../../shared/model/contracts.ts";

const N = 500_000;
/** Far above a linear pass (tens of ms) and far below a quadratic one (minutes). */
const GENEROUS_MS = 5_000;

const shapes: Record<string, string> = {
  newlines: "\n".repeat(N),
  crlf: "\r\n".repeat(N / 2),
  spaces: " ".repeat(N),
  word: "a".repeat(N),
  dashes: "a-".repeat(N / 2),
  slashes: "a/".repeat(N / 2),
  dots: "a.".repeat(N / 2),
  words: "ab ".repeat(N / 3),
  assignments: "x=".repeat(N / 2),
  blankLines: "Mission: x\n".concat(" \n".repeat(N / 2)),
  digits: "1".repeat(N),
  colons: "a: ".repeat(N / 3),
  // The mission rules' openings (workers/model/policy/moves/), repeated without their endings.
  ruleOpenings:
    "add a p parameter to f which files set X in a/b.ts to before the last change rule ".repeat(
      N / 80,
    ),
};

const tools = ["search", "stage_context", "save_artifact", "calculate", "finish"].map((name) => ({
  type: "function" as const,
  function: { name, parameters: { type: "object", properties: { query: {}, path: {} } } },
}));

function requests(text: string): Record<string, unknown> {
  return {
    agentUser: { model: "m", messages: [{ role: "user", content: text }], tools },
    agentSystem: {
      model: "m",
      messages: [
        { role: "system", content: text },
        { role: "user", content: text },
      ],
      tools,
    },
    agentToolResult: {
      model: "m",
      messages: [
        { role: "user", content: "Mission: find the value" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "search", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: text },
      ],
      tools,
    },
    router: {
      model: "m",
      messages: [
        { role: "system", content: `${ROUTER_MARKER}\n${text}` },
        { role: "user", content: text },
      ],
    },
    summarise: {
      model: "m",
      messages: [
        { role: "system", content: `${SUMMARISE_MARKER}\nstage: map` },
        { role: "user", content: `Turns:\n[turn 1 tool] ${text}` },
      ],
    },
  };
}

describe("the stand-in model answers hostile sizes in linear time", () => {
  for (const [shape, text] of Object.entries(shapes)) {
    it(`${shape} (${text.length} chars)`, () => {
      for (const [kind, body] of Object.entries(requests(text))) {
        const started = performance.now();
        const answer = completeChat(body);
        const ms = performance.now() - started;
        console.log(`stand-in ${kind} ${shape}: ${Math.round(ms)} ms`);
        expect(answer.ok, `${kind} ${shape}`).toBe(true);
        expect(ms, `${kind} ${shape}`).toBeLessThan(GENEROUS_MS);
      }
    }, 120_000);
  }
});
