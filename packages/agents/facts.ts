// Saving a fact to the hive from an `agents` Worker: what a tool result taught
// the agent becomes an artifact with provenance, which every agent of the hive
// then sees in its artifacts block (context-blocks.ts). A fact learned again (the
// same lookup in a later turn, by this agent or another) is the newest reading: the
// same value keeps the version there, another value becomes the next version.
import { conflictOf, letheCall, type LetheConnection } from "./lethe-api.ts";

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

/**
 * Puts one `fact` artifact (idempotent per identifier, value and source); when the
 * identifier already has a version, an equal value is left as it is and another
 * value is written as the next version.
 */
export async function letheSaveFact(
  connection: LetheConnection,
  fact: FactInput,
): Promise<{ version: number }> {
  try {
    return await putFact(connection, fact, 0);
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict === undefined) {
      throw error;
    }
    if (conflict.currentValue === fact.value) {
      return { version: conflict.currentVersion };
    }
    return await putFact(connection, fact, conflict.currentVersion);
  }
}

/** One put of `fact` over version `expectedVersion` (0: the identifier is new). */
async function putFact(
  connection: LetheConnection,
  fact: FactInput,
  expectedVersion: number,
): Promise<{ version: number }> {
  const idempotencyKey =
    `${`agents-${fact.identifier}-${fact.source}`.slice(0, 116)}-v${expectedVersion}`.replace(
      /[^\w.:/-]/g,
      "_",
    );
  // The hive's commit result: the artifacts it wrote, this one among them.
  const saved = await letheCall<{ artifacts?: { identifier: string; version: number }[] }>(
    connection,
    "POST",
    `/v1/hives/${encodeURIComponent(connection.hive)}/artifacts`,
    {
      idempotencyKey,
      expectedVersion,
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
  const written = saved.artifacts?.find((a) => a.identifier === fact.identifier);
  return { version: written?.version ?? expectedVersion + 1 };
}
