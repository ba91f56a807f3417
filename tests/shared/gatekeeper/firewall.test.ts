import { describe, it } from "vitest";
import { evaluateFirewall } from "../../../shared/gatekeeper/firewall-eval.ts";
import { FirewallCache } from "../../../shared/gatekeeper/firewall-cache.ts";
import { loadFirewall } from "../../../shared/gatekeeper/firewall.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { firewallOf, SAMPLE_FIREWALL } from "./fixtures.ts";

const MAIL_FIREWALL = `default: BLOCK
tools:
  send_email: ALLOW
rules:
  - id: mail-only-example
    tool: mail:send_email
    field: to
    not_matches: '@example\\.com$'
    flags: i
    action: BLOCK
    reason: mail goes only to addresses at example.com
`;

const mail = { service: "mail", method: "send_email" };

describe("loadFirewall", () => {
  it("compiles the sample firewall with rule lines and a hash of the text", ({ expect }) => {
    const fw = firewallOf(SAMPLE_FIREWALL);
    expect(fw.hash).toBe(sha256Hex(SAMPLE_FIREWALL));
    expect(fw.ruleCount).toBe(3);
    expect(fw.defaultAction).toBe("ALLOW");
    expect(fw.defaultLine).toBe(3);
    expect(fw.askTimeoutMs).toBe(60_000);
    expect(fw.wildcardRules[0]).toMatchObject({ id: "no-vault-dir", line: 12 });
  });

  it("defaults to BLOCK with no rules when the file is empty", ({ expect }) => {
    const fw = firewallOf("");
    expect(fw.defaultAction).toBe("BLOCK");
    expect(evaluateFirewall(fw, mail, {})).toMatchObject({ action: "BLOCK", id: "default" });
  });

  it.for([
    ["a YAML syntax error", "default: ALLOW\nallow: a: b\n", 2],
    ["an unknown top-level key", "default: ALLOW\nrulez: []\n", 2],
    [
      "an unknown action",
      "default: ALLOW\nrules:\n  - id: a\n    tool: search\n    action: MAYBE\n",
      5,
    ],
    ["a bad grant", "default: ALLOW\nallow:\n  - 'not a grant!'\n", 3],
    [
      "a condition without a field",
      "rules:\n  - id: a\n    tool: search\n    action: BLOCK\n    matches: x\n",
      5,
    ],
    [
      "a duplicate rule id",
      "rules:\n  - id: a\n    tool: search\n    action: BLOCK\n  - id: a\n    tool: search\n    action: ALLOW\n",
      5,
    ],
    [
      "an invalid regex",
      "rules:\n  - id: a\n    tool: search\n    field: query\n    matches: '(['\n    action: BLOCK\n",
      5,
    ],
    ["a duplicate key", "default: ALLOW\ndefault: BLOCK\n", 2],
  ] as const)("points at the line of %s", ([, yaml, line], { expect }) => {
    const loaded = loadFirewall(yaml);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.code).toBe("FIREWALL_INVALID");
      expect(loaded.issues[0]?.line).toBe(line);
      expect(loaded.message).toContain(`line ${line}`);
      expect(loaded.hint).toContain("docs/gatekeeper.md");
    }
  });

  it.for([
    "^(a+)+$",
    "(a|aa)*b",
    "(\\\\w+\\\\s?)*$",
    "^([a-z0-9]+\\\\.?)+@example\\\\.com$",
    "(x+x+)+y",
    ".*.*.*=.*",
    "(.*a){20}",
    "^(\\\\d+)*$",
    "(a)\\\\1+",
  ])("refuses the catastrophic pattern %s at load", (pattern, { expect }) => {
    const yaml = `rules:\n  - id: r\n    tool: search\n    field: query\n    matches: "${pattern}"\n    action: BLOCK\n`;
    const loaded = loadFirewall(yaml);
    expect(loaded).toMatchObject({ ok: false, code: "FIREWALL_INVALID" });
    if (!loaded.ok) {
      expect(loaded.issues[0]).toMatchObject({ line: 5, path: "rules[0].matches" });
      expect(loaded.message).toMatch(/backtrack/);
    }
  });

  it("refuses a pattern longer than the bound", ({ expect }) => {
    const yaml = `rules:\n  - id: r\n    tool: search\n    field: query\n    matches: '${"a".repeat(300)}'\n    action: BLOCK\n`;
    expect(loadFirewall(yaml)).toMatchObject({ ok: false, issues: [{ line: 5 }] });
  });

  it("refuses an oversized file and too many rules", ({ expect }) => {
    expect(loadFirewall(`# ${"x".repeat(1_000_001)}`)).toMatchObject({ ok: false });
    const rules = Array.from(
      { length: 5001 },
      (_, i) => `  - {id: r${i}, tool: search, action: ALLOW}`,
    ).join("\n");
    expect(loadFirewall(`rules:\n${rules}\n`)).toMatchObject({
      ok: false,
      issues: [{ path: "rules" }],
    });
  });
});

describe("evaluateFirewall", () => {
  const fw = firewallOf(MAIL_FIREWALL);

  it("blocks mail to another domain and says which rule and line", ({ expect }) => {
    expect(evaluateFirewall(fw, mail, { to: "eve@evil.test" })).toMatchObject({
      action: "BLOCK",
      id: "mail-only-example",
      line: 5,
      reason: "mail goes only to addresses at example.com",
    });
  });

  it("allows mail inside the domain through the per-tool action", ({ expect }) => {
    expect(evaluateFirewall(fw, mail, { to: "Bob@Example.com" })).toMatchObject({
      action: "ALLOW",
      id: "tools.send_email",
      line: 3,
    });
  });

  it("checks every element of an array field", ({ expect }) => {
    expect(evaluateFirewall(fw, mail, { to: ["a@example.com", "b@evil.test"] }).action).toBe(
      "BLOCK",
    );
    expect(evaluateFirewall(fw, mail, { to: ["a@example.com", "c@example.com"] }).action).toBe(
      "ALLOW",
    );
  });

  it("fails closed on values too long to match in bounded time", ({ expect }) => {
    expect(evaluateFirewall(fw, mail, { to: `${"a".repeat(5000)}@example.com` }).action).toBe(
      "BLOCK",
    );
  });

  it("applies the deny list before any rule and the allow list after the tools map", ({
    expect,
  }) => {
    const sample = firewallOf(SAMPLE_FIREWALL);
    expect(evaluateFirewall(sample, { service: "review", method: "compare" }, {})).toMatchObject({
      action: "BLOCK",
      id: "deny[0]",
      line: 8,
    });
    expect(
      evaluateFirewall(sample, { service: "search", method: "search" }, { limit: 5 }),
    ).toMatchObject({
      action: "ALLOW",
      id: "allow[0]",
    });
    expect(
      evaluateFirewall(sample, { service: "search", method: "search" }, { limit: 50 }),
    ).toMatchObject({
      action: "BLOCK",
      id: "small-limits",
    });
    expect(
      evaluateFirewall(sample, { service: "edit", method: "apply_patch" }, { path: "src/a" }),
    ).toMatchObject({
      action: "ASK",
      id: "tools.apply_patch",
    });
  });

  it("takes the most severe matching rule whatever the file order", ({ expect }) => {
    const sample = firewallOf(SAMPLE_FIREWALL);
    const target = { service: "edit", method: "write_file" };
    expect(evaluateFirewall(sample, target, { path: "config/app.yml" })).toMatchObject({
      action: "ASK",
    });
    expect(evaluateFirewall(sample, target, { path: "vault/k" })).toMatchObject({
      action: "BLOCK",
      id: "no-vault-dir",
      hint: "write somewhere else, such as src/",
    });
    expect(evaluateFirewall(sample, target, { path: "src/app.ts" })).toMatchObject({
      action: "ALLOW",
      id: "default",
    });
  });
});

describe("FirewallCache", () => {
  it("compiles a text once and recompiles when the text changes", ({ expect }) => {
    const cache = new FirewallCache(2);
    const first = cache.load(MAIL_FIREWALL);
    expect(cache.load(MAIL_FIREWALL)).toBe(first);
    const changed = cache.load(MAIL_FIREWALL.replace("example", "example-corp"));
    expect(changed).not.toBe(first);
    expect(changed.ok && first.ok && changed.value.hash !== first.value.hash).toBe(true);
    expect(cache.has(sha256Hex(MAIL_FIREWALL))).toBe(true);
  });

  it("keeps at most its capacity, dropping the least recently used", ({ expect }) => {
    const cache = new FirewallCache(2);
    cache.load("default: ALLOW\n");
    cache.load("default: ASK\n");
    cache.load("default: ALLOW\n");
    cache.load("default: BLOCK\n");
    expect(cache.size).toBe(2);
    expect(cache.has(sha256Hex("default: ASK\n"))).toBe(false);
    expect(cache.has(sha256Hex("default: ALLOW\n"))).toBe(true);
  });

  it("caches a failed load too", ({ expect }) => {
    const cache = new FirewallCache();
    const bad = cache.load("default: NOPE\n");
    expect(bad.ok).toBe(false);
    expect(cache.load("default: NOPE\n")).toBe(bad);
  });
});
