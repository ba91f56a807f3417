// The gateway's input contract, checked before any route: the URL decodes
// (no malformed `%`), every path segment and query value is a well-formed name,
// and a JSON body is shallow enough and free of dangerous keys. Mounted in app.ts.
import type { MiddlewareHandler } from "hono";
import {
  MAX_JSON_DEPTH,
  describeProblem,
  jsonDepthExceeds,
  jsonProblem,
  nameProblem,
} from "../../shared/contracts/text.ts";
import { AppError } from "../../shared/base/errors.ts";

const URL_HINT = "percent-encode names as UTF-8 (encodeURIComponent) and send them once";

function decodeStrict(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new AppError("BAD_ENCODING", `the ${what} has malformed percent-encoding`, {
      status: 400,
      hint: URL_HINT,
    });
  }
}

function checkName(text: string, what: string): void {
  const problem = nameProblem(text);
  if (problem !== undefined) {
    throw new AppError("BAD_TEXT", `the ${what} contains ${describeProblem(problem)}`, {
      status: 400,
      hint: "names, paths and identifiers must be well-formed Unicode without NUL",
    });
  }
}

/** Longest URL the gateway reads (Cloudflare's own limit is 16 KB): past it, a typed 414. */
const MAX_URL_CHARS = 16 * 1024;

/** The URL part of the contract: throws a typed 400 (414 when too long) on the first violation. */
export function checkUrl(url: URL): void {
  if (url.href.length > MAX_URL_CHARS) {
    throw new AppError(
      "URL_TOO_LONG",
      `the URL is ${url.href.length} characters; at most ${MAX_URL_CHARS} are read`,
      {
        status: 414,
        hint: "send long values in a JSON body (POST), not in the query",
      },
    );
  }
  for (const segment of url.pathname.split("/")) {
    checkName(decodeStrict(segment, "URL path"), "URL path");
  }
  const query = url.search.startsWith("?") ? url.search.slice(1) : url.search;
  for (const pair of query.split("&")) {
    if (pair === "") {
      continue;
    }
    const eq = pair.indexOf("=");
    const name = decodeStrict((eq < 0 ? pair : pair.slice(0, eq)).replaceAll("+", " "), "query");
    const value = eq < 0 ? "" : decodeStrict(pair.slice(eq + 1).replaceAll("+", " "), "query");
    checkName(name, "query parameter name");
    checkName(value, `query parameter ${name.slice(0, 32)}`);
  }
}

/** A JSON number token: sign, digits, fraction, exponent. */
const NUMBER_START = /[-0-9]/;
const NUMBER_CHAR = /[-+0-9.eE]/;
/** A non-zero digit (tested on the mantissa, before any exponent): the text names a value that is not zero. */
const NONZERO_DIGIT = /[1-9]/;

/**
 * The first number in a JSON text that a double cannot hold (it would be stored
 * as 0 or Infinity), or null. One pass over the text; strings are skipped.
 */
export function unrepresentableNumber(text: string): string | null {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (inString) {
      if (c === "\\") {
        i++;
      } else if (c === '"') {
        inString = false;
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (!NUMBER_START.test(c)) {
      continue;
    }
    let end = i + 1;
    while (end < text.length && NUMBER_CHAR.test(text[end] ?? "")) {
      end++;
    }
    const token = text.slice(i, end);
    const value = Number(token);
    if (
      !Number.isFinite(value) ||
      (value === 0 && NONZERO_DIGIT.test(token.split(/[eE]/)[0] ?? ""))
    ) {
      return token.slice(0, 40);
    }
    i = end - 1;
  }
  return null;
}

/** The JSON part of the contract, on the body's text (not parsed when too deep). */
export function checkJsonText(text: string): void {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new AppError(
      "JSON_TOO_DEEP",
      `the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
      {
        status: 400,
        hint: "flatten the value; store large structures as a workspace file",
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the route's own parser answers with its typed error.
    return;
  }
  const number = unrepresentableNumber(text);
  if (number !== null) {
    throw new AppError(
      "NUMBER_OUT_OF_RANGE",
      `the number ${number} cannot be stored exactly: it underflows to 0 or overflows to Infinity`,
      {
        status: 400,
        hint: "send numbers within ±1.8e308 and at least 5e-324 in size, or send the value as a string",
      },
    );
  }
  const problem = jsonProblem(value);
  if (problem !== undefined) {
    throw new AppError(
      problem.kind === "dangerous-key" ? "FORBIDDEN_KEY" : "BAD_TEXT",
      `${problem.where}: ${problem.detail}`,
      {
        status: 400,
        hint:
          problem.kind === "dangerous-key"
            ? "rename the key: __proto__, constructor and prototype are refused, not dropped"
            : "strings and keys must be well-formed Unicode (no lone surrogates)",
      },
    );
  }
}

const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH", "DELETE"]);

/**
 * Hono middleware for /v1/* and /parties/*. The body is read from a clone, so a
 * route that forwards the raw request (the model routes) still has it.
 */
export const inputContract: MiddlewareHandler = async (c, next) => {
  checkUrl(new URL(c.req.url));
  const type = c.req.header("content-type") ?? "";
  // PUT carries raw file bytes; POST/PATCH/DELETE bodies are JSON whatever their type says.
  if (BODY_METHODS.has(c.req.method) && c.req.raw.body !== null && !type.startsWith("multipart/")) {
    checkJsonText(await c.req.raw.clone().text());
  }
  await next();
};
