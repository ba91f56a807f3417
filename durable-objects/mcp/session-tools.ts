// MCP tools over the hive's agent sessions: status, checkpoints, rollback, fork
// and answering a pending ASK. A session of another hive reads as not found.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { hiveOfSessionId, newSessionId } from "../../shared/contracts/session-id.ts";
import { SESSION_ID_PATTERN } from "../../shared/session/config.ts";
import { AnswerSchema } from "../../shared/session/control.ts";
import { toolError, toolResult, toolValue } from "./tool-result.ts";
import type { McpToolContext } from "./tool-context.ts";

const SessionId = z.string().regex(SESSION_ID_PATTERN);
const StatusSchema = z.strictObject({ session: SessionId });
const CheckpointsSchema = z.strictObject({
  session: SessionId,
  before: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1_000).default(100),
});
const CheckpointRefSchema = z.strictObject({
  session: SessionId,
  checkpoint: z.string().min(1).max(128),
});
const AnswerToolSchema = AnswerSchema.extend({ session: SessionId });

export function registerSessionTools(server: McpServer, ctx: McpToolContext): void {
  /** The session's stub when it exists in this hive; otherwise the tool error to return. */
  const ownSession = async (id: string) => {
    const named = hiveOfSessionId(id);
    const stub = ctx.env.AgentSession.getByName(id);
    const described = named === null || named === ctx.hive ? await stub.describe() : null;
    if (described === null || !described.ok || described.value.config.hive !== ctx.hive) {
      return {
        ok: false as const,
        error: toolError(
          "NOT_FOUND",
          `no session ${id} in hive ${ctx.hive}`,
          "list sessions with the CLI, or use an id POST /v1/sessions returned",
        ),
      };
    }
    return { ok: true as const, stub, described: described.value };
  };
  server.registerTool(
    "sessions_status",
    { description: "A session's configuration and state", inputSchema: StatusSchema },
    async (args) => {
      const own = await ownSession(args.session);
      if (!own.ok) {
        return own.error;
      }
      const state = await own.stub.state();
      return state.ok ? toolValue({ ...own.described, state: state.value }) : toolResult(state);
    },
  );
  server.registerTool(
    "sessions_checkpoints",
    { description: "A session's checkpoints, newest first", inputSchema: CheckpointsSchema },
    async (args) => {
      const own = await ownSession(args.session);
      if (!own.ok) {
        return own.error;
      }
      const listed = await own.stub.checkpoints(args.before ?? Number.MAX_SAFE_INTEGER, args.limit);
      return listed.ok ? toolValue({ checkpoints: listed.value }) : toolResult(listed);
    },
  );
  server.registerTool(
    "sessions_rollback",
    {
      description: "Restore a session to one of its checkpoints",
      inputSchema: CheckpointRefSchema,
    },
    async (args) => {
      const own = await ownSession(args.session);
      return !own.ok ? own.error : toolResult(await own.stub.rollback(args.checkpoint));
    },
  );
  server.registerTool(
    "sessions_fork",
    {
      description: "A new session started from a checkpoint of this one",
      inputSchema: CheckpointRefSchema,
    },
    async (args) => {
      const own = await ownSession(args.session);
      if (!own.ok) {
        return own.error;
      }
      const id = newSessionId(ctx.hive);
      const forked = await ctx.env.AgentSession.getByName(id).forkFrom(
        args.session,
        args.checkpoint,
      );
      return forked.ok
        ? toolValue({ id, from: args.session, checkpoint: forked.value })
        : toolResult(forked);
    },
  );
  server.registerTool(
    "sessions_answer",
    {
      description:
        "Answer a paused session: approve or deny its pending ASK, or reply to its question",
      inputSchema: AnswerToolSchema,
    },
    async ({ session, ...answer }) => {
      const own = await ownSession(session);
      return !own.ok ? own.error : toolResult(await own.stub.answer(answer));
    },
  );
}
