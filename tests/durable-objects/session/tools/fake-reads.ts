// An in-memory ToolReads for unit tests of the tools' pure logic: it stands in
// for the Hive's reads (files, artifacts, refs, the structural index) with the
// same contract (failures are values, NOT_FOUND for absence). Keep it small.
import type { Artifact, ArtifactKind, JsonValue } from "../../../../shared/hive/artifact.ts";
import { sha256Hex } from "../../../../shared/base/hash.ts";
import type {
  ImportEdge,
  ReadResult,
  SearchHit,
  SymbolLocation,
  ToolReads,
} from "../../../../shared/tools/tool-ports.ts";

export interface L1Page {
  id: string;
  kind: string;
  sourceRef: string;
  content: string;
}

export interface ReadsFixture {
  files?: Record<string, string>;
  artifacts?: Record<string, { value: JsonValue; version?: number; kind?: ArtifactKind }>;
  refs?: Record<string, string>;
  definitions?: SymbolLocation[];
  /** Call sites, keyed by the called symbol. */
  callers?: Record<string, SymbolLocation[]>;
  imports?: ImportEdge[];
  l1?: L1Page[];
  prefetched?: L1Page[];
  session?: string;
  agent?: string;
  step?: number;
  /** Make one kind of read fail with this code (e.g. UNAVAILABLE) to test error paths. */
  failing?: {
    method: "readFile" | "definitions" | "callers" | "imports" | "search" | "artifact" | "ref";
    code: string;
  };
  /** Make every read throw (a reader breaking its contract). */
  throwing?: boolean;
}

const notFound = (what: string) =>
  ({
    ok: false,
    code: "NOT_FOUND",
    message: `${what} not found`,
    hint: "Check the name.",
  }) as const;

function lines(content: string): string[] {
  if (content === "") {
    return [];
  }
  return (content.endsWith("\n") ? content.slice(0, -1) : content).split("\n");
}

function under(path: string, scope?: string): boolean {
  return (
    scope === undefined ||
    path === scope ||
    path.startsWith(scope.endsWith("/") ? scope : `${scope}/`)
  );
}

export function makeArtifact(
  identifier: string,
  value: JsonValue,
  version = 1,
  kind: ArtifactKind = "fact",
): Artifact {
  return {
    identifier,
    version,
    kind,
    value,
    summary: "",
    provenance: {
      session: "s0",
      agent: "a0",
      step: 0,
      source: "test",
      contentHash: sha256Hex(JSON.stringify(value)),
    },
    status: "active",
    supersedes: version > 1 ? `${identifier}@${version - 1}` : null,
    supersededBy: null,
    reason: null,
    tags: [],
    validFrom: 0,
    validTo: null,
    seq: version,
  };
}

export function makeReads(fixture: ReadsFixture = {}): ToolReads {
  const files = fixture.files ?? {};
  const fails = (
    method: NonNullable<ReadsFixture["failing"]>["method"],
  ): ReadResult<never> | null => {
    if (fixture.throwing === true) {
      throw new Error(`reader exploded in ${method}`);
    }
    return fixture.failing?.method === method
      ? {
          ok: false,
          code: fixture.failing.code,
          message: `${method} is unavailable`,
          hint: "Retry later.",
        }
      : null;
  };
  return {
    session: fixture.session ?? "session-1",
    agent: fixture.agent ?? "agent-1",
    step: fixture.step ?? 3,
    async readFile(path, range) {
      const failed = fails("readFile");
      if (failed !== null) {
        return failed;
      }
      const content = files[path];
      if (content === undefined) {
        return notFound(`file ${path}`);
      }
      const all = lines(content);
      const start = range?.start ?? 1;
      const end = Math.min(range?.end ?? all.length, all.length);
      if (range !== undefined && (start > all.length || start > end)) {
        return { ok: false, code: "OUT_OF_RANGE", message: `${path} has ${all.length} lines` };
      }
      const whole = range === undefined || (start === 1 && end === all.length);
      return {
        ok: true,
        value: {
          path,
          version: "v1",
          hash: sha256Hex(content),
          content: whole ? content : `${all.slice(start - 1, end).join("\n")}\n`,
          totalLines: all.length,
          startLine: 1 + (whole ? 0 : start - 1),
          endLine: whole ? all.length : end,
        },
      };
    },
    async definitions(symbol, path) {
      return (
        fails("definitions") ?? {
          ok: true,
          value: (fixture.definitions ?? []).filter(
            (d) => d.name === symbol && under(d.path, path),
          ),
        }
      );
    },
    async callers(symbol, path) {
      return (
        fails("callers") ?? {
          ok: true,
          value: (fixture.callers?.[symbol] ?? []).filter((c) => under(c.path, path)),
        }
      );
    },
    async imports(path, direction) {
      const edges = fixture.imports ?? [];
      return (
        fails("imports") ?? {
          ok: true,
          value: edges.filter((e) => (direction === "imports" ? e.from === path : e.to === path)),
        }
      );
    },
    async search(query) {
      const failed = fails("search");
      if (failed !== null) {
        return failed;
      }
      // Text search over the files: one hit per matching line, in path order.
      const hits: SearchHit[] = [];
      for (const path of Object.keys(files).sort()) {
        if (!under(path, query.path)) {
          continue;
        }
        lines(files[path] ?? "").forEach((line, i) => {
          if (line.toLowerCase().includes(query.query.toLowerCase())) {
            hits.push({
              path,
              score: 1 / (hits.length + 1),
              startLine: i + 1,
              endLine: i + 1,
              snippet: line,
            });
          }
        });
      }
      return { ok: true, value: hits.slice(0, query.limit) };
    },
    async artifact(key) {
      const failed = fails("artifact");
      if (failed !== null) {
        return failed;
      }
      const a = fixture.artifacts?.[key];
      return a === undefined
        ? notFound(`artifact ${key}`)
        : { ok: true, value: makeArtifact(key, a.value, a.version, a.kind) };
    },
    async ref(ref) {
      const failed = fails("ref");
      if (failed !== null) {
        return failed;
      }
      const content = fixture.refs?.[ref];
      return content === undefined ? notFound(ref) : { ok: true, value: content };
    },
    l1() {
      return fixture.l1 ?? [];
    },
    prefetched() {
      return fixture.prefetched ?? [];
    },
  };
}
