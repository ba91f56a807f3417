// A minimal client for the gateway's JSON routes with a hive key: the demo and
// the benches drive the cluster through it. A non-2xx answer throws with its code.
export interface Api {
  call(method: string, route: string, body?: unknown): Promise<Record<string, unknown>>;
}

export function api(url: string, key: string): Api {
  return {
    async call(method, route, body) {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const parsed = (await response.json()) as Record<string, unknown>;
      if (!response.ok) {
        const error = parsed.error as { code?: string; message?: string } | undefined;
        throw new Error(
          `${method} ${route}: ${error?.code ?? response.status} ${error?.message ?? ""}`,
        );
      }
      return parsed;
    },
  };
}
