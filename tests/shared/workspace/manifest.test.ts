import { describe, test } from "vitest";
import {
  chainHash,
  EMPTY_MANIFEST_HASH,
  manifestId,
  parseManifestId,
} from "../../../shared/workspace/manifest.ts";
import { applyEdits } from "../../../shared/workspace/exact-edits.ts";

describe("manifest ids and hashes", () => {
  test("an id carries its version and round-trips", ({ expect }) => {
    const hash = chainHash(EMPTY_MANIFEST_HASH, [{ path: "a.ts", hash: "0".repeat(64) }]);
    const id = manifestId(7, hash);
    expect(id).toBe(`wsm_7_${hash.slice(0, 16)}`);
    expect(parseManifestId(id)).toEqual({ version: 7, hashPrefix: hash.slice(0, 16) });
    expect(parseManifestId("wsm_7_xyz")).toBeNull();
    expect(parseManifestId("7")).toBeNull();
  });

  test("the chained hash ignores change order and depends on the parent and deletions", ({
    expect,
  }) => {
    const a = { path: "a.ts", hash: "1".repeat(64) };
    const b = { path: "b.ts", hash: null };
    expect(chainHash("p", [a, b])).toBe(chainHash("p", [b, a]));
    expect(chainHash("p", [a])).not.toBe(chainHash("q", [a]));
    expect(chainHash("p", [a, b])).not.toBe(chainHash("p", [a]));
  });
});

describe("exact-text patches", () => {
  test("edits apply in order; a missing or ambiguous oldText is refused", ({ expect }) => {
    expect(
      applyEdits(
        "a b c",
        [
          { oldText: "b", newText: "B" },
          { oldText: "c", newText: "C" },
        ],
        "f",
      ),
    ).toEqual({
      ok: true,
      value: "a B C",
    });
    expect(applyEdits("a b", [{ oldText: "z", newText: "" }], "f")).toMatchObject({
      ok: false,
      code: "PATCH_NO_MATCH",
    });
    expect(applyEdits("a a", [{ oldText: "a", newText: "" }], "f")).toMatchObject({
      ok: false,
      code: "PATCH_AMBIGUOUS",
    });
  });
});
