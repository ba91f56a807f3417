// The route stage (durable-objects/session/step/route.ts): the router's classification
// is remembered across the steps of one request and asked again when the user
// speaks, a result fails, or ROUTE_REFRESH_STEPS steps have passed.
import { describe, it } from "vitest";
import { presetOf } from "../../../../shared/governance/presets.ts";
import type { TranscriptTurn } from "../../../../shared/session/envelope.ts";
import type { StepContext } from "../../../../durable-objects/session/step/context.ts";
import { ROUTE_REFRESH_STEPS, route } from "../../../../durable-objects/session/step/route.ts";
import { StepMeter } from "../../../../durable-objects/session/step/meter.ts";
import { TOOL_CATALOGUE, toolDefinition } from "../../../../shared/tools/catalogue.ts";

const turn = (role: TranscriptTurn["role"], content: string): TranscriptTurn => ({
  role,
  content,
  name: null,
  tokens: 1,
  extra: null,
});

/** A step context with what the route stage reads, and a router that counts its calls. */
function stepOn(
  host: object,
  step: number,
  history: TranscriptTurn[],
  asked: string[],
  pager: { mode?: string; pages: Array<{ kind: string; pinned: boolean }> } = { pages: [] },
) {
  const preset = presetOf("monitor");
  if (preset === undefined) {
    throw new Error("the monitor preset exists");
  }
  const router = {
    async route(request: { intent: string }) {
      asked.push(request.intent);
      return {
        ok: true as const,
        value: {
          method: "model",
          domains: ["search", "control"],
          tools: TOOL_CATALOGUE.filter((t) => ["search", "control"].includes(t.domain)).map(
            toolDefinition,
          ),
        },
      };
    },
  };
  const ctx = {
    meter: new StepMeter(),
    config: { mission: "Track FACT_01 in facts/f01.ts.", hive: "h" },
    state: { persona: "monitor", pager },
    host: { ctx: host, name: "s" },
    step,
    history,
    preset,
    ports: { router },
  };
  // The stage reads only the fields above.
  return ctx as unknown as StepContext;
}

describe("the route stage", () => {
  it("asks the router once per request and again after a user turn, a failure or the refresh", async ({
    expect,
  }) => {
    const host = {};
    const asked: string[] = [];
    const history = [turn("user", "Start.")];
    const first = await route(stepOn(host, 1, history, asked));
    expect(asked).toHaveLength(1);
    for (let step = 2; step <= ROUTE_REFRESH_STEPS; step++) {
      history.push(turn("assistant", ""), turn("tool", `[TOOL RESULT]\nstaged facts/f0${step}.ts`));
      const again = await route(stepOn(host, step, history, asked));
      expect(again.tools.map((t) => t.function.name)).toEqual(
        first.tools.map((t) => t.function.name),
      );
    }
    expect(asked).toHaveLength(1);
    // The refresh: a drifting task gets the router again.
    await route(stepOn(host, ROUTE_REFRESH_STEPS + 1, history, asked));
    expect(asked).toHaveLength(2);
    history.push(turn("tool", "[TOOL ERROR] NOT_FOUND: no file facts/f99.ts"));
    await route(stepOn(host, ROUTE_REFRESH_STEPS + 2, history, asked));
    expect(asked).toHaveLength(3);
    history.push(turn("user", "Now look at the logs too."));
    await route(stepOn(host, ROUTE_REFRESH_STEPS + 3, history, asked));
    expect(asked).toHaveLength(4);
    expect(asked.at(-1)).toContain("Now look at the logs too.");
    // Another session (another object) never sees this one's classification.
    await route(stepOn({}, 2, history.slice(0, 3), asked));
    expect(asked).toHaveLength(5);
  });

  it("offers unstage_context only when dropping a page is a move the pager would not make itself", async ({
    expect,
  }) => {
    const offered = async (pager: Parameters<typeof stepOn>[4]) =>
      (await route(stepOn({}, 1, [turn("user", "Start.")], [], pager))).tools.map(
        (t) => t.function.name,
      );
    const file = { kind: "file", pinned: false };
    expect(await offered({ mode: "strict", pages: [] })).not.toContain("unstage_context");
    // Strict mode: the next staged file replaces it and a save purges it.
    expect(await offered({ mode: "strict", pages: [file] })).not.toContain("unstage_context");
    expect(await offered({ mode: "strict", pages: [{ ...file, pinned: true }] })).not.toContain(
      "unstage_context",
    );
    expect(
      await offered({ mode: "strict", pages: [file, { kind: "symbol", pinned: false }] }),
    ).toContain("unstage_context");
    expect(await offered({ mode: "strict", pages: [{ kind: "symbol", pinned: false }] })).toContain(
      "unstage_context",
    );
    expect(await offered({ mode: "elastic", pages: [file] })).toContain("unstage_context");
  });
});
