// What every MCP tool family receives: the Worker's bindings and the hive the
// session's key belongs to (every tool acts on that hive only), and mcpHive, the one
// way a tool family or the hive feed reaches that hive.
export interface McpToolContext {
  env: Env;
  hive: string;
}

/** The hive the MCP session's key belongs to, as a Durable Object stub. */
export function mcpHive(ctx: McpToolContext): ReturnType<Env["Hive"]["getByName"]> {
  return ctx.env.Hive.getByName(ctx.hive);
}
