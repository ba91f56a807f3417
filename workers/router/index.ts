// The router Worker: picks the tools a step needs by intent. Called by the
// gateway and AgentSession over a service binding with typed RPC.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ComponentHealth } from "../../shared/health.ts";

export default class Router extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding: answered by this Worker's own isolate. */
  async health(): Promise<ComponentHealth> {
    return { component: "router", ok: true, detail: { entrypoint: "Router" } };
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_PUBLIC", message: "the router is reached through the gateway" } },
      { status: 404 },
    );
  }
}
