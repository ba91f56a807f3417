// AgentSession: one Durable Object per agent run. Holds the session's durable
// state in SQLite and serves its watchers over hibernating WebSockets.
import { Server, type Connection, type WSMessage } from "partyserver";
import type { ComponentHealth } from "../shared/health.ts";
import { err, ok, type Result } from "../shared/result.ts";
import type { SessionConfig } from "../shared/session/config.ts";
import { PROTOCOL_VERSION } from "../shared/protocol.ts";
import { receive, send } from "./socket.ts";
import { migrate, schemaVersion, type SqlMigration } from "./storage/migrate.ts";

export const SESSION_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: "meta",
    sql: `CREATE TABLE session_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  },
];

export class AgentSession extends Server<Env> {
  static override options = { hibernate: true };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, SESSION_MIGRATIONS);
  }

  override onConnect(connection: Connection): void {
    send(connection, {
      type: "sys.welcome",
      server: "AgentSession",
      name: this.name,
      protocol: PROTOCOL_VERSION,
    });
  }

  override onMessage(connection: Connection, raw: WSMessage): void {
    const message = receive(connection, raw, "session");
    if (message === null) {
      return;
    }
    switch (message.type) {
      case "sys.ping":
        send(connection, {
          type: "sys.pong",
          at: Date.now(),
          ...(message.nonce === undefined ? {} : { nonce: message.nonce }),
        });
        return;
      case "session.ping":
        send(connection, {
          type: "session.pong",
          at: Date.now(),
          ...(message.nonce === undefined ? {} : { nonce: message.nonce }),
        });
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  /** Stores the configuration of a new session; a second call is refused. */
  async init(config: SessionConfig): Promise<Result<SessionConfig, "SESSION_EXISTS">> {
    const existing = this.#config();
    if (existing !== null) {
      return err(
        "SESSION_EXISTS",
        `session ${this.name} already exists`,
        "create a new session id",
      );
    }
    this.ctx.storage.sql.exec(
      "INSERT INTO session_meta (key, value) VALUES ('config', ?)",
      JSON.stringify(config),
    );
    return ok(config);
  }

  /** The session's configuration, or NOT_FOUND when it was never created. */
  async describe(): Promise<Result<{ id: string; config: SessionConfig }, "NOT_FOUND">> {
    const config = this.#config();
    if (config === null) {
      return err("NOT_FOUND", `no session ${this.name}`, "POST /v1/sessions creates one");
    }
    return ok({ id: this.name, config });
  }

  #config(): SessionConfig | null {
    const rows = this.ctx.storage.sql
      .exec<{ value: string }>("SELECT value FROM session_meta WHERE key = 'config'")
      .toArray();
    const row = rows[0];
    return row ? (JSON.parse(row.value) as SessionConfig) : null;
  }

  /** Health as seen from inside the object: schema version and live sockets. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "AgentSession",
      ok: true,
      detail: {
        schemaVersion: schemaVersion(this.ctx.storage),
        sqliteBytes: this.ctx.storage.sql.databaseSize,
        sockets: this.ctx.getWebSockets().length,
      },
    };
  }
}
