import { describe, test } from "vitest";
import {
  classifyContent,
  MAX_FILE_BYTES,
  MAX_INDEX_BYTES,
} from "../../../shared/workspace/content.ts";

describe("file content classification", () => {
  test("a 20 MB file is refused with FILE_TOO_LARGE and a hint", ({ expect }) => {
    const result = classifyContent(new Uint8Array(20 * 1024 * 1024).fill(97));
    expect(result).toMatchObject({ ok: false, code: "FILE_TOO_LARGE" });
    expect(!result.ok && result.hint).toBeTruthy();
  });

  test("binary content is stored but not indexed", ({ expect }) => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(classifyContent(png)).toMatchObject({
      ok: true,
      value: { text: null, notIndexed: "binary" },
    });
  });

  test("invalid UTF-8 is stored byte for byte but not indexed", ({ expect }) => {
    const bytes = new Uint8Array([0x63, 0x6f, 0x6e, 0x73, 0x74, 0x20, 0xc3, 0x28, 0xff]);
    const result = classifyContent(bytes);
    expect(result).toMatchObject({ ok: true, value: { text: null, notIndexed: "invalid-utf8" } });
    expect(result.ok && [...result.value.bytes]).toEqual([...bytes]);
  });

  test("text above the index limit is stored without indexing; text below is indexed", ({
    expect,
  }) => {
    expect(classifyContent("x".repeat(MAX_INDEX_BYTES + 1))).toMatchObject({
      ok: true,
      value: { notIndexed: "too-large-to-index" },
    });
    expect(classifyContent("export const a = 1;\n")).toMatchObject({
      ok: true,
      value: { notIndexed: null },
    });
    expect(classifyContent(new Uint8Array(MAX_FILE_BYTES).fill(32)).ok).toBe(true);
  });
});
