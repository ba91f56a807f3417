// The local model endpoint Worker: an OpenAI-compatible /v1/chat/completions and
// /v1/embeddings backed by a deterministic policy (a stand-in, not a model).
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ComponentHealth } from "../../shared/health.ts";

export default class Model extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding: answered by this Worker's own isolate. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "model",
      ok: true,
      detail: { entrypoint: "Model", kind: "deterministic-policy" },
    };
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_FOUND", message: "no route", hint: "POST /v1/chat/completions" } },
      { status: 404 },
    );
  }
}
