// Saving a fact to the hive from an `agents` Worker: what a tool result taught
// the agent becomes an artifact with provenance, which every agent of the hive
// then sees in its artifacts block (context-blocks.ts).
import { letheCall, type LetheConnection } from "./lethe-api.ts";

export interface FactInput {
  identifier: string;
  value: string | number | boolean;
  summary: string;
  /** Where it was read, e.g. "tool:lookup_service#call_12". */
  source: string;
  session: string;
  agent: string;
  step: number;
}

/** Puts one `fact` artifact (idempotent per identifier, value and source). */
export async function letheSaveFact(
  connection: LetheConnection,
  fact: FactInput,
): Promise<{ version: number }> {
  const idempotencyKey = `agents-${fact.identifier}-${fact.source}`
    .slice(0, 128)
    .replace(/[^\w.:/-]/g, "_");
  const saved = await letheCall<{ artifact?: { version: number }; version?: number }>(
    connection,
    "POST",
    `/v1/hives/${encodeURIComponent(connection.hive)}/artifacts`,
    {
      idempotencyKey,
      artifact: {
        identifier: fact.identifier,
        kind: "fact",
        value: fact.value,
        summary: fact.summary,
        provenance: {
          session: fact.session,
          agent: fact.agent,
          step: fact.step,
          source: fact.source,
        },
      },
    },
  );
  return { version: saved.artifact?.version ?? saved.version ?? 0 };
}
