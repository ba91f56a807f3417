// What every MCP tool family receives: the Worker's bindings and the hive the
// session's key belongs to (every tool acts on that hive only).
export interface McpToolContext {
  env: Env;
  hive: string;
}
