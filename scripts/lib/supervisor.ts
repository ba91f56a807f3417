// Runs one command in this process's own process group and ends the whole group
// when the parent goes away: the parent holds our stdin open, so its death (by any
// signal, SIGKILL included) closes the pipe and the cluster dies with it.
// Started by `startCluster` as `node supervisor.ts <command> <args…>`.
import { spawn } from "node:child_process";

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
child.on("exit", (code, signal) => {
  endGroup("SIGTERM");
  process.exitCode = code ?? (signal === null ? 1 : 128);
});
