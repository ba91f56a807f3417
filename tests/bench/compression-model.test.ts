// `npm run bench:compression -- --model`: the row that measures a user's own model.
// The bench runs as a child process against an OpenAI-compatible HTTP endpoint
// started here, which answers with the local endpoint's policy: the row must then
// show the local summariser's figures, every summarising call must arrive at the
// endpoint with the compression model's name, and without an endpoint the flag is
// refused with a hint.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "vitest";
import { answerWithStandIn } from "../../harness/service-calls.ts";

const BENCH = new URL("../../bench/compression.ts", import.meta.url).pathname;
const models: string[] = [];
let server: Server;
let baseURL = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(text) as { model?: string };
      models.push(body.model ?? "");
      void answerWithStandIn(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the bench with `args` and extra environment; its output and exit code. */
function bench(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("LETHE_MODEL")),
  );
  const childEnv = { ...clean, ...env } as NodeJS.ProcessEnv;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BENCH, ...args], {
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code: number | null) => resolve({ code, stdout, stderr }));
  });
}

/** The figures (family onwards) of every row of one method in the table. */
function rows(stdout: string, method: string): string[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith(method.padEnd(34)))
    .map((l) => l.slice(34).trim().replace(/\s+/g, " "));
}

/**
 * Each test runs the bench as a child process: Node's start and the bench's module
 * graph alone take 2-2.5 s here (5 s when the machine is loaded), and the measuring
 * run compresses two transcripts at four budgets on top; vitest's default 5 s does not fit.
 */
const BENCH_RUN_TIMEOUT_MS = 60_000;

describe("bench:compression --model", { timeout: BENCH_RUN_TIMEOUT_MS }, () => {
  it("measures the model the settings name, over HTTP, beside the local summariser", async ({
    expect,
  }) => {
    const run = await bench(
      ["--model", "--seeds=1", "--family=dev", "--turns=60", "--budgets=25"],
      {
        LETHE_MODEL_BASE_URL: baseURL,
        LETHE_MODEL_COMPRESSION: "bench-compression-model",
      },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const yours = rows(run.stdout, "Lethe, your model");
    // One family at one budget.
    expect(yours).toHaveLength(1);
    expect(yours).toEqual(rows(run.stdout, "Lethe, local stand-in"));
    expect(run.stdout).toContain("Lethe, your model: stale-as-current 0%");
    const requests = Number(/your model: (\d+) HTTP requests \(0 not ok/.exec(run.stdout)?.[1]);
    expect(requests).toBeGreaterThan(0);
    expect(models).toHaveLength(requests);
    expect(new Set(models)).toEqual(new Set(["bench-compression-model"]));
  });

  it("refuses --model without an endpoint, with a hint and no stack", async ({ expect }) => {
    const run = await bench(
      ["--model", "--seeds=1", "--family=dev", "--turns=60", "--budgets=25"],
      {},
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("LETHE_MODEL_BASE_URL is not set");
    expect(run.stderr).toContain("hint:");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe("");
  });
});
