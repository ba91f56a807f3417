// The context-managing proxy on a running cluster under hostile input: missing and
// foreign keys, rewritten and huge histories, malformed tool calls and upstream faults
// get typed OpenAI-style errors and leave stored state intact.
import { beforeAll, describe } from "vitest";
import type { TestUpstream } from "../../harness/proxy-upstream.ts";
import { TASK_PROMPT } from "../fixtures/proxy-task.ts";
import { proxySuite, tools } from "./proxy-suite.ts";

let upstream: TestUpstream;
let keyB = "";

const suite = proxySuite();
const { it, proxyFetch } = suite;
beforeAll(() => {
  ({ upstream, keyB } = suite.cluster());
});

describe("hostile input to the proxy", () => {
  const body = (messages: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: "m", messages, tools, ...extra });
  const start = [
    { role: "system", content: "s" },
    { role: "user", content: TASK_PROMPT },
  ];
  const leaks = (text: string) =>
    text.includes(upstream.secret) || /\bat .*\.(js|ts):\d+/.test(text);

  it("refuses a missing key, an unknown key, and another hive's session", async ({ expect }) => {
    const none = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: null,
      body: body(start),
    });
    expect(none.status).toBe(401);
    expect(none.json().error).toMatchObject({
      type: "authentication_error",
      code: "missing_api_key",
    });
    const bad = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: "lethe_alpha_0000",
      body: body(start),
    });
    expect(bad.status).toBe(401);
    expect(bad.json().error.code).toBe("invalid_api_key");
    const mine = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "hostile-a",
      body: body(start),
    });
    expect(mine.status).toBe(200);
    const theirs = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      key: keyB,
      session: "hostile-a",
      body: body(start),
    });
    expect(theirs.status).toBe(403);
    expect(theirs.json().error).toMatchObject({
      type: "permission_error",
      code: "forbidden_session",
    });
    const peek = await proxyFetch("/v1/chat/sessions/hostile-a", { key: keyB });
    expect(peek.status).toBe(403);
  });

  it("stores a rewritten history as a new branch and keeps the old one", async ({ expect }) => {
    const history = [
      ...start,
      { role: "assistant", content: "first answer" },
      { role: "user", content: "go on" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(history),
        })
      ).status,
    ).toBe(200);
    const before = (await proxyFetch("/v1/chat/sessions/rewrite")).json();
    const again = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "rewrite",
      body: body(history),
    });
    expect(again.status).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links);
    const edited = [
      ...start,
      { role: "assistant", content: "a different answer" },
      { role: "user", content: "go on" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(edited),
        })
      ).status,
    ).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links + 2);
    const truncated = start;
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "rewrite",
          body: body(truncated),
        })
      ).status,
    ).toBe(200);
    expect((await proxyFetch("/v1/chat/sessions/rewrite")).json().links).toBe(before.links + 2);
  });

  it("takes 10,000 messages and sends a small envelope upstream", async ({ expect }) => {
    const many: unknown[] = [...start];
    for (let i = 0; i < 9_998; i++) {
      many.push(
        i % 2 === 0
          ? { role: "assistant", content: `note ${i}: step ${i} done` }
          : { role: "user", content: `continue ${i}` },
      );
    }
    const response = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "ten-thousand",
      body: body(many),
    });
    expect(response.status).toBe(200);
    const sent = Number(response.headers.get("x-lethe-upstream-prompt-tokens"));
    const history = Number(response.headers.get("x-lethe-client-prompt-tokens"));
    expect(sent * 5).toBeLessThan(history);
    expect((await proxyFetch("/v1/chat/sessions/ten-thousand")).json().links).toBe(10_000);
  }, 120_000);

  it("keeps a 20 MB tool result behind a ref and sends a sandwich", async ({ expect }) => {
    const huge = `HEAD-MARK ${"x".repeat(20 * 1024 * 1024)} TAIL-MARK`;
    const history = [
      ...start,
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "lookup_config", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: huge },
    ];
    const at = upstream.requests.length;
    const response = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "huge",
      body: body(history),
    });
    expect(response.status).toBe(200);
    const sent = upstream.requests[at];
    const toolMessage = sent?.messages.find((m) => m.role === "tool");
    expect(toolMessage?.content).toContain("HEAD-MARK");
    expect(toolMessage?.content).toContain("TAIL-MARK");
    const ref = /ref:[0-9a-f]{32}/.exec(toolMessage?.content ?? "")?.[0];
    expect(ref).toBeDefined();
    expect((toolMessage?.content ?? "").length).toBeLessThan(20_000);
    const read = await proxyFetch(`/v1/chat/sessions/huge/refs/${ref}`);
    expect(read.status).toBe(200);
    expect(read.json().content).toBe(huge);
  }, 120_000);

  it("answers malformed tool calls with typed 400s", async ({ expect }) => {
    const orphan = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      body: body([...start, { role: "tool", tool_call_id: "nope", content: "x" }]),
    });
    expect(orphan.status).toBe(400);
    expect(orphan.json().error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_tool_message",
    });
    for (const call of [
      { id: "c", type: "function", function: { arguments: "{}" } },
      { id: "c", type: "function", function: { name: "x", arguments: { not: "a string" } } },
      { type: "function", function: { name: "x", arguments: "{}" } },
    ]) {
      const response = await proxyFetch("/v1/chat/completions", {
        method: "POST",
        body: body([...start, { role: "assistant", content: null, tool_calls: [call] }]),
      });
      expect(response.status).toBe(400);
      expect(response.json().error.code).toBe("invalid_body");
    }
    const reserved = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      body: body(start, { tools: [{ type: "function", function: { name: "lethe_read_ref" } }] }),
    });
    expect(reserved.json().error.code).toBe("reserved_tool_name");
    const notJson = await proxyFetch("/v1/chat/completions", { method: "POST", body: "{nope" });
    expect(notJson.json().error.code).toBe("invalid_json");
  });

  it("maps upstream faults to typed errors without leaking the upstream's key, state intact", async ({
    expect,
  }) => {
    const history = [
      ...start,
      { role: "assistant", content: "ok" },
      { role: "user", content: "next" },
    ];
    expect(
      (
        await proxyFetch("/v1/chat/completions", {
          method: "POST",
          session: "faults",
          body: body(history),
        })
      ).status,
    ).toBe(200);
    const before = (await proxyFetch("/v1/chat/sessions/faults")).json();
    const expected = {
      timeout: [504, "upstream_timeout"],
      "500": [502, "upstream_failed"],
      "429": [429, "upstream_rate_limited"],
      "half-stream": [502, undefined],
      "invalid-json": [502, undefined],
    } as const;
    try {
      for (const [fault, [status, code]] of Object.entries(expected)) {
        upstream.fault = fault as keyof typeof expected;
        for (const stream of [false, true]) {
          const response = await proxyFetch("/v1/chat/completions", {
            method: "POST",
            session: "faults",
            body: body(history, { stream }),
          });
          expect(response.status, `${fault} stream=${stream}`).toBe(status);
          const error = response.json().error;
          expect(error.type).toMatch(/upstream_error|rate_limit_error/);
          if (code !== undefined) {
            expect(error.code).toBe(code);
          }
          expect(leaks(response.text)).toBe(false);
        }
      }
    } finally {
      upstream.fault = undefined;
    }
    expect((await proxyFetch("/v1/chat/sessions/faults")).json()).toMatchObject({
      links: before.links,
      refs: before.refs,
    });
    const after = await proxyFetch("/v1/chat/completions", {
      method: "POST",
      session: "faults",
      body: body(history),
    });
    expect(after.status).toBe(200);
  }, 120_000);
});
