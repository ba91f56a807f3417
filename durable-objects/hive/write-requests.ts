// The Hive's RPC arguments before validation: a zod failure as an INVALID_REQUEST
// refusal, and a single write (put, retract, supersede) as a one-write commit.
import type { z } from "zod";
import { hiveErr, type CommitRequestIn } from "../../shared/hive/writes.ts";

/** A zod failure as the refusal the caller gets, naming the first bad field. */
export function invalid(error: z.ZodError, what: string) {
  const issue = error.issues[0];
  const where = issue?.path.join(".") || "(root)";
  return hiveErr(
    "INVALID_REQUEST",
    `invalid ${what} at ${where}: ${issue?.message ?? "invalid"}`,
    "docs/hive.md lists the fields and their limits",
  );
}

/** One write as a commit; anything that is not an object fails the commit's validation. */
export function single(op: "put" | "retract" | "supersede", request: unknown): CommitRequestIn {
  if (typeof request !== "object" || request === null) {
    return { idempotencyKey: "", writes: [] };
  }
  const { idempotencyKey, ...write } = request as { idempotencyKey?: unknown };
  return { idempotencyKey, writes: [{ ...write, op }] } as CommitRequestIn;
}
