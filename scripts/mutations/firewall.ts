// Mutations of the "firewall" family (scripts/mutations.ts): firewall: a hostile firewall.yaml refused, the hive's firewall handed to admit.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

export const FIREWALL: readonly Mutation[] = [
  {
    family: "firewall",
    scenario: "refuses hostile firewall files",
    file: "durable-objects/hive/firewall-store.ts",
    find: "if (!compiled.ok) {",
    replace: "if (false) {",
    removes: "refusing a firewall.yaml the gatekeeper cannot compile",
  },
  ...[
    "BLOCK refuses the move",
    "ASK pauses and asks on the socket",
    "ASK denied with `lethe answer --deny`",
  ].map((scenario): Mutation => ({
    family: "firewall",
    scenario,
    file: "durable-objects/session/step/admit.ts",
    find: "...(synced.firewallText === null ? {} : { firewall: synced.firewallText }),",
    replace: "...{},",
    removes: "handing the hive's firewall to admit",
  })),
];
