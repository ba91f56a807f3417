// A vitest reporter for CI (.ci/run passes it beside the default one): when the run
// ends, the time of each project (first file's start to last file's end, the files'
// own times summed, the load average when its last file ended) and its slowest files.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

interface ProjectTimes {
  start: number;
  end: number;
  files: number;
  /** Every file's own time (setup, import, hooks and tests), added up. */
  summed: number;
  load: string;
  slowest: Array<{ file: string; ms: number }>;
}

/** How many of a project's slowest files are named. */
const SLOWEST = 3;

function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    // No /proc (not Linux): the times stand without it.
    return "n/a";
  }
}

export default class ProjectTimesReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTimes>();

  onTestModuleEnd(testModule: TestModule): void {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration;
    const end = Date.now();
    const name = testModule.project.name || "(root)";
    const times = this.projects.get(name) ?? {
      start: end - ms,
      end,
      files: 0,
      summed: 0,
      load: "",
      slowest: [],
    };
    times.start = Math.min(times.start, end - ms);
    times.end = end;
    times.files += 1;
    times.summed += ms;
    times.load = loadAverage();
    const file = path.relative(process.cwd(), testModule.moduleId);
    times.slowest = [...times.slowest, { file, ms }].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    this.projects.set(name, times);
  }

  onTestRunEnd(): void {
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    const lines = [...this.projects.entries()]
      .sort(([, a], [, b]) => a.start - b.start)
      .map(
        ([name, t]) =>
          `  ${name.padEnd(12)} ${String(t.files).padStart(4)} files  ${s(t.end - t.start).padStart(6)} wall  ${s(t.summed).padStart(6)} summed  load ${t.load}  slowest: ${t.slowest.map((f) => `${f.file} ${s(f.ms)}`).join(", ")}`,
      );
    process.stdout.write(
      `\ntime per project (wall: first file's start to last file's end; projects overlap):\n${lines.join("\n")}\n`,
    );
  }
}
