// A hive's firewall.yaml as stored by the Hive and served by its routes: the text
// (at most MAX_FIREWALL_SIZE characters, which the gatekeeper also enforces when it
// compiles the file), its hash and the compiled summary. Every session of the hive
// admits its moves through it.
import { z } from "zod";

/** Longest firewall.yaml accepted (bytes of UTF-16 text); a rule is ~150 bytes. */
export const MAX_FIREWALL_SIZE = 1_000_000;

export const HiveFirewallSchema = z.object({
  /** The firewall.yaml text as given (at most MAX_FIREWALL_SIZE characters). */
  text: z.string().max(MAX_FIREWALL_SIZE),
  /** sha256 of the text, as the gatekeeper compiled it. */
  hash: z.string(),
  defaultAction: z.enum(["ALLOW", "BLOCK", "ASK"]),
  ruleCount: z.number().int(),
  askTimeoutMs: z.number().int(),
  setAt: z.number().int(),
});
export type HiveFirewall = z.infer<typeof HiveFirewallSchema>;

export type FirewallSetErrorCode = "FIREWALL_INVALID" | "FIREWALL_TOO_LARGE" | "INTERNAL";
