import { describe, it } from "vitest";
import { findGrant, parseGrant } from "../../../shared/gatekeeper/permissions.ts";

const target = { service: "edit", method: "write_file" };

describe("permission grants", () => {
  it.for([
    [["*"], "*"],
    [["edit:*"], "edit:*"],
    [["edit.*"], "edit.*"],
    [["edit:write_file"], "edit:write_file"],
    [["edit.write_file"], "edit.write_file"],
    [["write_file"], "write_file"],
    [["search:*", "edit:write_file"], "edit:write_file"],
  ] as const)("grants write_file through %j", ([grants, by], { expect }) => {
    expect(findGrant(grants, target)?.source).toBe(by);
  });

  it.for([
    [[]],
    [["search:*"]],
    [["edit:apply_patch"]],
    [["edits:*"]],
    [["apply_patch"]],
    [["not a grant"]],
  ] as const)("denies by default with %j", ([grants], { expect }) => {
    expect(findGrant(grants, target)).toBeUndefined();
  });

  it("parses grants and refuses malformed ones", ({ expect }) => {
    expect(parseGrant(" mail.send ")).toEqual({
      service: "mail",
      method: "send",
      source: "mail.send",
    });
    expect(parseGrant("*:write_file")).toBeUndefined();
    expect(parseGrant("a:b:c")).toBeUndefined();
    expect(parseGrant("")).toBeUndefined();
  });
});
