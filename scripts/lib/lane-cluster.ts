// A cluster per mutation lane (scripts/mutations.ts), booted once from the lane's tree:
// wrangler dev watches the sources and reloads the Workers when a mutation is written
// or undone, which costs about a third of a boot's CPU. The scenario runs reach it
// through LETHE_E2E_CLUSTER (tests/e2e/global-setup.ts). A reload it cannot see
// happen, or a cluster that stops answering, is replaced by a fresh boot.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newAdminToken } from "../../harness/admin.ts";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";

/** What wrangler dev prints when it starts and finishes reloading the Workers. */
const RELOADING = "Reloading local server";
const RELOADED = "Local server updated and ready";
/** A write that no reload follows within this long was not seen (wrangler starts one within a second or two): the cluster is rebooted, which always runs the file as written. */
const RELOAD_START_MS = 20_000;
/** A Worker in several bundles reloads once per bundle: settled after this long with none. */
const QUIET_MS = 3_000;
const SETTLE_MS = 240_000;
const BOOT_TIMEOUT_MS = 240_000;

/** The reload counts before a write: settle() waits for the reloads after it. */
export interface ReloadMark {
  started: number;
  ready: number;
  at: number;
}

export class LaneCluster {
  private cluster: Cluster | undefined;
  private dir = "";
  private started = 0;
  private ready = 0;
  private lastChange = Date.now();
  readonly adminToken = newAdminToken();
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** Boots a new cluster (the old one, if any, is stopped first). */
  async restart(): Promise<void> {
    await this.stop();
    this.dir = mkdtempSync(path.join(tmpdir(), "lethe-mutation-lane-"));
    this.started = 0;
    this.ready = 0;
    const cluster = await startCluster({
      root: this.root,
      persistTo: path.join(this.dir, "mutation-lane-state"),
      logFile: path.join(this.dir, "cluster.log"),
      vars: { LETHE_ADMIN_TOKEN: this.adminToken },
      readyTimeoutMs: BOOT_TIMEOUT_MS,
    });
    // A marker split across two chunks counts once: the tail of the last chunk is kept,
    // and what it held whole was counted already.
    let carry = "";
    const count = (text: string, marker: string) => text.split(marker).length - 1;
    cluster.child.stdout?.on("data", (chunk: Buffer) => {
      const text = carry + chunk.toString("utf8");
      const started = count(text, RELOADING) - count(carry, RELOADING);
      const ready = count(text, RELOADED) - count(carry, RELOADED);
      carry = text.slice(-(RELOADED.length - 1));
      if (started + ready > 0) {
        this.started += started;
        this.ready += ready;
        this.lastChange = Date.now();
      }
    });
    this.cluster = cluster;
  }

  /** The environment a scenario run needs to use this cluster. */
  async env(): Promise<Record<string, string>> {
    if (this.cluster === undefined) {
      await this.restart();
    }
    const up = this.cluster as Cluster;
    return {
      LETHE_E2E_CLUSTER: JSON.stringify({
        url: up.url,
        port: up.port,
        log: path.join(this.dir, "cluster.log"),
      }),
      LETHE_E2E_ADMIN_TOKEN: this.adminToken,
    };
  }

  /** Taken before writing a source file. */
  mark(): ReloadMark {
    return { started: this.started, ready: this.ready, at: Date.now() };
  }

  /**
   * Waits until the cluster runs the sources as written since `mark`: a reload started
   * after the write, every reload finished, none for QUIET_MS, and the gateway answers.
   * Reboots the cluster when that does not happen in time.
   */
  async settle(mark: ReloadMark): Promise<void> {
    if (this.cluster === undefined) {
      await this.restart();
      return;
    }
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const waited = Date.now() - mark.at;
      if (this.started === mark.started && waited > RELOAD_START_MS) {
        process.stdout.write("lane cluster: no reload after a source change; rebooting it\n");
        await this.restart();
        return;
      }
      const settled =
        this.started > mark.started &&
        this.ready - mark.ready >= this.started - mark.started &&
        Date.now() - this.lastChange > QUIET_MS;
      if (settled && (await this.answers())) {
        return;
      }
      if (waited > SETTLE_MS) {
        process.stdout.write("lane cluster: a reload did not finish in time; rebooting it\n");
        await this.restart();
        return;
      }
    }
  }

  private async answers(): Promise<boolean> {
    try {
      const response = await fetch(`${this.cluster?.url}/`, {
        signal: AbortSignal.timeout(10_000),
      });
      return response.ok;
    } catch {
      // Not answering yet (or any more): the caller waits or reboots.
      return false;
    }
  }

  async stop(): Promise<void> {
    await this.cluster?.stop();
    this.cluster = undefined;
    if (this.dir !== "") {
      rmSync(this.dir, { recursive: true, force: true, maxRetries: 3 });
      this.dir = "";
    }
  }
}
