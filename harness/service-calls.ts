// Lethe's own model calls as a test upstream sees them: the router's
// classification and the compressor's map and reduce calls reach whatever
// LETHE_MODEL_BASE_URL names, like the agent's. They are recognised by the first
// line of their system message, and answered with the local endpoint's policy,
// so an upstream written to play the agent still serves a whole cluster.
// A stand-in, not a language model.
import type { ServerResponse } from "node:http";
import { ROUTER_MARKER, SUMMARISE_MARKER } from "../shared/model/contracts.ts";
import { localModelFetch } from "./local-model-fetch.ts";

/** What a service call is for: its marker, or null for any other request (the agent's). */
export function serviceCallMarker(body: unknown): string | null {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) {
    return null;
  }
  const system = messages.find(
    (m): m is { role: "system"; content: string } =>
      typeof m === "object" &&
      m !== null &&
      (m as { role?: unknown }).role === "system" &&
      typeof (m as { content?: unknown }).content === "string",
  );
  const first = system?.content.split("\n", 1)[0]?.trim();
  return first === ROUTER_MARKER || first === SUMMARISE_MARKER ? first : null;
}

const standIn = localModelFetch();

/** Answers a chat request on `res` as the local endpoint would (status, type and body). */
export async function answerWithStandIn(body: unknown, res: ServerResponse): Promise<void> {
  const answer = await standIn(
    new Request("http://stand-in/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  res.writeHead(answer.status, {
    "content-type": answer.headers.get("content-type") ?? "application/json",
  });
  res.end(await answer.text());
}
