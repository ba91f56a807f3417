// The local model endpoint Worker: an OpenAI-compatible /v1/chat/completions
// (plain and SSE), /v1/embeddings and /v1/models backed by the deterministic
// policy of shared/model/ — a stand-in for offline use and tests, not a model —
// and RecordedWorkersAi, a stand-in of the Workers AI binding bound as `AI`.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ComponentHealth } from "../../shared/health.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import {
  completeChat,
  completionChunks,
  createEmbeddings,
  listModels,
  openAIError,
  POLICY_FINGERPRINT,
  type OpenAIErrorBody,
} from "./endpoint.ts";
import { RecordedWorkersAi as RecordedAnswers } from "./recorded-workers-ai.ts";
import { SCRIPT_HEADER, SCRIPT_INDEX_HEADER } from "../../shared/model/script.ts";
import { trimEndRun } from "../../shared/base/text-edges.ts";

const log = createLogger("model");

/** Request bodies past this are refused: the gateway caps /v1/* at 1 MiB, direct callers get a little more room. */
// Not exported: a Worker's main module may export only handlers and entrypoints.
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

function errorResponse(status: number, body: OpenAIErrorBody): Response {
  return Response.json(body, { status });
}

/**
 * The answer when the caller went away (request.signal aborted, which the
 * `enable_request_signal` flag turns on): the work stops before the policy or the
 * embedder runs. Nobody reads the 499; it is logged as `request.client_gone`.
 */
function clientGone(request: Request, path: string): Response | null {
  if (!request.signal.aborted) {
    return null;
  }
  log.info("request.client_gone", { path });
  const e = openAIError(
    499,
    "client_gone",
    "the caller closed the connection before the answer was computed",
    "nothing to do: the work stopped because nobody waits for it",
  );
  return errorResponse(e.status, e.body);
}

async function readJson(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_REQUEST_BYTES) {
    const e = openAIError(413, "payload_too_large", `the body exceeds ${MAX_REQUEST_BYTES} bytes`);
    return { ok: false, response: errorResponse(e.status, e.body) };
  }
  const text = await request.text();
  if (text.length > MAX_REQUEST_BYTES) {
    const e = openAIError(413, "payload_too_large", `the body exceeds ${MAX_REQUEST_BYTES} bytes`);
    return { ok: false, response: errorResponse(e.status, e.body) };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Answered as a typed 400: the caller sent something that is not JSON.
    const e = openAIError(
      400,
      "bad_json",
      "the request body is not valid JSON",
      "send a JSON object",
    );
    return { ok: false, response: errorResponse(e.status, e.body) };
  }
}

function sseResponse(chunks: readonly object[]): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) {
        controller.enqueue(encoder.encode("data: [DONE]\n\n"));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
  });
}

async function chat(request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body.ok) {
    return body.response;
  }
  const gone = clientGone(request, "/v1/chat/completions");
  if (gone !== null) {
    return gone;
  }
  const outcome = completeChat(body.value, {
    header: request.headers.get(SCRIPT_HEADER),
    indexHeader: request.headers.get(SCRIPT_INDEX_HEADER),
  });
  if (!outcome.ok) {
    return errorResponse(outcome.status, outcome.body);
  }
  const { completion, stream, includeUsage } = outcome.value;
  return stream
    ? sseResponse(completionChunks(completion, includeUsage))
    : Response.json(completion);
}

async function embeddings(request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body.ok) {
    return body.response;
  }
  const gone = clientGone(request, "/v1/embeddings");
  if (gone !== null) {
    return gone;
  }
  const outcome = createEmbeddings(body.value);
  return outcome.ok ? Response.json(outcome.value) : errorResponse(outcome.status, outcome.body);
}

const ROUTES: Record<string, { method: string; handle: (request: Request) => Promise<Response> }> =
  {
    "/v1/chat/completions": { method: "POST", handle: chat },
    "/v1/embeddings": { method: "POST", handle: embeddings },
    "/v1/models": { method: "GET", handle: async () => Response.json(listModels()) },
  };

export default class Model extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding: answered by this Worker's own isolate. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "model",
      ok: true,
      detail: { entrypoint: "Model", kind: "deterministic-policy", policy: POLICY_FINGERPRINT },
    };
  }

  override async fetch(request: Request): Promise<Response> {
    // The gateway serves this endpoint under /v1/model (DEFAULT_BASE_URL); both spellings route here.
    const path = trimEndRun(new URL(request.url).pathname, "/").replace(/^\/v1\/model\//, "/v1/");
    const route = ROUTES[path];
    if (!route) {
      const e = openAIError(
        404,
        "not_found",
        `no route for ${path}`,
        "POST /v1/chat/completions, POST /v1/embeddings, GET /v1/models",
      );
      return errorResponse(e.status, e.body);
    }
    if (request.method !== route.method) {
      const e = openAIError(405, "method_not_allowed", `${path} takes ${route.method}`);
      return errorResponse(e.status, e.body);
    }
    try {
      return await route.handle(request);
    } catch (error) {
      // A caller that resets mid-body fails the body read: that is its leaving, not a fault.
      const gone = clientGone(request, path);
      if (gone !== null) {
        return gone;
      }
      log.error("request.failed", { path, ...describeError(error) });
      const e = openAIError(
        500,
        "internal",
        "the local model endpoint failed",
        "see the model Worker's log",
      );
      return errorResponse(e.status, e.body);
    }
  }
}

/**
 * A stand-in of the Workers AI binding for clusters with no Workers AI (Workers AI
 * has no local version): bound as `AI` (`serviceBindings: { AI: { name:
 * "lethe-model", entrypoint: "RecordedWorkersAi" } }`), it answers `run` from the
 * recordings in its WORKERS_AI_RECORDINGS binding and refuses any other request.
 */
export class RecordedWorkersAi extends WorkerEntrypoint<Cloudflare.Env> {
  async run(
    model: string,
    inputs: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<unknown> {
    const recordings = (this.env as { WORKERS_AI_RECORDINGS?: unknown }).WORKERS_AI_RECORDINGS;
    const answers = new RecordedAnswers(Array.isArray(recordings) ? recordings : []);
    return answers.run(model, inputs, options);
  }
}
