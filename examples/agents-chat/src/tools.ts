// The example's one tool: a service directory lookup with a bulky answer
// (records plus recent log lines), the kind of output that fills a context.
export const LOOKUP_TOOL = {
  type: "function" as const,
  function: {
    name: "lookup_service",
    description: "Look up a service in the directory: its port, owner and recent logs.",
    parameters: {
      type: "object",
      properties: { name: { type: "string", description: "the service name" } },
      required: ["name"],
    },
  },
};

/** A deterministic record for `name`: the port is derived from the name. */
export function lookupService(name: string): {
  name: string;
  port: number;
  owner: string;
  logs: string[];
} {
  let hash = 0;
  for (const c of name) {
    hash = (hash * 31 + c.charCodeAt(0)) % 50_000;
  }
  return {
    name,
    port: 10_000 + hash,
    owner: `team-${name.length % 5}`,
    logs: Array.from(
      { length: 12 },
      (_, i) =>
        `2026-11-23T10:${String(i).padStart(2, "0")}:00Z ${name} served request ${i * 7} in ${(i * 13) % 97} ms`,
    ),
  };
}
