// The hive's long-term knowledge (issue 21): triplets with provenance and
// validity, steward versions with their changelog, rejected candidates with
// their reasons, and the steward's counters, in the Hive's SQLite (tables in
// knowledge-schema.ts, write statements in knowledge-writes.ts). A run or a
// rollback is one transaction. Used only by durable-objects/hive/knowledge.ts.
import { nameKey } from "../../shared/memory/lookalike.ts";
import { planRun, type Plan } from "../../shared/memory/plan.ts";
import {
  type ChangelogEntry,
  type Fact,
  type MemoryCounters,
  type Rejection,
  type StewardOutcome,
  type StewardRunRequest,
} from "../../shared/memory/schema.ts";
import { validateCandidates } from "../../shared/memory/validate.ts";
import {
  FACT_COLUMNS,
  toEntry,
  toFact,
  type FactRow,
  type VersionRow,
} from "./knowledge-schema.ts";
import {
  bumpCounter,
  closeFact,
  insertFact,
  insertVersion,
  keptCandidate,
} from "./knowledge-writes.ts";

export type RollbackError = "NOT_FOUND" | "NOT_LATEST" | "ALREADY_ROLLED_BACK";

export class KnowledgeStore {
  readonly #storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
  }

  #sql<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: SqlStorageValue[]) {
    return this.#storage.sql.exec<T>(query, ...bindings);
  }

  get version(): number {
    return (
      this.#sql<{ v: number | null }>("SELECT max(version) AS v FROM knowledge_versions").one().v ??
      0
    );
  }

  counters(): MemoryCounters {
    const out: MemoryCounters = {
      "meta_steward.run.count": 0,
      "schema_violation.count": 0,
      "drift.detected": 0,
    };
    for (const row of this.#sql<{ name: string; value: number }>(
      "SELECT name, value FROM knowledge_counters",
    )) {
      if (row.name in out) {
        out[row.name as keyof MemoryCounters] = row.value;
      }
    }
    return out;
  }

  /** The outcome of a job that already ran, if it did. */
  replayed(jobId: string): StewardOutcome | null {
    const row = this.#sql<{ outcome: string }>(
      "SELECT outcome FROM knowledge_runs WHERE job_id = ?",
      jobId,
    ).toArray()[0];
    return row ? { ...(JSON.parse(row.outcome) as StewardOutcome), replayed: true } : null;
  }

  active(): Fact[] {
    return this.#sql<FactRow>(
      `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE valid_to IS NULL ORDER BY id`,
    )
      .toArray()
      .map(toFact);
  }

  /** Facts added or closed by a version in (after, through], by id: what the D1 mirror (re)writes. */
  changedBetween(after: number, through: number): Fact[] {
    return this.#sql<FactRow>(
      `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE (version > ? AND version <= ?) OR (closed_by > ? AND closed_by <= ?) ORDER BY id`,
      after,
      through,
      after,
      through,
    )
      .toArray()
      .map(toFact);
  }

  /** Facts valid at `at` (epoch ms). */
  validAt(at: number): Fact[] {
    return this.#sql<FactRow>(
      `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE valid_from <= ? AND (valid_to IS NULL OR valid_to > ?) ORDER BY id`,
      at,
      at,
    )
      .toArray()
      .map(toFact);
  }

  /** Every fact ever recorded about a subject (optionally one predicate), oldest first. */
  history(subject: string, predicate?: string, limit = 200): Fact[] {
    const rows =
      predicate === undefined
        ? this.#sql<FactRow>(
            `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE subject_key = ? ORDER BY valid_from, id LIMIT ?`,
            nameKey(subject),
            limit,
          )
        : this.#sql<FactRow>(
            `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE subject_key = ? AND predicate_key = ? ORDER BY valid_from, id LIMIT ?`,
            nameKey(subject),
            nameKey(predicate),
            limit,
          );
    return rows.toArray().map(toFact);
  }

  changelog(limit = 50, before?: number): ChangelogEntry[] {
    return this.#sql<VersionRow>(
      "SELECT * FROM knowledge_versions WHERE version < ? ORDER BY version DESC LIMIT ?",
      before ?? Number.MAX_SAFE_INTEGER,
      limit,
    )
      .toArray()
      .map(toEntry);
  }

  rejected(jobId: string, limit = 100): Array<Rejection & { candidate: string }> {
    return this.#sql<{ idx: number; code: string; reason: string; candidate: string }>(
      "SELECT idx, code, reason, candidate FROM knowledge_rejected WHERE job_id = ? ORDER BY id LIMIT ?",
      jobId,
      limit,
    )
      .toArray()
      .map((r) => ({
        index: r.idx,
        code: r.code as Rejection["code"],
        reason: r.reason,
        candidate: r.candidate,
      }));
  }

  #subjects(): Map<string, string> {
    const out = new Map<string, string>();
    for (const row of this.#sql<{ subject: string; subject_skeleton: string }>(
      "SELECT subject, subject_skeleton FROM knowledge_facts GROUP BY subject_skeleton",
    )) {
      out.set(row.subject_skeleton, row.subject);
    }
    return out;
  }

  /**
   * One steward run, atomically: validate, plan against the active facts, write
   * the new version with its changelog entry, keep the rejected candidates, and
   * record the outcome under the job id (a second delivery replays it).
   */
  run(
    request: StewardRunRequest,
    raw: readonly unknown[],
    cited: ReadonlyMap<string, string | null>,
    driftDelta: number,
  ): StewardOutcome {
    return this.#storage.transactionSync(() => {
      const done = this.replayed(request.jobId);
      if (done !== null) {
        return done;
      }
      const at = request.at ?? Date.now();
      const validated = validateCandidates(raw, { subjects: this.#subjects(), cited, runAt: at });
      const plan: Plan = planRun(
        this.active(),
        validated.accepted.map((a) => a.candidate),
        at,
        driftDelta,
      );
      const current = this.version;
      const changed = plan.add.length > 0 || plan.close.length > 0;
      const version = changed ? current + 1 : current;
      if (changed) {
        for (const c of plan.close) {
          closeFact(this.#storage.sql, c.fact.id, c.validTo, version, c.reason);
        }
        for (const f of plan.add) {
          insertFact(this.#storage.sql, f, version);
        }
        insertVersion(this.#storage.sql, {
          version,
          at,
          writer: request.writer,
          reason: request.reason,
          trigger: request.trigger,
          jobId: request.jobId,
          session: request.session ?? null,
          status: "applied",
          added: plan.add.length,
          closed: plan.close.length,
          rejected: validated.rejected.length,
          drift: plan.drift,
          rollbackOf: null,
        });
      }
      for (const r of validated.rejected) {
        this.#sql(
          "INSERT INTO knowledge_rejected (job_id, idx, code, reason, candidate, at) VALUES (?, ?, ?, ?, ?, ?)",
          request.jobId,
          r.index,
          r.code,
          r.reason,
          keptCandidate(raw[r.index]),
          at,
        );
      }
      bumpCounter(this.#storage.sql, "meta_steward.run.count", 1);
      bumpCounter(this.#storage.sql, "schema_violation.count", validated.rejected.length);
      bumpCounter(this.#storage.sql, "drift.detected", plan.drift.length);
      const outcome: StewardOutcome = {
        version,
        applied: changed,
        replayed: false,
        added: plan.add.length,
        closed: plan.close.length,
        rejected: validated.rejected,
        drift: plan.drift,
      };
      // The stored outcome lists at most 100 rejections; all of them are rows of knowledge_rejected.
      this.#sql(
        "INSERT INTO knowledge_runs (job_id, at, outcome) VALUES (?, ?, ?)",
        request.jobId,
        at,
        JSON.stringify({ ...outcome, rejected: outcome.rejected.slice(0, 100) }),
      );
      return outcome;
    });
  }

  /**
   * Undoes the latest applied version as a new version: facts it added are
   * closed, facts it closed are recorded again from now. Nothing is deleted.
   */
  rollback(
    target: number,
    writer: string,
    reason: string,
    at: number,
  ): { ok: true; entry: ChangelogEntry } | { ok: false; code: RollbackError; message: string } {
    return this.#storage.transactionSync(() => {
      const row = this.#sql<VersionRow>(
        "SELECT * FROM knowledge_versions WHERE version = ?",
        target,
      ).toArray()[0];
      if (!row) {
        return { ok: false as const, code: "NOT_FOUND" as const, message: `no version ${target}` };
      }
      if (row.status === "rolled-back") {
        return {
          ok: false as const,
          code: "ALREADY_ROLLED_BACK" as const,
          message: `version ${target} is already rolled back`,
        };
      }
      const current = this.version;
      if (target !== current) {
        return {
          ok: false as const,
          code: "NOT_LATEST" as const,
          message: `only the latest version (${current}) can be rolled back; roll back ${current} first`,
        };
      }
      const version = current + 1;
      const added = this.#sql<FactRow>(
        `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE version = ? AND valid_to IS NULL`,
        target,
      )
        .toArray()
        .map(toFact);
      const closed = this.#sql<FactRow>(
        `SELECT ${FACT_COLUMNS} FROM knowledge_facts WHERE closed_by = ?`,
        target,
      )
        .toArray()
        .map(toFact);
      for (const f of added) {
        closeFact(this.#storage.sql, f.id, at, version, `rollback of version ${target}`);
      }
      for (const f of closed) {
        insertFact(this.#storage.sql, { ...f, validFrom: at, validTo: null }, version);
      }
      this.#sql("UPDATE knowledge_versions SET status = 'rolled-back' WHERE version = ?", target);
      const entry: ChangelogEntry = {
        version,
        at,
        writer,
        reason,
        trigger: "rollback",
        jobId: `rollback:${target}`,
        session: null,
        status: "applied",
        added: closed.length,
        closed: added.length,
        rejected: 0,
        drift: [],
        rollbackOf: target,
      };
      insertVersion(this.#storage.sql, entry);
      return { ok: true as const, entry };
    });
  }
}
