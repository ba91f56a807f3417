// The mutation runner (scripts/mutations.ts): chooses the mutations a run's words
// match, checks each applies exactly once, runs them on the lanes and reports the
// survivors; the exit status is 1 when any survived.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { LaneCluster } from "./lane-cluster.ts";
import type { Mutation } from "./mutation.ts";
import { laneCount, laneTree } from "./mutation-lanes.ts";
import { mutate, onSharedCluster, restorePending, type Lane } from "./mutation-run.ts";

/** Runs the mutations that `args` choose, in the checkout at `root`. */
export async function runMutations(
  mutations: readonly Mutation[],
  root: string,
  args: readonly string[],
): Promise<void> {
  const words = args.filter((a) => !a.startsWith("--")).map((w) => w.toLowerCase());
  const chosen = mutations.filter(
    (m) =>
      words.length === 0 ||
      words.some((w) => m.family.includes(w) || m.scenario.toLowerCase().includes(w)),
  );
  if (args.includes("--list")) {
    for (const m of chosen) {
      process.stdout.write(`${m.family}\t${m.scenario}\t${m.file}\t${m.removes}\n`);
    }
    process.stdout.write(`${chosen.length} of ${mutations.length} mutations\n`);
    return;
  }
  // Every mutation must apply exactly once before any runs: a stale one is a bug here.
  for (const m of chosen) {
    const text = readFileSync(path.join(root, m.file), "utf8");
    if (text.split(m.find).length !== 2) {
      process.stderr.write(`mutation for "${m.scenario}" does not apply to ${m.file}\n`);
      process.exit(2);
    }
  }
  const lanes = Math.min(laneCount(args), Math.max(1, chosen.length));
  // Lane 0 is this checkout; every other lane mutates a copy of its own, so no scenario
  // ever runs against another lane's mutation.
  const copies: string[] = [];
  const cleanUp = () => {
    restorePending();
    for (const tree of copies) {
      rmSync(tree, { recursive: true, force: true });
    }
    // The lanes' clusters end with this process (harness/dev-server.ts's supervisor).
  };
  process.on("exit", cleanUp);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => process.exit(1));
  }
  for (let lane = 1; lane < lanes; lane += 1) {
    copies.push(laneTree(root));
  }
  const laneList = [root, ...copies].map((laneRoot): Lane => ({
    root: laneRoot,
    cluster: new LaneCluster(laneRoot),
    undone: undefined,
  }));
  // Scenarios on the shared cluster first: a lane stops its cluster once only scenarios
  // that boot their own are left.
  const ordered = [
    ...chosen.filter((m) => onSharedCluster(root, m)),
    ...chosen.filter((m) => !onSharedCluster(root, m)),
  ];
  let survived = 0;
  let next = 0;
  await Promise.all(
    laneList.map(async (lane) => {
      try {
        for (let m = ordered[next]; m !== undefined; m = ordered[next]) {
          next += 1;
          const { killed, row } = await mutate(lane, m);
          survived += killed ? 0 : 1;
          process.stdout.write(`${row}\n`);
        }
      } finally {
        await lane.cluster.stop();
      }
    }),
  );
  process.stdout.write(
    `\n${chosen.length - survived} of ${chosen.length} mutations killed by their scenario (${lanes} lane${lanes === 1 ? "" : "s"})${survived > 0 ? `; ${survived} SURVIVED` : ""}\n`,
  );
  process.exit(survived === 0 ? 0 : 1);
}
