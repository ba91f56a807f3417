// The gateway Worker's entry: the HTTP app, and the Durable Object classes that
// this script exports for the whole cluster.
import { app } from "./app.ts";

export { AgentSession } from "../../durable-objects/agent-session.ts";
export { Hive } from "../../durable-objects/hive.ts";
export { GraphCheckpoints } from "../../durable-objects/graph-checkpoints.ts";
export { McpSession } from "../../durable-objects/mcp-session.ts";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
