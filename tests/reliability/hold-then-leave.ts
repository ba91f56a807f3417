// A proxy request held by the recording model endpoint, left by its client with a
// TCP reset or a FIN once the model call is under way, and when the cluster closed
// that model call (tests/reliability/model-endpoint.test.ts, issue 42 item 2).
import { createHiveKey } from "../../cli/commands/hive.ts";
import { E2E_ADMIN_TOKEN } from "../e2e/helpers.ts";
import { HOLD_PREFIX, type RecordingEndpoint } from "./recording-endpoint.ts";
import { postOverRawSocket } from "./reset-client.ts";

export interface LeaveOutcome {
  modelCallStarted: boolean;
  answeredBeforeLeaving: boolean;
  /** ms from the client leaving to the model call closing; null when it was still open. */
  modelCallClosedAfterMs: number | null;
}

/**
 * Opens a held proxy request on `base` over a raw socket, leaves with a reset or a
 * FIN once the model call is under way, and measures when the cluster closed the
 * model call: null when it was still open `waitMs` later.
 */
export async function holdProxyThenLeave(
  clusterUrl: string,
  endpoint: RecordingEndpoint,
  base: string,
  leave: "reset" | "fin",
  waitMs: number,
): Promise<LeaveOutcome> {
  const hive = `cancel-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await createHiveKey(clusterUrl, E2E_ADMIN_TOKEN, hive, "cancel");
  const hold = `${HOLD_PREFIX}${crypto.randomUUID().replaceAll("-", "")}`;
  const client = await postOverRawSocket(
    `${base}/v1/chat/completions`,
    { authorization: `Bearer ${key}` },
    JSON.stringify({
      model: "lethe-local",
      messages: [{ role: "user", content: `Answer slowly. ${hold}` }],
    }),
  );
  // The model call is under way (the endpoint holds it) before the client goes away.
  const heldBy = Date.now() + 60_000;
  while (!endpoint.held.some((h) => h.marker === hold) && Date.now() < heldBy) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const held = endpoint.held.find((h) => h.marker === hold);
  await new Promise((r) => setTimeout(r, 300));
  const leftAt = Date.now();
  if (leave === "reset") {
    client.reset();
  } else {
    client.end();
  }
  const closedBy = Date.now() + waitMs;
  while (held !== undefined && held.closedAt === null && Date.now() < closedBy) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    modelCallStarted: held !== undefined,
    answeredBeforeLeaving: client.received().length > 0,
    modelCallClosedAfterMs:
      held === undefined || held.closedAt === null ? null : held.closedAt - leftAt,
  };
}
