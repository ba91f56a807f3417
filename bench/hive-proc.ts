// The /proc readers of the hive benches (Linux): the CPU seconds of a cluster's
// processes by program and of its workerd processes, and the port of workerd's own V8 inspector (the one that
// lists every Worker's isolate; wrangler's proxy serves only the first Worker).
import { readdirSync, readFileSync } from "node:fs";
import { processListeningSockets } from "../harness/runtime-socket.ts";

interface ProcStat {
  ppid: number;
  comm: string;
  ticks: number;
}

function procStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (/^\d+$/.test(entry)) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        stats.set(Number(entry), {
          ppid: Number(fields[1]),
          comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
          ticks: Number(fields[11]) + Number(fields[12]),
        });
      } catch {
        // Ended between the listing and the read.
      }
    }
  }
  return stats;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/**
 * True for the workerd that serves wrangler's dev proxy (it listens on the port
 * clients connect to and forwards every request and socket frame to the workerd
 * that runs the Workers and Durable Objects): local-only cost, absent in production.
 */
function isDevProxy(pid: number, port: number): boolean {
  return cmdline(pid).includes(`=127.0.0.1:${port}\0`);
}

/**
 * CPU seconds (user + system) spent so far by `root` and its descendants, by
 * program name (workerd; node: wrangler and its supervisor); null when /proc
 * cannot be read. Read around a run: only live processes are counted.
 */
export function treeCpuSeconds(root: number | undefined, port: number): Map<string, number> | null {
  if (root === undefined) {
    return null;
  }
  try {
    const stats = procStats();
    const byProgram = new Map<string, number>();
    for (const [pid, s] of stats) {
      if (underRoot(stats, pid, root)) {
        const name = s.comm === "workerd" && isDevProxy(pid, port) ? "workerd(dev proxy)" : s.comm;
        // USER_HZ is 100 on every Linux this runs on.
        byProgram.set(name, (byProgram.get(name) ?? 0) + s.ticks / 100);
      }
    }
    return byProgram;
  } catch {
    return null;
  }
}

function underRoot(stats: Map<number, ProcStat>, pid: number, root: number): boolean {
  for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
    if (p === root) {
      return true;
    }
    p = stats.get(p)?.ppid ?? 0;
  }
  return false;
}

/** The workerd processes under `root` that run the Workers (not wrangler's dev proxy on `port`). */
function workerdPids(root: number, port: number): Array<[number, ProcStat]> {
  const stats = procStats();
  const found: Array<[number, ProcStat]> = [];
  for (const [pid, s] of stats) {
    if (underRoot(stats, pid, root) && s.comm === "workerd" && !isDevProxy(pid, port)) {
      found.push([pid, s]);
    }
  }
  return found;
}

/** CPU seconds (user + system) of the workerd processes under `root`. */
export function workerdSeconds(root: number, port: number): number {
  return workerdPids(root, port).reduce((sum, [, s]) => sum + s.ticks / 100, 0);
}

/**
 * Waits until the workerd under `root` is idle (under `idleShare` of one core over
 * 500 ms) or `maxMs` passed, and answers the ms waited: the work a previous row
 * left behind (mirror flushes, relay frames, timers) is not counted in the next.
 */
export async function settle(
  root: number,
  port: number,
  idleShare = 0.05,
  maxMs = 15_000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = workerdSeconds(root, port);
    await new Promise((r) => setTimeout(r, 500));
    if (workerdSeconds(root, port) - before < idleShare * 0.5) {
      break;
    }
  }
  return Date.now() - started;
}

/** TCP ports a process listens on on IPv4 ([] where /proc cannot be read). */
function listeningPorts(pid: number): number[] {
  try {
    return processListeningSockets(pid).map((s) => s.port);
  } catch {
    return [];
  }
}

/**
 * The DevTools `/json` URL of the workerd under `root` that was started with an
 * inspector, or null: each of its listening ports is asked for `/json`.
 */
export async function workerdInspector(root: number, port: number): Promise<string | null> {
  for (const [pid] of workerdPids(root, port)) {
    if (!cmdline(pid).includes("--inspector-addr")) {
      continue;
    }
    for (const candidate of listeningPorts(pid)) {
      try {
        const response = await fetch(`http://127.0.0.1:${candidate}/json`, {
          signal: AbortSignal.timeout(1_000),
        });
        const body = response.ok ? await response.text() : "";
        if (body.includes("core:user:")) {
          return `http://127.0.0.1:${candidate}`;
        }
      } catch {
        // Not an HTTP port.
      }
    }
  }
  return null;
}
