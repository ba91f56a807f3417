// LangGraph checkpoint routes: /v1/hives/:hive/langgraph/... behind the hive's
// key, called by the lethe/langgraph saver. Each hive's threads live in its own
// GraphCheckpoints Durable Object, so no key reaches another hive's threads.
import { Hono, type Context } from "hono";
import { errorBody } from "../../../shared/base/errors.ts";
import {
  GetTupleSchema,
  ListSchema,
  PutCheckpointSchema,
  PutChunksSchema,
  PutWritesSchema,
  ThreadParamSchema,
  type GraphErrorCode,
} from "../../../shared/langgraph/wire.ts";
import type { Result } from "../../../shared/base/result.ts";
import { requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { unwrap } from "./results.ts";
import { jsonBody } from "../request/validate.ts";

type GraphEnv = { Bindings: Env; Variables: AuthVariables };

const stub = (c: Context<GraphEnv>) => c.env.GraphCheckpoints.getByName(c.get("hiveKey").hive);

function answer<T>(
  c: Context<GraphEnv>,
  result: Result<T, GraphErrorCode>,
  status: 200 | 201 = 200,
) {
  return c.json({ value: unwrap(result) }, status);
}

function thread(c: Context<GraphEnv>): string | Response {
  const parsed = ThreadParamSchema.safeParse(c.req.param("thread"));
  return parsed.success
    ? parsed.data
    : c.json(
        errorBody(
          "INVALID_THREAD",
          "thread ids are 1-200 letters, digits and . : @ | / + = - _",
          "use the thread_id of your graph's config",
        ),
        400,
      );
}

export const langgraph = new Hono<GraphEnv>()
  .use("/:hive/langgraph/*", requireHiveKey)
  .post(
    "/:hive/langgraph/threads/:thread/checkpoints",
    jsonBody(PutCheckpointSchema),
    async (c) => {
      const t = thread(c);
      return typeof t === "string" ? answer(c, await stub(c).put(t, c.req.valid("json")), 201) : t;
    },
  )
  .post("/:hive/langgraph/threads/:thread/writes", jsonBody(PutWritesSchema), async (c) => {
    const t = thread(c);
    return typeof t === "string"
      ? answer(c, await stub(c).putWrites(t, c.req.valid("json")), 201)
      : t;
  })
  .post("/:hive/langgraph/threads/:thread/chunks", jsonBody(PutChunksSchema), async (c) => {
    const t = thread(c);
    return typeof t === "string"
      ? answer(c, await stub(c).putChunks(t, c.req.valid("json").chunks), 201)
      : t;
  })
  .post("/:hive/langgraph/threads/:thread/tuple", jsonBody(GetTupleSchema), async (c) => {
    const t = thread(c);
    const query = c.req.valid("json");
    return typeof t === "string" ? answer(c, await stub(c).getTuple(t, query.ns, query.id)) : t;
  })
  .delete("/:hive/langgraph/threads/:thread", async (c) => {
    const t = thread(c);
    return typeof t === "string" ? answer(c, await stub(c).deleteThread(t)) : t;
  })
  .post("/:hive/langgraph/list", jsonBody(ListSchema), async (c) =>
    answer(c, await stub(c).list(c.req.valid("json"))),
  )
  .get("/:hive/langgraph/storage", async (c) => answer(c, await stub(c).figures()));

export const LANGGRAPH_ROUTES = {
  "POST /v1/hives/:hive/langgraph/threads/:thread/checkpoints":
    "put a checkpoint {ns, id, parentId, checkpoint, metadata, channels, chunks}",
  "POST /v1/hives/:hive/langgraph/threads/:thread/writes":
    "pending writes {ns, checkpointId, taskId, taskPath, writes, chunks}",
  "POST /v1/hives/:hive/langgraph/threads/:thread/chunks": "content-addressed chunks {chunks}",
  "POST /v1/hives/:hive/langgraph/threads/:thread/tuple": "one checkpoint tuple {ns, id?}",
  "DELETE /v1/hives/:hive/langgraph/threads/:thread": "delete a thread and everything it stored",
  "POST /v1/hives/:hive/langgraph/list":
    "checkpoint tuples {thread?, ns?, before?, limit?, filter?, after?}",
  "GET /v1/hives/:hive/langgraph/storage": "bytes and rows the hive's LangGraph threads use",
} as const;
