// Loads a hive's firewall.yaml into a compiled Firewall: YAML parsed with line
// positions, validated with zod, patterns compiled safely, rules indexed by tool.
// Called by the gatekeeper Worker (through FirewallCache) and by tests.
import { isNode, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { sha256Hex } from "../base/hash.ts";
import { err, ok, type Err, type Ok } from "../base/result.ts";
import {
  FirewallFileSchema,
  type FirewallAction,
  type FirewallRuleInput,
} from "./firewall-schema.ts";
import { MAX_FIREWALL_SIZE } from "../hive/firewall.ts";
import { parseGrant, type Grant } from "./permissions.ts";
import { compileSafePattern } from "./safe-pattern.ts";

export type FirewallErrorCode = "FIREWALL_INVALID";

export interface FirewallIssue {
  /** 1-based line in firewall.yaml; absent when the issue has no position (empty file). */
  line?: number;
  column?: number;
  /** Where in the document, e.g. rules[3].matches. */
  path: string;
  message: string;
}

export type FirewallLoadError = Err<FirewallErrorCode> & { issues: FirewallIssue[] };

export interface CompiledRule {
  id: string;
  line?: number;
  tool: Grant;
  action: FirewallAction;
  field?: readonly string[];
  matches?: RegExp;
  notMatches?: RegExp;
  in?: ReadonlySet<string>;
  notIn?: ReadonlySet<string>;
  reason?: string;
  hint?: string;
}

export interface LinedGrant {
  grant: Grant;
  line?: number;
}

export interface Firewall {
  /** sha256 of the file text: the cache key and the version a verdict was made under. */
  hash: string;
  defaultAction: FirewallAction;
  defaultLine?: number;
  askTimeoutMs: number;
  /** Per-tool actions, exact method names first. */
  toolsByMethod: ReadonlyMap<string, { grant: Grant; action: FirewallAction; line?: number }>;
  toolWildcards: readonly { grant: Grant; action: FirewallAction; line?: number }[];
  allow: readonly LinedGrant[];
  deny: readonly LinedGrant[];
  /** Rules whose tool names one method, indexed by it; the others in file order. */
  rulesByMethod: ReadonlyMap<string, readonly CompiledRule[]>;
  wildcardRules: readonly CompiledRule[];
  ruleCount: number;
}

type Path = readonly (string | number)[];

function pathText(path: Path): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc === "" ? key : `${acc}.${key}`),
    "",
  );
}

/** Line of the deepest node on `path` that exists (a missing key points at its parent). */
function lineOf(
  doc: Document,
  counter: LineCounter,
  path: Path,
): { line?: number; column?: number } {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) {
      const pos = counter.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return {};
}

function invalid(issues: FirewallIssue[]): FirewallLoadError {
  const lines = issues.map(
    (i) => `${i.line === undefined ? "" : `line ${i.line}: `}${i.path || "(file)"}: ${i.message}`,
  );
  return {
    ...err(
      "FIREWALL_INVALID",
      `firewall.yaml is invalid:\n${lines.join("\n")}`,
      "fix the lines above; docs/gatekeeper.md describes the format",
    ),
    issues,
  };
}

/**
 * Parses and compiles firewall.yaml. A failure lists every problem with its line
 * (`issues`), and refuses patterns that could backtrack catastrophically.
 */
export function loadFirewall(yamlText: string): Ok<Firewall> | FirewallLoadError {
  if (yamlText.length > MAX_FIREWALL_SIZE) {
    return invalid([
      { path: "", message: `the file is larger than ${MAX_FIREWALL_SIZE} characters` },
    ]);
  }
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, {
    lineCounter: counter,
    uniqueKeys: true,
    prettyErrors: true,
  });
  if (doc.errors.length > 0) {
    return invalid(
      doc.errors.map((e) => ({
        line: e.linePos?.[0].line,
        column: e.linePos?.[0].col,
        path: "",
        message: e.message.split("\n")[0] ?? e.message,
      })),
    );
  }
  const parsed = FirewallFileSchema.safeParse(doc.toJS({ maxAliasCount: 100 }) ?? {});
  if (!parsed.success) {
    return invalid(parsed.error.issues.map((issue) => issueAt(doc, counter, issue)));
  }
  const file = parsed.data;
  const issues: FirewallIssue[] = [];
  const rules: CompiledRule[] = [];
  file.rules.forEach((input, index) => {
    const compiled = compileRule(input, lineOf(doc, counter, ["rules", index]).line);
    if (compiled.ok) {
      rules.push(compiled.value);
    } else {
      const field = compiled.field;
      issues.push({
        ...lineOf(doc, counter, ["rules", index, field]),
        path: pathText(["rules", index, field]),
        message: compiled.message,
      });
    }
  });
  if (issues.length > 0) {
    return invalid(issues);
  }
  const lined = (key: "allow" | "deny") =>
    file[key].flatMap((text, index) => {
      const grant = parseGrant(text);
      return grant ? [{ grant, line: lineOf(doc, counter, [key, index]).line }] : [];
    });
  const toolsByMethod = new Map<string, { grant: Grant; action: FirewallAction; line?: number }>();
  const toolWildcards: { grant: Grant; action: FirewallAction; line?: number }[] = [];
  for (const [text, action] of Object.entries(file.tools)) {
    const grant = parseGrant(text);
    if (grant) {
      const entry = { grant, action, line: lineOf(doc, counter, ["tools", text]).line };
      if (grant.method === "*" || grant.service !== "*") {
        toolWildcards.push(entry);
      } else {
        toolsByMethod.set(grant.method, entry);
      }
    }
  }
  const rulesByMethod = new Map<string, CompiledRule[]>();
  const wildcardRules: CompiledRule[] = [];
  for (const rule of rules) {
    if (rule.tool.method === "*") {
      wildcardRules.push(rule);
    } else {
      const list = rulesByMethod.get(rule.tool.method) ?? [];
      list.push(rule);
      rulesByMethod.set(rule.tool.method, list);
    }
  }
  return ok({
    hash: sha256Hex(yamlText),
    defaultAction: file.default,
    defaultLine: doc.has("default") ? lineOf(doc, counter, ["default"]).line : undefined,
    askTimeoutMs: file.ask_timeout_seconds * 1000,
    toolsByMethod,
    toolWildcards,
    allow: lined("allow"),
    deny: lined("deny"),
    rulesByMethod,
    wildcardRules,
    ruleCount: rules.length,
  });
}

function issueAt(doc: Document, counter: LineCounter, issue: z.core.$ZodIssue): FirewallIssue {
  const path = issue.path.filter((k): k is string | number => typeof k !== "symbol");
  // An unknown key is reported on its parent; point at the key itself.
  const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
  const target = keys.length > 0 && keys[0] !== undefined ? [...path, keys[0]] : path;
  return { ...lineOf(doc, counter, target), path: pathText(target), message: issue.message };
}

function compileRule(
  input: FirewallRuleInput,
  line: number | undefined,
): { ok: true; value: CompiledRule } | { ok: false; field: string; message: string } {
  const tool = parseGrant(input.tool);
  if (!tool) {
    return { ok: false, field: "tool", message: "expected a tool grant" };
  }
  const rule: CompiledRule = {
    id: input.id,
    line,
    tool,
    action: input.action,
    field: input.field?.split("."),
    in: input.in ? new Set(input.in) : undefined,
    notIn: input.not_in ? new Set(input.not_in) : undefined,
    reason: input.reason,
    hint: input.hint,
  };
  for (const key of ["matches", "not_matches"] as const) {
    const source = input[key];
    if (source !== undefined) {
      const compiled = compileSafePattern(source, input.flags ?? "");
      if (!compiled.ok) {
        return {
          ok: false,
          field: key,
          message: `${compiled.message} (${compiled.hint ?? compiled.code})`,
        };
      }
      if (key === "matches") {
        rule.matches = compiled.value;
      } else {
        rule.notMatches = compiled.value;
      }
    }
  }
  return { ok: true, value: rule };
}
