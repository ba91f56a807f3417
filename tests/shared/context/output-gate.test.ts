import fc from "fast-check";
import { beforeAll, describe, it, vi } from "vitest";
import {
  DEFAULT_TOOL_OUTPUT_CAP_TOKENS,
  HARD_CAP_BYTES,
  TOOL_OUTPUT_CAPS,
  gateOutput,
  offloadMarker,
} from "../../../shared/context/output-gate.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});

const logLines = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `2026-11-22T01:${String(i % 60).padStart(2, "0")} INFO request ${i} served in ${(i * 7) % 100} ms`,
  ).join("\n");

describe("the output gate", () => {
  it("lets an output under its cap through unchanged", ({ expect }) => {
    const result = gateOutput("total 3 files", { tool: "shell", model: "gpt-4o" });
    expect(result).toEqual({
      ok: true,
      value: { content: "total 3 files", tokens: tokenizer.count("total 3 files") },
    });
  });

  it("turns an output over its cap into head, offload marker and tail, keeping the original", ({
    expect,
  }) => {
    const original = logLines(2_000);
    const result = gateOutput(original, { tool: "shell", model: "gpt-4o" });
    if (!result.ok) {
      throw new Error(result.message);
    }
    const { content, tokens, offloaded, report } = result.value;
    const total = tokenizer.count(original);
    expect(offloaded).toEqual({ ref: refFor(original), content: original, tokens: total });
    expect(content).toContain(`\n${offloadMarker(refFor(original), total)}\n`);
    expect(content).toMatch(/\[CONTENT OFFLOADED: ref:[0-9a-f]{32}, \d+ tokens\]/);
    const [head, tail] = content.split(`\n${offloadMarker(refFor(original), total)}\n`);
    expect(head !== undefined && head.length > 0 && original.startsWith(head)).toBe(true);
    expect(tail !== undefined && tail.length > 0 && original.endsWith(tail)).toBe(true);
    expect(tokens).toBe(tokenizer.count(content));
    expect(tokens).toBeLessThanOrEqual(DEFAULT_TOOL_OUTPUT_CAP_TOKENS);
    expect(ReductionReportSchema.parse(report)).toMatchObject({
      section: "tool_output:shell",
      pre_tokens: total,
      post_tokens: tokens,
      kept_refs: [refFor(original)],
    });
  });

  it("applies per-tool caps and an explicit cap", ({ expect }) => {
    const original = logLines(200);
    const listed = gateOutput(original, { tool: "list_files", tokenizer });
    const explicit = gateOutput(original, { tool: "list_files", capTokens: 100, tokenizer });
    expect(listed.ok && listed.value.tokens).toBeLessThanOrEqual(TOOL_OUTPUT_CAPS.list_files ?? 0);
    expect(explicit.ok && explicit.value.tokens).toBeLessThanOrEqual(100);
  });

  it("throws a setup error with a hint when the model's tokenizer was never loaded", async ({
    expect,
  }) => {
    // A fresh module graph: the unit project shares one across files (isolate: false),
    // where another file may have loaded cl100k_base already.
    vi.resetModules();
    const fresh = await import("../../../shared/context/output-gate.ts");
    expect(() => fresh.gateOutput("hello", { model: "gpt-4" })).toThrow(
      expect.objectContaining({
        code: "TOKENIZER_NOT_LOADED",
        hint: expect.stringContaining("loadTokenizer"),
      }),
    );
  });

  it("refuses an output over the 1 MB hard cap with a typed error and a hint", ({ expect }) => {
    expect(gateOutput("x".repeat(HARD_CAP_BYTES + 1), { tokenizer })).toMatchObject({
      ok: false,
      code: "OUTPUT_TOO_LARGE",
      hint: expect.any(String),
    });
    // Counted in UTF-8 bytes: 400,000 CJK characters are 1.2 MB.
    expect(gateOutput("中".repeat(400_000), { tokenizer })).toMatchObject({
      ok: false,
      code: "OUTPUT_TOO_LARGE",
    });
  });

  it("always keeps the original byte-identical behind its ref and stays within the cap", ({
    expect,
  }) => {
    const chunk = fc.constantFrom(
      "line of text\n",
      "😀",
      "中文",
      '{"k": [1, 2]}',
      "    ",
      "\ud83d",
      "a",
      "<|endoftext|>",
      "\n\n",
    );
    fc.assert(
      fc.property(
        fc.array(chunk, { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 40, max: 300 }),
        (parts, cap) => {
          const original = parts.join("");
          const result = gateOutput(original, { capTokens: cap, tokenizer });
          expect(result.ok).toBe(true);
          if (!result.ok) {
            return;
          }
          if (result.value.offloaded === undefined) {
            expect(result.value.content).toBe(original);
            expect(tokenizer.count(original)).toBeLessThanOrEqual(cap);
          } else {
            expect(result.value.offloaded.content).toBe(original);
            expect(result.value.offloaded.ref).toBe(refFor(original));
            expect(result.value.tokens).toBeLessThanOrEqual(cap);
            expect(result.value.content).toContain(result.value.offloaded.ref);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
