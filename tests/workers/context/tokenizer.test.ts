// The tokenizer inside workerd: the lazy per-encoding import works under the
// Workers runtime, counts are exact, and the worst case stays linear there too.
import { describe, it } from "vitest";
import { gateOutput } from "../../../shared/context/output-gate.ts";
import { loadTokenizer, loadedTokenizer } from "../../../shared/context/tokens.ts";

describe("the context tokenizer inside workerd", () => {
  it("loads only the encoding asked for and counts exactly", async ({ expect }) => {
    const tokenizer = await loadTokenizer("gpt-4o");
    expect(loadedTokenizer("gpt-4")).toBeUndefined();
    // Reference counts from js-tiktoken / tiktoken for o200k_base.
    expect(tokenizer.count("hello world")).toBe(2);
    expect(tokenizer.count("<|endoftext|> hi <|im_start|>")).toBe(14);
    expect(tokenizer.count("中文字符测试，日本語のテキスト")).toBe(9);
    expect(tokenizer.count("a".repeat(100_000))).toBe(12_500);
  });

  it("gates an oversized output into a preview with its original behind a ref", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const original = "log line with some words in it\n".repeat(2_000);
    const result = gateOutput(original, { tool: "shell", tokenizer });
    expect(result.ok && result.value.offloaded?.content === original).toBe(true);
    expect(result.ok && result.value.tokens).toBeLessThanOrEqual(1_500);
  });
});
