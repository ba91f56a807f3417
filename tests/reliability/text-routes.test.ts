// Linear time on untrusted text, from outside: every text-taking route gets runs
// of one character class (upper, lower, digits, spaces, newlines, punctuation,
// mixed scripts) at growing sizes up to the body limit, with and without a key,
// while /health is polled. Time must grow about linearly between sizes and no
// health poll may take 2 s. Figures: `RELIABILITY text.*`.
import { describe, it } from "vitest";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { rel } from "./client.ts";
import { FULL, probe, report } from "./helpers.ts";

/** What each class's run repeats. */
const CLASSES: Record<string, string> = {
  upper: "A",
  lower: "a",
  digits: "7",
  spaces: " ",
  newlines: "\n",
  punctuation: ".,;:!?-_/()[]{}<>=+*&^%$#@~|",
  mixed: "aЖ中😀١ßÉ",
};

/** A route that takes text, and the JSON body that carries `text` to it. */
interface TextRoute {
  name: string;
  path: string;
  body: (text: string) => unknown;
}

const ROUTES: readonly TextRoute[] = [
  {
    name: "model.chat",
    path: "/v1/model/chat/completions",
    body: (text) => ({ model: "lethe-local", messages: [{ role: "user", content: text }] }),
  },
  {
    name: "embeddings",
    path: "/v1/embeddings",
    body: (text) => ({ model: "lethe-lexical-384", input: text }),
  },
  {
    name: "proxy",
    path: "/v1/chat/completions",
    body: (text) => ({ model: "lethe-local", messages: [{ role: "user", content: text }] }),
  },
  {
    name: "artifact.put",
    path: `/v1/hives/${rel.hive}/artifacts`,
    body: (text) => ({
      idempotencyKey: `text-${crypto.randomUUID()}`,
      artifact: makeArtifact({
        identifier: `text.${crypto.randomUUID().slice(0, 8)}`,
        value: text,
        summary: text.slice(0, 1_000),
      }),
    }),
  },
  {
    name: "session.create",
    path: "/v1/sessions",
    body: (text) => ({ hive: rel.hive, mission: text }),
  },
  {
    name: "workspace.search",
    path: `/v1/hives/${rel.hive}/workspace/search`,
    body: (text) => ({ query: text.slice(0, 2_000) }),
  },
];

/** Character counts per run: the slice stays small; the full run goes up to the 1 MiB body limit. */
const SIZES = FULL ? [60_000, 240_000, 900_000] : [25_000, 100_000];
/** The slice's classes and routes: the culprit class, the one a tokenizer hates, all routes. */
const SLICE_CLASSES = ["upper", "mixed"];
/** Linear is 4× per 4× of text; quadratic 16×. Between sizes the time may grow this much more than the text. */
const MAX_GROWTH_OVER_LINEAR = 2.5;
/** Times below this are noise on a loaded machine: ratios are taken on at least this. */
const FLOOR_MS = 400;
/** No health poll may take longer while a hostile request runs. */
const MAX_HEALTH_MS = 2_000;
/** A poll every this often while a request runs. */
const POLL_EVERY_MS = 250;

function run(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

/** Sends one request while polling /health; the request's time and the slowest poll. */
async function timed(route: TextRoute, text: string, keyed: boolean) {
  let polling = true;
  let slowest = 0;
  const polls = (async () => {
    while (polling) {
      const health = await probe(`${rel.url}/health`, { timeoutMs: 10_000 });
      slowest = Math.max(slowest, health.ms);
      await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
    }
  })();
  const outcome = await probe(`${rel.url}${route.path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(keyed ? { authorization: `Bearer ${rel.key}` } : {}),
    },
    body: JSON.stringify(route.body(text)),
    timeoutMs: 60_000,
  });
  polling = false;
  await polls;
  return { status: outcome.status, code: outcome.code, ms: Math.round(outcome.ms), slowest };
}

describe("reliability: linear time on text", () => {
  const classes = FULL ? Object.keys(CLASSES) : SLICE_CLASSES;
  for (const keyed of [true, false]) {
    it(`every text route answers runs of each class in linear time ${keyed ? "with" : "without"} a key, health under 2 s`, async ({
      expect,
    }) => {
      const failures: string[] = [];
      for (const route of ROUTES) {
        for (const name of classes) {
          const unit = CLASSES[name] ?? "A";
          const points: Array<{ chars: number; ms: number; status: number; slowest: number }> = [];
          for (const chars of SIZES) {
            const t = await timed(route, run(unit, chars), keyed);
            points.push({ chars, ms: t.ms, status: t.status, slowest: Math.round(t.slowest) });
            if (t.status === 0 || t.status >= 500) {
              failures.push(`${route.name} ${name} ${chars}: status ${t.status}`);
            }
            if (t.slowest > MAX_HEALTH_MS) {
              failures.push(
                `${route.name} ${name} ${chars}: a health poll took ${Math.round(t.slowest)} ms`,
              );
            }
          }
          for (let i = 1; i < points.length; i++) {
            const a = points[i - 1];
            const b = points[i];
            if (a === undefined || b === undefined) {
              continue;
            }
            const allowed = (b.chars / a.chars) * MAX_GROWTH_OVER_LINEAR;
            const growth = Math.max(b.ms, FLOOR_MS) / Math.max(a.ms, FLOOR_MS);
            if (growth > allowed) {
              failures.push(
                `${route.name} ${name}: ${a.chars}→${b.chars} chars took ${a.ms}→${b.ms} ms (×${growth.toFixed(1)}, at most ×${allowed.toFixed(1)})`,
              );
            }
          }
          report(`text.${keyed ? "keyed" : "anonymous"}.${route.name}.${name}`, points);
        }
      }
      expect(failures).toEqual([]);
    }, 1_800_000);
  }
});
