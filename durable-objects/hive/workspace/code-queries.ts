// The workspace's structural queries over its code graph (symbols of a file,
// definitions, callers, imports, unreachable files, missing dependencies), each
// after the index is drained and scoped to the workspace's roots. Held by workspace.ts.
import type { CallerSite, Located, MissingDependency, ResolvedImport } from "./mapper/graph.ts";
import type { SymbolDef } from "../../../shared/workspace/symbols.ts";
import { ok } from "../../../shared/base/result.ts";
import { wsErr, type WorkspaceResult } from "../../../shared/workspace/errors.ts";
import { workspaceFilePath } from "../../../shared/workspace/paths.ts";
import { checkName, inRoots } from "./request-checks.ts";
import type { WorkspaceStore } from "./store.ts";
import type { FileIndexEntry, SymbolStore } from "./symbol-store.ts";

export class CodeQueries {
  readonly #files: WorkspaceStore;
  readonly #symbols: SymbolStore;
  /** Indexes the queued file versions first, so a query sees every write. */
  readonly #drain: () => Promise<number>;

  constructor(files: WorkspaceStore, symbols: SymbolStore, drain: () => Promise<number>) {
    this.#files = files;
    this.#symbols = symbols;
    this.#drain = drain;
  }

  async #graph() {
    await this.#drain();
    return this.#symbols.graph(() => this.#files.currentPaths());
  }

  async symbols(
    rawPath: string,
  ): Promise<
    WorkspaceResult<{ path: string; index: FileIndexEntry | null; symbols: SymbolDef[] }>
  > {
    const path = workspaceFilePath(rawPath, this.#files.config().roots);
    if (!path.ok) {
      return path;
    }
    const graph = await this.#graph();
    if (this.#files.current(path.value) === null) {
      return wsErr(
        "NOT_FOUND",
        `${path.value} is not in the workspace`,
        "list the head manifest for the paths it holds",
      );
    }
    return ok({
      path: path.value,
      index: this.#symbols.entry(path.value),
      symbols: graph.symbolsOf(path.value),
    });
  }

  #inRoots(path: string): boolean {
    return inRoots(path, this.#files.config().roots);
  }

  async definitions(name: unknown): Promise<WorkspaceResult<Located[]>> {
    const checked = checkName(name);
    return checked.ok
      ? ok((await this.#graph()).definitions(checked.value).filter((d) => this.#inRoots(d.path)))
      : checked;
  }

  async callers(name: unknown): Promise<WorkspaceResult<CallerSite[]>> {
    const checked = checkName(name);
    return checked.ok
      ? ok(
          (await this.#graph())
            .callers(checked.value)
            .filter((s) => this.#inRoots(s.path) && this.#inRoots(s.target.path)),
        )
      : checked;
  }

  async imports(rawPath: string): Promise<WorkspaceResult<ResolvedImport[]>> {
    const path = workspaceFilePath(rawPath, this.#files.config().roots);
    if (!path.ok) {
      return path;
    }
    const graph = await this.#graph();
    if (this.#files.current(path.value) === null) {
      return wsErr(
        "NOT_FOUND",
        `${path.value} is not in the workspace`,
        "list the head manifest for the paths it holds",
      );
    }
    // An import that resolves outside the roots is named by its specifier only.
    return ok(
      graph
        .importsOf(path.value)
        .map((i) =>
          i.resolution.kind === "file" && !this.#inRoots(i.resolution.path)
            ? { ...i, resolution: { kind: "external" as const } }
            : i,
        ),
    );
  }

  /** Files no entry point reaches; entries default to the configured ones, then to main modules. */
  async unreachable(
    entries?: readonly string[],
  ): Promise<WorkspaceResult<{ entries: string[] | "default"; files: string[] }>> {
    const config = this.#files.config();
    const raw = entries ?? config.entries;
    const canonical: string[] = [];
    for (const e of raw) {
      const path = workspaceFilePath(e, config.roots);
      if (!path.ok) {
        return path;
      }
      canonical.push(path.value);
    }
    const graph = await this.#graph();
    const chosen = canonical.length > 0 ? canonical : undefined;
    return ok({ entries: chosen ?? "default", files: graph.unreachable(chosen) });
  }

  async missing(): Promise<WorkspaceResult<MissingDependency[]>> {
    return ok((await this.#graph()).missing());
  }
}
