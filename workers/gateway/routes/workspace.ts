// Workspace routes: /v1/hives/:hive/workspace/... (versioned files, manifests,
// structural queries, L3 search, stale artifacts), each behind the hive's API
// key. Paths travel in `?path=` so every spelling reaches the normaliser in the
// Hive as sent (a URL path would be resolved by the URL parser first).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { errorBody } from "../../../shared/base/errors.ts";
import type { Result } from "../../../shared/base/result.ts";
import {
  ConfigureRequestSchema,
  PatchRequestSchema,
  SearchRequestSchema,
  WriteRequestSchema,
} from "../../../shared/workspace/requests.ts";
import { keyedHive, requireHiveKey, type AuthVariables } from "../request/auth.ts";
import { unwrap } from "./results.ts";
import { jsonBody } from "../request/validate.ts";

type WsEnv = { Bindings: Env; Variables: AuthVariables };

function answer<T>(c: Context<WsEnv>, result: Result<T>, status: 200 | 201 = 200): Response {
  return c.json(unwrap(result) as object, status);
}

function invalid(c: Context<WsEnv>, what: string, hint: string): Response {
  return c.json(errorBody("INVALID_QUERY", what, hint), 400);
}

const RefSchema = z.union([
  z.literal("head"),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  z.string().regex(/^wsm_\d{1,15}_[0-9a-f]{16}$/),
]);
const HistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.coerce.number().int().min(0).optional(),
});
const ExpectedSchema = z.coerce.number().int().min(0).optional();

export const workspace = new Hono<WsEnv>()
  .use("/:hive/workspace/*", requireHiveKey)
  .post("/:hive/workspace/files", jsonBody(WriteRequestSchema), async (c) =>
    answer(c, await keyedHive(c).workspace().write(c.req.valid("json")), 201),
  )
  .put("/:hive/workspace/file", async (c) => {
    const path = c.req.query("path");
    const expected = ExpectedSchema.safeParse(c.req.query("expectedVersion"));
    if (path === undefined || !expected.success) {
      return invalid(
        c,
        "PUT needs ?path= (and an integer ?expectedVersion= if any)",
        "PUT /v1/hives/<hive>/workspace/file?path=src/app.ts with the file as the body",
      );
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return answer(
      c,
      await keyedHive(c)
        .workspace()
        .write({
          files: [{ path, content: btoa(binary), encoding: "base64" }],
          message: c.req.query("message") ?? "",
          ...(expected.data === undefined ? {} : { expectedVersion: expected.data }),
        }),
      201,
    );
  })
  .patch("/:hive/workspace/file", jsonBody(PatchRequestSchema), async (c) =>
    answer(c, await keyedHive(c).workspace().patch(c.req.valid("json"))),
  )
  .delete("/:hive/workspace/file", async (c) => {
    const path = c.req.query("path");
    if (path === undefined) {
      return invalid(
        c,
        "DELETE needs ?path=",
        "DELETE /v1/hives/<hive>/workspace/file?path=src/old.ts",
      );
    }
    return answer(
      c,
      await keyedHive(c)
        .workspace()
        .write({
          files: [{ path, delete: true }],
          message: c.req.query("message") ?? "",
        }),
    );
  })
  .get("/:hive/workspace/file", async (c) => {
    const path = c.req.query("path");
    const ref = RefSchema.safeParse(c.req.query("version") ?? "head");
    if (path === undefined || !ref.success) {
      return invalid(
        c,
        "GET needs ?path= and an optional ?version= (a number, a manifest id or head)",
        "GET /v1/hives/<hive>/workspace/file?path=src/app.ts&version=3",
      );
    }
    const file = await keyedHive(c).workspace().read(path, ref.data);
    if (!file.ok) {
      return answer(c, file);
    }
    return new Response(file.value.bytes, {
      headers: {
        "content-type":
          file.value.text === null ? "application/octet-stream" : "text/plain; charset=utf-8",
        "x-lethe-path": file.value.path,
        "x-lethe-hash": file.value.hash,
        "x-lethe-version": String(file.value.version),
      },
    });
  })
  .get("/:hive/workspace/manifests", async (c) => {
    const query = HistoryQuerySchema.safeParse(c.req.query());
    return query.success
      ? answer(c, await keyedHive(c).workspace().history(query.data.limit, query.data.before))
      : invalid(
          c,
          "limit must be 1..500 and before a version",
          "GET .../workspace/manifests?limit=50&before=10",
        );
  })
  .get("/:hive/workspace/manifests/:ref", async (c) => {
    const ref = RefSchema.safeParse(c.req.param("ref"));
    const rawLimit = c.req.query("limit");
    const limit = rawLimit === undefined ? undefined : Number(rawLimit);
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1 || limit > 1_000)) {
      return invalid(
        c,
        "limit must be an integer from 1 to 1000",
        "GET .../manifests/head?limit=100",
      );
    }
    return ref.success
      ? answer(c, await keyedHive(c).workspace().manifest(ref.data, c.req.query("after"), limit))
      : invalid(
          c,
          "a manifest is head, a version number or an id wsm_<version>_<hash>",
          "GET .../workspace/manifests/head",
        );
  })
  .post("/:hive/workspace/configure", jsonBody(ConfigureRequestSchema), async (c) =>
    answer(c, await keyedHive(c).workspace().configure(c.req.valid("json"))),
  )
  .get("/:hive/workspace/status", async (c) => answer(c, await keyedHive(c).workspace().status()))
  .post("/:hive/workspace/index", async (c) => answer(c, await keyedHive(c).workspace().index()))
  .get("/:hive/workspace/symbols", async (c) =>
    answer(
      c,
      await keyedHive(c)
        .workspace()
        .symbols(c.req.query("path") ?? ""),
    ),
  )
  .get("/:hive/workspace/definitions", async (c) =>
    answer(
      c,
      await keyedHive(c)
        .workspace()
        .definitions(c.req.query("name") ?? ""),
    ),
  )
  .get("/:hive/workspace/callers", async (c) =>
    answer(
      c,
      await keyedHive(c)
        .workspace()
        .callers(c.req.query("name") ?? ""),
    ),
  )
  .get("/:hive/workspace/imports", async (c) =>
    answer(
      c,
      await keyedHive(c)
        .workspace()
        .imports(c.req.query("path") ?? ""),
    ),
  )
  .get("/:hive/workspace/unreachable", async (c) => {
    const entries = c.req.queries("entry");
    return answer(
      c,
      await keyedHive(c)
        .workspace()
        .unreachable(entries && entries.length > 0 ? entries : undefined),
    );
  })
  .get("/:hive/workspace/missing", async (c) => answer(c, await keyedHive(c).workspace().missing()))
  .get("/:hive/workspace/stale", async (c) => answer(c, await keyedHive(c).staleArtifacts()))
  .post("/:hive/workspace/search", jsonBody(SearchRequestSchema), async (c) =>
    answer(c, await keyedHive(c).workspace().search(c.req.valid("json"))),
  )
  .get("/:hive/workspace/search", async (c) => {
    const topK = Number(c.req.query("k") ?? "10");
    return answer(
      c,
      await keyedHive(c)
        .workspace()
        .search({
          query: c.req.query("q") ?? "",
          topK: Number.isInteger(topK) ? topK : 10,
          ...(c.req.query("prefix") === undefined ? {} : { pathPrefix: c.req.query("prefix") }),
        }),
    );
  });

export const WORKSPACE_ROUTES = {
  "POST /v1/hives/:hive/workspace/files":
    "write files {files:[{path, content, encoding?}|{path, delete}], expectedVersion?, message?}",
  "PUT /v1/hives/:hive/workspace/file?path=": "write one file (raw body) ?expectedVersion&message",
  "PATCH /v1/hives/:hive/workspace/file":
    "exact-text edits {path, edits:[{oldText,newText}], baseHash?, expectedVersion?}",
  "DELETE /v1/hives/:hive/workspace/file?path=": "delete a file (a new version)",
  "GET /v1/hives/:hive/workspace/file?path=&version=":
    "a file's bytes at a version (head, number or manifest id)",
  "GET /v1/hives/:hive/workspace/manifests": "manifest history ?limit&before",
  "GET /v1/hives/:hive/workspace/manifests/:ref":
    "a manifest (path -> hash) by version, id or head; ?after=<next>&limit= pages",
  "POST /v1/hives/:hive/workspace/configure": "roots and entry points {roots?, entries?}",
  "GET /v1/hives/:hive/workspace/status":
    "head, index queue, L3 backend, files with index problems",
  "GET /v1/hives/:hive/workspace/symbols?path=": "definitions of a file and its index report",
  "GET /v1/hives/:hive/workspace/definitions?name=": "where a symbol is defined",
  "GET /v1/hives/:hive/workspace/callers?name=": "call sites resolved to a symbol",
  "GET /v1/hives/:hive/workspace/imports?path=": "what a file imports, resolved",
  "GET /v1/hives/:hive/workspace/unreachable?entry=": "files no entry point reaches",
  "GET /v1/hives/:hive/workspace/missing": "imports that resolve to nothing",
  "GET /v1/hives/:hive/workspace/stale": "artifacts whose cited code changed",
  "POST /v1/hives/:hive/workspace/search":
    "hybrid L3 search {query, topK?, pathPrefix?} (GET ?q&k&prefix too)",
} as const;
