// The hive's firewall.yaml, kept in the Hive's storage: validated and compiled by
// the gatekeeper before it is stored, read by every session of the hive each step.
import type { FirewallLoadError } from "../../shared/gatekeeper/firewall.ts";
import { MAX_FIREWALL_SIZE } from "../../shared/hive/firewall.ts";
import {
  HiveFirewallSchema,
  type FirewallSetErrorCode,
  type HiveFirewall,
} from "../../shared/hive/firewall.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";

const KEY = "firewall";

export interface FirewallCompiler {
  loadFirewall(text: string): Promise<
    | {
        ok: true;
        value: {
          hash: string;
          defaultAction: HiveFirewall["defaultAction"];
          ruleCount: number;
          askTimeoutMs: number;
        };
      }
    | {
        ok: false;
        code: string;
        message: string;
        hint?: string;
        issues?: FirewallLoadError["issues"];
      }
  >;
}

export type FirewallSetResult =
  | Result<HiveFirewall | null, FirewallSetErrorCode>
  | (FirewallLoadError & { code: "FIREWALL_INVALID" });

export class FirewallStore {
  readonly #kv: SyncKvStorage;
  readonly #compiler: FirewallCompiler;

  constructor(kv: SyncKvStorage, compiler: FirewallCompiler) {
    this.#kv = kv;
    this.#compiler = compiler;
  }

  get(): HiveFirewall | null {
    const stored = HiveFirewallSchema.safeParse(this.#kv.get(KEY));
    return stored.success ? stored.data : null;
  }

  /** Replaces the firewall (null removes it); a file the gatekeeper refuses changes nothing. */
  async set(text: string | null, now: number): Promise<FirewallSetResult> {
    if (text === null) {
      this.#kv.delete(KEY);
      return ok(null);
    }
    if (text.length > MAX_FIREWALL_SIZE) {
      return err(
        "FIREWALL_TOO_LARGE",
        `firewall.yaml is ${text.length} characters; at most ${MAX_FIREWALL_SIZE} are accepted`,
        "split rarely used rules out, or use tool grants instead of long lists",
      );
    }
    const compiled = await this.#compiler.loadFirewall(text);
    if (!compiled.ok) {
      return compiled.code === "FIREWALL_INVALID"
        ? {
            ok: false,
            code: "FIREWALL_INVALID",
            message: compiled.message,
            hint: compiled.hint ?? "fix the lines named and send the file again",
            issues: compiled.issues ?? [],
          }
        : err("INTERNAL", compiled.message, compiled.hint ?? "retry");
    }
    const stored: HiveFirewall = { text, ...compiled.value, setAt: now };
    this.#kv.put(KEY, stored);
    return ok(stored);
  }
}
