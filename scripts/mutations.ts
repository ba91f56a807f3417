// Proves the capability scenarios (tests/e2e/scenarios) assert something: for each
// scenario, one source mutation that removes its capability, then that scenario is
// run and must FAIL. Every file is restored afterwards, whatever happens.
// Two lanes run at once by default, each in a tree of its own. A scenario file on the
// e2e project's shared cluster runs on its lane's cluster, booted once and reloaded by
// wrangler dev at each change (scripts/lib/lane-cluster.ts); one that boots its own
// cluster (it reads that cluster's state directory) boots it for each mutation.
// The catalogue is one file per family (scripts/mutations/); the runner is
// scripts/lib/mutation-runner.ts and beside it.
//   npm run mutations                 every mutation
//   npm run mutations -- governance   only the families or scenarios matching a word
//   npm run mutations -- --list       print the chosen mutations, run nothing
//   npm run mutations -- --lanes=1    one at a time (MUTATIONS_LANES=1 does the same)
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Mutation } from "./lib/mutation.ts";
import { runMutations } from "./lib/mutation-runner.ts";
import { CLEAN_ROOM } from "./mutations/clean-room.ts";
import { CODE } from "./mutations/code.ts";
import { COLLABORATION } from "./mutations/collaboration.ts";
import { FIREWALL } from "./mutations/firewall.ts";
import { GOVERNANCE } from "./mutations/governance.ts";
import { MEMORY } from "./mutations/memory.ts";
import { OUTCOMES } from "./mutations/outcomes.ts";
import { RETRIEVAL } from "./mutations/retrieval.ts";
import { WIRING } from "./mutations/wiring.ts";

export type { Mutation } from "./lib/mutation.ts";
export { SCENARIO_FILE } from "./lib/mutation.ts";

export const MUTATIONS: readonly Mutation[] = [
  ...RETRIEVAL,
  ...CODE,
  ...MEMORY,
  ...COLLABORATION,
  ...GOVERNANCE,
  ...CLEAN_ROOM,
  ...FIREWALL,
  ...WIRING,
  ...OUTCOMES,
];

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  void runMutations(MUTATIONS, path.resolve(import.meta.dirname, ".."), process.argv.slice(2));
}
