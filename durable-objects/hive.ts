// Hive: one Durable Object per hive, the single writer of its shared artifacts
// (L2) and the ordered log its subscribers follow over hibernating WebSockets.
import { Server, type Connection, type WSMessage } from "partyserver";
import type { ComponentHealth } from "../shared/health.ts";
import { PROTOCOL_VERSION } from "../shared/protocol.ts";
import { receive, send } from "./socket.ts";
import { migrate, schemaVersion, type SqlMigration } from "./storage/migrate.ts";

export const HIVE_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: "meta",
    sql: `CREATE TABLE hive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  },
];

export class Hive extends Server<Env> {
  static override options = { hibernate: true };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, HIVE_MIGRATIONS);
  }

  override onConnect(connection: Connection): void {
    send(connection, {
      type: "sys.welcome",
      server: "Hive",
      name: this.name,
      protocol: PROTOCOL_VERSION,
    });
  }

  override onMessage(connection: Connection, raw: WSMessage): void {
    const message = receive(connection, raw, "hive");
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
      case "hive.ping":
        send(connection, {
          type: "hive.pong",
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

  /** Health as seen from inside the object: schema version and live sockets. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "Hive",
      ok: true,
      detail: {
        schemaVersion: schemaVersion(this.ctx.storage),
        sqliteBytes: this.ctx.storage.sql.databaseSize,
        sockets: this.ctx.getWebSockets().length,
      },
    };
  }
}
