import { beforeAll, describe, it } from "vitest";
import { HARD_CAP_BYTES } from "../../../shared/context/output-gate.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";
import { gateToolOutput } from "../../../shared/gatekeeper/output.ts";
import { initialGatekeeperState } from "../../../shared/gatekeeper/state.ts";

/** The session's config names the active skills (session-store.ts); tests set them the same way. */
function activateSkill<T extends { activeSkills: string[] }>(state: T, name: string): T {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer();
});

const secretLine = ["AWS_SECRET_ACCESS_KEY", "=", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"].join(
  "",
);

describe("gateToolOutput", () => {
  it("redacts secrets before the output enters history", ({ expect }) => {
    const gated = gateToolOutput(`config loaded\n${secretLine}\nok`, {
      tokenizer,
      tool: "read_ref",
    });
    expect(gated).toMatchObject({
      ok: true,
      value: {
        content: "config loaded\nAWS_SECRET_ACCESS_KEY=[REDACTED:env_secret]\nok",
        redactions: [{ kind: "env_secret", count: 1 }],
      },
    });
  });

  it("offloads a long output as a sandwich whose original is redacted too", ({ expect }) => {
    const long = `${"line of build output\n".repeat(2000)}${secretLine}\n${"more output\n".repeat(500)}`;
    const gated = gateToolOutput(long, { tokenizer, capTokens: 200 });
    expect(gated.ok).toBe(true);
    if (gated.ok) {
      expect(gated.value.tokens).toBeLessThanOrEqual(200);
      expect(gated.value.content).toContain("[CONTENT OFFLOADED: ref:");
      expect(gated.value.offloaded?.content).toContain("[REDACTED:env_secret]");
      expect(gated.value.offloaded?.content).not.toContain("wJalrXUtnFEMI");
    }
  });

  it("refuses an output over the hard cap with a hint", ({ expect }) => {
    const gated = gateToolOutput("x".repeat(HARD_CAP_BYTES + 1), { tokenizer });
    expect(gated).toMatchObject({ ok: false, code: "OUTPUT_TOO_LARGE" });
    expect(gated.ok || (gated.hint ?? "").length > 0).toBe(true);
  });

  it("appends the cognitive-load warning after gating when too many skills are active", ({
    expect,
  }) => {
    let state = initialGatekeeperState();
    for (const name of ["a", "b", "c", "d", "e", "f"]) {
      state = activateSkill(state, name);
    }
    const gated = gateToolOutput("done", { tokenizer, state });
    expect(gated.ok && gated.value.content).toMatch(/^done\n\n\[COGNITIVE LOAD WARNING\]/);
  });
});
