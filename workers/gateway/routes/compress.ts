// POST /v1/hives/:hive/compress: compresses OpenAI-style messages to a budget
// through the compressor Worker (the same compressConversation the session's
// compaction runs), stores every cut text in the hive under its ref, and
// GET /v1/hives/:hive/refs/:ref gives any of them back. Hive key on both.
import { Hono } from "hono";
import { CompressRequestSchema } from "../../../shared/compress/rpc.ts";
import { keyedHive, requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { unwrap } from "./results.ts";
import { jsonBody } from "../request/validate.ts";

type CompressEnv = { Bindings: Env; Variables: AuthVariables };

export const COMPRESS_ROUTES = {
  "POST /v1/hives/:hive/compress":
    "compress {messages, budget?: {tokens}|{ratio}, method?, windowTokens?, model?}; cut text stored by ref",
  "GET /v1/hives/:hive/refs/:ref": "a compressed text by its ref",
} as const;

export const compress = new Hono<CompressEnv>()
  .use("/:hive/compress", requireHiveKey)
  .use("/:hive/refs/*", requireHiveKey)
  .post("/:hive/compress", jsonBody(CompressRequestSchema), async (c) => {
    const { messages, ...options } = c.req.valid("json");
    const run = unwrap(await c.env.COMPRESSOR.summarise(messages, options));
    const { method, fallback, summary, report, kept, cut, budget, citations, summariser } = run;
    // The refs are the compressor's: a store that refuses them is a fault of ours, not the caller's.
    unwrap(await keyedHive(c).keepRefs(kept), 500);
    return c.json({
      method,
      ...(fallback === undefined ? {} : { fallback }),
      ...(summariser === undefined ? {} : { summariser }),
      messages: run.messages,
      summary,
      report,
      budget,
      cut,
      citations,
      refs: kept.map((k) => k.ref),
    });
  })
  .get("/:hive/refs/:ref", async (c) => {
    return c.json(unwrap(await keyedHive(c).resolveRef(c.req.param("ref"))));
  });
