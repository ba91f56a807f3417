// Runs one command in this process's own process group and ends the whole group
// when the parent goes away: the parent holds our stdin open, so its death (by any
// signal, SIGKILL included) closes the pipe and the cluster dies with it.
// Started by `startCluster` as `node supervisor.ts <command> <args…>`.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  process.stderr.write("supervisor: no command given\n");
  process.exit(2);
}

const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });

let ending = false;
function endGroup(signal: NodeJS.Signals): void {
  if (ending) {
    return;
  }
  ending = true;
  try {
    // Our group: wrangler, workerd and this supervisor.
    process.kill(-process.pid, signal);
  } catch {
    // The group is already gone: nothing left to end.
  }
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 5_000).unref();
}

process.stdin.on("end", () => endGroup("SIGTERM"));
process.stdin.on("close", () => endGroup("SIGTERM"));
process.stdin.on("error", () => endGroup("SIGTERM"));
process.stdin.resume();
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => endGroup(signal === "SIGINT" ? "SIGTERM" : signal));
}
/** True while a process other than this one is left in our group (Linux's /proc). */
function othersInGroup(): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    // No /proc (not Linux): assume some are left, so the SIGKILL below ends them.
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) {
      continue;
    }
    try {
      // /proc/<pid>/stat reads "pid (comm) S ppid pgrp ...": the group is the 3rd field after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === process.pid && fields[0] !== "Z") {
        return true;
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return false;
}

child.on("exit", (code, signal) => {
  endGroup("SIGTERM");
  process.exitCode = code ?? (signal === null ? 1 : 128);
  // wrangler is gone: leave as soon as the rest of the group (workerd) is, instead of
  // waiting for the parent to close our stdin; past 5 s, endGroup's SIGKILL ends them all.
  const poll = setInterval(() => {
    if (!othersInGroup()) {
      clearInterval(poll);
      process.exit();
    }
  }, 50);
});
