// The model Worker's work budget (workers/model/work-budget.ts), over its service
// binding: a chat or embeddings request that would read more than 2 Mi characters
// is answered 413 work_budget_exceeded with a message and a hint; a single huge
// message or input is capped, not refused.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { MAX_EMBED_INPUT_CHARS } from "../../../shared/embed/lexical.ts";
import {
  STAND_IN_READ_CHARS,
  WORK_BUDGET_UNITS,
  chatWork,
  embeddingWork,
} from "../../../workers/model/work-budget.ts";

const post = (path: string, body: unknown) =>
  env.MODEL.fetch(
    new Request(`http://model.local${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("the model Worker's work budget", () => {
  it("counts each message and input up to its reader's cap", ({ expect }) => {
    const huge = "x".repeat(STAND_IN_READ_CHARS + 10);
    expect(chatWork({ model: "m", messages: [{ role: "user", content: huge }] })).toBe(
      STAND_IN_READ_CHARS + 2,
    );
    expect(embeddingWork(["ab", "x".repeat(MAX_EMBED_INPUT_CHARS * 2)])).toBe(
      2 + MAX_EMBED_INPUT_CHARS,
    );
  });

  it("refuses a chat request past the budget with a typed 413", async ({ expect }) => {
    const messages = Array.from({ length: 9 }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `${i}`.repeat(STAND_IN_READ_CHARS),
    }));
    const response = await post("/v1/chat/completions", { model: "lethe-local", messages });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: Record<string, string> };
    expect(body.error).toMatchObject({ code: "work_budget_exceeded" });
    expect(body.error.message).toContain(String(WORK_BUDGET_UNITS));
    expect(body.error.hint).toContain("split the request");
  });

  it("refuses an embeddings request past the budget, answers one huge input capped", async ({
    expect,
  }) => {
    const count = Math.ceil(WORK_BUDGET_UNITS / MAX_EMBED_INPUT_CHARS) + 1;
    const over = await post("/v1/embeddings", {
      model: "lethe-lexical-384",
      input: Array.from({ length: count }, () => "word ".repeat(MAX_EMBED_INPUT_CHARS / 5)),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: { code: "work_budget_exceeded" } });
    const capped = await post("/v1/embeddings", {
      model: "lethe-lexical-384",
      input: "word ".repeat(400_000),
    });
    expect(capped.status).toBe(200);
  });
});
