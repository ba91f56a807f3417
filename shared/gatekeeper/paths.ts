// Path isolation: turns whatever spelling a model (or a client) wrote into one
// canonical workspace-relative path, confined to the allowed roots. Used by the
// gatekeeper for every path argument and by the Hive workspace (issue 6).
import { describeProblem, nameProblem } from "../contracts/text.ts";
import { err, ok, type Result } from "../base/result.ts";

export type PathErrorCode =
  | "PATH_EMPTY"
  | "PATH_TOO_LONG"
  | "PATH_CONTROL_CHARACTER"
  | "PATH_BAD_ENCODING"
  | "PATH_LOOKALIKE"
  | "PATH_ABSOLUTE"
  | "PATH_HOME"
  | "PATH_TRAVERSAL"
  | "PATH_BAD_SEGMENT"
  | "PATH_OUTSIDE_ROOTS"
  | "PATH_SENSITIVE";

/** Longest accepted path, in characters after decoding (Linux PATH_MAX is 4096). */
export const MAX_PATH_LENGTH = 1024;
/** Decoding rounds before a still-encoded path is refused: one for the URL, one for a double-encoder. */
export const MAX_DECODE_ROUNDS = 3;

/** Files and directories no tool may touch unless a caller passes its own list. */
export const DEFAULT_DENIED_PATTERNS: readonly RegExp[] = [
  /^\.env(\..*)?$/i, // .env, .env.local, .env.production
  /^\.git$/i,
  /^\.(ssh|aws|gnupg|azure|kube|docker)$/i,
  /^\.(npmrc|netrc|pypirc|pgpass|git-credentials|htpasswd)$/i,
  /^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/i,
  /\.(pem|key|p12|pfx|jks|keystore|ppk|asc|gpg|kdbx)$/i,
  /^credentials(\..*)?$/i,
  /^secrets?(\..*)?$/i,
  /^\.dev\.vars$/i, // wrangler's local secrets
];

// Characters that render as, or that some layer treats as, a dot or a slash but
// that NFKC leaves alone: division slash, fraction slash, big solidus, set minus,
// ideographic full stops, middle dots, combining long solidus and dot above...
const LOOKALIKES: ReadonlySet<number> = new Set([
  0x2215, 0x2044, 0x29f8, 0x29f9, 0x2216, 0x29f5, 0x29f6, 0x29f7, 0x3002, 0xff61, 0xfe52, 0x2024,
  0x2027, 0x00b7, 0x0338, 0x02d9, 0x0307, 0x2e31, 0x2e33, 0x30fb, 0xff65,
]);
// Invisible characters that make two paths look alike: zero-width, bidi controls,
// variation selectors, BOM (inclusive ranges).
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
];

/** The first suspicious character class found in `text`, if any. */
function suspicious(text: string): "control" | "lookalike" | undefined {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // C0 and C1 controls, NUL included.
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) {
      return "control";
    }
    if (LOOKALIKES.has(cp) || INVISIBLE.some(([lo, hi]) => cp >= lo && cp <= hi)) {
      return "lookalike";
    }
  }
  return undefined;
}
const ENCODED = /%[0-9a-f]{2}/i;

export interface NormalizeOptions {
  deniedPatterns?: readonly RegExp[];
}

const refuse = (code: PathErrorCode, message: string, hint: string) => err(code, message, hint);

const RELATIVE_HINT = "write a path relative to the workspace root, such as src/app.ts";

/**
 * Canonical form of a workspace path: relative, `/`-separated, no `.`/`..`/empty
 * segments, decoded and NFKC-normalised, inside one of `roots`, not matching a
 * denied pattern. The workspace root itself is `"."`. Idempotent on its output.
 */
export function normalizeWorkspacePath(
  raw: string,
  roots: readonly string[],
  options: NormalizeOptions = {},
): Result<string, PathErrorCode> {
  if (raw.trim() === "") {
    return refuse("PATH_EMPTY", "the path is empty", RELATIVE_HINT);
  }
  const canonical = canonicalize(raw);
  if (!canonical.ok) {
    return canonical;
  }
  const path = canonical.value;
  const confined = roots.some((root) => {
    const r = canonicalRoot(root);
    // An unusable root confines nothing; the caller's config is wrong, not the path.
    return r.ok && (r.value === "." || path === r.value || path.startsWith(`${r.value}/`));
  });
  if (!confined) {
    return refuse(
      "PATH_OUTSIDE_ROOTS",
      `the path ${JSON.stringify(path)} is outside the allowed directories`,
      `stay under ${roots.map((r) => JSON.stringify(r)).join(", ") || "(no roots configured)"}`,
    );
  }
  const denied = options.deniedPatterns ?? DEFAULT_DENIED_PATTERNS;
  for (const segment of path.split("/")) {
    if (denied.some((p) => p.test(segment))) {
      return refuse(
        "PATH_SENSITIVE",
        `the path ${JSON.stringify(path)} names a secret or repository-internal file (${segment})`,
        "environment files, .git, keys and credentials are never read or written; work with the source files instead",
      );
    }
  }
  return ok(path);
}

// Roots come from configuration and repeat on every call: canonicalise each once.
const ROOT_CACHE = new Map<string, Result<string, PathErrorCode>>();
const ROOT_CACHE_ENTRIES = 256; // a session has a handful of roots; this bounds a hostile caller

function canonicalRoot(root: string): Result<string, PathErrorCode> {
  const cached = ROOT_CACHE.get(root);
  if (cached) {
    return cached;
  }
  const canonical = root === "" || root === "/" ? ok(".") : canonicalize(root);
  if (ROOT_CACHE.size >= ROOT_CACHE_ENTRIES) {
    ROOT_CACHE.clear();
  }
  ROOT_CACHE.set(root, canonical);
  return canonical;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9]|conin\$|conout\$)(\..*)?$/i;

// Printable ASCII is its own NFKC form: skip the Unicode work for ordinary paths.
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function decodeLayers(raw: string): Result<string, PathErrorCode> {
  let current = raw;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    const nfkc = PLAIN_ASCII.test(current) ? current : current.normalize("NFKC");
    if (!ENCODED.test(nfkc)) {
      return ok(nfkc);
    }
    if (round === MAX_DECODE_ROUNDS) {
      break;
    }
    try {
      current = decodeURIComponent(nfkc);
    } catch {
      // Malformed escapes (a lone %C0, broken UTF-8) mean an encoder we cannot
      // reason about: refusing is the only safe reading.
      return refuse("PATH_BAD_ENCODING", "the path has malformed percent-encoding", RELATIVE_HINT);
    }
  }
  return refuse(
    "PATH_BAD_ENCODING",
    `the path is percent-encoded more than ${MAX_DECODE_ROUNDS} times`,
    `write the path plainly, without %xx escapes: ${RELATIVE_HINT}`,
  );
}

function canonicalize(raw: string): Result<string, PathErrorCode> {
  if (raw.length > MAX_PATH_LENGTH * 3) {
    return refuse(
      "PATH_TOO_LONG",
      `the path is longer than ${MAX_PATH_LENGTH} characters`,
      "use a shorter path",
    );
  }
  const decoded = decodeLayers(raw);
  if (!decoded.ok) {
    return decoded;
  }
  const text = decoded.value;
  // A lone surrogate is stored changed (SQLite reads back U+FFFD), so the
  // path would never match itself again; non-characters and NUL are no names.
  const problem = nameProblem(raw) ?? nameProblem(text);
  if (problem !== undefined && problem !== "nul") {
    return refuse(
      "PATH_BAD_ENCODING",
      `the path contains ${describeProblem(problem)}`,
      `use well-formed Unicode: ${RELATIVE_HINT}`,
    );
  }
  if (text.length > MAX_PATH_LENGTH) {
    return refuse(
      "PATH_TOO_LONG",
      `the path is longer than ${MAX_PATH_LENGTH} characters`,
      "use a shorter path",
    );
  }
  const odd = suspicious(text);
  if (odd === "control") {
    return refuse(
      "PATH_CONTROL_CHARACTER",
      "the path contains a control character (NUL, newline...)",
      RELATIVE_HINT,
    );
  }
  if (odd === "lookalike") {
    return refuse(
      "PATH_LOOKALIKE",
      "the path contains an invisible character or a look-alike of a dot or slash",
      `use plain ASCII '.' and '/': ${RELATIVE_HINT}`,
    );
  }
  const slashed = text.replaceAll("\\", "/");
  if (slashed.startsWith("/") || /^[a-z]:/i.test(slashed)) {
    return refuse(
      "PATH_ABSOLUTE",
      `absolute paths are refused: ${JSON.stringify(raw)}`,
      RELATIVE_HINT,
    );
  }
  if (slashed.startsWith("~")) {
    return refuse("PATH_HOME", "paths from a home directory (~) are refused", RELATIVE_HINT);
  }
  const kept: string[] = [];
  for (const segment of slashed.split("/")) {
    if (segment === "" || segment === ".") {
      continue;
    }
    if (segment === "..") {
      return refuse(
        "PATH_TRAVERSAL",
        `the path climbs out with '..': ${JSON.stringify(raw)}`,
        RELATIVE_HINT,
      );
    }
    if (/^[. ]+$/.test(segment) || /[. ]$/.test(segment)) {
      // Windows strips trailing dots and spaces (".env." opens ".env", "... " opens "..").
      return refuse(
        "PATH_BAD_SEGMENT",
        `the path segment ${JSON.stringify(segment)} ends with a dot or a space`,
        "file and directory names may not end with '.' or ' '",
      );
    }
    if (segment === "~" || (kept.length === 0 && segment.startsWith("~"))) {
      return refuse("PATH_HOME", "paths from a home directory (~) are refused", RELATIVE_HINT);
    }
    if (WINDOWS_DEVICE.test(segment)) {
      // CON, NUL, COM1... open devices on Windows whatever the extension (a synced checkout).
      return refuse(
        "PATH_BAD_SEGMENT",
        `the path segment ${JSON.stringify(segment)} is a reserved device name on Windows`,
        "choose another file name",
      );
    }
    if (segment.includes(":")) {
      // NTFS alternate data streams (file.txt::$DATA) and URL schemes (file:).
      return refuse(
        "PATH_BAD_SEGMENT",
        `the path segment ${JSON.stringify(segment)} contains ':'`,
        RELATIVE_HINT,
      );
    }
    kept.push(segment);
  }
  return ok(kept.length === 0 ? "." : kept.join("/"));
}
