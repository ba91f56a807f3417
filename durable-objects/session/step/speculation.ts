// A speculative session's hypothesis layer (config.speculative): its file writes
// live in its own state (checkpoints, rollbacks and forks carry them) and its reads
// see them first; the workspace gets them as one version only when the mission is
// achieved. makeToolReads wraps its reads here; the loop calls speculate/settle.
import { sha256Hex } from "../../../shared/base/hash.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import type { OverlayFile, SessionState } from "../../../shared/session/step.ts";
import type { FileWrite, SearchHit, SymbolLocation } from "../../../shared/tools/tool-ports.ts";
import { workspaceFilePath } from "../../../shared/workspace/paths.ts";
import { workerMapper } from "../../hive/workspace/symbol-parser.ts";
import type { SessionStore } from "../session-store.ts";
import type { StepDraft } from "./commit-step.ts";
import type { LoopReads } from "./tool-reads.ts";
import { sessionHive } from "./context.ts";

/** The version an overlay read reports: the page's source says `file:<path>@speculative:a-b`. */
export const SPECULATIVE_VERSION = "speculative";

/** Text hits an overlay file adds to a search at most (the output gate caps the listing later). */
const MAX_OVERLAY_HITS_PER_FILE = 20;

/** The canonical workspace path, so `./src/a.ts` and `src/a.ts` are one overlay entry. */
function canonical(path: string): string {
  const normalized = workspaceFilePath(path, ["."]);
  return normalized.ok ? normalized.value : path;
}

function under(path: string, prefix: string | undefined): boolean {
  if (prefix === undefined) {
    return true;
  }
  const dir = canonical(prefix).replace(/\/$/, "");
  return dir === "." || path === dir || path.startsWith(`${dir}/`);
}

/** The overlay of a state (empty for non-speculative sessions and old checkpoints). */
export function overlayOf(state: Pick<SessionState, "overlay">): OverlayFile[] {
  return state.overlay ?? [];
}

/** The overlay after a step's file writes: the newest content per path, sorted by path. */
export function speculate(
  state: Pick<SessionState, "overlay">,
  files: readonly FileWrite[],
): OverlayFile[] {
  const byPath = new Map(overlayOf(state).map((f) => [f.path, f.content]));
  for (const file of files) {
    byPath.set(canonical(file.path), file.content);
  }
  return [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, content]) => ({ path, content }));
}

function textHits(file: OverlayFile, query: string): SearchHit[] {
  const needle = query.toLowerCase();
  const hits: SearchHit[] = [];
  const lines = file.content.split("\n");
  for (let i = 0; i < lines.length && hits.length < MAX_OVERLAY_HITS_PER_FILE; i++) {
    const line = lines[i] ?? "";
    if (needle !== "" && line.toLowerCase().includes(needle)) {
      hits.push({
        path: file.path,
        score: 1,
        startLine: i + 1,
        endLine: i + 1,
        snippet: `(speculative) ${line.trim()}`,
      });
    }
  }
  return hits;
}

/** Definitions of `symbol` in overlay files (structural mapper), and which files it could map. */
async function overlayDefinitions(
  files: readonly OverlayFile[],
  symbol: string,
): Promise<{ mapped: Set<string>; found: SymbolLocation[] }> {
  const mapped = new Set<string>();
  const found: SymbolLocation[] = [];
  if (files.length === 0) {
    return { mapped, found };
  }
  const mapper = await workerMapper();
  for (const file of files) {
    const map = mapper.map(file.path, file.content);
    if (!map.ok) {
      // Not a mapped language (or unparseable): the workspace index knows no more either.
      continue;
    }
    mapped.add(file.path);
    for (const def of map.value.definitions) {
      if (def.name === symbol || def.qualifiedName === symbol) {
        found.push({
          name: def.qualifiedName,
          kind: def.kind,
          path: file.path,
          startLine: def.startLine,
          endLine: def.endLine,
          signature: def.signature,
          hash: def.hash,
        });
      }
    }
  }
  return { mapped, found };
}

/**
 * The reads of a speculative session: file reads, symbol definitions and text
 * search see the overlay first, so the agent works on its own hypothesis.
 */
export function withOverlay(reads: LoopReads, overlay: readonly OverlayFile[]): LoopReads {
  if (overlay.length === 0) {
    return reads;
  }
  const files = new Map(overlay.map((f) => [f.path, f]));
  return {
    ...reads,

    async readFile(path, lines, version?: number) {
      const file = version === undefined ? files.get(canonical(path)) : undefined;
      if (file === undefined) {
        return version === undefined
          ? reads.readFile(path, lines)
          : reads.readFile(path, lines, version);
      }
      // A final newline ends the last line; it does not start another one.
      const text = file.content.endsWith("\n") ? file.content.slice(0, -1) : file.content;
      const all = text.split("\n");
      const start = Math.max(1, lines?.start ?? 1);
      const end = Math.min(all.length, lines?.end ?? all.length);
      if (start > end) {
        return {
          ok: false,
          code: "BAD_RANGE",
          message: `lines ${start}-${end} are outside ${file.path} (${all.length} lines, speculative)`,
          hint: `use start_line and end_line between 1 and ${all.length}`,
        };
      }
      return {
        ok: true,
        value: {
          path: file.path,
          version: SPECULATIVE_VERSION,
          hash: sha256Hex(file.content),
          content: all.slice(start - 1, end).join("\n"),
          totalLines: all.length,
          startLine: start,
          endLine: end,
        },
      };
    },

    async definitions(symbol, path) {
      const base = await reads.definitions(symbol, path);
      if (!base.ok) {
        return base;
      }
      const mine = overlay.filter((f) => under(f.path, path));
      const { mapped, found } = await overlayDefinitions(mine, symbol);
      // The workspace index places symbols of an overlay file at its old lines: replaced.
      return { ok: true, value: [...found, ...base.value.filter((l) => !mapped.has(l.path))] };
    },

    async search(query) {
      const base = await reads.search(query);
      if (!base.ok || query.mode !== "text") {
        return base;
      }
      const mine = overlay.filter((f) => under(f.path, query.path));
      const hits = mine.flatMap((f) => textHits(f, query.query));
      const stale = new Set(mine.map((f) => f.path));
      return {
        ok: true,
        value: [...hits, ...base.value.filter((h) => !stale.has(h.path))].slice(0, query.limit),
      };
    },
  };
}

export interface SettleHost {
  env: Env;
  name: string;
  store: SessionStore;
}

function discarded(draft: StepDraft, paths: string[], reason: string): StepDraft {
  return {
    ...draft,
    patch: { ...draft.patch, overlay: [] },
    trace: [...(draft.trace ?? []), { kind: "speculation/discard", data: { paths, reason } }],
  };
}

/**
 * Settles a speculative session's overlay when a draft ends the mission: an
 * achieved finish commits it to the workspace as one version (and records the
 * paths as written); a halt or any other finish discards it from the live state
 * (older checkpoints keep it for inspection). Other drafts pass unchanged.
 */
export async function settleSpeculation(
  host: SettleHost,
  config: SessionConfig,
  draft: StepDraft,
): Promise<StepDraft> {
  const status = draft.patch?.status;
  if (!config.speculative || (status !== "finished" && status !== "halted")) {
    return draft;
  }
  const state = host.store.state();
  const overlay = draft.patch?.overlay ?? overlayOf(state);
  if (overlay.length === 0) {
    return draft;
  }
  const paths = overlay.map((f) => f.path);
  const outcome = draft.patch?.outcome ?? null;
  if (status === "halted" || outcome?.status !== "achieved") {
    const reason =
      status === "halted"
        ? (outcome?.reason ?? "halted")
        : `finished ${outcome?.status ?? "without an outcome"}`;
    return discarded(draft, paths, reason);
  }
  const wrote = await sessionHive(host, config)
    .workspace()
    .write({
      files: overlay.map((f) => ({ path: f.path, content: f.content })),
      message: `speculative session ${host.name} (${config.agent}) commits ${paths.join(", ")}`,
    });
  if (!wrote.ok) {
    const reason = `the workspace refused the commit: ${wrote.code}: ${wrote.message}`;
    return discarded(
      {
        ...draft,
        patch: {
          ...draft.patch,
          status: "halted",
          outcome: { status: "halted", summary: reason, reason: "speculation commit failed" },
        },
      },
      paths,
      reason,
    );
  }
  const written = [...new Set([...(draft.patch?.written ?? state.written), ...paths])].sort();
  return {
    ...draft,
    workspaceManifest: wrote.value.manifest.id,
    patch: { ...draft.patch, overlay: [], written },
    trace: [
      ...(draft.trace ?? []),
      {
        kind: "speculation/commit",
        data: { paths, version: wrote.value.manifest.version, manifest: wrote.value.manifest.id },
      },
    ],
  };
}
