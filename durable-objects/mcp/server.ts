// Builds the MCP server of one session: the tool families and the artifact
// resources, all scoped to the hive of the session's key. Called by McpSession.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerArtifactTools } from "./artifact-tools.ts";
import { registerMemoryTools } from "./memory-tools.ts";
import type { ArtifactResources } from "./artifact-resources.ts";
import { registerSessionTools } from "./session-tools.ts";
import type { McpToolContext } from "./tool-context.ts";
import { registerWorkspaceTools } from "./workspace-tools.ts";

export type McpToolFamily = (server: McpServer, ctx: McpToolContext) => void;

/** The tool families the server offers. */
export const MCP_TOOL_FAMILIES: readonly McpToolFamily[] = [
  registerArtifactTools,
  registerWorkspaceTools,
  registerSessionTools,
  registerMemoryTools,
];

export const MCP_SERVER_INFO = { name: "lethe", version: "0.1.0" } as const;

export function buildMcpServer(ctx: McpToolContext, resources: ArtifactResources): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: { subscribe: true, listChanged: false } },
    instructions: `Lethe hive "${ctx.hive}": artifacts (facts with versions; write with compare-and-swap), its workspace, its agent sessions and its long-term memory. Artifacts are also resources you can subscribe to.`,
  });
  for (const register of MCP_TOOL_FAMILIES) {
    register(server, ctx);
  }
  resources.register(server, ctx);
  return server;
}
