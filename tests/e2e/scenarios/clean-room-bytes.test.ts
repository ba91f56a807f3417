// The clean room on bytes: a clean-room mission meets a secret at every entry point
// (its mission text, a staged file, a tool's output, tool-call arguments in plain,
// base64, JSON-escaped and split form, the model's final reply, a request id the
// gateway logs) and its turns are compacted; afterwards every
// file under the cluster's state directory, the cluster's log output and every
// request the model endpoint received are read raw, and no secret is anywhere.
import { createServer, type Server } from "node:http";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startCluster, type Cluster } from "../../../harness/dev-server.ts";
import { completeChat, createEmbeddings, listModels } from "../../../workers/model/endpoint.ts";
import { completionSse } from "../../../harness/local-model-fetch.ts";
import {
  SCRIPT_INDEX_METADATA_KEY,
  SCRIPT_METADATA_KEY,
  encodeScript,
  type ScriptEntry,
} from "../../../shared/model/script.ts";
import { E2E_ADMIN_TOKEN } from "../helpers.ts";
import { call } from "./fixtures.ts";
import { openHive } from "./harness.ts";
import { tempDir } from "../../fixtures/temp-dirs.ts";

/** One secret per entry point, so a leak names the redaction that is missing. */
const SECRETS = {
  mission: "sk-proj-MissionKey7q2w9e8r1t6y3u4i5o0pZx",
  page: "ghp_PageToken9a8s7d6f5g4h3j2k1l0qWeRtYu",
  output: "xoxb-OutputSlack-20261123-abcdefghijk",
  args: "sk-proj-ArgsPlain3x4c5v6b7n8m9q0w1e2r3t",
  base64: "sk-proj-ArgsBase64z9x8c7v6b5n4m3q2w1e0r",
  escaped: "sk-proj-ArgsEscaped1a2s3d4f5g6h7j8k9l0z",
  split: "sk-proj-ArgsSplitHalf",
  reply: "ghp_ReplyToken0p9o8i7u6y5t4r3e2w1q0aSdFg",
  log: "sk-proj-LogPathKey8u7y6t5r4e3w2q1a0s9d8f7",
} as const;

/** The fixture files: the user's own bytes, which the workspace legitimately stores. */
const FILES: Record<string, string> = {
  "src/vendor.ts": `// Vendor client.\nexport const VENDOR_URL = "https://api.example.com";\nexport const API_KEY = '${SECRETS.page}';\n`,
  "src/db.ts": `// Database settings.\nexport const DB_URL = "postgres://db.internal:5432/app";\nexport const DB_BOT = "${SECRETS.output}";\n`,
};

/** The secret spelled with JSON escapes inside a string (a JSON string written in a string). */
const ESCAPED = [...SECRETS.escaped]
  .map((c) => (c === "-" ? "\\u002d" : c === "_" ? "\\u005f" : c))
  .join("");

/**
 * The hostile model's moves: every value below is a secret it should never carry.
 * It lives in the test's model server, not in the session's config, so nothing of
 * it reaches the cluster except through the model's replies.
 */
const SCRIPT: ScriptEntry[] = [
  call("stage_context", { path: "src/vendor.ts" }),
  // Its output quotes the line that holds the file's second secret.
  call("find_definitions", { symbol: "DB_BOT" }),
  call("save_artifact", {
    key: "vendor.url",
    value: "https://api.example.com",
    kind: "fact",
    evidence: ["src/vendor.ts:2"],
  }),
  call("search", { query: `client ${SECRETS.args}`, mode: "text" }),
  call("search", {
    query: `url ${Buffer.from(SECRETS.base64).toString("base64")}`,
    mode: "text",
  }),
  call("search", { query: `api ${ESCAPED}`, mode: "text" }),
  call("search", { query: `key ${SECRETS.split}`, mode: "text" }),
  call("search", { query: "9Q8w7E6r5T4y vendor", mode: "text" }),
  call("save_artifact", {
    key: "db.url",
    value: "postgres://db.internal:5432/app",
    kind: "fact",
    evidence: ["src/db.ts:2"],
  }),
  // More reading (a save between, so no run of moves changes nothing for long), so the
  // transcript passes the compaction threshold (more than 19 raw turns).
  ...["vendor client", "database url", "settings"].map((query) =>
    call("search", { query, mode: "text" }),
  ),
  call("save_artifact", {
    key: "db.host",
    value: "db.internal",
    kind: "fact",
    evidence: ["src/db.ts:2"],
  }),
  // A reply that is no move at all: kept raw for debugging, so it must be redacted too.
  { content: `The vendor is at https://api.example.com; its key is ${SECRETS.reply}.` },
  call("finish", { status: "achieved", summary: "vendor and database URLs recorded" }),
];

/** Every request body the model endpoint received, raw. */
const received: string[] = [];
let agentCalls = 0;
let model: Server | undefined;
let cluster: Cluster | undefined;
let stateDir = "";

/** The local policy behind an HTTP server of the test's own: every prompt is recorded. */
async function startRecordingModel(): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      received.push(text);
      const url = (request.url ?? "").replace(/\/+$/, "");
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (url.endsWith("/models")) {
        reply(200, listModels());
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        reply(400, { error: { message: "not JSON" } });
        return;
      }
      if (url.endsWith("/embeddings")) {
        const out = createEmbeddings(body);
        reply(out.ok ? 200 : out.status, out.ok ? out.value : out.body);
        return;
      }
      // Agent moves (requests offering tools) come from the script, in order; the
      // router, the summariser and the self-assessment get the local policy.
      const tools = (body as { tools?: unknown[] }).tools;
      const agent = Array.isArray(tools) && tools.length > 0;
      if (process.env.LETHE_SCENARIO_DEBUG) {
        process.stderr.write(
          `model request ${received.length}: agent=${agent} index=${agentCalls}\n`,
        );
      }
      const out = completeChat(
        agent
          ? {
              ...(body as object),
              metadata: {
                [SCRIPT_METADATA_KEY]: encodeScript(SCRIPT),
                [SCRIPT_INDEX_METADATA_KEY]: String(agentCalls++),
              },
            }
          : body,
      );
      if (!out.ok) {
        reply(out.status, out.body);
        return;
      }
      if (out.value.stream) {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.end(completionSse(out.value.completion, out.value.includeUsage));
        return;
      }
      reply(200, out.value.completion);
    });
  });
  model = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return `http://127.0.0.1:${port}/v1`;
}

beforeAll(async () => {
  const baseURL = await startRecordingModel();
  stateDir = tempDir("clean-room-bytes");
  cluster = await startCluster({
    persistTo: stateDir,
    vars: { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN, LETHE_MODEL_BASE_URL: baseURL },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await new Promise((resolve) => model?.close(resolve));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** A secret's distinctive tail: any spelling of its prefix (escaped or not) still shows it. */
const tail = (secret: string) => secret.replace(/^(?:sk-proj-|ghp_|xoxb-)/, "");

/** The forms a secret may be stored in: its tail plain, base64 (three alignments), \u-escaped. */
function disguises(secret: string): string[] {
  const forms = [tail(secret)];
  for (let shift = 0; shift < 3; shift++) {
    // base64 of the secret at each byte alignment: its stable middle part.
    const b64 = Buffer.from(`${"x".repeat(shift)}${secret}`).toString("base64");
    forms.push(b64.slice(4, -4));
  }
  forms.push(
    [...tail(secret)].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
  );
  return forms;
}

function count(haystack: Buffer, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    n++;
  }
  return n;
}

/**
 * Where a secret sits: the entry, file and form. The workspace's own storage
 * (`ownData`: the Hive, R2) holds the user's files, so a fixture file's secret
 * is the user's data there; every other store and every prompt must not hold it.
 */
function leaksIn(name: string, bytes: Buffer, ownData: boolean): string[] {
  const found: string[] = [];
  for (const [entry, secret] of Object.entries(SECRETS)) {
    if (ownData && Object.values(FILES).some((f) => f.includes(secret))) {
      continue;
    }
    for (const [i, form] of disguises(secret).entries()) {
      if (count(bytes, form) > 0) {
        found.push(`${entry} secret in ${name} (${i === 0 ? "plain" : form.slice(0, 16)})`);
      }
    }
  }
  return found;
}

describe("clean room on bytes", () => {
  it("a secret met at every entry point is nowhere in the state directory, the logs or any prompt", async ({
    expect,
  }) => {
    const up = cluster;
    if (up === undefined) {
      throw new Error("the cluster is not up");
    }
    const hive = await openHive(up, "clean-bytes", FILES);
    const run = await hive.run({
      // The moves come from the model server's own script (above), not from the config.
      persona: "clean-room",
      stepBudget: 30,
      mission: `Record the vendor's URL and the database URL. The deploy key is ${SECRETS.mission}.`,
    });
    // The mission ran to its end on one branch: every entry point was met.
    expect(run.moves.map((m) => m.tool)).toEqual(
      SCRIPT.flatMap((e) =>
        typeof e === "object" && "tool_calls" in e ? [e.tool_calls[0]?.name] : [],
      ),
    );
    expect(run.trace.filter((e) => e.kind === "model_error").map((e) => e.data.code)).toEqual([
      "UNPARSEABLE",
    ]);
    expect(run.state.status).toBe("finished");
    // The turns were compacted before the cluster stops, so the stored summary and its
    // index are among the bytes scanned below. (The compressor's summariser is the
    // cluster's own local model, not this test's server: its redaction of a summary
    // is proven in tests/workers/compressor/redacted-summariser.test.ts.)
    let compacted = run;
    for (let i = 0; i < 120 && !compacted.trace.some((e) => e.kind === "compaction"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      compacted = await hive.read(run.id);
    }
    const summaryRef = compacted.trace.find((e) => e.kind === "compaction")?.data.summaryRef;
    const summary = await hive.call("GET", `/v1/sessions/${run.id}/refs/${String(summaryRef)}`);
    expect(String(summary.body.content)).toMatch(/^\[CONVERSATION SUMMARY\]\nmethod: map-reduce/);
    // A client that sends a secret as its request id: the gateway logs every request's id.
    const logged = await fetch(`${up.url}/v1/hives/${hive.name}/artifacts/vendor.url`, {
      headers: { authorization: `Bearer ${hive.key}`, "x-request-id": SECRETS.log },
    });
    expect(logged.status).toBe(200);
    // The log line travels workerd → wrangler → this process after the response.
    await expect
      .poll(() => up.output(), { timeout: 10_000 })
      .toContain('"requestId":"[REDACTED:openai_key]"');
    // Each secret was met and taken out where it entered.
    expect(run.steps[0]?.pages.map((p) => p.content).join("\n")).toContain(
      "[REDACTED:github_token]",
    );
    expect(run.moves[1]?.output).toContain("[REDACTED:slack_token]");
    expect(run.moves.slice(3, 7).map((m) => String(m.args.query))).toEqual([
      "client [REDACTED:openai_key]",
      "url [REDACTED:openai_key]",
      "api [REDACTED:openai_key]",
      "key [REDACTED:env_secret]",
    ]);
    await up.stop();
    cluster = undefined;

    const leaks: string[] = [];
    const stored = filesUnder(stateDir);
    expect(stored.some((f) => f.endsWith(".sqlite"))).toBe(true);
    for (const file of stored) {
      const name = path.relative(stateDir, file);
      leaks.push(...leaksIn(name, readFileSync(file), /lethe-gateway-Hive|\/r2\//.test(name)));
    }
    leaks.push(...leaksIn("the cluster's log output", Buffer.from(up.output()), false));
    received.forEach((body, i) =>
      leaks.push(...leaksIn(`model request ${i}`, Buffer.from(body), false)),
    );
    expect(received.length).toBeGreaterThan(5);
    if (process.env.LETHE_SCENARIO_DEBUG) {
      process.stderr.write(
        `state files:\n${stored.map((f) => path.relative(stateDir, f)).join("\n")}\n`,
      );
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
