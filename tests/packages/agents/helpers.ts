// Shared by the lethe/agents tests: Lethe inside a Miniflare of its own
// (lethe/testing) and a connection whose fetch goes straight to its gateway.
import type { LetheConnection } from "../../../packages/agents/lethe-api.ts";
import type { LetheInMiniflare } from "../../../packages/testing/miniflare.ts";

export function connectionOf(lethe: LetheInMiniflare, hive: string, key: string): LetheConnection {
  return {
    hive,
    key,
    binding: {
      fetch: (input, init) => lethe.gateway(new URL(input).pathname + new URL(input).search, init),
    },
  };
}

/** Saves one fact to the hive, as an agent would. */
export async function saveFact(
  connection: LetheConnection,
  identifier: string,
  value: string,
  source: string,
): Promise<void> {
  const response = await connection.binding.fetch(
    `http://lethe/v1/hives/${connection.hive}/artifacts`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${connection.key}`, "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: `put-${identifier}-${value.length}-${crypto.randomUUID()}`,
        artifact: {
          identifier,
          kind: "fact",
          value,
          summary: `${identifier} is ${value}`,
          provenance: { session: "s-test", agent: "tester", step: 1, source },
        },
      }),
    },
  );
  if (response.status >= 300) {
    throw new Error(`saving ${identifier}: ${response.status} ${await response.text()}`);
  }
}
