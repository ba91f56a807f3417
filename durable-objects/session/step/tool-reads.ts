// The reads a tool may do (shared/tools/tool-ports.ts), served by the session's
// hive (artifacts, workspace files, structural index, L3) and by the session
// itself (references, L1). Also the two writes the loop applies for a tool.
import { normalizeWorkspacePath } from "../../../shared/gatekeeper/paths.ts";
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import type { SessionState } from "../../../shared/session/step.ts";
import type {
  FileWrite,
  ImportEdge,
  ReadResult,
  SymbolLocation,
  ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import { overlayOf, withOverlay } from "./speculation.ts";
import type { SessionStore } from "../session-store.ts";
import type { HiveStub } from "./context.ts";

/** Importers are found by asking each file for its imports; bounded per call. */
const MAX_FILES_SCANNED_FOR_IMPORTERS = 500;

export interface ReadsHost {
  name: string;
  store: SessionStore;
  text(hash: string): Promise<string | null>;
}

export interface LoopReads extends ToolReads {
  /** Active contract artifacts (for the verify-contracts policy). */
  contracts(): Promise<Artifact[]>;
  /** Applies a tool's file writes as one new workspace version. */
  writeFiles(files: readonly FileWrite[]): Promise<ReadResult<{ version: number; id: string }>>;
}

type Failure = { ok: false; code: string; message: string; hint?: string };

function failed(result: Failure): Failure {
  return result.hint === undefined
    ? { ok: false, code: result.code, message: result.message }
    : { ok: false, code: result.code, message: result.message, hint: result.hint };
}

/** The tool stage's reads and writes, through the step's hive port. */
export function makeToolReads(ctx: {
  host: ReadsHost;
  config: SessionConfig;
  state: SessionState;
  step: number;
  ports: { hive: HiveStub };
}): LoopReads {
  const { host, config, state, step } = ctx;
  const hive = ctx.ports.hive;
  // What the workspace lists (search hits, definitions, callers, import edges) is cut to
  // the paths the session may open: the roots and the denied patterns admit applies to
  // a path argument, so no listing names a file outside them.
  const roots = config.roots ?? ["."];
  const visible = (path: string) => normalizeWorkspacePath(path, roots).ok;
  const reads: LoopReads = {
    session: host.name,
    agent: config.agent,
    step,

    async readFile(path, lines, version) {
      const read = await hive.workspace().read(path, version ?? "head");
      if (!read.ok) {
        return failed(read);
      }
      if (read.value.text === null) {
        return {
          ok: false,
          code: "BINARY_FILE",
          message: `${read.value.path} is not UTF-8 text`,
          hint: "binary files cannot be staged; search for the text you need instead",
        };
      }
      // A final newline ends the last line; it does not start another one.
      const text = read.value.text.endsWith("\n") ? read.value.text.slice(0, -1) : read.value.text;
      const all = text.split("\n");
      const start = Math.max(1, lines?.start ?? 1);
      const end = Math.min(all.length, lines?.end ?? all.length);
      if (start > end) {
        return {
          ok: false,
          code: "BAD_RANGE",
          message: `lines ${start}-${end} are outside ${read.value.path} (${all.length} lines)`,
          hint: `use start_line and end_line between 1 and ${all.length}`,
        };
      }
      return {
        ok: true,
        value: {
          path: read.value.path,
          version: String(read.value.version),
          hash: read.value.hash,
          content: all.slice(start - 1, end).join("\n"),
          totalLines: all.length,
          startLine: start,
          endLine: end,
        },
      };
    },

    async definitions(symbol, path) {
      const found = await hive.workspace().definitions(symbol);
      if (!found.ok) {
        return failed(found);
      }
      const located: SymbolLocation[] = found.value
        .filter(
          (l) =>
            visible(l.path) &&
            (path === undefined ||
              l.path === path ||
              l.path.startsWith(`${path.replace(/\/$/, "")}/`)),
        )
        .map((l) => ({
          name: l.def.qualifiedName,
          kind: l.def.kind,
          path: l.path,
          startLine: l.def.startLine,
          endLine: l.def.endLine,
          signature: l.def.signature,
          hash: l.def.hash,
        }));
      return { ok: true, value: located };
    },

    async callers(symbol, path) {
      const found = await hive.workspace().callers(symbol);
      if (!found.ok) {
        return failed(found);
      }
      return {
        ok: true,
        value: found.value
          .filter(
            (c) =>
              visible(c.path) &&
              (path === undefined ||
                c.path === path ||
                c.path.startsWith(`${path.replace(/\/$/, "")}/`)),
          )
          .map((c) => ({
            name: c.caller ?? "(module)",
            kind: "call",
            path: c.path,
            startLine: c.line,
            endLine: c.line,
            signature: `calls ${c.target.qualifiedName} (${c.target.path})`,
          })),
      };
    },

    async imports(path, direction) {
      const edgesOf = async (file: string): Promise<ImportEdge[] | Failure> => {
        const found = await hive.workspace().imports(file);
        if (!found.ok) {
          return failed(found);
        }
        return found.value.map((i) => ({
          from: file,
          // A file outside the roots is named by its specifier only.
          to: i.resolution.kind === "file" && visible(i.resolution.path) ? i.resolution.path : null,
          specifier: i.specifier,
          resolved: i.resolution.kind !== "missing",
        }));
      };
      if (direction === "imports") {
        const edges = await edgesOf(path);
        return Array.isArray(edges) ? { ok: true, value: edges } : edges;
      }
      const manifest = await hive.workspace().manifest("head");
      if (!manifest.ok) {
        return failed(manifest);
      }
      const importers: ImportEdge[] = [];
      const scanned = manifest.value.entries.filter((e) => visible(e.path));
      for (const entry of scanned.slice(0, MAX_FILES_SCANNED_FOR_IMPORTERS)) {
        const edges = await edgesOf(entry.path);
        if (Array.isArray(edges)) {
          importers.push(...edges.filter((e) => e.to === path));
        }
      }
      return { ok: true, value: importers };
    },

    async search(query) {
      const found = await hive.workspace().search({
        query: query.query,
        topK: query.limit,
        ...(query.path === undefined ? {} : { pathPrefix: query.path }),
      });
      if (!found.ok) {
        return failed(found);
      }
      return {
        ok: true,
        value: found.value
          .filter((c) => visible(c.path))
          .map((c) => ({
            path: c.path,
            score: Math.round(c.score * 1000) / 1000,
            startLine: c.startLine,
            endLine: c.endLine,
            ...(c.name === null ? {} : { symbol: c.name }),
          })),
      };
    },

    async artifact(key) {
      const found = await hive.get(key);
      return found.ok ? { ok: true, value: found.value } : failed(found);
    },

    async ref(ref) {
      const row = host.store.ref(ref);
      const content = row ? await host.text(row.hash) : null;
      return content === null
        ? {
            ok: false,
            code: "REF_NOT_FOUND",
            message: `this session holds no ${ref}`,
            hint: "references are per session; copy one from a [CONTENT OFFLOADED] marker",
          }
        : { ok: true, value: content };
    },

    l1() {
      return state.pager.pages;
    },

    prefetched() {
      return state.pager.prefetched;
    },

    async contracts() {
      const listed = await hive.list({ kind: "contract", status: "active", limit: 500 });
      return listed.ok ? listed.value.artifacts : [];
    },

    async writeFiles(files) {
      const written = await hive.workspace().write({
        files: files.map((f) => ({ path: f.path, content: f.content })),
        message: `${config.agent} in ${host.name} at step ${step}`,
      });
      return written.ok
        ? {
            ok: true,
            value: { version: written.value.manifest.version, id: written.value.manifest.id },
          }
        : failed(written);
    },
  };
  // A speculative session reads its own hypothesis first (speculation.ts).
  return config.speculative ? withOverlay(reads, overlayOf(state)) : reads;
}
