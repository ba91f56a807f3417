// The gatekeeper Worker: admits or refuses every move and compiles firewalls
// (the output gate runs inside AgentSession, next to its tokenizer). Called by the
// gateway, the Hive and AgentSession over typed RPC; every method
// answers a Result value, never a thrown error.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { Admission } from "../../shared/gatekeeper/admit.ts";
import type { FirewallLoadError } from "../../shared/gatekeeper/firewall.ts";
import {
  GatekeeperService,
  type AdmitErrorCode,
  type AdmitRequest,
  type FirewallSummary,
} from "../../shared/gatekeeper/service.ts";
import type { ComponentHealth } from "../../shared/health.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { err, type Result } from "../../shared/base/result.ts";

const log = createLogger("gatekeeper");
// One per isolate: compiled firewalls and parsed skills are reused across requests.
const service = new GatekeeperService();

/** Any unexpected throw becomes a typed INTERNAL value; the details stay in the log. */
async function guarded<T, C extends string>(
  method: string,
  run: () => Result<T, C> | Promise<Result<T, C>>,
): Promise<Result<T, C | "INTERNAL">> {
  try {
    return await run();
  } catch (error) {
    log.error("rpc.failed", { method, ...describeError(error) });
    return err(
      "INTERNAL",
      `the gatekeeper failed while handling ${method}`,
      "retry; if it persists, check the gatekeeper's logs",
    );
  }
}

export default class Gatekeeper extends WorkerEntrypoint<Cloudflare.Env> {
  /** Liveness across the binding: answered by this Worker's own isolate. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "gatekeeper",
      ok: true,
      detail: { entrypoint: "Gatekeeper", firewalls: service.firewalls.size },
    };
  }

  /** Decides one move: `{ verdict, state }`; persist the returned state for the next call. */
  async admit(
    request: AdmitRequest,
  ): Promise<Result<Admission, AdmitErrorCode | "INTERNAL"> | FirewallLoadError> {
    return guarded("admit", () => service.admit(request));
  }

  /** Validates and compiles a firewall.yaml; errors list every problem with its line. */
  async loadFirewall(
    yamlText: string,
  ): Promise<
    Result<FirewallSummary, "FIREWALL_INVALID" | "BAD_REQUEST" | "INTERNAL"> | FirewallLoadError
  > {
    return guarded("loadFirewall", () => service.loadFirewall(yamlText));
  }

  override async fetch(): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_PUBLIC", message: "the gatekeeper is reached through the gateway" } },
      { status: 404 },
    );
  }
}
