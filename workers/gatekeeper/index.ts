// The gatekeeper Worker: admits or refuses every move and gates every tool
// output. Called by the gateway and AgentSession over typed RPC.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ComponentHealth } from "../../shared/health.ts";

export default class Gatekeeper extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding: answered by this Worker's own isolate. */
  async health(): Promise<ComponentHealth> {
    return { component: "gatekeeper", ok: true, detail: { entrypoint: "Gatekeeper" } };
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_PUBLIC", message: "the gatekeeper is reached through the gateway" } },
      { status: 404 },
    );
  }
}
