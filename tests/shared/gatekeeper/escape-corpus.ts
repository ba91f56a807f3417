// Path-escape spellings the gatekeeper must refuse, with the code each one earns.
// `roots` defaults to the whole workspace ["."]; a few entries test a narrower root.
import type { PathErrorCode } from "../../../shared/gatekeeper/paths.ts";

export interface EscapeCase {
  raw: string;
  code: PathErrorCode;
  roots?: string[];
}

export const ESCAPE_CORPUS: readonly EscapeCase[] = [
  // plain traversal, both separators
  { raw: "../etc/passwd", code: "PATH_TRAVERSAL" },
  { raw: "../../../../etc/shadow", code: "PATH_TRAVERSAL" },
  { raw: "..\\windows\\system32", code: "PATH_TRAVERSAL" },
  { raw: "src/../../etc", code: "PATH_TRAVERSAL" },
  { raw: "src\\..\\..\\x", code: "PATH_TRAVERSAL" },
  { raw: "src/./../../etc", code: "PATH_TRAVERSAL" },
  { raw: "..", code: "PATH_TRAVERSAL" },
  { raw: "src/..", code: "PATH_TRAVERSAL" },
  { raw: "./..//x", code: "PATH_TRAVERSAL" },
  // percent-encoding, single, double, triple, mixed
  { raw: "%2e%2e/etc", code: "PATH_TRAVERSAL" },
  { raw: "%2e%2e%2fetc%2fpasswd", code: "PATH_TRAVERSAL" },
  { raw: "%2E%2E%2F%2E%2E%2F", code: "PATH_TRAVERSAL" },
  { raw: "..%2fetc", code: "PATH_TRAVERSAL" },
  { raw: "..%5cetc", code: "PATH_TRAVERSAL" },
  { raw: "%2e%2e%5cetc", code: "PATH_TRAVERSAL" },
  { raw: ".%2e/etc", code: "PATH_TRAVERSAL" },
  { raw: "%252e%252e/etc", code: "PATH_TRAVERSAL" },
  { raw: "%252e%252e%252fetc", code: "PATH_TRAVERSAL" },
  { raw: "..%255cetc", code: "PATH_TRAVERSAL" },
  { raw: "%25252e%25252e/etc", code: "PATH_TRAVERSAL" },
  { raw: "%2525252e%2525252e/etc", code: "PATH_BAD_ENCODING" },
  { raw: "%c0%ae%c0%ae/etc", code: "PATH_BAD_ENCODING" },
  { raw: "%e0%80%ae%e0%80%ae/etc", code: "PATH_BAD_ENCODING" },
  { raw: "..%c0%afetc", code: "PATH_BAD_ENCODING" },
  { raw: "%2e%2e%c1%9cetc", code: "PATH_BAD_ENCODING" },
  // full-width and compatibility forms (NFKC)
  { raw: "．．／etc", code: "PATH_TRAVERSAL" },
  { raw: "．．/etc", code: "PATH_TRAVERSAL" },
  { raw: "..／etc", code: "PATH_TRAVERSAL" },
  { raw: "．．＼etc", code: "PATH_TRAVERSAL" },
  { raw: "\u2025/etc", code: "PATH_TRAVERSAL" }, // two dot leader
  { raw: "\u2024\u2024/etc", code: "PATH_TRAVERSAL" }, // one dot leaders
  { raw: "%ef%bc%8e%ef%bc%8e/etc", code: "PATH_TRAVERSAL" }, // encoded full-width dots
  { raw: "ｃ：＼ｗｉｎｄｏｗｓ", code: "PATH_ABSOLUTE" },
  { raw: "＼＼server＼share", code: "PATH_ABSOLUTE" },
  // look-alikes NFKC keeps, invisible characters
  { raw: "..\u2215etc", code: "PATH_LOOKALIKE" }, // division slash
  { raw: "..\u2044etc", code: "PATH_LOOKALIKE" }, // fraction slash
  { raw: "..\u29f8etc", code: "PATH_LOOKALIKE" }, // big solidus
  { raw: "..\u2216etc", code: "PATH_LOOKALIKE" }, // set minus
  { raw: ".\u3002/etc", code: "PATH_LOOKALIKE" }, // ideographic full stop
  { raw: "..\u200b/etc", code: "PATH_LOOKALIKE" }, // zero-width space
  { raw: ".\u200d./etc", code: "PATH_LOOKALIKE" }, // zero-width joiner
  { raw: "\u202e/cte/..", code: "PATH_LOOKALIKE" }, // right-to-left override
  { raw: "\ufeff../etc", code: "PATH_LOOKALIKE" }, // byte order mark
  // absolute, drive and UNC paths
  { raw: "/etc/passwd", code: "PATH_ABSOLUTE" },
  { raw: "//etc/passwd", code: "PATH_ABSOLUTE" },
  { raw: "\\etc\\passwd", code: "PATH_ABSOLUTE" },
  { raw: "C:\\Windows\\System32", code: "PATH_ABSOLUTE" },
  { raw: "c:/windows/win.ini", code: "PATH_ABSOLUTE" },
  { raw: "C:secret.txt", code: "PATH_ABSOLUTE" },
  { raw: "\\\\server\\share\\x", code: "PATH_ABSOLUTE" },
  { raw: "//server/share", code: "PATH_ABSOLUTE" },
  { raw: "\\\\?\\C:\\x", code: "PATH_ABSOLUTE" },
  { raw: "%2fetc%2fpasswd", code: "PATH_ABSOLUTE" },
  { raw: "file:///etc/passwd", code: "PATH_BAD_SEGMENT" },
  // home directories
  { raw: "~/.ssh/id_rsa", code: "PATH_HOME" },
  { raw: "~root/x", code: "PATH_HOME" },
  { raw: "~", code: "PATH_HOME" },
  { raw: "./~/x", code: "PATH_HOME" },
  { raw: "%7e/.aws", code: "PATH_HOME" },
  // NUL and control characters
  { raw: "src/a.ts\u0000.png", code: "PATH_CONTROL_CHARACTER" },
  { raw: "src/%00/x", code: "PATH_CONTROL_CHARACTER" },
  { raw: "src/a\n../b", code: "PATH_CONTROL_CHARACTER" },
  { raw: "src/\u0085x", code: "PATH_CONTROL_CHARACTER" },
  // trailing dots and spaces, odd segments, streams
  { raw: ".env.", code: "PATH_BAD_SEGMENT" },
  { raw: ".env ", code: "PATH_BAD_SEGMENT" },
  { raw: ". ./etc", code: "PATH_BAD_SEGMENT" },
  { raw: "... /x", code: "PATH_BAD_SEGMENT" },
  { raw: "....//....//etc", code: "PATH_BAD_SEGMENT" },
  { raw: "src/...", code: "PATH_BAD_SEGMENT" },
  { raw: " ../etc", code: "PATH_BAD_SEGMENT" },
  { raw: "a.txt::$DATA", code: "PATH_BAD_SEGMENT" },
  { raw: "src/CON", code: "PATH_BAD_SEGMENT" },
  { raw: "nul.txt", code: "PATH_BAD_SEGMENT" },
  { raw: "logs/com1.log", code: "PATH_BAD_SEGMENT" },
  // secrets and repository internals
  { raw: ".env", code: "PATH_SENSITIVE" },
  { raw: "src/.env", code: "PATH_SENSITIVE" },
  { raw: ".env.local", code: "PATH_SENSITIVE" },
  { raw: ".ENV", code: "PATH_SENSITIVE" },
  { raw: ".git/config", code: "PATH_SENSITIVE" },
  { raw: "src/.git/HEAD", code: "PATH_SENSITIVE" },
  { raw: ".GIT/config", code: "PATH_SENSITIVE" },
  { raw: "%2egit/config", code: "PATH_SENSITIVE" },
  { raw: "id_rsa", code: "PATH_SENSITIVE" },
  { raw: "keys/server.pem", code: "PATH_SENSITIVE" },
  { raw: "certs/site.key", code: "PATH_SENSITIVE" },
  { raw: ".aws/credentials", code: "PATH_SENSITIVE" },
  { raw: ".ssh/authorized_keys", code: "PATH_SENSITIVE" },
  { raw: "config/credentials.json", code: "PATH_SENSITIVE" },
  { raw: ".npmrc", code: "PATH_SENSITIVE" },
  { raw: ".dev.vars", code: "PATH_SENSITIVE" },
  { raw: "．env", code: "PATH_SENSITIVE" },
  // outside the allowed roots
  { raw: "docs/readme.md", code: "PATH_OUTSIDE_ROOTS", roots: ["src"] },
  { raw: "srcevil/x.ts", code: "PATH_OUTSIDE_ROOTS", roots: ["src"] },
  { raw: "src2/x.ts", code: "PATH_OUTSIDE_ROOTS", roots: ["src", "lib"] },
  { raw: ".", code: "PATH_OUTSIDE_ROOTS", roots: ["src"] },
  // empty and oversized
  { raw: "", code: "PATH_EMPTY" },
  { raw: "   ", code: "PATH_EMPTY" },
  { raw: `${"a/".repeat(600)}x`, code: "PATH_TOO_LONG" },
];
