import { describe, it } from "vitest";
import {
  ArtifactInputSchema,
  MAX_IDENTIFIER_CHARS,
  MAX_SUMMARY_CHARS,
  MAX_TAGS,
  MAX_VALUE_BYTES,
  jsonBytes,
} from "../../../shared/hive/artifact.ts";
import { stableStringify } from "../../../shared/hive/canonical.ts";
import { packByBytes, utf8Bytes } from "../../../shared/hive/pack.ts";
import { CommitRequestSchema, commitBodyHash } from "../../../shared/hive/writes.ts";
import { makeArtifact, makeCommit, makePut } from "./fixtures.ts";

const refusal = (overrides: Parameters<typeof makeArtifact>[0]) => {
  const r = ArtifactInputSchema.safeParse(makeArtifact(overrides));
  return r.success ? "accepted" : r.error.issues[0]?.path.join(".");
};

describe("artifact limits", () => {
  it("accepts values up to the documented limits", ({ expect }) => {
    expect(refusal({ identifier: "a".repeat(MAX_IDENTIFIER_CHARS) })).toBe("accepted");
    expect(refusal({ value: "v".repeat(MAX_VALUE_BYTES - 2) })).toBe("accepted");
    expect(refusal({ summary: "s".repeat(MAX_SUMMARY_CHARS) })).toBe("accepted");
    expect(refusal({ tags: Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`) })).toBe("accepted");
    expect(refusal({ identifier: "src/app.ts:Config.timeout-ms_2" })).toBe("accepted");
  });

  it("refuses each field one past its limit, naming the field", ({ expect }) => {
    expect(refusal({ identifier: "a".repeat(MAX_IDENTIFIER_CHARS + 1) })).toBe("identifier");
    expect(refusal({ identifier: "white space" })).toBe("identifier");
    expect(refusal({ value: "é".repeat(MAX_VALUE_BYTES / 2) })).toBe("value");
    expect(refusal({ summary: "s".repeat(MAX_SUMMARY_CHARS + 1) })).toBe("summary");
    expect(refusal({ tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`) })).toBe("tags");
    expect(refusal({ kind: "rumour" as "fact" })).toBe("kind");
  });

  it("counts value bytes as UTF-8 JSON", ({ expect }) => {
    expect(jsonBytes("é")).toBe(4);
    expect(utf8Bytes('"é😀"')).toBe(jsonBytes("é😀"));
  });

  it("deduplicates and sorts tags so equal artifacts hash equal", ({ expect }) => {
    const parsed = ArtifactInputSchema.parse(makeArtifact({ tags: ["b", "a", "b"] }));
    expect(parsed.tags).toEqual(["a", "b"]);
  });
});

describe("idempotency body hash", () => {
  it("ignores key order and the idempotency key, and sees any change of body", ({ expect }) => {
    const a = CommitRequestSchema.parse(makeCommit([makePut({ value: { x: 1, y: 2 } })], "k1"));
    const b = CommitRequestSchema.parse(makeCommit([makePut({ value: { y: 2, x: 1 } })], "k2"));
    const c = CommitRequestSchema.parse(makeCommit([makePut({ value: { x: 1, y: 3 } })], "k1"));
    expect(commitBodyHash(a)).toBe(commitBodyHash(b));
    expect(commitBodyHash(a)).not.toBe(commitBodyHash(c));
    expect(stableStringify({ b: [1, { d: 1, c: 2 }], a: null })).toBe(
      '{"a":null,"b":[1,{"c":2,"d":1}]}',
    );
  });
});

describe("packByBytes", () => {
  it("keeps order, respects the cap and lets an oversized item travel alone", ({ expect }) => {
    const groups = packByBytes([3, 3, 3, 10, 1], 7, (n) => n);
    expect(groups).toEqual([[3, 3], [3], [10], [1]]);
    expect(groups.flat()).toEqual([3, 3, 3, 10, 1]);
  });
});
