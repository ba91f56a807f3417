// The clean room where data enters a session: a model's move (tool-call arguments,
// rationale, final answer) before it runs, is stored or resent (the session loop),
// and a clean-room session's mission before it is stored (the gateway's create route).
import { presetOf } from "../governance/presets.ts";
import type { Move } from "../driver/move.ts";
import { redactedMarker, redactSecrets, redactValue, type Redaction } from "../base/redact.ts";

/**
 * Known token prefixes. A string that ENDS in one of these (plus a few token
 * characters, too short for a whole secret) is the first half of a secret split
 * across two tool calls: the half is redacted, so neither call carries it whole.
 */
const SPLIT_PREFIX =
  /^(?:sk-(?:proj-|svcacct-|admin-|ant-)?|AKIA|ASIA|gh[pousr]_|github_pat_|xox[abposre]-|eyJ)/;
/** Token characters a split secret's first half may carry after its prefix. */
const SPLIT_HALF_MAX_CHARS = 40;
/** The longest first half: the longest prefix (11 characters) and the characters after it. */
const SPLIT_TAIL_CHARS = 11 + SPLIT_HALF_MAX_CHARS;
const TOKEN_CHAR = /[A-Za-z0-9_-]/;
const WORD_CHAR = /[A-Za-z0-9_]/;
/** A run long enough to be base64 of a secret (a 20-char token is 28 base64 chars). */
const BASE64_RUN = /[A-Za-z0-9+/]{24,}={0,2}/g;
/** `\uXXXX`, `\/` and friends: a JSON string written inside a string. */
const ESCAPE = /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])/;

/**
 * Where a secret's first half starts at the end of `text`, or null: a known
 * prefix at a word boundary, then at most SPLIT_HALF_MAX_CHARS token characters
 * up to the end. Read by index over the last token run, so its cost is bounded.
 */
function splitPrefixAt(text: string): number | null {
  let run = text.length;
  while (run > 0 && text.length - run < SPLIT_TAIL_CHARS && TOKEN_CHAR.test(text.charAt(run - 1))) {
    run--;
  }
  for (let start = run; start < text.length; start++) {
    if (start > 0 && WORD_CHAR.test(text.charAt(start - 1))) {
      continue;
    }
    const prefix = SPLIT_PREFIX.exec(text.slice(start))?.[0];
    if (prefix !== undefined && text.length - start - prefix.length <= SPLIT_HALF_MAX_CHARS) {
      return start;
    }
  }
  return null;
}

function decodeBase64(run: string): string | null {
  try {
    const text = atob(run.length % 4 === 0 ? run : run + "=".repeat(4 - (run.length % 4)));
    // Only printable text can hold a secret the patterns recognise.
    return /^[\x20-\x7e\t\r\n]*$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** The text with its JSON escapes decoded (a string that spells a token in `\u` escapes). */
function unescapeJson(text: string): string {
  return text.replace(/\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g, (_m, hex?: string, c?: string) =>
    hex === undefined ? (SIMPLE_ESCAPES[c ?? ""] ?? "") : String.fromCharCode(parseInt(hex, 16)),
  );
}

/**
 * Redacts a string and the disguises a model may put a secret in: base64 runs
 * that decode to a secret, JSON escapes that spell one, and the first half of a
 * token at the string's end. Linear in the text's length.
 */
export function redactDeep(text: string): { text: string; redactions: Redaction[] } {
  const plain = redactSecrets(text);
  const redactions = [...plain.redactions];
  let current = plain.text;
  if (ESCAPE.test(current)) {
    const unescaped = unescapeJson(current);
    if (redactSecrets(unescaped).redactions.length > 0) {
      const again = redactSecrets(unescaped);
      redactions.push(...again.redactions);
      current = again.text;
    }
  }
  current = current.replace(BASE64_RUN, (run) => {
    const decoded = decodeBase64(run);
    const found = decoded === null ? [] : redactSecrets(decoded).redactions;
    if (found.length === 0) {
      return run;
    }
    redactions.push(...found);
    return redactedMarker(found[0]?.kind ?? "env_secret");
  });
  const half = splitPrefixAt(current);
  // A bare prefix word (`eyJ` alone in prose) is not worth a marker; 4+ token chars are.
  if (half !== null && current.length - half >= 6) {
    redactions.push({ kind: "env_secret", count: 1 });
    current = `${current.slice(0, half)}${redactedMarker("env_secret")}`;
  }
  return { text: current, redactions };
}

/** Every string inside a JSON-like value through redactDeep; object keys too (a file name is a key). */
export function redactDeepValue(value: unknown): { value: unknown; count: number } {
  let count = 0;
  const clean = (s: string) => {
    const r = redactDeep(s);
    count += r.redactions.reduce((n, x) => n + x.count, 0);
    return r.text;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return clean(v);
    }
    if (Array.isArray(v)) {
      return v.map(walk);
    }
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [clean(k), walk(x)]),
      );
    }
    return v;
  };
  const cleaned = walk(redactValue(value).value);
  return { value: cleaned, count };
}

/** A model's move with every secret taken out of its arguments, rationale and answer. */
export function cleanMove(move: Move): { move: Move; redacted: number } {
  if (move.kind === "tool") {
    const args = redactDeepValue(move.args);
    const rationale = move.rationale === undefined ? undefined : redactDeep(move.rationale);
    const redacted = args.count + (rationale?.redactions.length ?? 0);
    const cleaned: Move = {
      ...move,
      args: args.value as typeof move.args,
      ...(rationale === undefined ? {} : { rationale: rationale.text }),
    };
    return { move: cleaned, redacted };
  }
  const answer = redactDeep(move.answer);
  const rationale = move.rationale === undefined ? undefined : redactDeep(move.rationale);
  return {
    move: {
      ...move,
      answer: answer.text,
      ...(rationale === undefined ? {} : { rationale: rationale.text }),
    },
    redacted: answer.redactions.length + (rationale?.redactions.length ?? 0),
  };
}

/**
 * A session config as a clean-room session may store it: the mission and skills
 * with every secret (and its disguises) redacted. Other personas pass unchanged.
 */
export function cleanConfig<T extends { persona: string; mission: string; skills?: string[] }>(
  config: T,
): T {
  if (presetOf(config.persona)?.cleanRoom !== true) {
    return config;
  }
  return {
    ...config,
    mission: redactDeep(config.mission).text,
    ...(config.skills === undefined
      ? {}
      : { skills: config.skills.map((s) => redactDeep(s).text) }),
  };
}
