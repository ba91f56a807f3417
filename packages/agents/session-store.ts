// LetheSessionStore: the `agents` SDK's session history (the Session handle's
// reads and writes: append, upsert, update, delete, clear, branches,
// compaction overlays) kept in a Lethe AgentSession's content-addressed
// transcript, plus Lethe's checkpoints, rollback and fork for the agent's code.
import type {
  AppendResult,
  CompactResult,
  CompactionFunction,
  SessionMessage,
  StoredCompaction,
} from "agents/sessions";
import { LetheAgentsError, letheCall, type LetheConnection } from "./lethe-api.ts";
import {
  OVERLAY_PREFIX,
  RECORD_TURN_NAME,
  SessionTree,
  StoredMessageSchema,
  type SessionRecord,
  type StoredMessage,
} from "./session-records.ts";

/** A record up to this many characters is one turn; a larger message goes in chunks. */
export const RECORD_INLINE_CHARS = 200_000;
/** Characters of a chunk: escaped twice (record, request) it stays under the gateway's 1 MiB body. */
export const CHUNK_CHARS = 128_000;
/** A step carries at most this many turns (the session's own bound). */
const TURNS_PER_STEP = 64;
/** Request bodies are packed up to this many characters. */
const STEP_BODY_CHARS = 600_000;
/** Transcript page size (the route's maximum). */
const PAGE_TURNS = 500;
/** The largest message accepted: beyond it the write is refused, nothing written. */
export const MAX_MESSAGE_CHARS = 32 * 1024 * 1024;

interface TranscriptPage {
  turns: Array<{ content: string; name: string | null; depth: number }>;
  next: number | null;
}

function toStored(message: SessionMessage): StoredMessage {
  const wire = {
    ...message,
    createdAt: message.createdAt instanceof Date ? message.createdAt.toISOString() : undefined,
  };
  const parsed = StoredMessageSchema.safeParse(JSON.parse(JSON.stringify(wire)));
  if (!parsed.success) {
    throw new LetheAgentsError(
      "INVALID_MESSAGE",
      `message is not a session message: ${parsed.error.issues[0]?.message ?? "invalid"}`,
      "a message needs {id, role, parts: [{type, ...}]}",
    );
  }
  return parsed.data;
}

function fromStored(message: StoredMessage): SessionMessage {
  const { createdAt, ...rest } = message;
  return {
    ...rest,
    ...(createdAt === undefined ? {} : { createdAt: new Date(createdAt) }),
  } as SessionMessage;
}

function turnRole(role: string): "user" | "assistant" | "system" {
  return role === "user" || role === "assistant" ? role : "system";
}

export interface SessionStoreOptions {
  /** The mission recorded on a new Lethe session. */
  mission?: string;
  /** The agent's name in provenance. */
  agent?: string;
}

export class LetheSessionStore {
  readonly connection: LetheConnection;
  readonly sessionId: string;
  #tree = new SessionTree();
  #cursor = 0;
  #compaction: CompactionFunction | null = null;
  #threshold: number | null = null;
  #estimate: (messages: SessionMessage[]) => Promise<number> = async (messages) =>
    JSON.stringify(messages).length / 4;

  constructor(connection: LetheConnection, sessionId: string) {
    this.connection = connection;
    this.sessionId = sessionId;
  }

  /** A new Lethe session in the connection's hive, and its store. */
  static async create(
    connection: LetheConnection,
    options: SessionStoreOptions = {},
  ): Promise<LetheSessionStore> {
    const created = await letheCall<{ id: string }>(connection, "POST", "/v1/sessions", {
      hive: connection.hive,
      mission: options.mission ?? "agents SDK conversation",
      ...(options.agent === undefined ? {} : { agent: options.agent }),
    });
    return new LetheSessionStore(connection, created.id);
  }

  #path(suffix: string) {
    return `/v1/sessions/${encodeURIComponent(this.sessionId)}${suffix}`;
  }

  /** Reads the transcript turns written since the last read and replays them. */
  async sync(): Promise<void> {
    for (;;) {
      const page = await letheCall<TranscriptPage>(
        this.connection,
        "GET",
        this.#path(`/transcript?after=${this.#cursor}&limit=${PAGE_TURNS}`),
      );
      for (const turn of page.turns) {
        if (turn.name === RECORD_TURN_NAME) {
          this.#tree.apply(turn.content);
        }
        this.#cursor = Math.max(this.#cursor, turn.depth);
      }
      if (page.next === null || page.turns.length === 0) {
        return;
      }
    }
  }

  /** Writes records in as few steps as the session's bounds allow (one step is atomic). */
  async #write(records: Array<{ record: SessionRecord; role: string }>): Promise<void> {
    const turns = records.flatMap(({ record, role }) => this.#turns(record, role));
    let batch: typeof turns = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length > 0) {
        await letheCall(this.connection, "POST", this.#path("/steps"), { turns: batch });
        batch = [];
        chars = 0;
      }
    };
    for (const turn of turns) {
      const size = JSON.stringify(turn).length;
      if (batch.length >= TURNS_PER_STEP || chars + size > STEP_BODY_CHARS) {
        await flush();
      }
      batch.push(turn);
      chars += size;
    }
    await flush();
    await this.sync();
  }

  /** A record as turns: one, or chunks followed by the record that names them. */
  #turns(record: SessionRecord, role: string) {
    const turn = (r: SessionRecord, turnRoleName: string) => ({
      role: turnRole(turnRoleName),
      name: RECORD_TURN_NAME,
      content: JSON.stringify(r),
    });
    const content = JSON.stringify(record);
    if (content.length <= RECORD_INLINE_CHARS || !("message" in record) || !record.message) {
      return [turn(record, role)];
    }
    const text = JSON.stringify(record.message);
    if (text.length > MAX_MESSAGE_CHARS) {
      throw new LetheAgentsError(
        "MESSAGE_TOO_LARGE",
        `message ${record.message.id} is ${text.length} characters; at most ${MAX_MESSAGE_CHARS}`,
        "store large payloads as workspace files or hive artifacts and refer to them",
      );
    }
    const key = crypto.randomUUID();
    const count = Math.ceil(text.length / CHUNK_CHARS);
    const chunks = Array.from({ length: count }, (_, index) =>
      turn(
        {
          op: "chunk",
          key,
          index,
          text: text.slice(index * CHUNK_CHARS, (index + 1) * CHUNK_CHARS),
        },
        "system",
      ),
    );
    const { message: _omitted, ...head } = record;
    return [...chunks, turn({ ...head, chunks: { key, count } } as SessionRecord, role)];
  }

  /** The path root → leaf with compaction overlays applied (`overlays: false`: the raw messages). */
  async getHistory(
    options: { leafId?: string | null; overlays?: boolean } = {},
  ): Promise<SessionMessage[]> {
    await this.sync();
    return this.#tree.history(options.leafId, options.overlays ?? true).map(fromStored);
  }

  async getMessage(id: string): Promise<SessionMessage | null> {
    await this.sync();
    const row = this.#tree.rows.get(id);
    return row === undefined ? null : fromStored(row.message);
  }

  async getLatestLeaf(): Promise<SessionMessage | null> {
    await this.sync();
    const id = this.#tree.latestLeafId();
    return id === null ? null : this.getMessage(id);
  }

  async getBranches(messageId: string): Promise<SessionMessage[]> {
    await this.sync();
    return this.#tree.children(messageId).map(fromStored);
  }

  /** Appends one message (parentId: omitted = the latest leaf, null = a root); an existing id is a no-op. */
  async appendMessage(
    message: SessionMessage,
    options: { parentId?: string | null } = {},
  ): Promise<AppendResult> {
    const [result] = await this.appendMessages([message], options);
    if (result === undefined) {
      throw new LetheAgentsError("INVALID_MESSAGE", "nothing appended", "pass one message");
    }
    return result;
  }

  /** Appends messages in order as a chain (each the parent of the next), in as few steps as fit. */
  async appendMessages(
    messages: SessionMessage[],
    options: { parentId?: string | null } = {},
  ): Promise<AppendResult[]> {
    await this.sync();
    const stored = messages.map(toStored);
    let parentId = options.parentId === undefined ? this.#tree.latestLeafId() : options.parentId;
    const records: Array<{ record: SessionRecord; role: string }> = [];
    const results: AppendResult[] = [];
    const seen = new Set<string>();
    for (const message of stored) {
      const existing = this.#tree.rows.get(message.id);
      if (existing !== undefined || seen.has(message.id)) {
        results.push({ inserted: false, message: fromStored(existing?.message ?? message) });
        continue;
      }
      seen.add(message.id);
      records.push({ record: { op: "append", parentId, message }, role: message.role });
      results.push({ inserted: true, message: fromStored(message) });
      parentId = message.id;
    }
    await this.#write(records);
    await this.#maybeCompact();
    return results;
  }

  /** Replaces a stored message's content; null when no message has that id. */
  async updateMessage(message: SessionMessage): Promise<SessionMessage | null> {
    await this.sync();
    const stored = toStored(message);
    if (!this.#tree.rows.has(stored.id)) {
      return null;
    }
    await this.#write([{ record: { op: "update", message: stored }, role: stored.role }]);
    return fromStored(stored);
  }

  /** Update when the id exists, append otherwise. */
  async upsertMessage(
    message: SessionMessage,
    options: { parentId?: string | null } = {},
  ): Promise<AppendResult> {
    await this.sync();
    if (this.#tree.rows.has(message.id)) {
      const updated = await this.updateMessage(message);
      return { inserted: false, message: updated ?? message };
    }
    return this.appendMessage(message, options);
  }

  async deleteMessages(messageIds: string[]): Promise<void> {
    if (messageIds.length > 0) {
      await this.#write([
        { record: { op: "delete", ids: [...new Set(messageIds)] }, role: "system" },
      ]);
    }
  }

  async clearMessages(): Promise<void> {
    await this.#write([{ record: { op: "clear" }, role: "system" }]);
  }

  async addCompaction(
    summary: string,
    fromMessageId: string,
    toMessageId: string,
  ): Promise<StoredCompaction> {
    const compaction = {
      id: crypto.randomUUID(),
      summary,
      fromMessageId,
      toMessageId,
      createdAt: new Date().toISOString(),
    };
    await this.#write([{ record: { op: "compaction", compaction }, role: "system" }]);
    return compaction;
  }

  async getCompactions(): Promise<StoredCompaction[]> {
    await this.sync();
    return [...this.#tree.compactions];
  }

  /** Registers the function compact() calls (e.g. letheCompaction). */
  onCompaction(fn: CompactionFunction): this {
    this.#compaction = fn;
    return this;
  }

  /** Compacts after an append once the history's estimated tokens cross the threshold. */
  compactAfter(
    tokenThreshold: number,
    estimate?: (messages: SessionMessage[]) => Promise<number>,
  ): this {
    this.#threshold = tokenThreshold;
    if (estimate !== undefined) {
      this.#estimate = estimate;
    }
    return this;
  }

  async #maybeCompact(): Promise<void> {
    if (this.#threshold === null || this.#compaction === null) {
      return;
    }
    const history = this.#tree.history().map(fromStored);
    if ((await this.#estimate(history)) > this.#threshold) {
      await this.compact();
    }
  }

  /** Runs the compaction function over the active path and stores its overlay. */
  async compact(leafId?: string | null): Promise<CompactResult | null> {
    if (this.#compaction === null) {
      throw new LetheAgentsError(
        "NO_COMPACTION_FUNCTION",
        "compact() needs a compaction function",
        "call onCompaction(letheCompaction({...})) first",
      );
    }
    const result = await this.#compaction(await this.getHistory({ leafId }));
    if (result === null) {
      return null;
    }
    // A span starting at an overlay starts where that overlay's own span did.
    const overlaid = this.#tree.compactions.find(
      (c) => `${OVERLAY_PREFIX}${c.id}` === result.fromMessageId,
    );
    const fromMessageId = overlaid?.fromMessageId ?? result.fromMessageId;
    await this.addCompaction(result.summary, fromMessageId, result.toMessageId);
    return { ...result, fromMessageId };
  }

  /** A labelled Lethe checkpoint of the session as it is now. */
  async checkpoint(label: string): Promise<{ id: string; step: number }> {
    return letheCall(this.connection, "POST", this.#path("/checkpoints"), { label });
  }

  /** Back to a checkpoint (id or label): history reads from then on see that moment. */
  async rollback(checkpoint: string): Promise<void> {
    await letheCall(this.connection, "POST", this.#path("/rollback"), { checkpoint });
    this.#tree = new SessionTree();
    this.#cursor = 0;
    await this.sync();
  }

  /** A new Lethe session forked (copy-on-write) at a checkpoint, as its own store. */
  async fork(checkpoint: string): Promise<LetheSessionStore> {
    const forked = await letheCall<{ id: string }>(this.connection, "POST", this.#path("/fork"), {
      checkpoint,
    });
    return new LetheSessionStore(this.connection, forked.id);
  }
}
