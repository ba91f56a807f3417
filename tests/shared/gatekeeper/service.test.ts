import { describe, it } from "vitest";
import { GatekeeperService } from "../../../shared/gatekeeper/service.ts";
import { initialGatekeeperState } from "../../../shared/gatekeeper/state.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { SAMPLE_FIREWALL } from "./fixtures.ts";

/** The session's config names the active skills (session-store.ts); tests set them the same way. */
function activateSkill<T extends { activeSkills: string[] }>(state: T, name: string): T {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}

const SKILL =
  "---\nname: reader\nallowed-tools: [search, context:*]\n---\nRead only. Never edit.\n";

describe("GatekeeperService", () => {
  it("admits from a firewall text, compiling it once per content hash", ({ expect }) => {
    const service = new GatekeeperService();
    const request = {
      move: { tool: "write_file", args: { path: "vault/x", content: "x" } },
      persona: { name: "coder", grants: ["*"] },
      firewall: SAMPLE_FIREWALL,
      now: 0,
    };
    expect(service.admit(request)).toMatchObject({
      ok: true,
      value: {
        verdict: { verdict: "deny", rule: { source: "firewall", id: "no-vault-dir", line: 12 } },
      },
    });
    service.admit(request);
    expect(service.firewalls.size).toBe(1);
    expect(service.firewalls.has(sha256Hex(SAMPLE_FIREWALL))).toBe(true);
  });

  it("re-anchors with skills sent as SKILL.md text", ({ expect }) => {
    const service = new GatekeeperService();
    const result = service.admit({
      move: { tool: "write_file", args: { path: "src/a.ts", content: "x" } },
      persona: { name: "coder", grants: ["*"] },
      state: activateSkill(initialGatekeeperState(), "reader"),
      skills: [SKILL],
    });
    expect(result.ok && result.value.verdict.message).toContain("Read only. Never edit.");
  });

  it("reports a bad request, a bad firewall and a bad skill as values", ({ expect }) => {
    const service = new GatekeeperService();
    const base = {
      move: { tool: "search", args: { query: "q" } },
      persona: { name: "p", grants: ["*"] },
    };
    expect(service.admit({ move: "search" })).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    expect(service.admit({ ...base, extra: true })).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
    });
    expect(service.admit({ ...base, firewall: "default: NEVER\n" })).toMatchObject({
      ok: false,
      code: "FIREWALL_INVALID",
      issues: [{ line: 1, path: "default" }],
    });
    expect(service.admit({ ...base, skills: ["no front matter"] })).toMatchObject({
      ok: false,
      code: "SKILL_INVALID",
    });
  });

  it("summarises a loaded firewall without its compiled internals", ({ expect }) => {
    const summary = new GatekeeperService().loadFirewall(SAMPLE_FIREWALL);
    expect(summary).toEqual({
      ok: true,
      value: {
        hash: sha256Hex(SAMPLE_FIREWALL),
        defaultAction: "ALLOW",
        ruleCount: 3,
        askTimeoutMs: 60_000,
      },
    });
    expect(new GatekeeperService().loadFirewall(42)).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
    });
  });
});
