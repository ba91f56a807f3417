// Factories for gatekeeper tests: fresh objects per call, overridable.
import type { AdmitContext, Move } from "../../../shared/gatekeeper/admit.ts";
import { loadFirewall, type Firewall } from "../../../shared/gatekeeper/firewall.ts";
import { parseSkill, type Skill } from "../../../shared/gatekeeper/skills.ts";
import { initialGatekeeperState } from "../../../shared/gatekeeper/state.ts";

export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);

export function makeContext(overrides: Partial<AdmitContext> = {}): AdmitContext {
  return {
    state: initialGatekeeperState(),
    persona: { name: "coder", grants: ["*"] },
    roots: ["."],
    now: NOW,
    ...overrides,
  };
}

export function makeMove(overrides: Partial<Move> = {}): Move {
  return {
    tool: "write_file",
    args: { path: "src/app.ts", content: "export {};\n" },
    ...overrides,
  };
}

export function firewallOf(yaml: string): Firewall {
  const loaded = loadFirewall(yaml);
  if (!loaded.ok) {
    throw new Error(loaded.message);
  }
  return loaded.value;
}

export function skillOf(text: string): Skill {
  const parsed = parseSkill(text);
  if (!parsed.ok) {
    throw new Error(parsed.message);
  }
  return parsed.value;
}

export function makeSkill(
  name: string,
  allowed: string[],
  protocol = `Follow ${name} step by step.`,
): Skill {
  return skillOf(
    `---\nname: ${name}\ndescription: test skill\nallowed-tools: [${allowed.join(", ")}]\n---\n${protocol}\n`,
  );
}

/** A firewall.yaml with a mail-domain rule, an ASK, lists and a default. */
export const SAMPLE_FIREWALL = `# firewall of the test hive
version: 1
default: ALLOW
ask_timeout_seconds: 60
tools:
  apply_patch: ASK
deny:
  - review:*
allow:
  - search
rules:
  - id: no-vault-dir
    tool: edit:*
    field: path
    matches: '^vault/'
    action: BLOCK
    reason: the vault directory is off limits
    hint: write somewhere else, such as src/
  - id: ask-on-config
    tool: write_file
    field: path
    matches: '^config/'
    action: ASK
  - id: small-limits
    tool: search
    field: limit
    not_in: ["1", "5", "10"]
    action: BLOCK
`;

/** One firewall per verdict of the matrix: ALLOW, BLOCK and ASK on writes under src/. */
export const FIREWALLS: Record<"ALLOW" | "BLOCK" | "ASK", Firewall> = {
  ALLOW: firewallOf("default: BLOCK\ntools:\n  write_file: ALLOW\n"),
  BLOCK: firewallOf(
    "default: ALLOW\nrules:\n  - id: no-src\n    tool: write_file\n    field: path\n    matches: '^src/'\n    action: BLOCK\n",
  ),
  ASK: firewallOf(
    "default: ALLOW\nrules:\n  - id: ask-src\n    tool: edit:*\n    field: path\n    matches: '^src/'\n    action: ASK\n",
  ),
};
