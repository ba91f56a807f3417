// The multi-step, multi-tool task the proxy's acceptance tests give real clients:
// a large config whose one needed fact sits in its middle, checks that push it out
// of the verbatim tail, then a deploy that needs the fact (reached through a ref).
export const DEPLOY_PORT = "48213";

export const TASK_PROMPT = [
  "Deploy the service.",
  "PLAN: lookup_config, check_disk, check_dns, check_certs, check_queue, deploy",
  "NEED deploy.port FROM /deploy_port=(\\d+)/",
].join("\n");

/** ~25,000 characters of settings with the deploy port in the middle. */
export function configText(): string {
  const lines: string[] = [];
  for (let i = 0; i < 400; i++) {
    lines.push(`setting_${i}=value-${(i * 7919) % 10007} # tuning knob ${i} for the scheduler`);
    if (i === 200) {
      lines.push(`deploy_port=${DEPLOY_PORT}`);
    }
  }
  return lines.join("\n");
}

export interface TaskTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run(args: Record<string, unknown>): string;
}

const none = { type: "object", properties: {}, required: [], additionalProperties: false };
const check = (name: string, what: string): TaskTool => ({
  name,
  description: `check the ${what}`,
  parameters: none,
  run: () => `${what}: ok (${"checked ".repeat(20).trim()})`,
});

export const TASK_TOOLS: TaskTool[] = [
  {
    name: "lookup_config",
    description: "read the service's configuration",
    parameters: none,
    run: configText,
  },
  check("check_disk", "disk"),
  check("check_dns", "dns"),
  check("check_certs", "certificates"),
  check("check_queue", "queue"),
  {
    name: "deploy",
    description: "deploy the service on a port",
    parameters: {
      type: "object",
      properties: { port: { type: "string" } },
      required: ["port"],
      additionalProperties: false,
    },
    run: (args) =>
      args.port === DEPLOY_PORT
        ? `RESULT: deployed on port ${DEPLOY_PORT}`
        : `RESULT: refused, ${String(args.port)} is not the configured port`,
  },
];
