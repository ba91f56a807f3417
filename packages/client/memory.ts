// The typed client's long-term memory routes (`lethe.memory(hive)`): search, as-of,
// history, changelog, rollback and the steward's counters of /v1/hives/:hive/memory.
import type { z } from "zod";
import type { ChangelogEntry, Fact, ScoredFact } from "../../shared/memory/schema.ts";
import type {
  MemoryAsOfRequestSchema,
  MemoryChangelogRequestSchema,
  MemoryHistoryRequestSchema,
  MemorySearchRequestSchema,
} from "../../shared/memory/requests.ts";
import type { Send } from "./lethe.ts";
import { enc, qs as query } from "./query.ts";

export type MemorySearch = z.input<typeof MemorySearchRequestSchema>;
export type MemoryAsOf = z.input<typeof MemoryAsOfRequestSchema>;
export type MemoryHistory = z.input<typeof MemoryHistoryRequestSchema>;
export type MemoryChangelog = z.input<typeof MemoryChangelogRequestSchema>;

export function memoryRoutes(send: Send, hive: string) {
  const base = `/v1/hives/${enc(hive)}/memory`;
  return {
    search: (request: MemorySearch) =>
      send<{ hits: ScoredFact[] }>("GET", `${base}/search${query(request)}`),
    asOf: (request: MemoryAsOf) => send<{ facts: Fact[] }>("GET", `${base}/as-of${query(request)}`),
    history: (request: MemoryHistory) => send<Fact[]>("GET", `${base}/history${query(request)}`),
    changelog: (request: MemoryChangelog = {}) =>
      send<ChangelogEntry[]>("GET", `${base}/changelog${query(request)}`),
    /** Restores the facts of `version` as a new version; the changelog keeps `reason`. */
    rollback: (version: number, reason: string) =>
      send<ChangelogEntry>("POST", `${base}/rollback`, { version, reason }),
    metrics: () => send<Record<string, number>>("GET", `${base}/metrics`),
  };
}

export type MemoryRoutes = ReturnType<typeof memoryRoutes>;
