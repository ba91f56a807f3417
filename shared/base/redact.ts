// Secret redaction: secrets in text (API keys, tokens, private keys, passwords in
// URLs and env lines) are replaced before anything is stored, logged or shown. The
// JSON log applies it to every line; the clean room applies it to tool output.
// Every pattern is linear-time (no nested quantifiers).

export type SecretKind =
  | "private_key"
  | "openai_key"
  | "aws_access_key"
  | "github_token"
  | "slack_token"
  | "jwt"
  | "bearer_token"
  | "url_password"
  | "query_secret"
  | "env_secret";

export interface Redaction {
  kind: SecretKind;
  count: number;
}

export interface RedactedText {
  text: string;
  redactions: Redaction[];
}

export const redactedMarker = (kind: SecretKind) => `[REDACTED:${kind}]`;

interface Pattern {
  kind: SecretKind;
  /** Named groups `pre` and `post`, when present, are kept around the marker. */
  regex: RegExp;
  /** Decides on a match the pattern alone cannot (read in code, so the pattern stays linear). */
  accept?: (groups: Record<string, string | undefined>) => boolean;
}

/** A variable name that says it holds a secret; tested on a whole name, not inside the pattern. */
const SECRET_NAME =
  /PASSWORD|PASSWD|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?/i;
/** Values that are settings, not secrets (max_tokens: 1500). */
const SETTING_VALUE = /^(?:\d+|true|false|null|~)[ \t]*$/i;

/** A PEM private key's first line; its block runs to the first `-----END` (or the end of the text). */
const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /^-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;

/** Whole PEM private-key blocks replaced, found by index (a pattern spanning the block would rescan it). */
function redactPrivateKeys(text: string): { text: string; count: number } {
  let out = "";
  let at = 0;
  let count = 0;
  for (const begin of text.matchAll(PEM_BEGIN)) {
    const start = begin.index ?? 0;
    if (start < at) {
      continue;
    }
    const bodyStart = start + begin[0].length;
    const endAt = text.indexOf("-----END", bodyStart);
    let stop: number;
    if (endAt < 0) {
      stop = text.length;
    } else {
      const end = PEM_END.exec(text.slice(endAt, endAt + 256));
      if (end === null) {
        continue;
      }
      stop = endAt + end[0].length;
    }
    out += text.slice(at, start) + redactedMarker("private_key");
    at = stop;
    count++;
  }
  return { text: out + text.slice(at), count };
}

// Order matters: whole PEM blocks first, then specific token shapes, then the
// generic name=value forms (which would otherwise eat a token's prefix).
const PATTERNS: readonly Pattern[] = [
  {
    kind: "openai_key",
    regex: /\bsk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}/g,
  },
  { kind: "aws_access_key", regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  {
    kind: "github_token",
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g,
  },
  { kind: "slack_token", regex: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  {
    kind: "jwt",
    // Starts only where a token run starts: inside one, every start would rescan it.
    regex: /(?<pre>^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  },
  {
    kind: "bearer_token",
    regex: /(?<pre>\b(?:Bearer|Token)[ \t]+)[A-Za-z0-9._~+/-]{8,}=*/gi,
  },
  {
    kind: "url_password",
    regex: /(?<pre>(?:^|[^a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]+:)[^\s@/?#]+(?<post>@)/gi,
  },
  {
    kind: "query_secret",
    regex:
      /(?<pre>[?&;](?:password|passwd|pwd|pass|token|access_token|api_key|apikey|key|secret|client_secret|sig|signature)=)[^&#\s"'<>]+/gi,
  },
  {
    kind: "env_secret",
    // NAME=value / NAME: value on its own line (.env, shell exports, YAML, docker env);
    // numbers and booleans (max_tokens: 1500) are settings, not secrets.
    regex:
      /^(?<pre>[ \t]*(?:export[ \t]+)?["']?(?<name>[A-Za-z0-9_.-]+)["']?[ \t]*[=:][ \t]*)(?<value>\S.*)$/gim,
    accept: ({ name = "", value = "" }) =>
      SECRET_NAME.test(name) && !value.includes("[REDACTED:") && !SETTING_VALUE.test(value),
  },
];

/** Replaces every secret in `text` with a `[REDACTED:kind]` marker and counts them. */
export function redactSecrets(text: string): RedactedText {
  const pem = redactPrivateKeys(text);
  let current = pem.text;
  const redactions: Redaction[] = pem.count > 0 ? [{ kind: "private_key", count: pem.count }] : [];
  for (const pattern of PATTERNS) {
    let count = 0;
    current = current.replace(pattern.regex, (match: string, ...rest: unknown[]) => {
      const last = rest.at(-1);
      const groups = (typeof last === "object" && last !== null ? last : {}) as Record<
        string,
        string | undefined
      >;
      if (pattern.accept !== undefined && !pattern.accept(groups)) {
        return match;
      }
      count++;
      return `${groups.pre ?? ""}${redactedMarker(pattern.kind)}${groups.post ?? ""}`;
    });
    if (count > 0) {
      redactions.push({ kind: pattern.kind, count });
    }
  }
  return { text: current, redactions };
}

/** Redacts every string inside a JSON-like value (object keys are kept). */
export function redactValue(value: unknown): { value: unknown; redactions: Redaction[] } {
  const totals = new Map<SecretKind, number>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const r = redactSecrets(v);
      for (const { kind, count } of r.redactions) {
        totals.set(kind, (totals.get(kind) ?? 0) + count);
      }
      return r.text;
    }
    if (Array.isArray(v)) {
      return v.map(walk);
    }
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]),
      );
    }
    return v;
  };
  const redacted = walk(value);
  return { value: redacted, redactions: [...totals].map(([kind, count]) => ({ kind, count })) };
}
