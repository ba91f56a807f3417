// admit's verdict matrix: every permission x firewall x schema x path case, each
// refused by the first check (in the documented order) that refuses it.
import { describe, it } from "vitest";
import { admit } from "../../../shared/gatekeeper/admit.ts";
import type { Verdict } from "../../../shared/gatekeeper/verdict.ts";
import { FIREWALLS, makeContext } from "./fixtures.ts";

// The verdict matrix: permission x firewall x schema x path. Checks run in the
// documented order (permission, schema, path, firewall); the first that refuses decides.
type Permission = "granted" | "not granted";
type FirewallCase = "none" | "ALLOW" | "BLOCK" | "ASK";
type SchemaCase = "valid" | "malformed";
type PathCase = "inside" | "escape";

const matrix = (["granted", "not granted"] as Permission[]).flatMap((permission) =>
  (["none", "ALLOW", "BLOCK", "ASK"] as FirewallCase[]).flatMap((firewall) =>
    (["valid", "malformed"] as SchemaCase[]).flatMap((schema) =>
      (["inside", "escape"] as PathCase[]).map((path) => {
        const expected: [Verdict["verdict"], string] =
          permission === "not granted"
            ? ["deny", "permission"]
            : schema === "malformed"
              ? ["deny", "schema"]
              : path === "escape"
                ? ["deny", "path"]
                : firewall === "none"
                  ? ["allow", "permission"]
                  : firewall === "BLOCK"
                    ? ["deny", "firewall"]
                    : [firewall === "ASK" ? "ask" : "allow", "firewall"];
        return { permission, firewall, schema, path, expected };
      }),
    ),
  ),
);

describe("admit: the verdict matrix", () => {
  it.for(
    matrix.map(
      (row) =>
        [
          `${row.permission} x firewall ${row.firewall} x ${row.schema} x path ${row.path} -> ${row.expected.join(" by ")}`,
          row,
        ] as const,
    ),
  )("%s", ([, row], { expect }) => {
    const args: Record<string, unknown> = {
      path: row.path === "inside" ? "src/app.ts" : "../../etc/passwd",
    };
    if (row.schema === "valid") {
      args.content = "x";
    } else {
      args.content = 42;
    }
    const context = makeContext({
      persona: {
        name: "p",
        grants: row.permission === "granted" ? ["edit:*"] : ["search:*", "context.stage_context"],
      },
      firewall: row.firewall === "none" ? undefined : FIREWALLS[row.firewall],
    });
    const { verdict } = admit({ tool: "write_file", args }, context);
    expect([verdict.verdict, verdict.rule.source]).toEqual(row.expected);
    expect(verdict.reason.length).toBeGreaterThan(0);
    if (verdict.verdict !== "allow") {
      expect(verdict.hint.length).toBeGreaterThan(0);
      expect(verdict.message).toMatch(/^\[(GATEKEEPER REFUSAL|SYSTEM NOTICE)\]/);
      expect(verdict.message).toContain("[HINT]");
    }
  });
});
