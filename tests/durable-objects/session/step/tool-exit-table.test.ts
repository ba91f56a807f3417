// The decision tables of a step whose tool ran (tool-exit-table.ts): each row of the
// auto-fix, end-state and next-step tables, and the priorities between them.
import { describe, it } from "vitest";
import {
  decideToolExit,
  type ToolDecision,
  type ToolFacts,
} from "../../../../durable-objects/session/step/tool-exit-table.ts";

/** A tool that succeeded in a running session with no auto-fix history. */
function facts(overrides: Partial<ToolFacts> = {}): ToolFacts {
  return {
    failed: false,
    policyHalt: false,
    vouched: false,
    halt: false,
    ask: false,
    handoff: false,
    attempts: 0,
    maxAttempts: 2,
    canTravel: true,
    ...overrides,
  };
}

function decision(overrides: Partial<ToolDecision>): ToolDecision {
  return { autofix: "none", end: "running", travel: false, next: "continue", ...overrides };
}

describe("decideToolExit", () => {
  const cases: [string, Partial<ToolFacts>, ToolDecision][] = [
    ["a tool that succeeded keeps the session running", {}, decision({})],
    [
      "a vouched outcome finishes the session",
      { vouched: true },
      decision({ end: "finished", next: "stop" }),
    ],
    ["a halt halts the session", { halt: true }, decision({ end: "halted", next: "stop" })],
    [
      "a halt with a question pauses instead",
      { halt: true, ask: true },
      decision({ end: "paused-by-halt", next: "stop" }),
    ],
    ["a question pauses the session", { ask: true }, decision({ end: "asked", next: "stop" })],
    [
      "a handoff runs on under the new persona",
      { handoff: true },
      decision({ end: "handoff", next: "continue" }),
    ],
    [
      "a failed tool travels back and retries",
      { failed: true },
      decision({ autofix: "retry", travel: true, next: "continue" }),
    ],
    [
      "a failed tool with no checkpoint to go to is noted as an attempt and runs on",
      { failed: true, canTravel: false },
      decision({ autofix: "retry", travel: false, next: "continue" }),
    ],
    [
      "a failed tool at the attempt limit gives up and halts",
      { failed: true, attempts: 2 },
      decision({ autofix: "give-up", end: "gave-up", next: "stop" }),
    ],
    [
      "a failure a policy stopped is not auto-fixed",
      { failed: true, policyHalt: true, halt: true },
      decision({ end: "halted", next: "stop" }),
    ],
    [
      "a failure with a vouched outcome finishes without auto-fix",
      { failed: true, vouched: true },
      decision({ end: "finished", next: "stop" }),
    ],
    ["a success after attempts is a recovery", { attempts: 1 }, decision({ autofix: "recovered" })],
    [
      "a finish outranks a halt, a question and a handoff",
      { vouched: true, halt: true, ask: true, handoff: true },
      decision({ end: "finished", next: "stop" }),
    ],
    [
      "a question outranks a handoff",
      { ask: true, handoff: true },
      decision({ end: "asked", next: "stop" }),
    ],
    [
      "a retry continues even when the tool also halted",
      { failed: true, halt: true },
      decision({ autofix: "retry", end: "halted", travel: true, next: "continue" }),
    ],
    [
      "giving up stops the loop even after a handoff",
      { failed: true, attempts: 2, handoff: true },
      decision({ autofix: "give-up", end: "handoff", next: "stop" }),
    ],
  ];
  it.for(cases)("%s", ([, given, expected], { expect }) => {
    expect(decideToolExit(facts(given))).toEqual(expected);
  });
});
