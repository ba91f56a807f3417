// lethe/langgraph: a LangGraph BaseCheckpointSaver whose threads live in Lethe
// (the hive's GraphCheckpoints Durable Object). Runs in the user's process and
// talks HTTP to the gateway; values travel as content-addressed chunks, each
// sent once per thread, so a put costs what changed, not the whole state.
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  BaseCheckpointSaver,
  TASKS,
  WRITES_IDX_MAP,
  copyCheckpoint,
  getCheckpointId,
  maxChannelVersion,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
  type SerializerProtocol,
} from "@langchain/langgraph-checkpoint";
import type { Json } from "../session/checkpoint.ts";
import { gatewayRequest, isLetheError, LetheError } from "../http-client/request.ts";
import { decodeValue, encodeValue, type Encoded } from "./codec.ts";
import type {
  ListPage,
  ListRequestIn,
  PutCheckpointIn,
  PutWritesIn,
  WireTuple,
  WireValue,
} from "./wire.ts";

/** Chunks above this many characters go up in their own requests before a put (the API caps bodies at 1 MiB). */
const INLINE_CHUNK_CHARS = 512 * 1024;

export interface LetheSaverOptions {
  /** The gateway, e.g. http://127.0.0.1:8787 */
  url: string;
  hive: string;
  /** A key of that hive (`lethe hive create <name>` prints one). */
  key: string;
  serde?: SerializerProtocol;
  fetch?: typeof fetch;
}

/**
 * A refusal from the gateway (or a config the saver cannot use), with its stable
 * code and hint: the one client error (shared/http-client/request.ts) under the name
 * this package has always exported.
 */
export { LetheError as LetheSaverError } from "../http-client/request.ts";

function requireThread(config: RunnableConfig, what: string): string {
  const thread: unknown = config.configurable?.thread_id;
  if (typeof thread !== "string" || thread.length === 0) {
    throw new LetheError(
      "MISSING_THREAD_ID",
      `${what}: the config has no configurable.thread_id`,
      'pass { configurable: { thread_id: "..." } } so the saver knows which thread to persist',
      400,
    );
  }
  return thread;
}

export class LetheSaver extends BaseCheckpointSaver {
  readonly #base: string;
  readonly #key: string;
  readonly #fetch: typeof fetch;
  /** Chunk keys this process knows the server holds, per thread. */
  readonly #known = new Map<string, Set<string>>();

  constructor(options: LetheSaverOptions) {
    super(options.serde);
    this.#base = `${options.url.replace(/\/$/, "")}/v1/hives/${encodeURIComponent(options.hive)}/langgraph`;
    this.#key = options.key;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await gatewayRequest<{ value: T }>(
      { url: this.#base, fetch: this.#fetch, credential: this.#key },
      method,
      path,
      body,
    );
    return answer.value;
  }

  #knownOf(thread: string): Set<string> {
    let known = this.#known.get(thread);
    if (known === undefined) {
      known = new Set();
      this.#known.set(thread, known);
    }
    return known;
  }

  #encode(value: unknown): Promise<Encoded> {
    return encodeValue(this.serde, value);
  }

  #decode(stored: WireValue): Promise<unknown> {
    return decodeValue(this.serde, stored);
  }

  /**
   * Sends a request that refers to chunks: only chunks this process has not yet
   * stored for the thread travel; large sets go up first in batches. When the
   * server lacks one (another process deleted the thread), it is sent again in full.
   */
  async #withChunks<T>(
    thread: string,
    path: string,
    body: (chunks: Record<string, string>) => object,
    all: Record<string, string>,
  ): Promise<T> {
    const known = this.#knownOf(thread);
    const send = async (fresh: Record<string, string>): Promise<T> => {
      const entries = Object.entries(fresh);
      const size = entries.reduce((n, [, text]) => n + text.length, 0);
      let inline = fresh;
      if (size > INLINE_CHUNK_CHARS) {
        let batch: Record<string, string> = {};
        let batchSize = 0;
        for (const [hash, text] of entries) {
          batch[hash] = text;
          batchSize += text.length;
          if (batchSize > INLINE_CHUNK_CHARS) {
            await this.#call("POST", `/threads/${encodeURIComponent(thread)}/chunks`, {
              chunks: batch,
            });
            batch = {};
            batchSize = 0;
          }
        }
        inline = batch;
      }
      const value = await this.#call<T>("POST", path, body(inline));
      for (const [hash] of entries) {
        known.add(hash);
      }
      return value;
    };
    const fresh = Object.fromEntries(Object.entries(all).filter(([hash]) => !known.has(hash)));
    try {
      return await send(fresh);
    } catch (error) {
      if (isLetheError(error) && error.code === "MISSING_CHUNKS") {
        known.clear();
        return send(all);
      }
      throw error;
    }
  }

  #tuple(
    wire: WireTuple,
    checkpoint: Omit<Checkpoint, "channel_values">,
    values: Record<string, unknown>,
    metadata: CheckpointMetadata,
    writes: CheckpointTuple["pendingWrites"],
  ): CheckpointTuple {
    const tuple: CheckpointTuple = {
      config: {
        configurable: { thread_id: wire.thread, checkpoint_ns: wire.ns, checkpoint_id: wire.id },
      },
      checkpoint: { ...checkpoint, channel_values: values } as Checkpoint,
      metadata,
      pendingWrites: writes,
    };
    if (wire.parentId !== null) {
      tuple.parentConfig = {
        configurable: {
          thread_id: wire.thread,
          checkpoint_ns: wire.ns,
          checkpoint_id: wire.parentId,
        },
      };
    }
    return tuple;
  }

  async #fromWire(wire: WireTuple): Promise<CheckpointTuple> {
    const checkpoint = (await this.#decode(wire.checkpoint)) as Omit<Checkpoint, "channel_values">;
    const values: Record<string, unknown> = {};
    for (const c of wire.channels) {
      values[c.channel] = await this.#decode(c.value);
    }
    const writes = await Promise.all(
      wire.writes.map(async (w): Promise<[string, string, unknown]> => [
        w.taskId,
        w.channel,
        await this.#decode(w.value),
      ]),
    );
    const metadata = (await this.#decode(wire.metadata)) as CheckpointMetadata;
    if (checkpoint.v < 4 && wire.parentId !== null) {
      await this.#migratePendingSends(wire, checkpoint, values);
    }
    return this.#tuple(wire, checkpoint, values, metadata, writes);
  }

  /** Checkpoints before v4 kept pending sends as the parent's TASKS writes; newer ones keep them as a channel. */
  async #migratePendingSends(
    wire: WireTuple,
    checkpoint: Omit<Checkpoint, "channel_values">,
    values: Record<string, unknown>,
  ): Promise<void> {
    const parent = await this.getTuple({
      configurable: {
        thread_id: wire.thread,
        checkpoint_ns: wire.ns,
        checkpoint_id: wire.parentId,
      },
    });
    values[TASKS] = (parent?.pendingWrites ?? [])
      .filter(([, channel]) => channel === TASKS)
      .map(([, , value]) => value);
    const versions = Object.values(checkpoint.channel_versions);
    checkpoint.channel_versions[TASKS] =
      versions.length > 0 ? maxChannelVersion(...versions) : this.getNextVersion(undefined);
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    if (config.configurable?.thread_id === undefined) {
      return undefined;
    }
    const thread = requireThread(config, "getTuple");
    const ns = String(config.configurable?.checkpoint_ns ?? "");
    const id = getCheckpointId(config);
    const wire = await this.#call<WireTuple | null>(
      "POST",
      `/threads/${encodeURIComponent(thread)}/tuple`,
      {
        ns,
        ...(id ? { id } : {}),
      },
    );
    return wire === null ? undefined : this.#fromWire(wire);
  }

  async *list(
    config: RunnableConfig,
    options?: CheckpointListOptions,
  ): AsyncGenerator<CheckpointTuple> {
    const configurable = config.configurable ?? {};
    const before = options?.before?.configurable?.checkpoint_id;
    let remaining = options?.limit;
    const request: ListRequestIn = {
      ...(typeof configurable.thread_id === "string" ? { thread: configurable.thread_id } : {}),
      ...(typeof configurable.checkpoint_ns === "string" ? { ns: configurable.checkpoint_ns } : {}),
      ...(typeof configurable.checkpoint_id === "string" && configurable.checkpoint_id
        ? { id: configurable.checkpoint_id }
        : {}),
      ...(typeof before === "string" ? { before } : {}),
      ...(options?.filter === undefined
        ? {}
        : { filter: JSON.parse(JSON.stringify(options.filter)) as Record<string, Json> }),
    };
    if (remaining !== undefined && remaining <= 0) {
      return;
    }
    for (;;) {
      const page: ListPage = await this.#call("POST", "/list", {
        ...request,
        ...(remaining === undefined ? {} : { limit: remaining }),
      });
      for (const wire of page.tuples) {
        yield await this.#fromWire(wire);
      }
      if (remaining !== undefined) {
        remaining -= page.tuples.length;
        if (remaining <= 0) {
          return;
        }
      }
      if (page.next === null) {
        return;
      }
      request.after = page.next;
    }
  }

  async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    const thread = requireThread(config, "put");
    const ns = String(config.configurable?.checkpoint_ns ?? "");
    const parent = config.configurable?.checkpoint_id;
    const copy = copyCheckpoint(checkpoint);
    const values = copy.channel_values;
    const { channel_values: _values, ...rest } = copy;
    const chunks: Record<string, string> = {};
    const take = (encoded: Encoded) => {
      Object.assign(chunks, encoded.chunks);
      return encoded.value;
    };
    const channels: NonNullable<PutCheckpointIn["channels"]> = [];
    for (const [channel, version] of Object.entries(newVersions)) {
      if (Object.hasOwn(values, channel)) {
        channels.push({ channel, version, value: take(await this.#encode(values[channel])) });
      }
    }
    const body = {
      ns,
      id: checkpoint.id,
      parentId: typeof parent === "string" && parent.length > 0 ? parent : null,
      checkpoint: take(await this.#encode(rest)),
      metadata: take(await this.#encode(metadata)),
      channels,
    } satisfies Omit<PutCheckpointIn, "chunks">;
    await this.#withChunks(
      thread,
      `/threads/${encodeURIComponent(thread)}/checkpoints`,
      (inline) => ({ ...body, chunks: inline }),
      chunks,
    );
    return { configurable: { thread_id: thread, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  async putWrites(
    config: RunnableConfig,
    writes: PendingWrite[],
    taskId: string,
    taskPath?: string,
  ): Promise<void> {
    const thread = requireThread(config, "putWrites");
    const checkpointId = config.configurable?.checkpoint_id;
    if (typeof checkpointId !== "string" || checkpointId.length === 0) {
      throw new LetheError(
        "MISSING_CHECKPOINT_ID",
        "putWrites: the config has no configurable.checkpoint_id",
        "pass the config put() returned",
        400,
      );
    }
    const chunks: Record<string, string> = {};
    const encoded: NonNullable<PutWritesIn["writes"]> = [];
    for (const [idx, [channel, value]] of writes.entries()) {
      const e = await this.#encode(value);
      Object.assign(chunks, e.chunks);
      encoded.push({ channel, idx: WRITES_IDX_MAP[channel] ?? idx, value: e.value });
    }
    const body = {
      ns: String(config.configurable?.checkpoint_ns ?? ""),
      checkpointId,
      taskId,
      taskPath: taskPath ?? "",
      writes: encoded,
    };
    await this.#withChunks(
      thread,
      `/threads/${encodeURIComponent(thread)}/writes`,
      (inline) => ({ ...body, chunks: inline }),
      chunks,
    );
  }

  async deleteThread(threadId: string): Promise<void> {
    await this.#call("DELETE", `/threads/${encodeURIComponent(threadId)}`);
    this.#known.delete(threadId);
  }
}
