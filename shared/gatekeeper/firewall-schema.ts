// The shape of a hive's firewall.yaml (documented in docs/gatekeeper.md).
// Validated with zod after YAML parsing; loadFirewall maps issues to lines.
import { z } from "zod";
import { isValidGrant } from "./permissions.ts";

/** Rules per file: 1,000 is the benchmarked size; 5x that still admits in well under 1 ms. */
export const MAX_FIREWALL_RULES = 5000;
/** How long an ASK waits for a person before it counts as denied, unless the file says otherwise. */
export const DEFAULT_ASK_TIMEOUT_SECONDS = 300;

export const FirewallActionSchema = z.enum(["ALLOW", "BLOCK", "ASK"]);
export type FirewallAction = z.infer<typeof FirewallActionSchema>;

const GrantSchema = z.string().refine(isValidGrant, {
  message: "expected a tool grant: *, service:*, service:method or a tool name",
});

const FieldSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/,
    "expected an argument field such as to or headers.to",
  );

export const FirewallRuleSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "expected a short id: letters, digits, _ . -"),
    tool: GrantSchema,
    action: FirewallActionSchema,
    field: FieldSchema.optional(),
    matches: z.string().optional(),
    not_matches: z.string().optional(),
    in: z.array(z.string()).max(10_000).optional(),
    not_in: z.array(z.string()).max(10_000).optional(),
    flags: z.string().optional(),
    reason: z.string().trim().min(1).max(500).optional(),
    hint: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((rule, ctx) => {
    const conditions = ["matches", "not_matches", "in", "not_in"] as const;
    const present = conditions.filter((c) => rule[c] !== undefined);
    if (present.length > 0 && rule.field === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [present[0] ?? "field"],
        message: `${present.join(", ")} needs a field`,
      });
    }
    if (rule.field !== undefined && present.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["field"],
        message: "a field needs a condition: matches, not_matches, in or not_in",
      });
    }
  });
export type FirewallRuleInput = z.infer<typeof FirewallRuleSchema>;

export const FirewallFileSchema = z
  .strictObject({
    version: z.literal(1).default(1),
    default: FirewallActionSchema.default("BLOCK"),
    ask_timeout_seconds: z.int().min(1).max(86_400).default(DEFAULT_ASK_TIMEOUT_SECONDS),
    tools: z.record(GrantSchema, FirewallActionSchema).default({}),
    allow: z.array(GrantSchema).default([]),
    deny: z.array(GrantSchema).default([]),
    rules: z.array(FirewallRuleSchema).max(MAX_FIREWALL_RULES).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.rules.forEach((rule, index) => {
      if (seen.has(rule.id)) {
        ctx.addIssue({
          code: "custom",
          path: ["rules", index, "id"],
          message: `duplicate rule id ${JSON.stringify(rule.id)} (first at rules[${seen.get(rule.id)}])`,
        });
      }
      seen.set(rule.id, index);
    });
    const denied = new Set(file.deny);
    file.allow.forEach((grant, index) => {
      if (denied.has(grant)) {
        ctx.addIssue({
          code: "custom",
          path: ["allow", index],
          message: `${grant} is in both allow and deny`,
        });
      }
    });
  });
export type FirewallFile = z.infer<typeof FirewallFileSchema>;
