// GraphCheckpoints: one Durable Object per hive holding its LangGraph threads
// (checkpoints, channel values, pending writes; content-addressed chunks). The
// gateway's /v1/hives/:hive/langgraph routes call its typed RPC; answers are Results.
import { DurableObject } from "cloudflare:workers";
import type { ListPage, PutCheckpoint, PutWrites, WireTuple } from "../shared/langgraph/wire.ts";
import { ok } from "../shared/base/result.ts";
import {
  GRAPH_SCHEMA,
  GraphStore,
  type GraphResult,
  type StorageFigures,
} from "./graph/graph-store.ts";
import { migrate, type SqlMigration } from "./storage/migrate.ts";

export const GRAPH_MIGRATIONS: readonly SqlMigration[] = [
  { version: 1, name: "langgraph", sql: GRAPH_SCHEMA },
];

export class GraphCheckpoints extends DurableObject<Env> {
  readonly #store: GraphStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, GRAPH_MIGRATIONS);
    this.#store = new GraphStore(ctx.storage.sql);
  }

  put(
    thread: string,
    request: PutCheckpoint,
  ): GraphResult<{ thread: string; ns: string; id: string }> {
    return this.ctx.storage.transactionSync(() => this.#store.put(thread, request));
  }

  putWrites(thread: string, request: PutWrites): GraphResult<{ stored: number }> {
    return this.ctx.storage.transactionSync(() => this.#store.putWrites(thread, request));
  }

  putChunks(thread: string, chunks: Record<string, string>): GraphResult<{ stored: number }> {
    return this.ctx.storage.transactionSync(() => this.#store.putChunks(thread, chunks));
  }

  getTuple(thread: string, ns: string, id: string | undefined): GraphResult<WireTuple | null> {
    return ok(this.#store.getTuple(thread, ns, id));
  }

  list(request: Parameters<GraphStore["list"]>[0]): GraphResult<ListPage> {
    return ok(this.#store.list(request));
  }

  deleteThread(thread: string): GraphResult<{ checkpoints: number }> {
    return ok(this.ctx.storage.transactionSync(() => this.#store.deleteThread(thread)));
  }

  figures(): GraphResult<StorageFigures> {
    return ok(this.#store.figures(this.ctx.storage.sql.databaseSize));
  }
}
