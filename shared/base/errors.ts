// One error type inside an isolate: a closed code set per subsystem, matched on
// `code` (never `instanceof`, which breaks across bundles and RPC).
import { z } from "zod";
import type { Err } from "./result.ts";

export class AppError<C extends string = string> extends Error {
  override readonly name = "AppError";
  readonly code: C;
  readonly hint: string | undefined;
  readonly status: number;

  constructor(
    code: C,
    message: string,
    options: { hint?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.status = options.status ?? 400;
  }

  toErr(): Err<C> {
    return this.hint === undefined
      ? { ok: false, code: this.code, message: this.message }
      : { ok: false, code: this.code, message: this.message, hint: this.hint };
  }
}

export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof Error &&
    value.name === "AppError" &&
    typeof (value as { code?: unknown }).code === "string"
  );
}

/** The JSON body of every error the gateway answers with. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    hint: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function errorBody(code: string, message: string, hint?: string): ErrorBody {
  return { error: hint === undefined ? { code, message } : { code, message, hint } };
}
