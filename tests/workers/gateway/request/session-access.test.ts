// RPCs per session request, counted on the real AgentSession binding: an id that
// carries its hive costs one RPC (the route's own), a legacy id one more (the lookup);
// another hive's session answers like a missing one on every route, observe ones included.
import { env } from "cloudflare:workers";
import { beforeAll, describe, it } from "vitest";
import { newSessionId } from "../../../../shared/contracts/session-id.ts";
import { SessionConfigSchema } from "../../../../shared/session/config.ts";
import { app } from "../../../../workers/gateway/app.ts";
import { createHiveKey } from "../../../../workers/gateway/request/auth.ts";

let key = "";
let otherKey = "";

beforeAll(async () => {
  key = (await createHiveKey(env.DB, "rpc-count", "test")).key;
  otherKey = (await createHiveKey(env.DB, "rpc-other", "test")).key;
});

/** The gateway with an AgentSession binding that records every RPC method called. */
function countingGateway() {
  const calls: string[] = [];
  const sessions = {
    getByName(name: string) {
      const stub = env.AgentSession.getByName(name);
      return new Proxy(stub, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property);
          if (typeof value !== "function" || typeof property !== "string") {
            return value;
          }
          return (...args: unknown[]) => {
            calls.push(property);
            return Reflect.apply(value, target, args);
          };
        },
      });
    },
  };
  const counted = new Proxy(env, {
    get: (target, property) =>
      property === "AgentSession" ? sessions : Reflect.get(target, property),
  });
  const request = async (path: string, as = key) => {
    calls.length = 0;
    const response = await app.request(
      `http://lethe.test/v1/sessions/${path}`,
      { headers: { authorization: `Bearer ${as}` } },
      counted,
    );
    return { status: response.status, body: await response.text(), rpcs: [...calls] };
  };
  return { request };
}

const ROUTES = ["state", "checkpoints", "timeline", "transcript", "storage", "trace", "envelope"];

describe("session requests", () => {
  it("take one RPC when the id carries its hive, two for a legacy id", async ({ expect }) => {
    const gateway = countingGateway();
    const config = SessionConfigSchema.parse({ hive: "rpc-count", mission: "m" });
    const addressed = newSessionId("rpc-count");
    const legacy = `s-${crypto.randomUUID()}`;
    for (const id of [addressed, legacy]) {
      expect((await env.AgentSession.getByName(id).init(config)).ok).toBe(true);
    }
    const counts: Record<string, [number, number]> = {};
    for (const route of ROUTES) {
      const direct = await gateway.request(`${addressed}/${route}`);
      const looked = await gateway.request(`${legacy}/${route}`);
      expect(direct.status, route).toBe(200);
      expect(looked.status, route).toBe(200);
      expect(direct.rpcs, route).toHaveLength(1);
      expect(looked.rpcs, route).toEqual(["describe", ...direct.rpcs]);
      counts[route] = [direct.rpcs.length, looked.rpcs.length];
    }
    console.log(`RPCs per session request [hive in id, legacy id]: ${JSON.stringify(counts)}`);
  });

  it("answer the same 404 for a missing session and another hive's, on every route", async ({
    expect,
  }) => {
    const gateway = countingGateway();
    const config = SessionConfigSchema.parse({ hive: "rpc-count", mission: "m" });
    const id = newSessionId("rpc-count");
    expect((await env.AgentSession.getByName(id).init(config)).ok).toBe(true);
    const missing = newSessionId("rpc-other");
    for (const route of [...ROUTES, "metrics", "steps", "spans"]) {
      const foreign = await gateway.request(`${id}/${route}`, otherKey);
      const absent = await gateway.request(`${missing}/${route}`, otherKey);
      expect(foreign.status, route).toBe(404);
      expect(foreign.body, route).toBe(absent.body);
      // Another hive's id is refused from its name alone: its session is never called.
      expect(foreign.rpcs, route).toEqual([]);
    }
  });
});
