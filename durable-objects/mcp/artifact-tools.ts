// MCP tools over the hive's artifacts (L2): get, list, history, as-of and a
// compare-and-swap put. Input schemas are the zod schemas the HTTP routes use.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { IdentifierSchema } from "../../shared/hive/artifact.ts";
import { AsOfQuerySchema, ListQuerySchema } from "../../shared/hive/reads.ts";
import { PutRequestSchema } from "../../shared/hive/writes.ts";
import { toolResult, toolValue } from "./tool-result.ts";
import { mcpHive, type McpToolContext } from "./tool-context.ts";

/** Versions one history call returns at most (each is one read of the Hive). */
export const MAX_HISTORY_VERSIONS = 50;

const GetSchema = z.strictObject({
  identifier: IdentifierSchema,
  version: z.number().int().min(1).optional(),
});
const HistorySchema = z.strictObject({
  identifier: IdentifierSchema,
  limit: z.number().int().min(1).max(MAX_HISTORY_VERSIONS).default(10),
});

export function registerArtifactTools(server: McpServer, ctx: McpToolContext): void {
  const hive = () => mcpHive(ctx);
  server.registerTool(
    "artifacts_get",
    {
      description: "One artifact of the hive (the active version, or ?version)",
      inputSchema: GetSchema,
    },
    async (args) => toolResult(await hive().get(args.identifier, args.version)),
  );
  server.registerTool(
    "artifacts_list",
    {
      description:
        "Artifacts of the hive, filtered by kind, tag, prefix or status, paged with after",
      inputSchema: ListQuerySchema,
    },
    async (args) => toolResult(await hive().list(args)),
  );
  server.registerTool(
    "artifacts_history",
    { description: "An artifact's versions, newest first", inputSchema: HistorySchema },
    async (args) => {
      const latest = await hive().get(args.identifier);
      if (!latest.ok) {
        return toolResult(latest);
      }
      const versions = [latest.value];
      for (let v = latest.value.version - 1; v >= 1 && versions.length < args.limit; v--) {
        const older = await hive().get(args.identifier, v);
        if (older.ok) {
          versions.push(older.value);
        }
      }
      return toolValue({ identifier: args.identifier, versions });
    },
  );
  server.registerTool(
    "artifacts_as_of",
    {
      description: "What the hive knew at a sequence number (seq) or a time (at, ms)",
      inputSchema: AsOfQuerySchema,
    },
    async (args) => toolResult(await hive().asOf(args)),
  );
  server.registerTool(
    "artifacts_put",
    {
      description:
        "Write an artifact with compare-and-swap: expectedVersion is the version you read (0 to create); a conflict returns the current version",
      inputSchema: PutRequestSchema,
    },
    async (args) => toolResult(await hive().put(args)),
  );
}
