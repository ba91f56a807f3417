// The reliability suite against one running cluster (wrangler dev, real
// clients): a hostile corpus and seeded fast-check fuzzing of every route and
// socket message, revoked keys on open sockets, a reconnect storm, the state
// lock seen from `npm start`, the admin token kept out of `ps`, and (in the full
// run) the stand-in's newline bomb and the subscriber load figure.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, it } from "vitest";
import { followHive } from "../../shared/client/follow.ts";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { ROOT, nodeForWrangler } from "../../scripts/lib/cluster.ts";
import type { Cluster } from "../../scripts/lib/dev-server.ts";
import { CLOSE_KEY_REVOKED } from "../../shared/hive/messages.ts";
import { bootCluster, E2E_ADMIN_TOKEN, freshStateDir } from "../e2e/helpers.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { IDENTIFIERS, INJECTIONS, PATHS, ROUTE_TEMPLATES, bodies } from "./corpus.ts";
import { FULL, SEED, count, newTally, percentile, probe, report } from "./helpers.ts";

let cluster: Cluster;
let persistTo: string;
const HIVE = "rel";
let key = "";
let keyId = "";
let sessionId = "";

beforeAll(async () => {
  persistTo = freshStateDir("reliability");
  cluster = await bootCluster(0, "reliability", persistTo);
  const created = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, HIVE, "reliability");
  key = created.key;
  keyId = created.id;
  const session = await fetch(`${cluster.url}/v1/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ hive: HIVE, mission: "reliability" }),
  });
  sessionId = ((await session.json()) as { id: string }).id;
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

/** encodeURIComponent, or the raw text when it has a lone surrogate (fetch then sends U+FFFD). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function fill(template: string, value: string): string {
  return template.replace(":hive", HIVE).replace(":id", sessionId).replace(":ref", encode(value));
}

async function send(method: string, url: string, body?: string) {
  const admin = url.includes("/v1/admin/");
  return probe(url, {
    method,
    headers: {
      authorization: `Bearer ${admin ? E2E_ADMIN_TOKEN : key}`,
      "content-type": "application/json",
    },
    ...(body === undefined || method === "GET" ? {} : { body }),
  });
}

/** The cluster still answers (no request left it busy). */
async function alive(): Promise<boolean> {
  const outcome = await probe(`${cluster.url}/health`, { timeoutMs: 10_000 });
  return !outcome.hang && outcome.status === 200;
}

describe("reliability: HTTP inputs", () => {
  it("answers the hostile corpus on every route with typed errors, no 5xx, no hang", async ({
    expect,
  }) => {
    const tallies = { paths: newTally(), identifiers: newTally(), bombs: newTally() };
    for (const [method, template] of ROUTE_TEMPLATES) {
      // The slice tries every third spelling on every route; the full run all of them.
      for (const p of FULL ? PATHS : PATHS.filter((_, i) => i % 3 === 0)) {
        const q = `path=${encode(p)}&name=${encode(p)}&q=${encode(p)}`;
        const url = `${cluster.url}${fill(template, p)}?${q}`;
        count(
          tallies.paths,
          await send(method, url, JSON.stringify({ path: p })),
          `${method} ${url}`,
        );
      }
      // Raw malformed escapes, unencoded, in the path and the query.
      for (const raw of ["%E0%A4%A", "%", "%ZZ", "%ED%A0%80", "%00"]) {
        const url = `${cluster.url}${template.replace(":hive", HIVE).replace(":id", sessionId).replace(":ref", raw)}?path=${raw}`;
        count(tallies.paths, await send(method, url, "{}"), `${method} ${url}`);
      }
    }
    for (const id of IDENTIFIERS) {
      const body = JSON.stringify({
        idempotencyKey: `i-${Math.random()}`,
        artifact: makeArtifact({ identifier: id }),
      });
      count(
        tallies.identifiers,
        await send("POST", `${cluster.url}/v1/hives/${HIVE}/artifacts`, body),
        `identifier ${JSON.stringify(id)}`,
      );
      count(
        tallies.identifiers,
        await send("GET", `${cluster.url}/v1/hives/${HIVE}/artifacts/${encode(id)}`),
        `GET identifier ${JSON.stringify(id)}`,
      );
    }
    const routesWithBodies = ROUTE_TEMPLATES.filter(([m]) => m !== "GET");
    for (const body of bodies()) {
      for (const [method, template] of routesWithBodies) {
        const url = `${cluster.url}${fill(template, "x")}?path=src/a.ts`;
        count(
          tallies.bombs,
          await send(method, url, body),
          `${method} ${template} ${body.slice(0, 60)}`,
        );
      }
    }
    for (const [name, t] of Object.entries(tallies)) {
      report(`http.${name}`, t);
    }
    expect(await alive()).toBe(true);
    for (const t of Object.values(tallies)) {
      expect(t.samples).toEqual([]);
      expect(t.fiveXX + t.hangs + t.untyped).toBe(0);
    }
  });

  it("fuzzes every route with seeded fast-check inputs: no 5xx, no hang, every error typed", async ({
    expect,
  }) => {
    const tally = newTally();
    const text = fc.oneof(
      fc.constantFrom(...PATHS, ...IDENTIFIERS, ...INJECTIONS),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ maxLength: 20 }),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record({ path: text, idempotencyKey: text, artifact: fc.constant(makeArtifact()) })
        .map((v) => JSON.stringify(v)),
      fc.integer({ min: 60, max: 300 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
      text,
    );
    await fc
      .assert(
        fc.asyncProperty(
          fc.constantFrom(...ROUTE_TEMPLATES),
          text,
          fc.dictionary(
            fc.constantFrom("path", "version", "limit", "since", "q", "k", "after", "seq", "name"),
            text,
            {
              maxKeys: 3,
            },
          ),
          body,
          async ([method, template], segment, query, payload) => {
            const search = new URLSearchParams(query).toString();
            const url = `${cluster.url}${fill(template, segment)}${search ? `?${search}` : ""}`;
            const outcome = await send(method, url, payload);
            count(tally, outcome, `${method} ${url} ${payload.slice(0, 80)}`);
            return !outcome.hang && outcome.status < 500 && outcome.typed;
          },
        ),
        { seed: SEED, numRuns: FULL ? 3_000 : 150, endOnFailure: false },
      )
      .catch((error: unknown) => {
        report("http.fuzz.failure", { error: String(error).slice(0, 2_000) });
      });
    report("http.fuzz", tally);
    expect(await alive()).toBe(true);
    expect(tally.samples).toEqual([]);
    expect(tally.fiveXX + tally.hangs + tally.untyped).toBe(0);
  });
});

/** A raw `ws` hive socket that resolves frames by predicate. */
async function hiveSocket(withKey = key) {
  const ws = new WebSocket(
    `ws://127.0.0.1:${cluster.port}/parties/hive/${HIVE}?key=${encodeURIComponent(withKey)}`,
    { perMessageDeflate: false },
  );
  const frames: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    test: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }> = [];
  ws.on("message", (data: Buffer) => {
    const frame = JSON.parse(data.toString("utf8")) as Record<string, unknown>;
    const i = waiters.findIndex((w) => w.test(frame));
    if (i >= 0) {
      waiters.splice(i, 1)[0]?.resolve(frame);
    } else {
      frames.push(frame);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const wait = (test: (f: Record<string, unknown>) => boolean, ms = 10_000) => {
    const queued = frames.findIndex(test);
    if (queued >= 0) {
      return Promise.resolve(frames.splice(queued, 1)[0] ?? null);
    }
    return new Promise<Record<string, unknown> | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  };
  return { ws, wait };
}

describe("reliability: socket messages", () => {
  it("answers every fuzzed frame (commits by id), never hangs the socket", async ({ expect }) => {
    const socket = await hiveSocket();
    let tried = 0;
    let commitsAnswered = 0;
    let commitsTried = 0;
    let hangs = 0;
    const commit = fc.record({
      type: fc.constant("hive.commit"),
      id: fc.string({ minLength: 1, maxLength: 20 }),
      commit: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constant({
          idempotencyKey: "k",
          writes: [{ op: "put", expectedVersion: 0, artifact: makeArtifact() }],
        }),
        fc.constant({ idempotencyKey: "k", writes: [], __proto__x: 1 }),
      ),
    });
    const other = fc.record({
      type: fc.constantFrom(
        "hive.subscribe",
        "hive.ack",
        "hive.unsubscribe",
        "hive.ping",
        "sys.ping",
        "nope",
        "session.ping",
      ),
      since: fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.string({ maxLength: 5 })),
      seq: fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.constant(null)),
      nonce: fc.string({ maxLength: 10 }),
    });
    await fc
      .assert(
        fc.asyncProperty(fc.oneof(commit, other), fc.boolean(), async (frame, deep) => {
          tried++;
          let text = JSON.stringify(frame);
          if (deep) {
            text = text.replace(/\}$/, `,"pad":${"[".repeat(5_000)}${"]".repeat(5_000)}}`);
          }
          socket.ws.send(text);
          if (frame.type === "hive.commit" && "id" in frame) {
            commitsTried++;
            const id = frame.id;
            const answer = await socket.wait(
              (f) => (f.type === "hive.committed" || f.type === "hive.rejected") && f.id === id,
            );
            if (answer !== null) {
              commitsAnswered++;
            }
          }
          const nonce = `ping-${tried}`;
          socket.ws.send(JSON.stringify({ type: "sys.ping", nonce }));
          const pong = await socket.wait((f) => f.type === "sys.pong" && f.nonce === nonce);
          if (pong === null) {
            hangs++;
          }
          return pong !== null;
        }),
        { seed: SEED, numRuns: FULL ? 1_000 : 150, endOnFailure: false },
      )
      .catch((error: unknown) =>
        report("socket.fuzz.failure", { error: String(error).slice(0, 2_000) }),
      );
    socket.ws.close();
    report("socket.fuzz", { tried, commitsTried, commitsAnswered, hangs });
    expect(hangs).toBe(0);
    expect(commitsAnswered).toBe(commitsTried);
  });

  it("closes a revoked key's open sockets at the revoke (bound: the revoke call itself)", async ({
    expect,
  }) => {
    const hive = `rev-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "revoke");
    const sockets = await Promise.all(
      [0, 1, 2].map(async () => {
        const ws = new WebSocket(
          `ws://127.0.0.1:${cluster.port}/parties/hive/${hive}?key=${created.key}&since=0`,
        );
        await new Promise<void>((resolve) => ws.once("open", () => resolve()));
        return ws;
      }),
    );
    const closes = sockets.map(
      (ws) => new Promise<number>((resolve) => ws.once("close", (code: number) => resolve(code))),
    );
    // The close frame arrives when ws leaves OPEN; its "close" event waits for the TCP close.
    const started = performance.now();
    const closing = Promise.all(
      sockets.map(async (ws) => {
        while (ws.readyState === WebSocket.OPEN && performance.now() - started < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return performance.now() - started;
      }),
    );
    const revoked = await fetch(`${cluster.url}/v1/admin/hives/${hive}/keys/${created.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    const revokeMs = performance.now() - started;
    const body = (await revoked.json()) as { closedSockets: number };
    const ms = Math.max(...(await closing));
    const codes = await Promise.all(closes);
    report("keys.revoke", {
      sockets: sockets.length,
      closed: body.closedSockets,
      revokeCallMs: Math.round(revokeMs),
      closeFrameMs: Math.round(ms),
      tcpClosedMs: Math.round(performance.now() - started),
    });
    expect(body.closedSockets).toBe(3);
    expect(codes).toEqual([CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED]);
    expect(ms).toBeLessThan(5_000);
    // And the revoked key no longer opens one.
    const again = new WebSocket(
      `ws://127.0.0.1:${cluster.port}/parties/hive/${hive}?key=${created.key}`,
    );
    const refused = await new Promise<number>((resolve) => {
      again.once("unexpected-response", (_req: unknown, res: { statusCode: number }) =>
        resolve(res.statusCode),
      );
      again.once("open", () => resolve(101));
    });
    expect(refused).toBe(401);
  });

  it("loses no event across a reconnect storm", async ({ expect }) => {
    const hive = `storm-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "storm");
    const follower = followHive({ url: cluster.url, key: created.key, hive, validate: true });
    const reconnects = FULL ? 100 : 20;
    let n = 0;
    for (let r = 0; r < reconnects; r++) {
      const writes = Array.from({ length: 3 }, () => {
        n++;
        return fetch(`${cluster.url}/v1/hives/${hive}/artifacts`, {
          method: "POST",
          headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
          body: JSON.stringify({
            idempotencyKey: `s${n}`,
            artifact: makeArtifact({ identifier: `s.${n}`, value: n }),
          }),
        });
      });
      follower.socket.reconnect(4000, "storm");
      await Promise.all(writes);
    }
    await Promise.race([
      follower.reached(n),
      new Promise((resolve) => setTimeout(resolve, 30_000)),
    ]);
    report("sockets.reconnect-storm", {
      reconnects,
      events: n,
      received: follower.last,
      gaps: follower.gaps,
      duplicates: follower.duplicates,
    });
    follower.close();
    expect(follower.last).toBe(n);
    expect(follower.gaps).toBe(0);
    expect(follower.duplicates).toBe(0);
  });
});

describe("reliability: processes", () => {
  it("npm start on a state in use is refused with a clear message, and no process shows the admin token", async ({
    expect,
  }) => {
    const run = spawnSync(
      nodeForWrangler(),
      [
        path.join(ROOT, "scripts", "start.ts"),
        "--no-demo",
        "--port",
        "1",
        "--persist-to",
        persistTo,
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("is in use by a running cluster");
    expect(run.stderr).not.toContain("--port 2");
    const ps = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    report("processes", {
      refusedSecondStart: run.status === 1,
      tokenInPs: ps.includes(E2E_ADMIN_TOKEN),
    });
    expect(ps).not.toContain(E2E_ADMIN_TOKEN);
    // The token still reached the gateway (through the env file): admin calls work.
    const keys = await fetch(`${cluster.url}/v1/admin/hives/${HIVE}/keys`, {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    expect(keys.status).toBe(200);
    expect(keyId).not.toBe("");
  });
});

describe.runIf(FULL)("reliability: full run only", () => {
  it("measures the commit rate at which p99 delivery to 100 subscribers passes 50 ms", async ({
    expect,
  }) => {
    const hive = `load-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "load");
    const latencies: number[] = [];
    const followers = Array.from({ length: 100 }, () =>
      followHive({
        url: cluster.url,
        key: created.key,
        hive,
        validate: false,
        onEvent: (e) => {
          const sent = Number((e.artifact.value as { t?: number } | null)?.t ?? 0);
          latencies.push(performance.timeOrigin + performance.now() - sent);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rates = [5, 10, 25, 50, 100, 200, 400];
    const results: Array<{ rate: number; commits: number; p50: number; p99: number }> = [];
    let n = 0;
    let breaking: number | null = null;
    for (const rate of rates) {
      latencies.length = 0;
      const seconds = 3;
      const writes: Array<Promise<unknown>> = [];
      const start = performance.now();
      for (let i = 0; i < rate * seconds; i++) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
        n++;
        writes.push(
          fetch(`${cluster.url}/v1/hives/${hive}/artifacts`, {
            method: "POST",
            headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
            body: JSON.stringify({
              idempotencyKey: `l${n}`,
              artifact: makeArtifact({
                identifier: `l.${n}`,
                value: { t: performance.timeOrigin + performance.now() },
              }),
            }),
          }),
        );
      }
      await Promise.all(writes);
      await Promise.race([
        Promise.all(followers.map((f) => f.reached(n))),
        new Promise((resolve) => setTimeout(resolve, 20_000)),
      ]);
      const p99 = percentile(latencies, 99);
      results.push({
        rate,
        commits: rate * seconds,
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(p99),
      });
      if (p99 > 50 && breaking === null) {
        breaking = rate;
        break;
      }
    }
    for (const f of followers) {
      f.close();
    }
    report("load", {
      subscribers: 100,
      setup:
        "one local wrangler dev cluster, HTTP puts from this process, latency = commit send to subscriber receipt",
      steps: results,
      p99Over50msAtCommitsPerSecond: breaking ?? `not reached up to ${rates.at(-1)}/s`,
    });
    expect(results.length).toBeGreaterThan(0);
  }, 300_000);
  // The stand-in's patterns are linear or capped (shared/model/): 500,000 newlines
  // once stalled every Worker of the cluster.
  it("the stand-in route survives 500,000 newlines within the request budget", async ({
    expect,
  }) => {
    const outcome = await probe(`${cluster.url}/v1/model/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "lethe-local",
        messages: [{ role: "user", content: "\n".repeat(500_000) }],
      }),
      timeoutMs: 30_000,
    });
    const health = await alive();
    report("bombs.newlines", {
      status: outcome.status,
      hang: outcome.hang,
      ms: Math.round(outcome.ms),
      aliveAfter: health,
    });
    expect(health).toBe(true);
    expect(outcome.hang).toBe(false);
  }, 120_000);
});
