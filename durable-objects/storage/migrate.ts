// Versioned schema migrations for Durable Object SQLite storage. Run in the
// constructor, synchronously, so no entry point (fetch, RPC, alarm, hibernated
// socket) can observe an unmigrated schema.

export interface SqlMigration {
  version: number;
  name: string;
  sql: string;
}

/** Applies pending migrations atomically; returns the schema version now in force. */
export function migrate(
  storage: DurableObjectStorage,
  migrations: readonly SqlMigration[],
): number {
  return storage.transactionSync(() => {
    storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS _lethe_migrations (
         version INTEGER PRIMARY KEY,
         name TEXT NOT NULL,
         applied_at INTEGER NOT NULL
       )`,
    );
    const row = storage.sql
      .exec<{ v: number | null }>("SELECT max(version) AS v FROM _lethe_migrations")
      .one();
    let current = row.v ?? 0;
    for (const m of migrations) {
      if (m.version <= current) {
        continue;
      }
      storage.sql.exec(m.sql);
      storage.sql.exec(
        "INSERT INTO _lethe_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        m.version,
        m.name,
        Date.now(),
      );
      current = m.version;
    }
    return current;
  });
}

export function schemaVersion(storage: DurableObjectStorage): number {
  const row = storage.sql
    .exec<{ v: number | null }>("SELECT max(version) AS v FROM _lethe_migrations")
    .one();
  return row.v ?? 0;
}
