// Structured key–value extraction (shared/facts/structured.ts): each format, the
// line a value comes from, the latest turn winning, and bounded cost on hostile text.
import { describe, it } from "vitest";
import { extractKeyValues, latestValues, subjectOfKey } from "../../../shared/facts/structured.ts";

const pairs = (text: string, toolOutput = false) =>
  extractKeyValues(text, { toolOutput }).map((kv) => [kv.key, kv.value, kv.format, kv.line]);

describe("subjectOfKey", () => {
  it("joins the spellings of one key", ({ expect }) => {
    expect(subjectOfKey("DB_POOL.maxSize")).toBe("db pool max size");
    expect(subjectOfKey("db-pool/max_size")).toBe("db pool max size");
    expect(subjectOfKey("`Pool Max`")).toBe("pool max");
  });
});

describe("extractKeyValues", () => {
  it("reads JSON tool output by path, naming list records by their identity field", ({
    expect,
  }) => {
    const json =
      '{\n  "db": {"pool": {"max": 20}},\n  "services": [{"name": "web", "port": 80}]\n}';
    expect(pairs(json, true)).toEqual([
      ["db.pool.max", "20", "json", 2],
      ["services.web.port", "80", "json", 3],
    ]);
  });

  it("reads a `{key, value}` record as one key", ({ expect }) => {
    expect(pairs('[{"key": "pool_max", "value": 30}]', true)).toEqual([
      ["pool_max", "30", "json", 1],
    ]);
  });

  it("reads YAML tool output with the line of each value", ({ expect }) => {
    expect(pairs("database:\n  pool:\n    max: 20\n  host: db.internal\n", true)).toEqual([
      ["database.pool.max", "20", "yaml", 3],
      ["database.host", "db.internal", "yaml", 4],
    ]);
  });

  it("reads CSV rows by their identity cell and column, quoted cells included", ({ expect }) => {
    const csv = 'changed,name,replicas\n2024-05-01,web,3\n2024-05-02,worker,"2"\n';
    expect(pairs(csv, true)).toEqual([
      ["web.changed", "2024-05-01", "csv", 2],
      ["web.replicas", "3", "csv", 2],
      ["worker.changed", "2024-05-02", "csv", 3],
      ["worker.replicas", "2", "csv", 3],
    ]);
    expect(pairs("setting,value\npool_max,20\n", true)).toEqual([["pool_max", "20", "csv", 2]]);
  });

  it("reads a markdown table in prose", ({ expect }) => {
    expect(pairs("Current:\n\n| key | value |\n|---|---|\n| pool_max | 40 |\n")).toEqual([
      ["pool_max", "40", "table", 5],
    ]);
  });

  it("reads env lines and explicit statements, not sentences or times", ({ expect }) => {
    const text = [
      "```env",
      "export POOL_MAX=20",
      'TIMEOUT="5s" # seconds',
      "```",
      "The pool max: 25",
      "At 10:30 we met and talked it over, then went home.",
      "See http://example.com/a for more.",
      "12:00:01 heartbeat ok",
    ].join("\n");
    expect(pairs(text)).toEqual([
      ["POOL_MAX", "20", "env", 2],
      ["TIMEOUT", "5s", "env", 3],
      ["The pool max", "25", "statement", 5],
    ]);
  });

  it("reads a diff's new side, with the removed value as `was`", ({ expect }) => {
    const diff = [
      "--- a/app.yaml",
      "+++ b/app.yaml",
      "@@ -1,4 +1,4 @@",
      " database:",
      "   pool:",
      "-    max: 20",
      "+    max: 30",
      "     min: 2",
    ].join("\n");
    const values = extractKeyValues(diff, { toolOutput: true });
    expect(values.map((kv) => [kv.key, kv.value, kv.was, kv.line])).toEqual([
      ["database.pool.max", "30", "20", 7],
      ["database.pool.min", "2", undefined, 8],
    ]);
    expect(pairs("```diff\n-POOL_MAX=20\n+POOL_MAX=30\n```")).toEqual([
      ["POOL_MAX", "30", "diff", 3],
    ]);
  });

  it("reads a JSON object that ends a log line", ({ expect }) => {
    const log = '2024-05-01T10:00:00Z INFO reloaded {"pool_max": 30}\n2024-05-01T10:00:05Z INFO ok';
    expect(pairs(log, true)).toEqual([["pool_max", "30", "json", 1]]);
  });

  it("prefixes TOML keys with their section", ({ expect }) => {
    expect(pairs("[database]\npool_max = 20\n", true)).toEqual([
      ["database.pool_max", "20", "statement", 2],
    ]);
  });

  it("reads logfmt pairs, and a question states nothing", ({ expect }) => {
    expect(pairs("level=info pool_max=30 region=eu-west-3")).toEqual([
      ["level", "info", "env", 1],
      ["pool_max", "30", "env", 1],
      ["region", "eu-west-3", "env", 1],
    ]);
    expect(pairs("pool_max: 40?\n12:00:01 heartbeat ok seq=77")).toEqual([]);
  });

  it("keeps the last line that states a key within one text", ({ expect }) => {
    expect(pairs("POOL_MAX=20\nPOOL_MAX=30\n")).toEqual([["POOL_MAX", "30", "env", 2]]);
  });

  it("stays fast and bounded on hostile text", ({ expect }) => {
    const started = performance.now();
    const hostile = [
      '"'.repeat(200_000),
      `a${" ".repeat(100_000)}:`,
      "[".repeat(50_000),
      `${"x=".repeat(50_000)}`,
      `key: ${"{".repeat(10_000)}}`,
    ].join("\n");
    expect(Array.isArray(extractKeyValues(hostile, { toolOutput: true }))).toBe(true);
    expect(Array.isArray(extractKeyValues(hostile))).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("latestValues", () => {
  it("lets the latest turn win and keeps the older values it replaced", ({ expect }) => {
    const history = latestValues([
      { turn: 7, text: "pool.max=40" },
      { turn: 1, text: "database:\n  pool:\n    max: 20\n", toolOutput: true },
      { turn: 5, text: "```diff\n-    max: 20\n+    max: 30\n```" },
    ]);
    expect(history).toHaveLength(1);
    const [pool] = history;
    expect(pool?.subject).toBe("database pool max");
    expect(pool?.current).toMatchObject({ value: "40", turn: 7, line: 1, format: "env" });
    expect(pool?.key).toBe("database.pool.max");
    expect(pool?.firstStated).toBe(7);
    expect(pool?.earlier.map((s) => [s.value, s.turn])).toEqual([
      ["20", 1],
      ["30", 5],
    ]);
    expect(pool?.turns).toEqual([1, 5, 7]);
  });

  it("joins a dump's nested key and a top-level key by their last parts, never by words", ({
    expect,
  }) => {
    const history = latestValues([
      { turn: 1, text: '{"settings": {"db_region": "eu-west-3"}}', toolOutput: true },
      { turn: 2, text: "DB_REGION=us-east-2\nSTAGING_DB_REGION=ap-south-1" },
    ]);
    expect(history.map((h) => [h.subject, h.current.value])).toEqual([
      ["settings db region", "us-east-2"],
      ["staging db region", "ap-south-1"],
    ]);
  });

  it("starts from known values and says when a value came back", ({ expect }) => {
    const [h] = latestValues(
      [
        { turn: 9, text: "timeout: 5s" },
        { turn: 12, text: "timeout: 10s" },
        { turn: 14, text: "timeout: 5s" },
      ],
      {
        known: [{ key: "timeout", value: "5s", format: "statement", turn: 2, line: 0 }],
      },
    );
    expect(h?.current).toMatchObject({ value: "5s", turn: 14 });
    expect(h?.firstStated).toBe(2);
    expect(h?.earlier.map((e) => [e.value, e.turn])).toEqual([["10s", 12]]);
  });

  it("keeps a partial key apart when several known keys end with it", ({ expect }) => {
    const history = latestValues([
      { turn: 1, text: "cache:\n  max: 5\npool:\n  max: 20\n", toolOutput: true },
      { turn: 2, text: "max: 9" },
    ]);
    expect(history.map((h) => [h.subject, h.current.value])).toEqual([
      ["cache max", "5"],
      ["pool max", "20"],
      ["max", "9"],
    ]);
  });
});
