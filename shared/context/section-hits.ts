// Per-step section-hash hit rate: how many envelope sections rendered exactly
// as in the previous step (so a provider's prompt cache keeps hitting). A pure
// tracker AgentSession keeps in its state.
import type { Envelope, SectionName } from "./envelope.ts";
import { SECTION_NAMES } from "./envelope.ts";

export type SectionHashes = Record<SectionName, string>;

export interface SectionHitTracker {
  previous: SectionHashes | null;
  steps: number;
  hits: number;
  compared: number;
}

export interface StepHits {
  /** Sections whose hash equals the previous step's. */
  hits: SectionName[];
  changed: SectionName[];
  /** hits / 4 for this step (0 on the first step). */
  rate: number;
}

export function emptyHitTracker(): SectionHitTracker {
  return { previous: null, steps: 0, hits: 0, compared: 0 };
}

export function sectionHashes(envelope: Envelope): SectionHashes {
  return {
    system: envelope.sections.system.hash,
    static: envelope.sections.static.hash,
    meta: envelope.sections.meta.hash,
    dynamic: envelope.sections.dynamic.hash,
  };
}

/** Records one step; `rate` of the tracker is hits / compared over all steps so far. */
export function recordStep(
  tracker: SectionHitTracker,
  hashes: SectionHashes,
): { tracker: SectionHitTracker; step: StepHits; rate: number } {
  const previous = tracker.previous;
  const hits = previous === null ? [] : SECTION_NAMES.filter((n) => previous[n] === hashes[n]);
  const changed =
    previous === null ? [...SECTION_NAMES] : SECTION_NAMES.filter((n) => previous[n] !== hashes[n]);
  const compared = tracker.compared + (previous === null ? 0 : SECTION_NAMES.length);
  const next: SectionHitTracker = {
    previous: { ...hashes },
    steps: tracker.steps + 1,
    hits: tracker.hits + hits.length,
    compared,
  };
  return {
    tracker: next,
    step: { hits, changed, rate: previous === null ? 0 : hits.length / SECTION_NAMES.length },
    rate: compared === 0 ? 0 : next.hits / compared,
  };
}
