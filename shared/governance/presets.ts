// Personas and presets: which tools an agent may use (the gatekeeper's grants),
// how it treats context, and which kernel policies watch it. Chosen per session
// (config.persona) and switchable mid-mission (strategy switch).
import type { L1Mode } from "../context/page.ts";

export interface Preset {
  name: string;
  /** Gatekeeper grants (`domain:tool`, `domain:*`, `*`); deny by default. */
  grants: string[];
  /** The mode a session of this preset starts in unless the config says otherwise. */
  mode: L1Mode;
  /** One paragraph added to the system section: how this persona works. */
  strategy: string;
  /** Kernel policies (shared/governance/policies.ts) that watch every step. */
  policies: string[];
  /** Secrets are redacted and raw context discarded once an artifact exists. */
  cleanRoom: boolean;
}

const READ_ONLY = [
  "context:*",
  "artifacts:*",
  "search:*",
  "code:*",
  "math:*",
  "review:*",
  "control:*",
];

export const PRESETS: Readonly<Record<string, Preset>> = {
  "code-agent": {
    name: "code-agent",
    grants: ["*"],
    mode: "strict",
    strategy:
      "Find candidates with search or the structural tools, stage one file or symbol, save what you learn as artifacts, compute with calculate, change code with apply_patch, then finish.",
    policies: [
      "halt-on-missing-dependency",
      "purge-on-vulnerability",
      "verify-contracts",
      "verify-first",
      "gc-unreachable",
    ],
    cleanRoom: false,
  },
  architect: {
    name: "architect",
    grants: READ_ONLY,
    mode: "elastic",
    strategy:
      "Map the structure first: definitions, callers and imports. Record decisions and contracts as artifacts; do not edit files.",
    policies: ["halt-on-missing-dependency"],
    cleanRoom: false,
  },
  implementer: {
    name: "implementer",
    grants: ["*"],
    mode: "strict",
    strategy:
      "Follow the recorded decisions and contracts exactly: read the artifact, stage the one file to change, patch it, verify, finish.",
    policies: ["halt-on-missing-dependency", "verify-contracts", "verify-first", "gc-unreachable"],
    cleanRoom: false,
  },
  "clean-room": {
    name: "clean-room",
    grants: READ_ONLY,
    mode: "strict",
    strategy:
      "Extract only the facts you need as artifacts; never copy raw data or secrets into an artifact or an answer.",
    policies: ["purge-on-vulnerability"],
    cleanRoom: true,
  },
  "legacy-migration": {
    name: "legacy-migration",
    grants: ["*"],
    mode: "strict",
    strategy:
      "Record the legacy schema as a contract artifact first; every change must keep to that contract.",
    policies: ["halt-on-missing-dependency", "verify-contracts"],
    cleanRoom: false,
  },
  monitor: {
    name: "monitor",
    grants: READ_ONLY,
    mode: "strict",
    strategy:
      "Facts change while you watch: re-read a source when told and save its current value as a new version; never answer from memory.",
    // No verify-first: an artifact going stale is this mission's normal course, not a
    // contradiction to halt on; the agent re-reads and saves a new version instead.
    policies: ["halt-on-missing-dependency"],
    cleanRoom: false,
  },
  "security-auditor": {
    name: "security-auditor",
    grants: READ_ONLY,
    mode: "strict",
    strategy:
      "Look for vulnerabilities; record each finding as an artifact tagged vulnerability with its location as evidence.",
    policies: ["purge-on-vulnerability"],
    cleanRoom: true,
  },
};

export const PRESET_NAMES = Object.keys(PRESETS);

export function presetOf(name: string): Preset | undefined {
  return Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
}
