// Session routes: create an AgentSession in a hive, read its state, submit steps,
// list, diff and label checkpoints, roll back, fork, page through the transcript,
// resolve references and read what the agent knew at a past step.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { routePartykitRequest } from "partyserver";
import { z } from "zod";
import { newSessionId } from "../../../shared/contracts/session-id.ts";
import { AppError } from "../../../shared/base/errors.ts";
import { LABEL_PATTERN } from "../../../shared/session/checkpoint.ts";
import { cleanConfig } from "../../../shared/gatekeeper/clean-room.ts";
import { SessionConfigSchema } from "../../../shared/session/config.ts";
import { SubmitStepSchema } from "../../../shared/session/step.ts";
import { authorizeHive } from "../request/auth.ts";
import { AnswerSchema } from "../../../shared/session/control.ts";
import type { Result } from "../../../shared/base/result.ts";
import { unwrap as unwrapResult } from "./results.ts";
import { openSession, sessionNotFound, type SessionAccess } from "../request/session-access.ts";
import { jsonBody } from "../request/validate.ts";
import { withSocketKey } from "./session-socket-keys.ts";

type Bindings = { Bindings: Env; Variables: { session: SessionAccess } };

/** The session's stub, opened (key and hive checked) by the route's middleware. */
const sessionStub = (c: Context<Bindings>) => c.get("session").stub;

/** `unwrap` where a session that was never created answers like another hive's. */
function unwrap<T>(result: Result<T, string>): T {
  if (!result.ok && result.code === "NOT_FOUND") {
    throw sessionNotFound();
  }
  return unwrapResult(result);
}

function intQuery(c: Context<Bindings>, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined) {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new AppError("INVALID_QUERY", `${name} must be an integer from 0 to ${max}`, {
      status: 400,
      hint: `for example ?${name}=${Math.min(fallback, max)}`,
    });
  }
  return value;
}

/**
 * Every session route needs a valid hive key, checked before the session is
 * looked up (401 whether or not it exists); a session that is missing or
 * belongs to another hive gets the same 404, so neither a wrong key nor a key
 * of another hive learns which sessions exist.
 */
const requireSessionKey: MiddlewareHandler<Bindings> = async (c, next) => {
  c.set("session", await openSession(c));
  await next();
};

/** WebSocket upgrades to /parties/agent-session/:id, after the same check. */
async function sessionSocket(c: Context<Bindings>): Promise<Response> {
  const url = new URL(c.req.url);
  url.searchParams.delete("key");
  // The session remembers which key opened the socket, so revoking the key closes it.
  const forwarded = withSocketKey(new Request(url, c.req.raw), c.get("session").keyId);
  const routed = await routePartykitRequest(forwarded, c.env);
  if (routed === null) {
    throw new AppError("NOT_FOUND", "no such session socket", {
      status: 404,
      hint: "use /parties/agent-session/<id>",
    });
  }
  return routed;
}

export const sessionSockets = new Hono<Bindings>().all("/:id", requireSessionKey, sessionSocket);

const LabelSchema = z.strictObject({ label: z.string().regex(LABEL_PATTERN) });
const CheckpointRefSchema = z.strictObject({ checkpoint: z.string().min(1).max(128) });

export const sessions = new Hono<Bindings>()
  .use("/:id", async (c, next) => (c.req.method === "POST" ? next() : requireSessionKey(c, next)))
  .use("/:id/*", requireSessionKey)
  .post("/", jsonBody(SessionConfigSchema), async (c) => {
    // A clean-room session's mission is redacted before it is stored anywhere.
    const config = cleanConfig(c.req.valid("json"));
    await authorizeHive(c, config.hive);
    const id = newSessionId(config.hive);
    const created = unwrap(await c.env.AgentSession.getByName(id).init(config));
    unwrap(
      await c.env.Hive.getByName(config.hive).registerSession({
        id,
        mission: config.mission,
        createdAt: Date.now(),
      }),
    );
    return c.json({ id, config: created, socket: `/parties/agent-session/${id}` }, 201);
  })
  .get("/:id", async (c) => {
    const stub = sessionStub(c);
    const described = unwrap(await stub.describe());
    return c.json({ ...described, view: unwrap(await stub.view()) });
  })
  .get("/:id/state", async (c) => c.json(unwrap(await sessionStub(c).state())))
  .post("/:id/steps", jsonBody(SubmitStepSchema), async (c) =>
    c.json(unwrap(await sessionStub(c).step(c.req.valid("json"))), 201),
  )
  .get("/:id/checkpoints", async (c) => {
    const before = intQuery(c, "before", Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    const limit = intQuery(c, "limit", 100, 1_000);
    return c.json({ checkpoints: unwrap(await sessionStub(c).checkpoints(before, limit)) });
  })
  .post("/:id/checkpoints", jsonBody(LabelSchema), async (c) =>
    c.json(unwrap(await sessionStub(c).checkpoint(c.req.valid("json").label)), 201),
  )
  .get("/:id/checkpoints/:checkpoint", async (c) =>
    c.json(unwrap(await sessionStub(c).manifest(c.req.param("checkpoint")))),
  )
  .get("/:id/timeline", async (c) =>
    c.json({ timeline: unwrap(await sessionStub(c).timeline(intQuery(c, "limit", 100, 10_000))) }),
  )
  .get("/:id/diff", async (c) => {
    const from = c.req.query("from");
    const to = c.req.query("to");
    if (!from || !to) {
      throw new AppError("INVALID_QUERY", "diff needs ?from=<checkpoint>&to=<checkpoint>", {
        status: 400,
        hint: "take both ids from GET /v1/sessions/:id/checkpoints",
      });
    }
    return c.json(unwrap(await sessionStub(c).diff(from, to)));
  })
  .post("/:id/rollback", jsonBody(CheckpointRefSchema), async (c) =>
    c.json(unwrap(await sessionStub(c).rollback(c.req.valid("json").checkpoint))),
  )
  .post("/:id/fork", jsonBody(CheckpointRefSchema), async (c) => {
    const { hive } = c.get("session");
    const id = newSessionId(hive);
    const forked = c.env.AgentSession.getByName(id);
    const manifest = unwrap(
      await forked.forkFrom(c.req.param("id"), c.req.valid("json").checkpoint),
    );
    const origin = unwrap(await forked.describe()).config;
    unwrap(
      await c.env.Hive.getByName(hive).registerSession({
        id,
        mission: origin.mission,
        createdAt: Date.now(),
        forkOf: c.req.param("id"),
      }),
    );
    return c.json({ id, from: c.req.param("id"), checkpoint: manifest }, 201);
  })
  .get("/:id/transcript", async (c) => {
    const after = intQuery(c, "after", 0, Number.MAX_SAFE_INTEGER);
    const limit = intQuery(c, "limit", 50, 500);
    return c.json(unwrap(await sessionStub(c).transcript(after, limit)));
  })
  .get("/:id/refs/:ref", async (c) =>
    c.json(unwrap(await sessionStub(c).resolveRef(c.req.param("ref")))),
  )
  .get("/:id/as-of/:step", async (c) => {
    const step = Number(c.req.param("step"));
    if (!Number.isSafeInteger(step) || step < 0) {
      throw new AppError("INVALID_QUERY", "the step must be a non-negative integer", {
        status: 400,
        hint: "for example /as-of/3",
      });
    }
    return c.json(unwrap(await sessionStub(c).asOf(step)));
  })
  .post("/:id/start", async (c) => c.json(unwrap(await sessionStub(c).start())))
  .post("/:id/pause", async (c) => c.json(unwrap(await sessionStub(c).pause())))
  .post("/:id/answer", jsonBody(AnswerSchema), async (c) =>
    c.json(unwrap(await sessionStub(c).answer(c.req.valid("json")))),
  )
  .get("/:id/envelope", async (c) => {
    // ?step=N: the envelope the model got after step N (rebuilt from its checkpoint).
    const step =
      c.req.query("step") === undefined
        ? undefined
        : intQuery(c, "step", 0, Number.MAX_SAFE_INTEGER);
    return c.json(unwrap(await sessionStub(c).envelope(step)));
  })
  .get("/:id/storage", async (c) => c.json(unwrap(await sessionStub(c).storageStats())))
  .get("/:id/trace", async (c) => {
    const after = intQuery(c, "after", 0, Number.MAX_SAFE_INTEGER);
    const limit = intQuery(c, "limit", 100, 1_000);
    return c.json({ events: unwrap(await sessionStub(c).tracePage(after, limit)) });
  });
