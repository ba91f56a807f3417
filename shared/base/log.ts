// Structured logging: one JSON line per event, so workerd's and wrangler's
// output stays greppable and observability can index the fields. Context
// (request id, hive, session, step) rides on child loggers; secrets never do.
import { z } from "zod";
import { redactSecrets } from "./redact.ts";

type Level = "debug" | "info" | "warn" | "error";

/** The ids an event is about; every field is optional because not every event has them. */
export const LogContextSchema = z.strictObject({
  requestId: z.string().max(128).optional(),
  hive: z.string().max(128).optional(),
  session: z.string().max(128).optional(),
  step: z.number().int().min(0).optional(),
});
export type LogContext = z.infer<typeof LogContextSchema>;

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `context`. */
  with(context: LogContext & Record<string, unknown>): Logger;
}

/** Field names whose values are credentials: dropped whatever their content. */
const SECRET_FIELD = /authorization|api_?key|token|password|secret|cookie|^key$/i;
/** Nested values deeper than this are cut: a log line is not a dump. */
const MAX_DEPTH = 4;

/** A copy of `value` safe to log: secret-named fields dropped, secrets in strings redacted. */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    return redactSecrets(value).text;
  }
  if (typeof value !== "object" || value === null) {
    return value;
  }
  if (depth >= MAX_DEPTH) {
    return "[…]";
  }
  if (Array.isArray(value)) {
    return value.map((v) => scrubLogValue(v, depth + 1));
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_FIELD.test(k) ? "[REDACTED]" : scrubLogValue(v, depth + 1),
    ]),
  );
}

export function createLogger(component: string, context: Record<string, unknown> = {}): Logger {
  const write = (level: Level, event: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify(
      scrubLogValue({
        level,
        at: new Date().toISOString(),
        component,
        event,
        ...context,
        ...fields,
      }),
    );
    if (level === "error") {
      console.error(line);
    } else if (level === "warn") {
      console.warn(line);
    } else {
      console.log(line);
    }
  };
  return {
    debug: (event, fields) => write("debug", event, fields),
    info: (event, fields) => write("info", event, fields),
    warn: (event, fields) => write("warn", event, fields),
    error: (event, fields) => write("error", event, fields),
    with: (more) => createLogger(component, { ...context, ...more }),
  };
}

/** Turns anything thrown into loggable fields without leaking it to clients. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  return { thrown: String(error) };
}
