// The mutation runner's lanes (scripts/mutations.ts): how many run at once, and the
// copy of the working tree each lane after the first mutates on its own.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

/** How many mutations run at once: each lane is a tree of its own with its own cluster. */
export function laneCount(argv: readonly string[]): number {
  const flag = argv.find((a) => a.startsWith("--lanes="));
  const asked = flag === undefined ? process.env.MUTATIONS_LANES : flag.slice("--lanes=".length);
  if (asked === undefined) {
    // Two lanes on two or more cores: a scenario's cluster waits on I/O for about half
    // of its run, so two at once take ~19 s where one after the other take ~30 s.
    return Math.min(2, availableParallelism());
  }
  const lanes = Number(asked);
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > 8) {
    process.stderr.write(
      `--lanes must be a whole number from 1 to 8, not ${JSON.stringify(asked)}\n`,
    );
    process.exit(2);
  }
  return lanes;
}

/**
 * A copy of the working tree (tracked and untracked files git does not ignore, as they
 * are now, uncommitted edits included) that shares `node_modules`, for a second lane.
 */
export function laneTree(root: string): string {
  const tree = mkdtempSync(path.join(tmpdir(), "lethe-mutations-"));
  const listed = spawnSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) {
    throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  }
  for (const file of listed.stdout.split("\0")) {
    // A file deleted but not yet staged is still listed: it is not copied.
    if (file === "" || file === "node_modules" || !existsSync(path.join(root, file))) {
      continue;
    }
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(tree, file));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
  return tree;
}
