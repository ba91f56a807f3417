// Evaluates a compiled Firewall against one move: deny list, then the most
// severe matching rule, then the per-tool action, the allow list, the default.
import type { CompiledRule, Firewall } from "./firewall.ts";
import type { FirewallAction } from "./firewall-schema.ts";
import { grantMatches } from "./permissions.ts";
import { testBounded } from "./safe-pattern.ts";

export interface FirewallDecision {
  action: FirewallAction;
  /** `deny[2]`, a rule id, `tools.send_email`, `allow[0]` or `default`. */
  id: string;
  line?: number;
  reason: string;
  hint: string;
}

const SEVERITY: Record<FirewallAction, number> = { ALLOW: 0, ASK: 1, BLOCK: 2 };

export function evaluateFirewall(
  firewall: Firewall,
  target: { service: string; method: string },
  args: unknown,
): FirewallDecision {
  const label = `${target.service}:${target.method}`;
  const denied = firewall.deny.findIndex((d) => grantMatches(d.grant, target));
  if (denied >= 0) {
    const entry = firewall.deny[denied];
    return {
      action: "BLOCK",
      id: `deny[${denied}]`,
      line: entry?.line,
      reason: `the hive's firewall denies ${label} (deny list: ${entry?.grant.source})`,
      hint: "this tool is not available in this hive; reach the goal with another tool or ask_human",
    };
  }
  let decided: CompiledRule | undefined;
  // Many rules test the same field: look each one up once per move.
  const fields = new Map<string, unknown[] | undefined>();
  const consider = (rules: readonly CompiledRule[] | undefined) => {
    for (const rule of rules ?? []) {
      if (
        (decided === undefined || SEVERITY[rule.action] > SEVERITY[decided.action]) &&
        grantMatches(rule.tool, target) &&
        ruleFires(rule, args, fields)
      ) {
        decided = rule;
      }
    }
  };
  consider(firewall.rulesByMethod.get(target.method));
  consider(firewall.wildcardRules);
  if (decided) {
    return fromRule(decided, label);
  }
  const tool =
    firewall.toolsByMethod.get(target.method) ??
    firewall.toolWildcards.find((t) => grantMatches(t.grant, target));
  if (tool) {
    return {
      action: tool.action,
      id: `tools.${tool.grant.source}`,
      line: tool.line,
      reason: `the hive's firewall sets ${label} to ${tool.action}`,
      hint: hintFor(tool.action),
    };
  }
  const allowed = firewall.allow.findIndex((a) => grantMatches(a.grant, target));
  if (allowed >= 0) {
    return {
      action: "ALLOW",
      id: `allow[${allowed}]`,
      line: firewall.allow[allowed]?.line,
      reason: `the hive's firewall allows ${label}`,
      hint: "",
    };
  }
  return {
    action: firewall.defaultAction,
    id: "default",
    line: firewall.defaultLine,
    reason: `no firewall rule names ${label}; the hive's default is ${firewall.defaultAction}`,
    hint: hintFor(firewall.defaultAction),
  };
}

function hintFor(action: FirewallAction): string {
  if (action === "BLOCK") {
    return "this tool is blocked in this hive; use another tool or ask_human for help";
  }
  return action === "ASK" ? "a person must approve this move; wait for the decision" : "";
}

function fromRule(rule: CompiledRule, label: string): FirewallDecision {
  const field = rule.field?.join(".") ?? "";
  const why =
    rule.reason ??
    `firewall rule ${rule.id} (${rule.action}) matches ${label}${field ? ` on ${field}` : ""}`;
  return {
    action: rule.action,
    id: rule.id,
    line: rule.line,
    reason: why,
    hint:
      rule.hint ??
      (rule.action === "BLOCK"
        ? `change ${field ? `\`${field}\`` : "the call"} so that rule ${rule.id} no longer matches, or ask_human`
        : hintFor(rule.action)),
  };
}

function fieldValues(args: unknown, field: readonly string[]): unknown[] | undefined {
  let value: unknown = args;
  for (const key of field) {
    if (
      value === null ||
      typeof value !== "object" ||
      Array.isArray(value) ||
      !Object.hasOwn(value, key)
    ) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return Array.isArray(value) ? value : [value];
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** All of the rule's conditions hold (each on any element of an array field). */
function ruleFires(
  rule: CompiledRule,
  args: unknown,
  fields: Map<string, unknown[] | undefined>,
): boolean {
  if (!rule.field) {
    return true;
  }
  const key = rule.field.join(".");
  let values = fields.get(key);
  if (values === undefined && !fields.has(key)) {
    values = fieldValues(args, rule.field);
    fields.set(key, values);
  }
  if (values === undefined || values.length === 0) {
    return false;
  }
  // Over-long values cannot be matched in bounded time: restrictive rules fire
  // on them (fail closed), ALLOW rules do not.
  const unknownFires = rule.action !== "ALLOW";
  const any = (test: (text: string) => boolean | undefined) =>
    values.some((v) => test(asText(v)) ?? unknownFires);
  const matches = rule.matches;
  const notMatches = rule.notMatches;
  const inSet = rule.in;
  const notIn = rule.notIn;
  return (
    (matches === undefined || any((t) => testBounded(matches, t))) &&
    (notMatches === undefined || any((t) => invert(testBounded(notMatches, t)))) &&
    (inSet === undefined || any((t) => inSet.has(t))) &&
    (notIn === undefined || any((t) => !notIn.has(t)))
  );
}

function invert(value: boolean | undefined): boolean | undefined {
  return value === undefined ? undefined : !value;
}
