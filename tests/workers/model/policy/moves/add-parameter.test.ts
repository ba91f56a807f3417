import { describe, it } from "vitest";
import { play, tools } from "./play.ts";

const OFFERED = tools("stage_context", "find_callers", "apply_patch", "finish");
const FILES: Record<string, string[]> = {
  "lib/mail.ts": ["export function send(to: string) {", "  return to;", "}"],
  "app/signup.ts": [
    'import { send as deliver } from "../lib/mail";',
    "",
    "export const welcome = (u: string) => deliver(u);",
  ],
  "app/reset.ts": [
    'import { send } from "../lib/mail";',
    "",
    "export function reset(u: string) {",
    "  if (u) send(u);",
    "}",
  ],
};

describe("a parameter added to a function and passed at every call site", () => {
  it("patches the definition and each site the call graph lists, aliases included", ({
    expect,
  }) => {
    const moves = play(
      "Add a retries parameter to send in lib/mail.ts and pass 3 at every call site.",
      OFFERED,
      (m) => {
        if (m.tool === "find_callers") {
          return {
            result:
              "2 call sites of send in 2 files:\napp/reset.ts:4 in reset\napp/signup.ts:3 in welcome",
          };
        }
        if (m.tool === "stage_context") {
          const path = m.args.symbol === "send" ? "lib/mail.ts" : String(m.args.path);
          const lines = FILES[path] ?? [];
          const start = Number(m.args.start_line ?? 1);
          const end = Number(m.args.end_line ?? lines.length);
          const id = start === 1 && end === lines.length ? path : `${path}:${start}-${end}`;
          return {
            result: `staged ${id}`,
            page: {
              id,
              sourceRef: `file:${path}@1:${start}-${end}`,
              content: lines.slice(start - 1, end).join("\n"),
            },
          };
        }
        return { result: `patched ${String(m.args.path)}: 1 hunk applied` };
      },
    );
    const patches = moves.filter((m) => m.tool === "apply_patch").map((m) => m.args.patch);
    expect(patches).toEqual([
      "--- a/lib/mail.ts\n+++ b/lib/mail.ts\n@@ -1,1 +1,1 @@\n-export function send(to: string) {\n+export function send(to: string, retries: number) {\n",
      "--- a/app/reset.ts\n+++ b/app/reset.ts\n@@ -4,1 +4,1 @@\n-  if (u) send(u);\n+  if (u) send(u, 3);\n",
      "--- a/app/signup.ts\n+++ b/app/signup.ts\n@@ -3,1 +3,1 @@\n-export const welcome = (u: string) => deliver(u);\n+export const welcome = (u: string) => deliver(u, 3);\n",
    ]);
    expect(moves.at(-1)?.args).toMatchObject({ status: "achieved" });
  });
});
