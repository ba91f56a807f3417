import fc from "fast-check";
import { describe, it } from "vitest";
import { sha256Hex } from "../../../shared/base/hash.ts";
import {
  CHUNK_ARRAYS_OVER,
  blobRefs,
  diffCheckpoints,
  externalize,
  internalize,
  retainedCheckpoints,
  type CheckpointManifest,
  type Json,
} from "../../../shared/session/checkpoint.ts";

function memoryStore() {
  const blobs = new Map<string, string>();
  return {
    blobs,
    put: (content: string) => {
      const hash = sha256Hex(content);
      blobs.set(hash, content);
      return hash;
    },
    get: (hash: string) => {
      const content = blobs.get(hash);
      if (content === undefined) {
        throw new Error(`missing ${hash}`);
      }
      return content;
    },
  };
}

const stub = (i: number) => ({
  id: `page-${i}`,
  kind: "file",
  ref: `ref:${String(i).padStart(32, "0")}`,
});

describe("externalised session state", () => {
  it("round-trips any JSON byte for byte, long strings and long arrays included", ({ expect }) => {
    const json = fc.letrec<{ value: Json }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.string(),
        fc.record({ content: fc.string({ minLength: 100, maxLength: 400 }) }),
        fc.array(tie("value"), { maxLength: 60 }),
        fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const store = memoryStore();
        const skeleton = externalize(value, store.put, sha256Hex);
        expect(JSON.stringify(internalize(skeleton, store.get))).toBe(JSON.stringify(value));
        // The mark phase finds every blob the value needs: nothing else is required.
        const live = blobRefs(skeleton, store.get);
        const only = new Map([...store.blobs].filter(([hash]) => live.has(hash)));
        expect(JSON.stringify(internalize(skeleton, (h) => only.get(h) ?? "MISSING"))).toBe(
          JSON.stringify(value),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("re-stores only a few chunks when a long list drops its oldest item and gains one", ({
    expect,
  }) => {
    const store = memoryStore();
    const before = { evicted: Array.from({ length: 512 }, (_, i) => stub(i)) };
    externalize(before, store.put, sha256Hex);
    const storedBefore = store.blobs.size;
    const after = { evicted: [...before.evicted.slice(1), stub(512)] };
    const skeleton = externalize(after, store.put, sha256Hex);
    const added = store.blobs.size - storedBefore;
    expect(added).toBeLessThanOrEqual(6);
    expect(JSON.stringify(skeleton).length).toBeLessThan(1_500);
    expect(before.evicted.length).toBeGreaterThan(CHUNK_ARRAYS_OVER);
  });
});

const manifest = (overrides: Partial<CheckpointManifest>): CheckpointManifest => ({
  id: "cp",
  parent: null,
  step: 0,
  label: null,
  pageRefs: [],
  stateHash: "s",
  transcriptPosition: 0,
  transcriptLength: 0,
  hiveSeqSeen: 0,
  workspaceManifest: null,
  sectionHashes: {},
  ...overrides,
});

describe("checkpoint diffs and retention", () => {
  it("diffs pages, sections, transcript and hive sequence", ({ expect }) => {
    const a = manifest({
      id: "a",
      step: 1,
      pageRefs: ["p1", "p2"],
      sectionHashes: { system: "x", dynamic: "d1" },
    });
    const b = manifest({
      id: "b",
      step: 4,
      pageRefs: ["p2", "p3"],
      sectionHashes: { system: "x", dynamic: "d2" },
      transcriptLength: 6,
      hiveSeqSeen: 9,
      stateHash: "t",
    });
    expect(diffCheckpoints(a, b)).toEqual({
      from: "a",
      to: "b",
      steps: 3,
      pagesAdded: ["p3"],
      pagesRemoved: ["p1"],
      sectionsChanged: ["dynamic"],
      transcript: { fromLength: 0, toLength: 6 },
      hiveSeq: { from: 0, to: 9 },
      workspaceChanged: false,
      stateChanged: true,
    });
  });

  it("keeps labelled, the last K, every Nth and whatever is in use", ({ expect }) => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `c${i}`,
      step: i,
      label: i === 3 ? "keep-me" : null,
      ord: i,
    }));
    const kept = retainedCheckpoints(rows, { keepLast: 5, everyNth: 10 }, new Set(["c7"]));
    expect([...kept].sort()).toEqual(
      ["c0", "c10", "c20", "c3", "c7", "c25", "c26", "c27", "c28", "c29"].sort(),
    );
  });
});
