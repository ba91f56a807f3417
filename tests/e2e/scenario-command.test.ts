// docs/scenarios.md's real-model command as the docs write it, only its address and
// key replaced: the address is a local OpenAI-compatible endpoint that answers with
// the offline stand-in's policy and records each request's model and key. The command
// runs its one filtered scenario (`-t prefetch`): one file passed, the others skipped,
// one cluster booted (counted from LETHE_CLUSTER_BOOT_LOG), the outcome reported.
import { spawn } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, it, onTestFinished } from "vitest";
import { answerWithStandIn } from "../../harness/service-calls.ts";
import { documented, ROOT } from "../docs/doc-commands.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";
import { CLUSTER_BOOT_TIMEOUT_MS } from "./helpers.ts";

const COMMAND = documented("docs/scenarios.md", /LETHE_SCENARIO_MODEL_BASE_URL=/);
const KEY = "sk-scenario-command";
const SCENARIO_FILES = readdirSync(path.join(ROOT, "tests/e2e/scenarios")).filter((f) =>
  f.endsWith(".test.ts"),
);

/** A local endpoint answering as the stand-in; each request's model and bearer key. */
async function standInEndpoint() {
  const calls: { model: string; key: string }[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as { model?: string };
      calls.push({
        model: body.model ?? "",
        key: (req.headers.authorization ?? "").replace(/^Bearer /, ""),
      });
      void answerWithStandIn(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("docs/scenarios.md: the scenarios against a real model, as written", () => {
  it(
    "runs the prefetch scenario alone on one cluster and reports its outcome",
    async ({ expect }) => {
      const endpoint = await standInEndpoint();
      onTestFinished(endpoint.close);
      const command = COMMAND.replace(
        /LETHE_SCENARIO_MODEL_BASE_URL=\S+/,
        `LETHE_SCENARIO_MODEL_BASE_URL=${endpoint.baseURL}`,
      ).replace("LETHE_SCENARIO_MODEL_API_KEY=sk-...", `LETHE_SCENARIO_MODEL_API_KEY=${KEY}`);
      expect(command).toMatch(/ npm run test:scenarios -- -t prefetch$/);
      const bootLog = path.join(tempDir("scenario-command"), "boots.log");
      // The command sets its own model; none of the developer's settings, nor this
      // run's shared cluster, may reach it.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) =>
            !k.startsWith("LETHE_MODEL") &&
            !k.startsWith("LETHE_SCENARIO_") &&
            k !== "LETHE_E2E_CLUSTER",
        ),
      ) as NodeJS.ProcessEnv;
      env.LETHE_CLUSTER_BOOT_LOG = bootLog;
      const child = spawn("sh", ["-c", command], { cwd: ROOT, env, detached: true, stdio: "pipe" });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
      child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
      onTestFinished(() => {
        if (child.exitCode === null && child.pid !== undefined) {
          process.kill(-child.pid, "SIGTERM"); // the whole group: npm, vitest, wrangler
        }
      });
      const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
      const boots = readFileSync(bootLog, { encoding: "utf8", flag: "a+" });
      // CI counts the clusters of its run from its own boot log: this one is among them.
      const outer = process.env.LETHE_CLUSTER_BOOT_LOG;
      if (outer !== undefined && outer !== "" && boots !== "") {
        appendFileSync(outer, boots);
      }
      const shown = stripVTControlCharacters(out);

      expect(status, shown).toBe(0);
      expect(shown).toMatch(
        new RegExp(
          `Test Files +1 passed \\| ${SCENARIO_FILES.length - 1} skipped \\(${SCENARIO_FILES.length}\\)`,
        ),
      );
      expect(shown).toMatch(/Tests +1 passed \| \d+ skipped/);
      expect(
        boots.split("\n").filter((l) => l !== ""),
        boots,
      ).toHaveLength(1);
      expect(shown).toContain(`Scenario outcomes on gpt-4o-mini at ${endpoint.baseURL}:`);
      expect(shown).toMatch(/^ {2}prefetch: achieved$/m);
      // The model and key the command names are what the endpoint received.
      const agent = endpoint.calls.filter((c) => c.model === "gpt-4o-mini");
      expect(agent.length).toBeGreaterThan(0);
      expect(new Set(endpoint.calls.map((c) => c.key))).toEqual(new Set([KEY]));
    },
    CLUSTER_BOOT_TIMEOUT_MS + 240_000,
  );
});
