// MCP tools over the hive's workspace: hybrid search and the structural queries
// (definitions, callers, imports, missing imports, stale artifacts).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { SearchRequestSchema } from "../../shared/workspace/requests.ts";
import { toolResult } from "./tool-result.ts";
import { mcpHive, type McpToolContext } from "./tool-context.ts";

const NameSchema = z.strictObject({ name: z.string().min(1).max(256) });
const PathSchema = z.strictObject({ path: z.string().min(1).max(1024) });
const NoArgsSchema = z.strictObject({});

export function registerWorkspaceTools(server: McpServer, ctx: McpToolContext): void {
  const hive = () => mcpHive(ctx);
  server.registerTool(
    "workspace_search",
    {
      description: "Hybrid search over the workspace's files (lexical and vector)",
      inputSchema: SearchRequestSchema,
    },
    async (args) => toolResult(await hive().workspace().search(args)),
  );
  server.registerTool(
    "workspace_definitions",
    { description: "Where a symbol is defined", inputSchema: NameSchema },
    async (args) => toolResult(await hive().workspace().definitions(args.name)),
  );
  server.registerTool(
    "workspace_callers",
    { description: "Call sites resolved to a symbol", inputSchema: NameSchema },
    async (args) => toolResult(await hive().workspace().callers(args.name)),
  );
  server.registerTool(
    "workspace_imports",
    { description: "What a file imports, resolved to files", inputSchema: PathSchema },
    async (args) => toolResult(await hive().workspace().imports(args.path)),
  );
  server.registerTool(
    "workspace_missing",
    { description: "Imports that resolve to nothing", inputSchema: NoArgsSchema },
    async () => toolResult(await hive().workspace().missing()),
  );
  server.registerTool(
    "workspace_stale",
    {
      description: "Artifacts whose cited code changed since they were written",
      inputSchema: NoArgsSchema,
    },
    async () => toolResult(await hive().staleArtifacts()),
  );
}
