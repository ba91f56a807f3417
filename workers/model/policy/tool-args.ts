// Arguments named the way an offered tool's schema names them: the stand-in's
// policy and its mission rules (moves/) fill a tool's arguments by role.
import type { OfferedTool } from "./visible-state.ts";

/** Argument roles, and the property names a tool's schema may give them (shared/tools/schemas.ts first). */
const ARG_NAMES = {
  query: ["query", "q", "text", "pattern", "search"],
  path: ["path", "target", "file", "source", "id"],
  page: ["page", "path", "target", "id"],
  key: ["key", "name", "title", "id"],
  value: ["value", "content", "body", "fact", "data"],
  kind: ["kind", "type"],
  evidence: ["evidence", "source", "provenance", "from"],
  expression: ["expression", "expr", "formula"],
  values: ["values", "bindings", "variables"],
  status: ["status", "assessment", "outcome"],
  summary: ["summary", "answer", "result", "message", "text"],
} as const;
type ArgRole = keyof typeof ARG_NAMES;
function argFor(tool: OfferedTool, role: ArgRole, taken: ReadonlySet<string>): string | undefined {
  if (tool.properties.length === 0) {
    return role;
  }
  return ARG_NAMES[role].find((n) => tool.properties.includes(n) && !taken.has(n));
}

/** Arguments named the way the offered tool's schema names them. */
export function fillArgs(
  tool: OfferedTool,
  values: Partial<Record<ArgRole, unknown>>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [role, value] of Object.entries(values) as [ArgRole, unknown][]) {
    const name = argFor(tool, role, new Set(Object.keys(args)));
    if (name !== undefined && value !== undefined) {
      args[name] = value;
    }
  }
  return args;
}
