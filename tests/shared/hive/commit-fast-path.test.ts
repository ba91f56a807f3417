// The hive.commit fast path against CommitRequestSchema: whatever it accepts the
// schema accepts with the same output (byte for byte once encoded), whatever the
// schema refuses it leaves to the schema, so errors are the schema's own.
import fc from "fast-check";
import { describe, it } from "vitest";
import { ClientMessageSchema, parseClientFrame } from "../../../shared/protocol.ts";
import { fastCommitFrame, fastCommitRequest } from "../../../shared/hive/commit-fast-path.ts";
import { CommitRequestSchema } from "../../../shared/hive/writes.ts";
import { makeCommit, makePut } from "./fixtures.ts";

/** Runs both parsers on `data` (as JSON.parse would hand it over). */
function both(raw: unknown) {
  const data: unknown = JSON.parse(JSON.stringify(raw));
  const fast = fastCommitRequest(data);
  const zod = CommitRequestSchema.safeParse(data);
  return { fast, zod };
}

function agree(expect: (v: unknown) => { toBe: (x: unknown) => void }, raw: unknown): boolean {
  const { fast, zod } = both(raw);
  if (fast !== undefined) {
    expect(zod.success).toBe(true);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
    return true;
  }
  return false;
}

const hash = "a".repeat(64);

describe("the hive.commit fast path", () => {
  it("builds what the schema builds for well-formed puts (defaults, sorted tags, key order)", ({
    expect,
  }) => {
    const samples = [
      makeCommit([makePut()], "k-1"),
      makeCommit([makePut({ tags: ["b", "a", "b"], summary: undefined })], "k-2"),
      makeCommit(
        [
          {
            op: "put",
            artifact: {
              identifier: "x",
              kind: "lesson",
              value: null,
              provenance: { session: "s", agent: "a", step: 0, source: "s", contentHash: hash },
            },
          },
          makePut({ identifier: "a/b.c:d-e_f", value: { nested: [1, "two", { three: 3 }] } }, 7),
        ],
        "k-3",
      ),
      {
        writes: [{ artifact: makePut().artifact, expectedVersion: 2, op: "put" }],
        idempotencyKey: "reordered",
      },
    ];
    for (const sample of samples) {
      expect(agree(expect, sample)).toBe(true);
    }
  });

  it("leaves every refused or unusual commit to the schema", ({ expect }) => {
    const put = makePut();
    const hostile: unknown[] = [
      null,
      [],
      "commit",
      { idempotencyKey: "k", writes: [] },
      { idempotencyKey: "has space", writes: [put] },
      { idempotencyKey: "k".repeat(129), writes: [put] },
      { idempotencyKey: "k", writes: [put], extra: 1 },
      { idempotencyKey: "k", writes: Array(65).fill(put) },
      { idempotencyKey: "k", writes: [{ ...put, expectedVersion: -1 }] },
      { idempotencyKey: "k", writes: [{ ...put, expectedVersion: 1.5 }] },
      { idempotencyKey: "k", writes: [{ ...put, expectedVersion: 2 ** 53 }] },
      { idempotencyKey: "k", writes: [{ ...put, expectedVersion: "1" }] },
      { idempotencyKey: "k", writes: [{ ...put, extra: true }] },
      makeCommit([makePut({ identifier: "" })]),
      makeCommit([makePut({ identifier: "a/../b" })]),
      makeCommit([makePut({ identifier: "a//b" })]),
      makeCommit([makePut({ identifier: "a/" })]),
      makeCommit([makePut({ identifier: "-a" })]),
      makeCommit([makePut({ identifier: "a b" })]),
      makeCommit([makePut({ identifier: "x".repeat(129) })]),
      makeCommit([makePut({ kind: "opinion" as "fact" })]),
      makeCommit([makePut({ value: "x".repeat(70_000) })]),
      makeCommit([makePut({ value: "é".repeat(33_000) })]),
      makeCommit([makePut({ summary: "s".repeat(1_001) })]),
      makeCommit([makePut({ tags: ["UPPER"] })]),
      makeCommit([makePut({ tags: Array.from({ length: 17 }, (_, i) => `t${i}`) })]),
      makeCommit([makePut({ tags: [""] })]),
      makeCommit([makePut({ provenance: { session: "", agent: "a", step: 0, source: "s" } })]),
      makeCommit([makePut({ provenance: { session: "s", agent: "a", step: -1, source: "s" } })]),
      makeCommit([
        makePut({
          provenance: { session: "s", agent: "a", step: 0, source: "s", contentHash: "AB" },
        }),
      ]),
      makeCommit([
        makePut({
          provenance: { session: "s", agent: "a", step: 0, source: "s", extra: 1 } as never,
        }),
      ]),
      {
        idempotencyKey: "k",
        writes: [
          {
            op: "put",
            expectedVersion: 0,
            artifact: { identifier: "x", kind: "fact", provenance: put.artifact.provenance },
          },
        ],
      },
    ];
    for (const raw of hostile) {
      const { fast, zod } = both(raw);
      expect(fast).toBeUndefined();
      expect(zod.success).toBe(false);
    }
    // Retracts and supersedes are valid but always take the schema's path.
    const retract = {
      idempotencyKey: "k",
      writes: [
        {
          op: "retract",
          identifier: "x",
          expectedVersion: 1,
          reason: "r",
          provenance: put.artifact.provenance,
        },
      ],
    };
    expect(both(retract)).toMatchObject({ fast: undefined, zod: { success: true } });
  });

  it("agrees with the schema on fuzzed commits (never accepts what it refuses)", ({ expect }) => {
    const odd = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("", "a/..", "x y", "ok.id", "UP", "a", "-x", "é"),
      fc.integer({ min: -2, max: 5 }),
      fc.double(),
      fc.constant(2 ** 53),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.constantFrom("a", "b", "B", "c.d", ""), { maxLength: 18 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    // Paths into a valid commit; each mutation sets one to an odd value or deletes it.
    const paths = [
      ["idempotencyKey"],
      ["writes"],
      ["extra"],
      ["writes", 0],
      ["writes", 0, "op"],
      ["writes", 0, "expectedVersion"],
      ["writes", 0, "extra"],
      ["writes", 0, "artifact"],
      ...["identifier", "kind", "value", "summary", "tags", "provenance", "extra"].map((k) => [
        "writes",
        0,
        "artifact",
        k,
      ]),
      ...["session", "agent", "step", "source", "contentHash", "extra"].map((k) => [
        "writes",
        0,
        "artifact",
        "provenance",
        k,
      ]),
      ["writes", 1, "artifact", "identifier"],
    ];
    const mutation = fc.record({
      path: fc.constantFrom(...paths),
      value: odd,
      remove: fc.boolean(),
    });
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 2 }), fc.boolean(), (mutations, two) => {
        const commit = JSON.parse(
          JSON.stringify(
            makeCommit(two ? [makePut(), makePut({ identifier: "b" }, 3)] : [makePut()], "k-1"),
          ),
        ) as Record<string, unknown>;
        for (const m of mutations) {
          let target: unknown = commit;
          for (const step of m.path.slice(0, -1)) {
            target = (target as Record<string | number, unknown> | null)?.[step];
          }
          const last = m.path.at(-1);
          if (typeof target === "object" && target !== null && last !== undefined) {
            if (m.remove) {
              delete (target as Record<string | number, unknown>)[last];
            } else {
              (target as Record<string | number, unknown>)[last] = m.value;
            }
          }
        }
        if (agree(expect, commit)) {
          accepted++;
        } else {
          refused++;
          // Whatever the fast path declines, the schema decides (and may still accept).
        }
      }),
      { numRuns: 3_000, seed: 24 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it("answers a hive.commit frame as the schema would, errors included", ({ expect }) => {
    const good = { type: "hive.commit", id: "c-1", commit: makeCommit([makePut()], "k") };
    const fast = fastCommitFrame(JSON.parse(JSON.stringify(good)) as Record<string, unknown>);
    expect(fast).toEqual(ClientMessageSchema.parse(good));
    expect(parseClientFrame(JSON.stringify(good)).result).toEqual({ ok: true, value: fast });
    const bad = { ...good, commit: makeCommit([makePut({ identifier: "a/../b" })], "k") };
    expect(
      fastCommitFrame(JSON.parse(JSON.stringify(bad)) as Record<string, unknown>),
    ).toBeUndefined();
    expect(parseClientFrame(JSON.stringify(bad)).result).toMatchObject({
      ok: false,
      code: "INVALID_MESSAGE",
      message: expect.stringContaining("commit.writes.0.artifact.identifier") as string,
    });
    expect(fastCommitFrame({ ...good, id: "" })).toBeUndefined();
    expect(fastCommitFrame({ ...good, extra: 1 })).toBeUndefined();
  });
});
