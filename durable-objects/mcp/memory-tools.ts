// MCP tools over the hive's long-term memory: search (similarity × decay), the facts
// valid at a time, a subject's history and the meta-steward's changelog. Their
// inputs are the memory routes' own request schemas (shared/memory/requests.ts).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import {
  MemoryChangelogRequestSchema,
  MemoryHistoryRequestSchema,
  parseMemoryTime,
} from "../../shared/memory/requests.ts";
import { toolError, toolResult } from "./tool-result.ts";
import { mcpHive, type McpToolContext } from "./tool-context.ts";
import { callTarget } from "../../shared/base/rpc-target.ts";

/** MCP arguments are JSON: a time is a number of epoch ms or an ISO 8601 string. */
const TimeArg = z.union([z.number().int().min(0), z.string().min(1).max(40)]);
const SearchArgs = z.strictObject({
  q: z.string().min(1).max(1_000),
  at: TimeArg.optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
const AsOfArgs = z.strictObject({
  at: TimeArg,
  limit: z.number().int().min(1).max(5_000).optional(),
});

const badTime = () =>
  toolError("INVALID_REQUEST", "`at` is not a time", "give epoch milliseconds or an ISO 8601 date");

export function registerMemoryTools(server: McpServer, ctx: McpToolContext): void {
  // One call on the hive's memory service; its stub is disposed after it (this
  // object's context outlives every call).
  const memory = <R>(call: (service: ReturnType<ReturnType<typeof mcpHive>["memory"]>) => R) =>
    callTarget(mcpHive(ctx).memory(), call);
  server.registerTool(
    "memory_search",
    {
      description: "Long-term facts ranked by similarity × decay (as of `at`, now by default)",
      inputSchema: SearchArgs,
    },
    async (args) => {
      const at = args.at === undefined ? undefined : parseMemoryTime(args.at);
      if (at === null) {
        return badTime();
      }
      return toolResult(
        await memory((m) =>
          m.search({
            q: args.q,
            ...(at === undefined ? {} : { at }),
            ...(args.limit === undefined ? {} : { limit: args.limit }),
          }),
        ),
      );
    },
  );
  server.registerTool(
    "memory_as_of",
    { description: "Every fact valid at a time", inputSchema: AsOfArgs },
    async (args) => {
      const at = parseMemoryTime(args.at);
      return at === null ? badTime() : toolResult(await memory((m) => m.asOf(at, args.limit)));
    },
  );
  server.registerTool(
    "memory_history",
    {
      description: "Every fact ever recorded about a subject, closed ones included",
      inputSchema: MemoryHistoryRequestSchema,
    },
    async (args) => toolResult(await memory((m) => m.history(args.subject, args.predicate))),
  );
  server.registerTool(
    "memory_changelog",
    {
      description: "The meta-steward's versions: who, when, why, and the drift flagged",
      inputSchema: MemoryChangelogRequestSchema,
    },
    async (args) => toolResult(await memory((m) => m.changelog(args.limit, args.before))),
  );
}
