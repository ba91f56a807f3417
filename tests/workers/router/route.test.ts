import { describe, it } from "vitest";
import { ROUTER_MIN_CONFIDENCE } from "../../../workers/router/classification.ts";
import { parseRouterDomains, ROUTER_MARKER } from "../../../shared/model/contracts.ts";
import { routeByOverlap } from "../../../workers/model/policy/router-policy.ts";
import {
  buildClassifyRequest,
  type ClassifyRequest,
} from "../../../shared/contracts/router-prompt.ts";
import { routeStep, type Classifier } from "../../../workers/router/route.ts";
import { DOMAINS, TOOL_CATALOGUE } from "../../../shared/tools/catalogue.ts";

/** A classifier that answers a scripted text and records what it was asked. */
function scripted(answer: string | Error) {
  const requests: ClassifyRequest[] = [];
  const classify: Classifier = async (request) => {
    requests.push(request);
    if (answer instanceof Error) {
      throw answer;
    }
    return answer;
  };
  return { classify, requests };
}

const names = (tools: { function: { name: string } }[]) => tools.map((t) => t.function.name).sort();

describe("routeStep", () => {
  it("uses the model's domains, always adds control, and sends the contract prompt at temperature 0", async ({
    expect,
  }) => {
    const { classify, requests } = scripted(
      '{"domains": ["search", "code", "context"], "confidence": 0.9}',
    );
    const decision = await routeStep({ intent: "Find where computeTotal is called" }, classify);
    expect(decision).toMatchObject({
      method: "model",
      domains: ["search", "code", "context", "control"],
      confidence: 0.9,
    });
    expect(names(decision.tools)).toEqual(
      [
        "ask_human",
        "find_callers",
        "find_definitions",
        "find_imports",
        "finish",
        "read_ref",
        "search",
        "stage_context",
        "unstage_context",
      ].sort(),
    );
    const request = requests[0];
    expect(request?.temperature).toBe(0);
    expect(request?.response_format).toEqual({ type: "json_object" });
    const system = request?.messages[0].content ?? "";
    expect(system.split("\n")[0]).toBe(ROUTER_MARKER);
    expect(system).toContain(
      "- edit: change workspace files: write a file or apply a patch; tools: write_file, apply_patch",
    );
    expect(system).toMatch(/Answer with JSON only: \{"domains": \[.*\], "confidence": .*\}/);
    expect(request?.messages[1]).toEqual({
      role: "user",
      content: "Find where computeTotal is called",
    });
  });

  it("reads an answer in a code fence and ignores case and duplicates", async ({ expect }) => {
    const { classify } = scripted(
      '```json\n{"domains": ["Math", "math", "artifacts"], "confidence": 1}\n```',
    );
    const decision = await routeStep({ intent: "add the two totals" }, classify);
    expect(decision.domains).toEqual(["math", "artifacts", "control"]);
  });

  it.for([
    ["garbage", "I think you should search the code!!", "NOT_JSON"],
    ["an empty answer", "", "NOT_JSON"],
    ["the wrong shape", '{"tools": ["search"]}', "BAD_SHAPE"],
    ["confidence out of range", '{"domains": ["search"], "confidence": 7}', "BAD_SHAPE"],
    ["unknown domains", '{"domains": ["search", "weather"], "confidence": 0.95}', "UNKNOWN_DOMAIN"],
    ["no domains", '{"domains": [], "confidence": 0.95}', "NO_DOMAINS"],
    [
      "low confidence",
      `{"domains": ["edit"], "confidence": ${ROUTER_MIN_CONFIDENCE - 0.01}}`,
      "LOW_CONFIDENCE",
    ],
    ["a thrown error", new Error("connect ECONNREFUSED lethe-model"), "MODEL_ERROR"],
  ] as const)(
    "falls back to keywords when the model gives %s",
    async ([, answer, code], { expect }) => {
      const decision = await routeStep(
        { intent: "fix the bug in src/app.ts and compare it with the artifact" },
        scripted(answer).classify,
      );
      expect(decision.method).toBe("keywords");
      expect(decision.fallback?.code).toBe(code);
      expect(decision.domains).toEqual(expect.arrayContaining(["edit", "review", "control"]));
      expect(decision.domains).not.toContain("math");
    },
  );

  it("offers every tool when neither the model nor keywords can tell", async ({ expect }) => {
    const decision = await routeStep(
      { intent: "proceed with the mission as planned" },
      scripted("nope").classify,
    );
    expect(decision.method).toBe("all");
    expect(decision.domains.sort()).toEqual(DOMAINS.map((d) => d.name).sort());
    expect(decision.tools).toHaveLength(TOOL_CATALOGUE.length);
  });

  it.for([
    "Hi!",
    "thanks a lot",
    "Good morning, how are you?",
    "ok cool",
    "Thank you so much!!",
    "bye, see you later",
  ])("gives no tools to plain conversation: %j", async (intent, { expect }) => {
    const { classify, requests } = scripted('{"domains": ["edit"], "confidence": 1}');
    const decision = await routeStep({ intent }, classify);
    expect(decision).toMatchObject({ method: "conversation", domains: [], tools: [] });
    expect(requests).toHaveLength(0);
  });

  it.for(["hi, fix src/a.ts", "thanks, now sum the totals", "hello can you search for the port"])(
    "treats a friendly request as a task: %j",
    async (intent, { expect }) => {
      const decision = await routeStep({ intent }, scripted("garbage").classify);
      expect(decision.method).not.toBe("conversation");
      expect(decision.tools.length).toBeGreaterThan(0);
    },
  );

  it("keeps at most five domains from the model, plus control", async ({ expect }) => {
    const answer = JSON.stringify({
      domains: ["context", "artifacts", "search", "code", "math", "edit", "review"],
      confidence: 0.8,
    });
    const decision = await routeStep({ intent: "do everything" }, scripted(answer).classify);
    expect(decision.domains).toEqual(["context", "artifacts", "search", "code", "math", "control"]);
  });

  it("restricts routing to the domains a request allows", async ({ expect }) => {
    const { classify, requests } = scripted('{"domains": ["edit", "search"], "confidence": 0.9}');
    const decision = await routeStep(
      { intent: "fix it", domains: ["search", "context", "control"] },
      classify,
    );
    expect(requests[0]?.domains).toEqual(["context", "search", "control"]);
    expect(decision.method).toBe("all");
    expect(decision.fallback?.code).toBe("UNKNOWN_DOMAIN");
    expect(decision.domains).toEqual(["context", "search", "control"]);
  });
});

describe("the routing prompt contract", () => {
  it("is read back by the local model's parser, domain by domain", ({ expect }) => {
    const request = buildClassifyRequest("sum the totals", DOMAINS, TOOL_CATALOGUE);
    const parsed = parseRouterDomains(request.messages[0].content);
    expect(parsed.map((d) => d.name)).toEqual(DOMAINS.map((d) => d.name));
    expect(parsed.find((d) => d.name === "code")?.tools).toEqual([
      "find_definitions",
      "find_callers",
      "find_imports",
    ]);
  });

  it("gets an answer from the local policy that routing accepts or falls back from cleanly", async ({
    expect,
  }) => {
    const classify: Classifier = async (request) =>
      JSON.stringify(routeByOverlap(request.messages[0].content, request.messages[1].content));
    const decision = await routeStep(
      { intent: "calculate the sum of the two totals and save it as an artifact" },
      classify,
    );
    expect(["model", "keywords"]).toContain(decision.method);
    expect(decision.domains).toEqual(expect.arrayContaining(["math", "control"]));
  });
});
