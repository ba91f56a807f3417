// JSON body validation with zod: a failure names the field, what was expected,
// and how to fix it.
import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { errorBody } from "../../../shared/base/errors.ts";

export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator("json", schema, (result, c) => {
    if (result.success) {
      return undefined;
    }
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || "(body)";
    return c.json(
      errorBody(
        "INVALID_BODY",
        `${field}: ${issue?.message ?? "invalid value"}`,
        "fix that field and send again; GET / describes the routes",
      ),
      400,
    );
  });
}
