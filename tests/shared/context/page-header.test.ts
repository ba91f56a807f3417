// An L1 page's header line, said once for a whole file, and read back (shared/context/page-header.ts).
import { describe, it } from "vitest";
import { pageHeader, readPageHeader } from "../../../shared/context/page-header.ts";

describe("pageHeader", () => {
  it("names a whole file's path once and any other page in full; both read back", ({ expect }) => {
    const pages = [
      { kind: "file", id: "facts/f05.ts", sourceRef: "file:facts/f05.ts@4:1-57" },
      { kind: "file", id: "src/a.ts:3-9", sourceRef: "file:src/a.ts@2:3-9" },
      { kind: "file", id: "src/a.ts@v1", sourceRef: "file:src/a.ts@1:1-9" },
      { kind: "tool_output", id: "ref:abc123", sourceRef: "ref:abc123" },
    ];
    expect(pages.map(pageHeader)).toEqual([
      "[L1 file facts/f05.ts @4:1-57]",
      "[L1 file src/a.ts:3-9 | file:src/a.ts@2:3-9]",
      "[L1 file src/a.ts@v1 | file:src/a.ts@1:1-9]",
      "[L1 tool_output ref:abc123 | ref:abc123]",
    ]);
    expect(pages.map((p) => readPageHeader(pageHeader(p)))).toEqual(pages);
    expect(readPageHeader("[L1 REFUSED] PAGE_TOO_LARGE")).toBeNull();
  });
});
