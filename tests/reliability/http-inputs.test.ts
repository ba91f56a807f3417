// The reliability suite's HTTP inputs against the shared cluster: a hostile
// corpus (paths, identifiers, bombs) on every route, seeded fast-check fuzzing,
// and (full run) the stand-in's newline bomb. Figures: `RELIABILITY http.*`.
import fc from "fast-check";
import { describe, it } from "vitest";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { alive, encode, fill, rel, send } from "./client.ts";
import { IDENTIFIERS, INJECTIONS, PATHS, ROUTE_TEMPLATES, bodies } from "./corpus.ts";
import { FULL, SEED, count, newTally, probe, report } from "./helpers.ts";

describe("reliability: HTTP inputs", () => {
  it("answers the hostile corpus on every route with typed errors, no 5xx, no hang", async ({
    expect,
  }) => {
    const tallies = { paths: newTally(), identifiers: newTally(), bombs: newTally() };
    for (const [method, template] of ROUTE_TEMPLATES) {
      // The slice tries every third spelling on every route; the full run all of them.
      for (const p of FULL ? PATHS : PATHS.filter((_, i) => i % 3 === 0)) {
        const q = `path=${encode(p)}&name=${encode(p)}&q=${encode(p)}`;
        const url = `${rel.url}${fill(template, p)}?${q}`;
        count(
          tallies.paths,
          await send(method, url, JSON.stringify({ path: p })),
          `${method} ${url}`,
        );
      }
      // Raw malformed escapes, unencoded, in the path and the query.
      for (const raw of ["%E0%A4%A", "%", "%ZZ", "%ED%A0%80", "%00"]) {
        const url = `${rel.url}${template.replace(":hive", rel.hive).replace(":id", rel.sessionId).replace(":ref", raw)}?path=${raw}`;
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
        await send("POST", `${rel.url}/v1/hives/${rel.hive}/artifacts`, body),
        `identifier ${JSON.stringify(id)}`,
      );
      count(
        tallies.identifiers,
        await send("GET", `${rel.url}/v1/hives/${rel.hive}/artifacts/${encode(id)}`),
        `GET identifier ${JSON.stringify(id)}`,
      );
    }
    const routesWithBodies = ROUTE_TEMPLATES.filter(([m]) => m !== "GET");
    for (const body of bodies()) {
      for (const [method, template] of routesWithBodies) {
        const url = `${rel.url}${fill(template, "x")}?path=src/a.ts`;
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
            const url = `${rel.url}${fill(template, segment)}${search ? `?${search}` : ""}`;
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

describe.runIf(FULL)("reliability: HTTP bombs (full run only)", () => {
  // The stand-in's patterns are linear or capped (shared/model/): 500,000 newlines
  // once stalled every Worker of the cluster.
  it("the stand-in route survives 500,000 newlines within the request budget", async ({
    expect,
  }) => {
    const outcome = await probe(`${rel.url}/v1/model/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${rel.key}` },
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
