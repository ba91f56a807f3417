// Session routes: create an AgentSession in a hive and read it back.
import { Hono } from "hono";
import { AppError } from "../../../shared/errors.ts";
import { SESSION_ID_PATTERN, SessionConfigSchema } from "../../../shared/session/config.ts";
import { jsonBody } from "../validate.ts";

export const sessions = new Hono<{ Bindings: Env }>()
  .post("/", jsonBody(SessionConfigSchema), async (c) => {
    const config = c.req.valid("json");
    const id = `s-${crypto.randomUUID()}`;
    const created = await c.env.AgentSession.getByName(id).init(config);
    if (!created.ok) {
      throw new AppError(created.code, created.message, { status: 409, hint: created.hint });
    }
    return c.json({ id, config: created.value, socket: `/parties/agent-session/${id}` }, 201);
  })
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    if (!SESSION_ID_PATTERN.test(id)) {
      throw new AppError("INVALID_ID", "session ids are letters, digits, '-' and '_'", {
        status: 400,
        hint: "use the id returned by POST /v1/sessions",
      });
    }
    const found = await c.env.AgentSession.getByName(id).describe();
    if (!found.ok) {
      throw new AppError(found.code, found.message, { status: 404, hint: found.hint });
    }
    return c.json(found.value);
  });
