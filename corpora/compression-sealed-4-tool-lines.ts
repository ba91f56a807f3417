// The update forms of the sealed-4 compression family (corpora/compression-sealed-4.ts) and
// the statements it plants inside tool output: a terraform plan line, a kubectl describe
// annotation, a flag-service JSON field, a settings-table row, a ticket field and a log line.
import type { ChatMessage } from "../shared/context/messages.ts";
import { SPEAKERS } from "./compression-sealed-4-chat.ts";
import type { PlantedFact } from "./compression-sealed-4-facts.ts";
import { hex, int, pick, type Rng } from "./compression-sealed-4-rng.ts";

/** Every form an update can take; the family's test checks each is planted over five seeds. */
export const UPDATE_FORMS = [
  "restated",
  "now",
  "paraphrase",
  "correction",
  "revert",
  "relayed",
  "overruled",
  "unit",
  "terraform-plan",
  "kubectl-describe",
  "flag-json",
  "metrics-row",
  "ticket-field",
  "log-line",
] as const;
export type UpdateForm = (typeof UPDATE_FORMS)[number];
export type ToolForm = Extract<
  UpdateForm,
  "terraform-plan" | "kubectl-describe" | "flag-json" | "metrics-row" | "ticket-field" | "log-line"
>;
const TOOL_FORMS: readonly ToolForm[] = [
  "terraform-plan",
  "kubectl-describe",
  "flag-json",
  "metrics-row",
  "ticket-field",
  "log-line",
];
export const isToolForm = (f: string): f is ToolForm =>
  (TOOL_FORMS as readonly string[]).includes(f);

/** A rendered event: its messages and, when it states a value, the line and its message. */
export interface Block {
  messages: ChatMessage[];
  /** Index in `messages` of the message holding `sentence`. */
  at: number;
  sentence: string;
}

/** What rendering needs besides the fact: randomness and fresh tool-call ids. */
export interface RenderContext {
  rnd: Rng;
  callId: () => string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s + " ".repeat(n - s.length));

/** The tool output carrying `s` = `v` in one line, and the tool call that printed it. */
function toolOutput(rnd: Rng, form: ToolForm, f: PlantedFact, s: string, v: string) {
  const svc = f.svc;
  const who = pick(rnd, SPEAKERS).toLowerCase();
  switch (form) {
    case "terraform-plan": {
      const line = `+ "${s}" = "${v}"`;
      const output = [
        `Refreshing state... [id=${svc}-runtime]`,
        "",
        "Terraform will perform the following actions:",
        "",
        `  # aws_appconfig_hosted_configuration_version.${svc}_runtime must be replaced`,
        `-/+ resource "aws_appconfig_hosted_configuration_version" "${svc}_runtime" {`,
        `      ~ content                  = jsonencode(`,
        `          ~ {`,
        `              ${line}`,
        `                # (${int(rnd, 4, 9)} unchanged attributes hidden)`,
        `            }`,
        `        )`,
        `      ~ id                       = "${hex(rnd, 7)}/${hex(rnd, 7)}/${int(rnd, 10, 90)}" -> (known after apply)`,
        `      ~ version_number           = ${int(rnd, 10, 90)} -> (known after apply)`,
        `        # (3 unchanged attributes hidden)`,
        `    }`,
        "",
        "Plan: 1 to add, 0 to change, 1 to destroy.",
      ];
      return {
        tool: "terraform",
        args: { command: "plan", dir: `envs/prod/${svc}` },
        output,
        line,
      };
    }
    case "kubectl-describe": {
      const line = `kubernetes.io/change-cause: set ${s} to ${v} (CHG-${int(rnd, 1000, 9999)})`;
      const output = [
        `Name:                   ${svc}-api`,
        `Namespace:              ${svc}`,
        `CreationTimestamp:      Tue, 04 Mar 2025 10:12:44 +0000`,
        `Labels:                 app=${svc}-api`,
        `Annotations:            deployment.kubernetes.io/revision: ${int(rnd, 20, 190)}`,
        `                        ${line}`,
        `Selector:               app=${svc}-api`,
        `StrategyType:           RollingUpdate`,
        `RollingUpdateStrategy:  0 max unavailable, 25% max surge`,
        `Pod Template:`,
        `  Labels:           app=${svc}-api`,
        `  Service Account:  ${svc}-api`,
        `  Containers:`,
        `   api:`,
        `    Image:      registry.internal/${svc}-api:${hex(rnd, 7)}`,
        `    Port:       8080/TCP`,
        `Conditions:`,
        `  Type           Status  Reason`,
        `  ----           ------  ------`,
        `  Available      True    MinimumReplicasAvailable`,
        `  Progressing    True    NewReplicaSetAvailable`,
        `NewReplicaSet:   ${svc}-api-${hex(rnd, 9)}`,
        `Events:`,
        `  Type    Reason             Age   From                   Message`,
        `  Normal  ScalingReplicaSet  ${int(rnd, 2, 9)}m    deployment-controller  Scaled up replica set ${svc}-api-${hex(rnd, 9)}`,
      ];
      return {
        tool: "kubectl",
        args: { command: `describe deployment ${svc}-api -n ${svc}` },
        output,
        line,
      };
    }
    case "flag-json": {
      const line = `"${s}": "${v}",`;
      const output = [
        "{",
        `  "key": "${svc}-runtime-config",`,
        `  "kind": "json",`,
        `  "environment": "production",`,
        `  "version": ${int(rnd, 20, 400)},`,
        `  "value": {`,
        `    "log_sampling": 0.0${int(rnd, 1, 9)},`,
        `    ${line}`,
        `    "shadow_reads": ${rnd() < 0.5 ? "true" : "false"},`,
        `    "serializer": "${pick(rnd, ["protobuf", "json", "msgpack"])}"`,
        `  },`,
        `  "lastModified": "2026-11-23T${int(rnd, 10, 23)}:${int(rnd, 10, 59)}:00Z",`,
        `  "maintainer": "${who}@acme.dev"`,
        "}",
      ];
      return {
        tool: "flags",
        args: { action: "get", flag: `${svc}-runtime-config` },
        output,
        line,
      };
    }
    case "metrics-row": {
      const line = `${pad(s, 46)}${pad(v, 14)}${pad(pick(rnd, ["helm values", "runtime config", "terraform"]), 16)}${who}`;
      const filler = (
        [
          ["log_level", ["info", "warn", "debug"]],
          ["gc_mode", ["default", "aggressive"]],
          ["http_keepalive", ["on", "off"]],
          ["tls_profile", ["modern", "intermediate"]],
        ] as const
      ).map(
        ([k, vs]) => `${pad(k, 46)}${pad(pick(rnd, vs), 14)}${pad("helm values", 16)}deploy-bot`,
      );
      const output = [
        `${pad("setting", 46)}${pad("value", 14)}${pad("source", 16)}changed_by`,
        line,
        ...filler,
      ];
      return {
        tool: "metrics_query",
        args: { query: `ops_setting_info{service="${svc}"}`, format: "table" },
        output,
        line: line.trim(),
      };
    }
    case "ticket-field": {
      const line = `${who} set field "${s}" to ${v}`;
      const output = [
        `CHG-${int(rnd, 1000, 9999)}  [implementing]  ${cap(svc)} settings change during the incident`,
        `requester: ${who}   approver: ${pick(rnd, SPEAKERS).toLowerCase()}   risk: medium`,
        `linked: INC-${int(rnd, 4000, 4999)}`,
        "history:",
        `  ${who} opened the change`,
        `  ${pick(rnd, SPEAKERS).toLowerCase()} approved`,
        `  ${line}`,
        `  ${who} moved status to implementing`,
      ];
      return {
        tool: "pager",
        args: { action: "ticket", id: "latest-change", service: svc },
        output,
        line,
      };
    }
    case "log-line": {
      const line = `level=info ts=${int(rnd, 1764000000, 1764090000)} component=config-agent msg="applied ${s} = ${v}" rev=${hex(rnd, 7)}`;
      const noise = () =>
        `level=${pick(rnd, ["info", "debug"])} ts=${int(rnd, 1764000000, 1764090000)} component=config-agent msg="${pick(rnd, ["watch resumed", "reconcile finished", "no drift detected", "lease renewed"])}" rev=${hex(rnd, 7)}`;
      const output = [noise(), noise(), line, noise(), noise()];
      return {
        tool: "logs_grep",
        args: { service: "config-agent", pattern: svc, since: "30m" },
        output,
        line,
      };
    }
  }
}

const TOOL_ASKS: Record<ToolForm, (s: string, svc: string) => string> = {
  "terraform-plan": (s) => `Let's stop the drift: put the ${s} in terraform and show me the plan.`,
  "kubectl-describe": (_s, svc) =>
    `Describe the ${svc} api deployment, I want to see what the last rollout recorded.`,
  "flag-json": (_s, svc) => `What is the ${svc} runtime config flag serving right now?`,
  "metrics-row": (_s, svc) =>
    `Query the effective settings for ${svc}; I don't trust the values file.`,
  "ticket-field": (_s, svc) =>
    `Open the latest change ticket for ${svc}, did they record the setting?`,
  "log-line": (_s, svc) =>
    `Grep the config agent for ${svc}, did the setting actually get applied?`,
};

/** A statement inside tool output: the ask, the call, the output and the agent's note. */
export function toolBlock(
  ctx: RenderContext,
  form: ToolForm,
  f: PlantedFact,
  s: string,
  v: string,
): Block {
  const { rnd } = ctx;
  const run = toolOutput(rnd, form, f, s, v);
  const id = ctx.callId();
  const call: ChatMessage = {
    role: "assistant",
    content: rnd() < 0.5 ? null : "Checking.",
    tool_calls: [
      { id, type: "function", function: { name: run.tool, arguments: JSON.stringify(run.args) } },
    ],
  };
  const note = pick(rnd, [
    `There it is, the ${s} entry is in the output.`,
    `That's the ${s} as the ${run.tool} tool reports it.`,
    `The ${s} line is the one we care about; the rest is unchanged.`,
  ]);
  return {
    messages: [
      user(TOOL_ASKS[form](s, f.svc)),
      call,
      { role: "tool", tool_call_id: id, content: run.output.join("\n") },
      assistant(note),
    ],
    at: 2,
    sentence: run.line,
  };
}
