// The state of a new session at its genesis checkpoint (step 0, empty L1), from its
// config alone: pure, so SessionStore.create only persists it.
import { emptyPagerState } from "../../shared/context/page.ts";
import { emptyHitTracker } from "../../shared/context/section-hits.ts";
import { initialGatekeeperState } from "../../shared/gatekeeper/state.ts";
import { parseSkill } from "../../shared/gatekeeper/skills.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import type { SessionState } from "../../shared/session/step.ts";

/** The names of a session's skills (validated when the config was parsed): all active from step 1. */
function skillNames(texts: readonly string[]): string[] {
  return texts.flatMap((text) => {
    const parsed = parseSkill(text);
    return parsed.ok ? [parsed.value.name] : [];
  });
}

/** The state a session starts from: idle, nothing paged, every skill active. */
export function genesisState(config: SessionConfig): SessionState {
  return {
    step: 0,
    status: "idle",
    pager: emptyPagerState(config.l1Tokens, config.mode),
    sectionHashes: {},
    hits: emptyHitTracker(),
    static: [],
    meta: [],
    gatekeeper: { ...initialGatekeeperState(), activeSkills: skillNames(config.skills ?? []) },
    persona: config.strategy?.[0] ?? config.persona,
    outcome: null,
    pending: null,
    autofix: 0,
    modelCalls: 0,
    approved: null,
    written: [],
    hiveSeqSeen: 0,
    workspaceManifest: null,
  };
}
