import { describe, it } from "vitest";
import {
  parseSkill,
  quoteProtocol,
  MAX_PROTOCOL_QUOTE,
} from "../../../shared/gatekeeper/skills.ts";

describe("parseSkill", () => {
  it("reads the front matter and keeps the Markdown protocol", ({ expect }) => {
    const parsed = parseSkill(
      "---\nname: code-review\ndescription: Review a change\nallowed-tools: Read, search, code:*\n---\n# Protocol\n1. Read the diff.\n",
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        name: "code-review",
        description: "Review a change",
        allowedTools: ["Read", "search", "code:*"],
        protocol: "# Protocol\n1. Read the diff.",
      },
    });
  });

  it("accepts allowed_tools as a YAML list", ({ expect }) => {
    const parsed = parseSkill(
      "---\nname: fixer\nallowed_tools:\n  - edit.*\n  - search\n---\nbody",
    );
    expect(parsed.ok && parsed.value.allowedTools).toEqual(["edit.*", "search"]);
  });

  it.for([
    ["no front matter", "# just markdown"],
    ["broken YAML", "---\nname: [x\n---\nbody"],
    ["a bad name", "---\nname: Not A Name\n---\nbody"],
    ["a bad grant", "---\nname: x\nallowed-tools: ['rm -rf']\n---\nbody"],
  ] as const)("refuses a skill with %s, with a hint", ([, text], { expect }) => {
    const parsed = parseSkill(text);
    expect(parsed).toMatchObject({ ok: false, code: "SKILL_INVALID" });
    expect(parsed.ok || (parsed.hint ?? "").length > 0).toBe(true);
  });

  it("bounds the protocol it quotes", ({ expect }) => {
    const parsed = parseSkill(`---\nname: long\n---\n${"x".repeat(MAX_PROTOCOL_QUOTE + 50)}`);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      const quote = quoteProtocol(parsed.value);
      expect(quote).toContain("[... protocol truncated]");
      expect(quote.length).toBeLessThan(MAX_PROTOCOL_QUOTE + 200);
    }
  });
});
