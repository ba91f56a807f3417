// The demo's and the benches' gateway client with a hive key: the typed client
// (packages/client) behind the small `call` interface they drive the cluster with.
import { Lethe } from "../../packages/client/lethe.ts";

export interface Api {
  client: Lethe;
  call(method: "GET" | "POST", route: string, body?: unknown): Promise<Record<string, unknown>>;
}

export function api(url: string, key: string): Api {
  const client = new Lethe({ url, key });
  return {
    client,
    async call(method, route, body) {
      try {
        return await client.request<Record<string, unknown>>(method, route, body);
      } catch (error) {
        const e = error as { code?: string; message?: string };
        throw new Error(`${method} ${route}: ${e.code ?? "ERROR"} ${e.message ?? ""}`);
      }
    },
  };
}
