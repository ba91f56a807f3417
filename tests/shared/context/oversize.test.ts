// The digest that stands in L1 for a page larger than L1 (shared/context/oversize.ts).
import { beforeAll, describe, it } from "vitest";
import {
  digestBudget,
  digestOversizePages,
  digestText,
  DIGEST_MAX_TOKENS,
} from "../../../shared/context/oversize.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});

/** An access log of `n` lines with `settings` lines replaced at the given positions. */
function accessLog(n: number, settings: Record<number, string> = {}): string {
  const lines = Array.from(
    { length: n },
    (_, i) =>
      `2026-11-22T01:${String(i % 60).padStart(2, "0")}:07Z INFO api req=${(i * 2654435761) % 4294967296} status=${i % 17 === 0 ? 500 : 200} ms=${(i * 37) % 400}`,
  );
  for (const [at, text] of Object.entries(settings)) {
    lines[Number(at)] = text;
  }
  return `${lines.join("\n")}\n`;
}

const digestOf = (text: string, budget = digestBudget(2_048)) =>
  digestText(text, { label: "logs/api.log", budget, tokens: tokenizer.count(text), tokenizer });

describe("the oversize digest", () => {
  it("keeps a 50k-token log's rare settings, in line order, within its budget", ({ expect }) => {
    const text = accessLog(2_400, {
      300: "2026-11-22T01:05:00Z WARN api retry_limit = 3",
      1_900: "2026-11-22T01:31:00Z WARN api retry_limit = 5",
      2_000: "2026-11-22T01:33:00Z WARN api region: eu-west-2",
    });
    expect(tokenizer.count(text)).toBeGreaterThan(50_000);
    const digest = digestOf(text);
    expect(digest.tokens).toBeLessThanOrEqual(digestBudget(2_048));
    expect(digest.tokens).toBe(tokenizer.count(digest.content));
    expect(digest.content).toContain("  301: 2026-11-22T01:05:00Z WARN api retry_limit = 3");
    expect(digest.content).toContain("  2001: 2026-11-22T01:33:00Z WARN api region: eu-west-2");
    // The later statement comes later: a reader taking the last one gets the current value.
    expect(digest.content.indexOf("retry_limit = 5")).toBeGreaterThan(
      digest.content.indexOf("retry_limit = 3"),
    );
    expect(digest.content).toMatch(/status: on \d+ lines, 2 distinct values: 200 ×\d+, 500 ×\d+/);
    expect(digest.content).toContain(`  2400: ${text.trimEnd().split("\n").at(-1)}`);
  });

  it("keeps the whole text behind the ref it names, readable with read_ref", ({ expect }) => {
    const text = accessLog(600);
    const digest = digestOf(text);
    expect(digest.kept).toEqual({ ref: refFor(text), content: text });
    expect(digest.content).toContain(`read_ref {"ref": "${refFor(text)}"`);
    expect(digest.content.split("\n")[0]).toContain(`${text.split("\n").length - 1} lines`);
  });

  it("shows every line of a config of unique keys while they fit, the newest first kept", ({
    expect,
  }) => {
    const text = Array.from({ length: 3_000 }, (_, i) => `SETTING_${i} = ${i * 7}`).join("\n");
    const digest = digestOf(text, 400);
    expect(digest.tokens).toBeLessThanOrEqual(400);
    expect(digest.content).toContain("SETTING_2999 = 20993");
    expect(digest.content).not.toContain("SETTING_0 = 0\n");
    expect(digest.content).toMatch(/\d+ older not shown/);
  });

  it("reads JSON keys, and never takes a URL's scheme or a clock for a setting", ({ expect }) => {
    const text = `${accessLog(500)}{"endpoint": "https://example.test/v1", "timeout_ms": 2500}\n`;
    const digest = digestOf(text);
    expect(digest.content).toContain('"timeout_ms": 2500');
    expect(digest.content).not.toMatch(/^ {2}https:/m);
  });
});

describe("digestOversizePages", () => {
  it("stages a page larger than L1 as its digest and leaves the others alone", ({ expect }) => {
    const big = accessLog(1_500);
    const small = "export const LIMIT = 3;\n";
    const { ops, kept, notes } = digestOversizePages(
      [
        {
          type: "stage",
          page: { id: "logs/api.log", kind: "file", sourceRef: "file:x", content: big },
        },
        { type: "stage", page: { id: "a.ts", kind: "file", sourceRef: "file:a", content: small } },
        { type: "unstage", id: "b.ts" },
      ],
      2_048,
      tokenizer,
    );
    expect(kept).toEqual([{ ref: refFor(big), content: big }]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^\[DIGEST\] logs\/api\.log has \d+ tokens, L1 holds 2048/);
    const [first, second, third] = ops;
    expect(first).toMatchObject({
      type: "stage",
      page: { id: "logs/api.log", kind: "file", sourceRef: refFor(big) },
    });
    expect(first?.type === "stage" && tokenizer.count(first.page.content)).toBeLessThanOrEqual(
      Math.min(DIGEST_MAX_TOKENS, 1_024),
    );
    expect(second).toEqual({
      type: "stage",
      page: { id: "a.ts", kind: "file", sourceRef: "file:a", content: small },
    });
    expect(third).toEqual({ type: "unstage", id: "b.ts" });
  });
});
