// The Hive's knowledge mirrored to D1 (table knowledge_facts) for queries across
// hives (GET /v1/admin/memory/search). Confirm-then-advance, as the event mirror:
// the facts each new steward version added or closed are upserted, read back,
// and `confirmed` moves to that version only when D1 holds every row as written.
// A failed sync leaves `confirmed` where it was; the next sync rewrites the rest.
// Called by memory-service.ts after each applied run or rollback, and on demand.
import type { Fact } from "../../shared/memory/schema.ts";
import type { Knowledge } from "./knowledge.ts";

const CONFIRMED_KEY = "knowledge.d1.confirmed_version";
/** Rows per D1 batch: a steward run of thousands of facts goes in several round trips. */
const BATCH_ROWS = 50;

export interface KnowledgeMirrorStatus {
  /** The knowledge version in force in the Hive. */
  version: number;
  /** Every fact through this version is in D1 as the Hive holds it. */
  confirmed: number;
  /** Rows written by this sync. */
  written: number;
}

const UPSERT = `INSERT INTO knowledge_facts (hive, id, subject, predicate, object, kind, cardinality, provenance, valid_from, valid_to, version, closed_by, closed_reason)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (hive, id) DO UPDATE SET valid_to = excluded.valid_to, closed_by = excluded.closed_by, closed_reason = excluded.closed_reason`;

export class KnowledgeMirror {
  readonly #kv: SyncKvStorage;
  readonly #knowledge: Knowledge;
  readonly #db: D1Database;

  constructor(kv: SyncKvStorage, knowledge: Knowledge, db: D1Database) {
    this.#kv = kv;
    this.#knowledge = knowledge;
    this.#db = db;
  }

  get confirmed(): number {
    const v = this.#kv.get<number>(CONFIRMED_KEY);
    return typeof v === "number" ? v : 0;
  }

  async sync(hive: string): Promise<KnowledgeMirrorStatus> {
    const after = this.confirmed;
    const { through, facts } = this.#knowledge.changedSince(after);
    if (through <= after) {
      return { version: through, confirmed: after, written: 0 };
    }
    for (let i = 0; i < facts.length; i += BATCH_ROWS) {
      await this.#db.batch(
        facts.slice(i, i + BATCH_ROWS).map((f) => this.#db.prepare(UPSERT).bind(...row(hive, f))),
      );
    }
    if (await this.#present(hive, facts)) {
      // Only forward: a concurrent sync that confirmed further is never moved back.
      if (through > this.confirmed) {
        this.#kv.put(CONFIRMED_KEY, through);
      }
    }
    return { version: through, confirmed: this.confirmed, written: facts.length };
  }

  /** Reads the rows back: each must carry the version and closing the Hive holds. */
  async #present(hive: string, facts: readonly Fact[]): Promise<boolean> {
    if (facts.length === 0) {
      return true;
    }
    const lo = facts[0]?.id ?? 0;
    const hi = facts.at(-1)?.id ?? 0;
    const { results } = await this.#db
      .prepare(
        "SELECT id, version, valid_to, closed_by FROM knowledge_facts WHERE hive = ? AND id >= ? AND id <= ?",
      )
      .bind(hive, lo, hi)
      .all<{ id: number; version: number; valid_to: number | null; closed_by: number | null }>();
    const stored = new Map(results.map((r) => [r.id, r]));
    return facts.every((f) => {
      const r = stored.get(f.id);
      return (
        r !== undefined &&
        r.version === f.version &&
        r.valid_to === f.validTo &&
        r.closed_by === f.closedBy
      );
    });
  }
}

function row(hive: string, f: Fact): Array<string | number | null> {
  return [
    hive,
    f.id,
    f.subject,
    f.predicate,
    f.object,
    f.kind,
    f.cardinality,
    JSON.stringify(f.provenance),
    f.validFrom,
    f.validTo,
    f.version,
    f.closedBy,
    f.closedReason,
  ];
}
