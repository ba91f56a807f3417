// Factories shared by the AgentSession tests: configs, pages, sessions and steps.
import { env } from "cloudflare:workers";
import { SessionConfigSchema, type SessionConfigInput } from "../../shared/session/config.ts";
import type { SubmitStep } from "../../shared/session/step.ts";

export function makeConfig(overrides: Partial<SessionConfigInput> = {}) {
  return SessionConfigSchema.parse({ hive: "demo", mission: "find the timeout", ...overrides });
}

export function filePage(id: string, content: string, overrides: Record<string, unknown> = {}) {
  return { id, kind: "file" as const, sourceRef: `file:${id}`, content, ...overrides };
}

export async function newSession(overrides: Partial<SessionConfigInput> = {}) {
  const name = `s-${crypto.randomUUID()}`;
  const stub = env.AgentSession.getByName(name);
  const created = await stub.init(makeConfig(overrides));
  if (!created.ok) {
    throw new Error(created.message);
  }
  return { name, stub };
}

export async function step(stub: ReturnType<typeof env.AgentSession.getByName>, input: SubmitStep) {
  const result = await stub.step(input);
  if (!result.ok) {
    throw new Error(`${result.code}: ${result.message}`);
  }
  return result.value;
}

export const longText = (seed: string, n = 40) =>
  Array.from({ length: n }, (_, i) => `${seed} line ${i}: const value${i} = ${i * 7};`).join("\n");
