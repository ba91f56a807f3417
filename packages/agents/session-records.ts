// The records a Lethe-backed `agents` session writes into its Lethe transcript
// (one turn per record, append-only), and the tree they replay into: the same
// ordering, branches, updates, deletes and compaction overlays as the SDK's
// in-SQLite Sessions store. Used by session-store.ts.
import { z } from "zod";

/** Marks the turns this store wrote (the turn's `name`). */
export const RECORD_TURN_NAME = "agents-sdk";
/** The SDK's id prefix of a rendered compaction overlay. */
export const OVERLAY_PREFIX = "compaction_";

/** A message part: `type` is required, every other field (and unknown types) is kept verbatim. */
export const MessagePartSchema = z.looseObject({ type: z.string().min(1) });
export const StoredMessageSchema = z.looseObject({
  id: z.string().min(1).max(512),
  role: z.string().min(1).max(64),
  parts: z.array(MessagePartSchema),
  metadata: z.unknown().optional(),
  /** ISO time on the wire; a Date again when read. */
  createdAt: z.string().optional(),
});
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

export const StoredCompactionSchema = z.object({
  id: z.string(),
  summary: z.string(),
  fromMessageId: z.string(),
  toMessageId: z.string(),
  createdAt: z.string(),
});
export type StoredCompactionRecord = z.infer<typeof StoredCompactionSchema>;

/** A message too large for one turn is written as chunks first, then its record names them. */
const ChunkedSchema = z.object({ key: z.string(), count: z.number().int().min(1) });

export const SessionRecordSchema = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("append"),
    parentId: z.string().nullable(),
    message: StoredMessageSchema.optional(),
    chunks: ChunkedSchema.optional(),
  }),
  z.object({
    op: z.literal("update"),
    message: StoredMessageSchema.optional(),
    chunks: ChunkedSchema.optional(),
  }),
  z.object({ op: z.literal("delete"), ids: z.array(z.string()) }),
  z.object({ op: z.literal("clear") }),
  z.object({ op: z.literal("compaction"), compaction: StoredCompactionSchema }),
  z.object({
    op: z.literal("chunk"),
    key: z.string(),
    index: z.number().int().min(0),
    text: z.string(),
  }),
]);
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

interface Row {
  message: StoredMessage;
  parentId: string | null;
  seq: number;
}

/** The replayed state of one session: rows by id, their order, overlays. */
export class SessionTree {
  readonly rows = new Map<string, Row>();
  compactions: StoredCompactionRecord[] = [];
  #seq = 0;
  #chunks = new Map<string, string[]>();

  /** Applies one record; a record it cannot read is skipped (returns false). */
  apply(raw: string): boolean {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return false;
    }
    const parsed = SessionRecordSchema.safeParse(json);
    if (!parsed.success) {
      return false;
    }
    const record = parsed.data;
    switch (record.op) {
      case "chunk": {
        const parts = this.#chunks.get(record.key) ?? [];
        parts[record.index] = record.text;
        this.#chunks.set(record.key, parts);
        return true;
      }
      case "append": {
        const message = this.#message(record);
        if (message === null || this.rows.has(message.id)) {
          return false;
        }
        const parentId =
          record.parentId !== null && this.rows.has(record.parentId) ? record.parentId : null;
        this.#seq += 1;
        this.rows.set(message.id, { message, parentId, seq: this.#seq });
        return true;
      }
      case "update": {
        const message = this.#message(record);
        const row = message === null ? undefined : this.rows.get(message.id);
        if (message === null || row === undefined) {
          return false;
        }
        row.message = message;
        return true;
      }
      case "delete":
        this.#delete(new Set(record.ids));
        return true;
      case "clear":
        this.rows.clear();
        this.compactions = [];
        return true;
      case "compaction":
        this.compactions.push(record.compaction);
        return true;
    }
  }

  #message(record: { message?: StoredMessage; chunks?: { key: string; count: number } }) {
    if (record.message !== undefined) {
      return record.message;
    }
    if (record.chunks === undefined) {
      return null;
    }
    const parts = this.#chunks.get(record.chunks.key) ?? [];
    this.#chunks.delete(record.chunks.key);
    if (parts.length !== record.chunks.count || parts.some((p) => p === undefined)) {
      return null;
    }
    const parsed = StoredMessageSchema.safeParse(JSON.parse(parts.join("")));
    return parsed.success ? parsed.data : null;
  }

  /** Removes rows; their children move up to the nearest surviving ancestor (as the SDK does). */
  #delete(ids: Set<string>) {
    const survivor = (id: string | null): string | null => {
      let current = id;
      for (let hops = 0; current !== null && ids.has(current) && hops <= this.rows.size; hops++) {
        current = this.rows.get(current)?.parentId ?? null;
      }
      return current;
    };
    for (const row of this.rows.values()) {
      if (row.parentId !== null && ids.has(row.parentId)) {
        row.parentId = survivor(row.parentId);
      }
    }
    for (const id of ids) {
      this.rows.delete(id);
    }
  }

  /** The latest written row: the active leaf. */
  latestLeafId(): string | null {
    let best: Row | undefined;
    for (const row of this.rows.values()) {
      if (best === undefined || row.seq > best.seq) {
        best = row;
      }
    }
    return best?.message.id ?? null;
  }

  /** Message ids root → leaf on the path ending at `leafId` (the active leaf by default). */
  pathIds(leafId?: string | null): string[] {
    const ids: string[] = [];
    let current = leafId ?? this.latestLeafId();
    while (current !== null && ids.length <= this.rows.size) {
      const row = this.rows.get(current);
      if (row === undefined) {
        break;
      }
      ids.push(current);
      current = row.parentId;
    }
    return ids.reverse();
  }

  /** The path with overlays applied: a span from..to on the path is replaced by its summary. */
  history(leafId?: string | null, overlays = true): StoredMessage[] {
    const ids = this.pathIds(leafId);
    const index = new Map(ids.map((id, i) => [id, i]));
    const out: StoredMessage[] = [];
    for (let i = 0; i < ids.length;) {
      const id = ids[i] ?? "";
      const overlay = (overlays ? this.compactions : [])
        .filter((c) => c.fromMessageId === id && (index.get(c.toMessageId) ?? -1) >= i)
        .at(-1);
      if (overlay !== undefined) {
        out.push({
          id: `${OVERLAY_PREFIX}${overlay.id}`,
          role: "assistant",
          parts: [{ type: "text", text: overlay.summary }],
          createdAt: overlay.createdAt,
        });
        i = (index.get(overlay.toMessageId) ?? i) + 1;
        continue;
      }
      const row = this.rows.get(id);
      if (row !== undefined) {
        out.push(row.message);
      }
      i += 1;
    }
    return out;
  }

  /** Children of `messageId`, oldest first. */
  children(messageId: string): StoredMessage[] {
    return [...this.rows.values()]
      .filter((r) => r.parentId === messageId)
      .sort((a, b) => a.seq - b.seq)
      .map((r) => r.message);
  }
}
