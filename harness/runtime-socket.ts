// Finds the listening socket of a cluster's own workerd process through Linux's
// /proc: the workerd processes of the cluster's process group, their socket
// inodes (/proc/<pid>/fd) and which of those listen (/proc/<pid>/net/tcp). Under
// `wrangler dev` a client that goes away from wrangler's port never cancels the
// request inside workerd; a TCP reset sent to workerd's own socket does.
import { readFileSync, readdirSync, readlinkSync } from "node:fs";

/** A TCP socket in the LISTEN state: its inode and its IPv4 address. */
export interface ListeningSocket {
  inode: number;
  host: string;
  port: number;
}

/** TCP state LISTEN in /proc/net/tcp's `st` column. */
const TCP_LISTEN = "0A";

/**
 * The IPv4 sockets in LISTEN of a /proc/<pid>/net/tcp text. Each row reads
 * `sl local_address rem_address st … inode`, addresses as little-endian hex
 * `0100007F:1F90` (127.0.0.1:8080).
 */
export function parseListeningTcp(table: string): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const line of table.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    const local = fields[1];
    if (local === undefined || fields[3] !== TCP_LISTEN) {
      continue;
    }
    const [hexHost = "", hexPort = ""] = local.split(":");
    if (hexHost.length !== 8) {
      continue;
    }
    const octets = [6, 4, 2, 0].map((i) => Number.parseInt(hexHost.slice(i, i + 2), 16));
    sockets.push({
      inode: Number(fields[9]),
      host: octets.join("."),
      port: Number.parseInt(hexPort, 16),
    });
  }
  return sockets;
}

/** The socket inodes a process holds open (`socket:[12345]` links in /proc/<pid>/fd). */
function socketInodes(pid: number): Set<number> {
  const inodes = new Set<number>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1] !== undefined) {
        inodes.add(Number(match[1]));
      }
    } catch {
      // The descriptor closed between the listing and the read.
    }
  }
  return inodes;
}

/** The pids of the workerd processes in process group `group`. */
function workerdPids(group: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    try {
      // "pid (comm) state ppid pgrp …": the fields after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp === group && comm.startsWith("workerd")) {
        pids.push(Number(name));
      }
    } catch {
      // The process ended while the table was read.
    }
  }
  return pids;
}

/** The IPv4 sockets process `pid` itself listens on (throws where /proc cannot be read). */
export function processListeningSockets(pid: number): ListeningSocket[] {
  const own = socketInodes(pid);
  return parseListeningTcp(readFileSync(`/proc/${pid}/net/tcp`, "utf8")).filter((s) =>
    own.has(s.inode),
  );
}

/**
 * The IPv4 loopback sockets that the workerd processes of process group `group`
 * listen on, or [] where there is no /proc (not Linux) or no workerd yet.
 */
export function runtimeListeningSockets(group: number): ListeningSocket[] {
  try {
    return workerdPids(group).flatMap((pid) =>
      processListeningSockets(pid).filter((s) => s.host.startsWith("127.")),
    );
  } catch {
    // No /proc, or the process ended while it was read: no runtime socket known.
    return [];
  }
}

/**
 * The URL of workerd's own socket that answers like the cluster at `clusterUrl`
 * (the same `GET /health` status), or null when none does. wrangler's dev port
 * proxies to it; a request sent here reaches the gateway with nothing between.
 */
export async function findRuntimeUrl(group: number, clusterUrl: string): Promise<string | null> {
  const clusterPort = Number(new URL(clusterUrl).port);
  const expected = await healthStatus(clusterUrl);
  for (const socket of runtimeListeningSockets(group)) {
    if (socket.port === clusterPort) {
      continue;
    }
    const url = `http://${socket.host}:${socket.port}`;
    if (expected !== null && (await healthStatus(url)) === expected) {
      return url;
    }
  }
  return null;
}

/** The status of `GET <url>/health` with its `ok` field, or null when it does not answer JSON. */
async function healthStatus(url: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { ok?: unknown };
    return `${response.status} ${typeof body === "object" && body !== null && "ok" in body}`;
  } catch {
    // Not HTTP, not JSON, or not answering: not the gateway.
    return null;
  }
}
