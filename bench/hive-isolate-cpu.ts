// The JS time of a Worker isolate in the local cluster, from V8's sampling
// profiler over the DevTools protocol: the Hive object's share of the gateway's
// isolate (samples whose stack passes through a module of durable-objects/hive*,
// told by the bundle's source map) and the
// relays' isolate as a whole, per commit, for `npm run bench:hive -- --fanout`.
// Profiler figures are JS time sampled on the wall clock while the isolate runs
// (garbage collection included, idle excluded; a gap between samples counts at
// most two sampling intervals), not the process's CPU time.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { SourceLines } from "./source-map-lines.ts";

/** Microseconds between samples, unless a run asks for another interval. */
const SAMPLING_INTERVAL_US = 1_000;

interface CallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** One sample of JS: its node, its time (µs), and whether it ran under the module asked for. */
interface JsSample {
  node: ProfileNode;
  us: number;
  inModule: boolean;
}

/** Frames outside JS: the isolate waiting, or the sampler's own bookkeeping. */
const NOT_JS = new Set(["(idle)", "(program)", "(root)"]);

/** One DevTools session on one isolate. */
export class IsolateProfiler {
  readonly #ws: WebSocket;
  readonly #waiting = new Map<number, (result: unknown) => void>();
  readonly #maps = new Map<string, SourceLines>();
  #next = 1;
  #intervalUs = SAMPLING_INTERVAL_US;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) {
        this.#waiting.get(message.id)?.(message.result);
        this.#waiting.delete(message.id);
      }
    });
  }

  /** Opens a session on the isolate at `debuggerUrl` and reads its bundle's module map. */
  static async open(debuggerUrl: string): Promise<IsolateProfiler> {
    const ws = new WebSocket(debuggerUrl, { perMessageDeflate: false });
    const scripts: Array<{ scriptId: string; url: string; sourceMapURL?: string }> = [];
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as { method?: string; params?: (typeof scripts)[0] };
      if (m.method === "Debugger.scriptParsed" && m.params) {
        scripts.push(m.params);
      }
    });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const profiler = new IsolateProfiler(ws);
    await profiler.#call("Debugger.enable");
    for (const { scriptId, url, sourceMapURL } of scripts) {
      // The bundle is minified: its source map (a file beside it) names each range's module.
      if (sourceMapURL && url.startsWith("file:")) {
        try {
          const map = readFileSync(fileURLToPath(new URL(sourceMapURL, url)), "utf8");
          profiler.#maps.set(scriptId, new SourceLines(JSON.parse(map) as never));
        } catch {
          // No map on disk: this script's frames stay unattributed.
        }
      }
    }
    await profiler.#call("Debugger.disable");
    await profiler.#call("Profiler.enable");
    return profiler;
  }

  /** Source modules named by the isolate's source maps (0: no module can be told apart). */
  get modules(): number {
    let sum = 0;
    for (const map of this.#maps.values()) {
      sum += map.sources;
    }
    return sum;
  }

  /** Some module of this isolate's source maps matches `module` (else its share reads 0). */
  holds(module: RegExp): boolean {
    return [...this.#maps.values()].some((map) => map.names(module));
  }

  #call(method: string, params: object = {}): Promise<unknown> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Starts sampling every `intervalUs` microseconds. */
  async start(intervalUs = SAMPLING_INTERVAL_US): Promise<void> {
    this.#intervalUs = intervalUs;
    await this.#call("Profiler.setSamplingInterval", { interval: intervalUs });
    await this.#call("Profiler.start");
  }

  /**
   * Stops sampling; answers the isolate's JS ms, and the ms of the samples whose
   * stack holds a frame of a bundled module whose path matches `module`.
   */
  async stop(module: RegExp): Promise<{ totalMs: number; moduleMs: number }> {
    const { profile } = (await this.#call("Profiler.stop")) as { profile: Profile };
    const samples = this.#jsSamples(profile, module);
    this.#dump(profile, samples);
    let totalUs = 0;
    let moduleUs = 0;
    for (const sample of samples) {
      totalUs += sample.us;
      if (sample.inModule) {
        moduleUs += sample.us;
      }
    }
    return { totalMs: totalUs / 1000, moduleMs: moduleUs / 1000 };
  }

  /** The source module of a profile node's frame ("" when no map names it). */
  #sourceOf(node: ProfileNode | undefined): string {
    const frame = node?.callFrame;
    return frame === undefined
      ? ""
      : (this.#maps.get(frame.scriptId)?.sourceAt(frame.lineNumber, frame.columnNumber) ?? "");
  }

  /**
   * The profile's JS samples (idle and the sampler's own excluded): each one's
   * node, its time, and whether its stack passes through a module matching `module`.
   */
  #jsSamples(profile: Profile, module: RegExp): JsSample[] {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) {
        parent.set(child, node.id);
      }
    }
    const inModule = new Map<number, boolean>();
    const matches = (id: number): boolean => {
      const known = inModule.get(id);
      if (known !== undefined) {
        return known;
      }
      const up = parent.get(id);
      const result = module.test(this.#sourceOf(byId.get(id))) || (up !== undefined && matches(up));
      inModule.set(id, result);
      return result;
    };
    const ids = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    const samples: JsSample[] = [];
    for (let i = 0; i < ids.length; i++) {
      const node = byId.get(ids[i] ?? 0);
      if (node === undefined || NOT_JS.has(node.callFrame.functionName)) {
        continue;
      }
      // The time up to the next sample is this sample's, capped at two intervals: a
      // longer gap is the sampler (or the whole process) descheduled, not this JS.
      const us = Math.min(deltas[i + 1] ?? 0, 2 * this.#intervalUs);
      samples.push({ node, us, inModule: matches(node.id) });
    }
    return samples;
  }

  /**
   * With LETHE_PROFILE_DUMP=<file prefix>: the profile as a .cpuprofile (for
   * DevTools) and the top functions by self time among the samples under the
   * module `stop` was asked for, each as `<prefix>-<n>.*`.
   */
  #dump(profile: Profile, samples: readonly JsSample[]): void {
    const prefix = process.env.LETHE_PROFILE_DUMP;
    if (!prefix) {
      return;
    }
    const n = ++IsolateProfiler.#dumps;
    writeFileSync(`${prefix}-${n}.cpuprofile`, JSON.stringify(profile));
    const self = new Map<string, number>();
    for (const { node, us, inModule } of samples) {
      if (inModule) {
        const label = `${node.callFrame.functionName || "(anonymous)"} ${this.#sourceOf(node) || "(native or runtime)"}`;
        self.set(label, (self.get(label) ?? 0) + us);
      }
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
    writeFileSync(
      `${prefix}-${n}.top.txt`,
      top.map(([label, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${label}`).join("\n"),
    );
  }

  static #dumps = 0;

  close(): void {
    this.#ws.close();
  }
}

/** The DevTools WebSocket URL of Worker `worker` at an inspector's `/json`. */
export async function isolateUrl(inspector: string, worker: string): Promise<string | null> {
  const targets = (await (await fetch(`${inspector}/json`)).json()) as Array<{
    id: string;
    webSocketDebuggerUrl: string;
  }>;
  return targets.find((t) => t.id === `core:user:${worker}`)?.webSocketDebuggerUrl ?? null;
}

/** The DevTools WebSocket URL wrangler's inspector proxy serves (its first Worker's isolate). */
export async function wranglerIsolateUrl(inspectorPort: number): Promise<string | null> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  return targets[0]?.webSocketDebuggerUrl ?? null;
}
