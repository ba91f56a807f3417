// POST /v1/hives/:hive/compress: compresses OpenAI-style messages to a budget
// through the compressor Worker (the same compressConversation the session's
// compaction runs), stores every cut text in the hive under its ref, and
// GET /v1/hives/:hive/refs/:ref gives any of them back. Hive key on both.
import { Hono, type Context } from "hono";
import { errorBody } from "../../../shared/errors.ts";
import { CompressRequestSchema } from "../../../shared/compress/rpc.ts";
import { requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { jsonBody } from "../request/validate.ts";

type CompressEnv = { Bindings: Env; Variables: AuthVariables };

export const COMPRESS_ROUTES = {
  "POST /v1/hives/:hive/compress":
    "compress {messages, budget?: {tokens}|{ratio}, method?, windowTokens?, model?}; cut text stored by ref",
  "GET /v1/hives/:hive/refs/:ref": "a compressed text by its ref",
} as const;

const hive = (c: Context<CompressEnv>) => c.env.Hive.getByName(c.get("hiveKey").hive);

const STATUS: Readonly<Record<string, 400 | 404 | 500 | 502>> = {
  BAD_REQUEST: 400,
  INVALID_MESSAGES: 400,
  INVALID_OPTIONS: 400,
  INVALID_BUDGET: 400,
  WINDOW_TOO_SMALL: 400,
  INVALID_REF: 400,
  REF_MISMATCH: 500,
  REF_NOT_FOUND: 404,
  INVALID_DRIVER_CONFIG: 502,
};

export const compress = new Hono<CompressEnv>()
  .use("/:hive/compress", requireHiveKey)
  .use("/:hive/refs/*", requireHiveKey)
  .post("/:hive/compress", jsonBody(CompressRequestSchema), async (c) => {
    const { messages, ...options } = c.req.valid("json");
    const run = await c.env.COMPRESSOR.summarise(messages, options);
    if (!run.ok) {
      return c.json(errorBody(run.code, run.message, run.hint), STATUS[run.code] ?? 500);
    }
    const { method, fallback, summary, report, kept, cut, budget, citations, summariser } =
      run.value;
    const stored = await hive(c).keepRefs(kept);
    if (!stored.ok) {
      return c.json(errorBody(stored.code, stored.message, stored.hint), 500);
    }
    return c.json({
      method,
      ...(fallback === undefined ? {} : { fallback }),
      ...(summariser === undefined ? {} : { summariser }),
      messages: run.value.messages,
      summary,
      report,
      budget,
      cut,
      citations,
      refs: kept.map((k) => k.ref),
    });
  })
  .get("/:hive/refs/:ref", async (c) => {
    const found = await hive(c).resolveRef(c.req.param("ref"));
    if (!found.ok) {
      return c.json(errorBody(found.code, found.message, found.hint), STATUS[found.code] ?? 500);
    }
    return c.json(found.value);
  });
