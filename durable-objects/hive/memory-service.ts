// The Hive's long-term memory as an RpcTarget (Hive.memory()): the steward run
// and rollback also commit a `memory.steward` summary artifact, so every
// session's hive sync sees that knowledge changed and refreshes its meta section;
// each applied version is then mirrored to D1 (knowledge-mirror.ts). The steward
// reads the active artifacts of every shard of a sharded hive (the merged snapshot).
import { RpcTarget } from "cloudflare:workers";
import type { Artifact } from "../../shared/hive/artifact.ts";
import type { Snapshot } from "../../shared/hive/reads.ts";
import type { CommitRequestIn, CommitResult, HiveResult } from "../../shared/hive/writes.ts";
import { createLogger } from "../../shared/base/log.ts";
import type {
  ChangelogEntry,
  MemoryResult,
  SearchQueryIn,
  StewardOutcome,
  StewardRunRequestIn,
} from "../../shared/memory/schema.ts";
import { Knowledge, knowledgeConfig } from "./knowledge.ts";
import type { Workspace } from "./workspace/workspace.ts";
import { KnowledgeMirror, type KnowledgeMirrorStatus } from "./knowledge-mirror.ts";

const log = createLogger("hive");
/** The artifact naming the knowledge version in force (kind summary: never a candidate itself). */
export const STEWARD_ARTIFACT = "memory.steward";

export interface MemoryPorts {
  /** The hive's active artifacts, merged over every shard of a sharded hive. */
  snapshot(): Promise<HiveResult<Snapshot>>;
  commit(request: CommitRequestIn): Promise<HiveResult<CommitResult>>;
  /** The hive's name (the D1 mirror's key). */
  hive(): string;
  kv: SyncKvStorage;
  db: D1Database;
}

export class MemoryService extends RpcTarget {
  readonly #knowledge: Knowledge;
  readonly #ports: MemoryPorts;
  readonly #mirror: KnowledgeMirror;

  constructor(knowledge: Knowledge, ports: MemoryPorts) {
    super();
    this.#knowledge = knowledge;
    this.#ports = ports;
    this.#mirror = new KnowledgeMirror(ports.kv, knowledge, ports.db);
  }

  /** Mirrors unconfirmed versions to D1 now; a failure is logged and retried by the next sync. */
  async mirror(): Promise<KnowledgeMirrorStatus | null> {
    try {
      return await this.#mirror.sync(this.#ports.hive());
    } catch (error) {
      log.warn("memory.mirror.failed", {
        message: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  /** The active artifacts of every shard; a refused read throws (the steward job is retried). */
  async #artifacts(): Promise<Artifact[]> {
    const merged = await this.#ports.snapshot();
    if (!merged.ok) {
      throw new Error(`the hive's snapshot was refused: ${merged.code} ${merged.message}`);
    }
    return merged.value.artifacts;
  }

  async #announce(entry: {
    version: number;
    writer: string;
    reason: string;
    added: number;
    closed: number;
    drift: number;
  }): Promise<void> {
    // Compare-and-swap on the announcement itself: the put replaces the version in force.
    const current = (await this.#artifacts()).find((a) => a.identifier === STEWARD_ARTIFACT);
    const committed = await this.#ports.commit({
      idempotencyKey: `memory-steward-v${entry.version}`,
      writes: [
        {
          op: "put",
          expectedVersion: current?.version ?? 0,
          artifact: {
            identifier: STEWARD_ARTIFACT,
            kind: "summary",
            value: entry,
            summary: `knowledge v${entry.version} by ${entry.writer}: +${entry.added} −${entry.closed}, ${entry.drift} drift flag(s)`,
            provenance: {
              session: "meta-steward",
              agent: entry.writer.slice(0, 128),
              step: entry.version,
              source: `memory:v${entry.version}`,
            },
          },
        },
      ],
    });
    if (!committed.ok) {
      // The version is applied; without the announcement sessions see it at their next hive change.
      log.warn("memory.announce.failed", { code: committed.code, message: committed.message });
    }
  }

  /** One meta-steward run (idempotent per jobId): replay, validate, one versioned update. */
  async run(request: StewardRunRequestIn): Promise<MemoryResult<StewardOutcome>> {
    const outcome = this.#knowledge.run(request, await this.#artifacts());
    if (outcome.ok && outcome.value.applied && !outcome.value.replayed) {
      await this.#announce({
        version: outcome.value.version,
        writer: request.writer,
        reason: request.reason,
        added: outcome.value.added,
        closed: outcome.value.closed,
        drift: outcome.value.drift.length,
      });
      await this.mirror();
    }
    return outcome;
  }

  async rollback(
    version: number,
    writer: string,
    reason: string,
  ): Promise<MemoryResult<ChangelogEntry>> {
    const done = this.#knowledge.rollback(version, writer, reason);
    if (done.ok) {
      await this.#announce({ ...done.value, drift: 0 });
      await this.mirror();
    }
    return done;
  }

  /** Facts valid at `at` ranked by similarity × decay. */
  search(query: SearchQueryIn) {
    return this.#knowledge.search(query);
  }

  asOf(at: number, limit?: number) {
    return this.#knowledge.asOf(at, limit);
  }

  history(subject: string, predicate?: string) {
    return this.#knowledge.history(subject, predicate);
  }

  changelog(limit?: number, before?: number) {
    return this.#knowledge.changelog(limit, before);
  }

  rejected(jobId: string, limit?: number) {
    return this.#knowledge.rejected(jobId, limit);
  }

  /** meta_steward.run.count, schema_violation.count, drift.detected and the version. */
  counters() {
    return this.#knowledge.counters();
  }
}

/** The Hive's memory: its knowledge store (configured from the environment) and its ports. */
export function hiveMemory(
  storage: DurableObjectStorage,
  workspace: Workspace,
  env: Env,
  ports: Omit<MemoryPorts, "kv" | "db">,
): MemoryService {
  const knowledge = new Knowledge(
    storage,
    workspace,
    knowledgeConfig(env as unknown as Record<string, unknown>),
  );
  return new MemoryService(knowledge, { ...ports, kv: storage.kv, db: env.DB });
}
