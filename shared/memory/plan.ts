// What a steward run changes, decided before anything is written: new facts,
// facts a contradiction closes (never deleted), and the drift against the
// previous version (contradictions, and a delta past the configured share).
// Pure; the Hive's knowledge store executes the plan in one transaction, and
// bench/memory.ts replays it in memory.
import { nameKey } from "./lookalike.ts";
import type { Candidate, DriftFlag, Fact } from "./schema.ts";

/** Share of the active facts one run may close before the run is flagged as drift. */
export const DEFAULT_DRIFT_DELTA = 0.2;
/** Below this many active facts a delta share means little; contradictions still flag. */
export const DRIFT_MIN_FACTS = 10;

export interface PlannedClose {
  fact: Fact;
  validTo: number;
  reason: string;
}

export type PlannedFact = Candidate & { validFrom: number; validTo: number | null };

export interface Plan {
  add: PlannedFact[];
  close: PlannedClose[];
  drift: DriftFlag[];
}

function slot(subject: string, predicate: string): string {
  return `${nameKey(subject)}\u0000${nameKey(predicate)}`;
}

/**
 * Plans candidates (in order) against the active facts: a candidate equal to
 * an active fact confirms it (no change); a "one" fact with another object
 * closes the active one at the candidate's time and flags a contradiction.
 */
export function planRun(
  active: readonly Fact[],
  candidates: readonly Candidate[],
  runAt: number,
  driftDelta = DEFAULT_DRIFT_DELTA,
): Plan {
  const bySlot = new Map<string, Array<Fact | PlannedFact>>();
  for (const f of active) {
    const key = slot(f.subject, f.predicate);
    bySlot.set(key, [...(bySlot.get(key) ?? []), f]);
  }
  const add: Plan["add"] = [];
  const close: PlannedClose[] = [];
  const closedIds = new Set<number>();
  const drift: DriftFlag[] = [];
  const ordered = [...candidates].sort((a, b) => (a.at ?? runAt) - (b.at ?? runAt));
  for (const c of ordered) {
    const validFrom = c.at ?? runAt;
    const key = slot(c.subject, c.predicate);
    const current = bySlot.get(key) ?? [];
    const object = nameKey(c.object);
    if (current.some((f) => nameKey(f.object) === object)) {
      continue;
    }
    const next: PlannedFact = { ...c, validFrom, validTo: null };
    const later = current.filter((f) => f.validFrom > validFrom);
    if (c.cardinality === "one" && later.length > 0) {
      // An older statement replayed after a newer one: history, closed where the newer begins.
      next.validTo = Math.min(...later.map((f) => f.validFrom));
      add.push(next);
      continue;
    }
    if (c.cardinality === "one") {
      for (const f of current) {
        if ("id" in f && !closedIds.has(f.id)) {
          closedIds.add(f.id);
          close.push({
            fact: f,
            validTo: validFrom,
            reason: `contradicted by "${c.object.slice(0, 80)}" (session ${c.provenance.session} step ${c.provenance.step})`,
          });
          drift.push({
            kind: "contradiction",
            subject: f.subject,
            predicate: f.predicate,
            before: f.object,
            after: c.object,
            message: `${f.subject} · ${f.predicate} changed from "${f.object.slice(0, 80)}" to "${c.object.slice(0, 80)}"`,
          });
        }
      }
      // A value planned earlier in this run ends where this one begins.
      for (const f of current) {
        if (!("id" in f)) {
          f.validTo = validFrom;
        }
      }
      bySlot.set(key, [next]);
    } else {
      bySlot.set(key, [...current, next]);
    }
    add.push(next);
  }
  if (active.length >= DRIFT_MIN_FACTS && close.length / active.length > driftDelta) {
    drift.push({
      kind: "delta",
      subject: "*",
      predicate: "*",
      before: String(active.length),
      after: String(active.length - close.length + add.length),
      message: `this run closes ${close.length} of ${active.length} active facts (more than ${Math.round(driftDelta * 100)}%)`,
    });
  }
  return { add, close, drift };
}
