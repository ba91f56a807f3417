// The Hive's long-term memory surface: the meta-steward's run (replay the
// session's artifacts, take the job's transcript candidates, read cited lines,
// validate, apply one version), searches, as-of reads, history, changelog,
// rollback and counters. Called by durable-objects/hive.ts's RPC methods.
import type { Artifact } from "../../shared/hive/artifact.ts";
import { DEFAULT_HALF_LIFE_DAYS, type DecayConfig } from "../../shared/memory/decay.ts";
import { artifactCandidates } from "../../shared/memory/extract.ts";
import { DEFAULT_DRIFT_DELTA } from "../../shared/memory/plan.ts";
import { retrieve } from "../../shared/memory/retrieve.ts";
import {
  SearchQuerySchema,
  StewardRunRequestSchema,
  type ChangelogEntry,
  type MemoryResult,
  type Fact,
  type MemoryCounters,
  type Rejection,
  type ScoredFact,
  type SearchQueryIn,
  type StewardOutcome,
  type StewardRunRequestIn,
} from "../../shared/memory/schema.ts";
import { citedSources } from "../../shared/memory/validate.ts";
import { err, ok } from "../../shared/base/result.ts";
import { citedLines, parseCitation } from "../../shared/workspace/provenance.ts";
import { KnowledgeStore } from "./knowledge-store.ts";
import type { Workspace } from "./workspace/workspace.ts";

export interface KnowledgeConfig {
  decay: DecayConfig;
  driftDelta: number;
}

/** Reads LETHE_MEMORY_HALF_LIFE_DAYS and LETHE_MEMORY_DRIFT_DELTA; defaults otherwise. */
export function knowledgeConfig(env: Record<string, unknown>): KnowledgeConfig {
  const half = Number(env.LETHE_MEMORY_HALF_LIFE_DAYS);
  const delta = Number(env.LETHE_MEMORY_DRIFT_DELTA);
  return {
    decay: { halfLifeDays: Number.isFinite(half) && half > 0 ? half : DEFAULT_HALF_LIFE_DAYS },
    driftDelta: Number.isFinite(delta) && delta > 0 && delta <= 1 ? delta : DEFAULT_DRIFT_DELTA,
  };
}

export interface SearchResult {
  at: number;
  version: number;
  halfLifeDays: number;
  hits: ScoredFact[];
}

export class Knowledge {
  readonly #store: KnowledgeStore;
  readonly #workspace: Workspace;
  readonly #config: KnowledgeConfig;

  constructor(storage: DurableObjectStorage, workspace: Workspace, config: KnowledgeConfig) {
    this.#store = new KnowledgeStore(storage);
    this.#workspace = workspace;
    this.#config = config;
  }

  #cited(raw: readonly unknown[]): Map<string, string | null> {
    const out = new Map<string, string | null>();
    for (const source of citedSources(raw)) {
      const c = parseCitation(source);
      const file = c === null ? null : this.#workspace.read(c.path, c.version);
      out.set(
        source,
        c !== null && file?.ok && file.value.text !== null
          ? citedLines(file.value.text, c.startLine, c.endLine)
          : null,
      );
    }
    return out;
  }

  /** The version in force and the facts a version after `after` added or closed (the D1 mirror's page). */
  changedSince(after: number): { through: number; facts: Fact[] } {
    const through = this.#store.version;
    return { through, facts: after >= through ? [] : this.#store.changedBetween(after, through) };
  }

  /** One steward run over `artifacts` (already chosen by the caller) plus the job's candidates. */
  run(request: StewardRunRequestIn, artifacts: readonly Artifact[]): MemoryResult<StewardOutcome> {
    const parsed = StewardRunRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return err(
        "INVALID_REQUEST",
        `invalid steward run at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
        "docs/memory.md lists the fields of a steward run",
      );
    }
    const done = this.#store.replayed(parsed.data.jobId);
    if (done !== null) {
      return ok(done);
    }
    const scoped =
      parsed.data.session === undefined
        ? artifacts
        : artifacts.filter((a) => a.provenance.session === parsed.data.session);
    const raw: unknown[] = [...artifactCandidates(scoped), ...parsed.data.candidates];
    return ok(this.#store.run(parsed.data, raw, this.#cited(raw), this.#config.driftDelta));
  }

  search(query: SearchQueryIn): MemoryResult<SearchResult> {
    const parsed = SearchQuerySchema.safeParse(query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return err(
        "INVALID_REQUEST",
        `invalid memory search at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
        "q is 1..1000 characters, at an epoch-ms time, limit 1..50",
      );
    }
    const at = parsed.data.at ?? Date.now();
    const hits = retrieve(this.#store.validAt(at), parsed.data.q, {
      at,
      limit: parsed.data.limit,
      decay: this.#config.decay,
      ...(parsed.data.anchor === undefined ? {} : { anchor: parsed.data.anchor }),
      ...(parsed.data.minSimilarity === undefined
        ? {}
        : { minSimilarity: parsed.data.minSimilarity }),
    });
    return ok({
      at,
      version: this.#store.version,
      halfLifeDays: this.#config.decay.halfLifeDays,
      hits,
    });
  }

  /** Every fact valid at `at`, oldest first (at most `limit`). */
  asOf(at: number, limit = 500): MemoryResult<{ at: number; facts: Fact[] }> {
    if (!Number.isSafeInteger(at) || at < 0) {
      return err(
        "INVALID_REQUEST",
        `at=${at} is not an epoch-ms time`,
        "pass milliseconds since 1970",
      );
    }
    return ok({ at, facts: this.#store.validAt(at).slice(0, Math.max(1, Math.min(limit, 5_000))) });
  }

  history(subject: string, predicate?: string): MemoryResult<Fact[]> {
    if (typeof subject !== "string" || subject.length === 0 || subject.length > 200) {
      return err(
        "INVALID_REQUEST",
        "subject must be 1..200 characters",
        "name the subject as stored",
      );
    }
    return ok(this.#store.history(subject, predicate));
  }

  changelog(limit = 50, before?: number): MemoryResult<ChangelogEntry[]> {
    return ok(this.#store.changelog(Math.max(1, Math.min(Math.trunc(limit) || 50, 500)), before));
  }

  rejected(jobId: string, limit = 100): MemoryResult<Array<Rejection & { candidate: string }>> {
    return ok(this.#store.rejected(jobId, Math.max(1, Math.min(Math.trunc(limit) || 100, 1_000))));
  }

  rollback(version: number, writer: string, reason: string): MemoryResult<ChangelogEntry> {
    if (!Number.isSafeInteger(version) || version < 1) {
      return err(
        "INVALID_REQUEST",
        `version=${version} is not a steward version`,
        "see the changelog",
      );
    }
    if (
      typeof writer !== "string" ||
      writer.length === 0 ||
      typeof reason !== "string" ||
      reason.length === 0
    ) {
      return err(
        "INVALID_REQUEST",
        "a rollback names its writer and reason",
        "pass writer and reason",
      );
    }
    const done = this.#store.rollback(
      version,
      writer.slice(0, 128),
      reason.slice(0, 1_000),
      Date.now(),
    );
    return done.ok
      ? ok(done.entry)
      : err(done.code, done.message, "lethe memory changelog lists the versions and their status");
  }

  counters(): MemoryCounters & { version: number } {
    return { ...this.#store.counters(), version: this.#store.version };
  }
}
