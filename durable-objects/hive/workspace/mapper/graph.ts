// The workspace's code graph, resolved across files from their maps: where a
// name is defined, who calls it, what a file imports, which files no entry point
// reaches and which imports resolve to nothing. Pure; built by the Hive's symbol
// store (cached until the next index change) and by tests and benchmarks.
import { resolveJs, resolvePython, type Resolution } from "./resolve.ts";
import type {
  CallSite,
  FileMap,
  ImportEdge,
  SymbolDef,
} from "../../../../shared/workspace/symbols.ts";

export interface Located {
  path: string;
  def: SymbolDef;
}

export interface ResolvedImport {
  specifier: string;
  line: number;
  names: string[];
  resolution: Resolution;
}

export interface CallerSite {
  path: string;
  line: number;
  /** The calling definition (qualified), or null at module level. */
  caller: string | null;
  /** The definition the call resolves to. */
  target: { path: string; qualifiedName: string };
}

export interface MissingDependency {
  path: string;
  line: number;
  specifier: string;
  /** Set when the module exists but does not define the imported name. */
  name?: string;
  reason: "module-not-found" | "name-not-exported";
}

/** Files agents start from when no entry point is given: the usual main modules. */
export const DEFAULT_ENTRY_PATTERN =
  /(^|\/)(index|main|app|server|cli|worker)\.(ts|tsx|js|mjs|cjs|jsx)$|(^|\/)(__main__|main|app|manage)\.py$/;

/** `pkg` + `mod` -> `pkg.mod`; `.` + `mod` -> `.mod` (Python). */
function submodule(specifier: string, name: string): string {
  return `${specifier}${specifier.endsWith(".") ? "" : "."}${name}`;
}

/** Re-export chains deeper than this are cut (a cycle, or a design to simplify). */
const MAX_REEXPORT_DEPTH = 8;

export class CodeGraph {
  readonly #maps: Map<string, FileMap>;
  readonly #files: ReadonlySet<string>;
  readonly #resolved = new Map<string, Resolution>();

  /** `files`: every path in the workspace (mapped or not), for module resolution. */
  constructor(maps: readonly FileMap[], files: Iterable<string>) {
    this.#maps = new Map(maps.map((m) => [m.path, m]));
    this.#files = new Set(files);
  }

  get paths(): string[] {
    return [...this.#maps.keys()].sort();
  }

  resolve(from: string, specifier: string): Resolution {
    const key = `${from}\0${specifier}`;
    let resolution = this.#resolved.get(key);
    if (resolution === undefined) {
      const python = this.#maps.get(from)?.language === "python";
      resolution = python
        ? resolvePython(this.#files, from, specifier)
        : resolveJs(this.#files, from, specifier);
      this.#resolved.set(key, resolution);
    }
    return resolution;
  }

  symbolsOf(path: string): SymbolDef[] {
    return this.#maps.get(path)?.definitions ?? [];
  }

  /** Definitions named `name` (or qualified `Class.method`), across the workspace. */
  definitions(name: string): Located[] {
    const out: Located[] = [];
    for (const [path, map] of this.#maps) {
      for (const def of map.definitions) {
        if (def.name === name || def.qualifiedName === name) {
          out.push({ path, def });
        }
      }
    }
    return out.sort((a, b) => a.path.localeCompare(b.path) || a.def.startLine - b.def.startLine);
  }

  importsOf(path: string): ResolvedImport[] {
    return (this.#maps.get(path)?.imports ?? []).map((edge) => ({
      specifier: edge.specifier,
      line: edge.line,
      names: edge.bindings.map((b) => b.imported),
      resolution: this.resolve(path, edge.specifier),
    }));
  }

  /** The definition an exported name of `path` refers to, following re-exports. */
  exported(path: string, name: string, depth = 0): Located | null {
    const map = this.#maps.get(path);
    if (!map || depth > MAX_REEXPORT_DEPTH) {
      return null;
    }
    const direct = map.exports.find((e) => e.name === name);
    const local = direct?.local ?? (map.language === "python" ? name : null);
    if (local !== null) {
      const def = map.definitions.find((d) => d.qualifiedName === local);
      if (def) {
        return { path, def };
      }
      const via = this.#viaImport(map, local, depth);
      if (via) {
        return via;
      }
    }
    for (const edge of map.imports) {
      if (edge.star && (edge.reexport || map.language === "python")) {
        const target = this.resolve(path, edge.specifier);
        const found = target.kind === "file" ? this.exported(target.path, name, depth + 1) : null;
        if (found) {
          return found;
        }
      }
    }
    return null;
  }

  #viaImport(map: FileMap, local: string, depth: number): Located | null {
    for (const edge of map.imports) {
      const binding = edge.bindings.find((b) => b.local === local);
      if (!binding || binding.imported === "*") {
        continue;
      }
      const target = this.resolve(map.path, edge.specifier);
      if (target.kind === "file") {
        return this.exported(target.path, binding.imported, depth + 1);
      }
    }
    return null;
  }

  /** The definition a call site resolves to, or null (a library, a dynamic receiver). */
  resolveCall(map: FileMap, call: CallSite): Located | null {
    const topLevel = (path: string, name: string) => {
      const def = this.#maps.get(path)?.definitions.find((d) => d.qualifiedName === name);
      return def ? { path, def } : null;
    };
    if (call.receiver === null) {
      return topLevel(map.path, call.callee) ?? this.#viaImport(map, call.callee, 0);
    }
    if (call.receiver === "this" || call.receiver === "self" || call.receiver === "cls") {
      const owner = call.caller?.split(".")[0];
      return owner ? topLevel(map.path, `${owner}.${call.callee}`) : null;
    }
    const receiverClass = topLevel(map.path, call.receiver);
    if (receiverClass?.def.kind === "class") {
      return topLevel(map.path, `${call.receiver}.${call.callee}`);
    }
    for (const edge of map.imports) {
      const binding = edge.bindings.find((b) => b.local === call.receiver);
      if (!binding) {
        continue;
      }
      const target = this.resolve(map.path, edge.specifier);
      if (target.kind !== "file") {
        return null;
      }
      if (binding.imported === "*") {
        return this.exported(target.path, call.callee, 0);
      }
      if (map.language === "python") {
        // `from pkg import mod` then `mod.f()`: the binding is a submodule.
        const sub = this.resolve(map.path, submodule(edge.specifier, binding.imported));
        if (sub.kind === "file") {
          return this.exported(sub.path, call.callee, 0);
        }
      }
      const cls = this.exported(target.path, binding.imported, 0);
      return cls?.def.kind === "class"
        ? topLevel(cls.path, `${cls.def.name}.${call.callee}`)
        : null;
    }
    return null;
  }

  /** Call sites that resolve to a definition named (or qualified) `name`. */
  callers(name: string): CallerSite[] {
    const out: CallerSite[] = [];
    const bare = name.split(".").at(-1) ?? name;
    for (const map of this.#maps.values()) {
      // `import { f as g }`: calls of g are calls of f.
      const aliases = new Set(
        map.imports.flatMap((e) =>
          e.bindings.filter((b) => b.imported === bare && b.local !== bare).map((b) => b.local),
        ),
      );
      for (const call of map.calls) {
        const aliased = call.receiver === null && aliases.has(call.callee);
        if (call.callee !== name && !name.endsWith(`.${call.callee}`) && !aliased) {
          continue;
        }
        const target = this.resolveCall(map, call);
        if (target && (target.def.name === name || target.def.qualifiedName === name)) {
          out.push({
            path: map.path,
            line: call.line,
            caller: call.caller,
            target: { path: target.path, qualifiedName: target.def.qualifiedName },
          });
        }
      }
    }
    return out.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
  }

  /** Mapped files that no entry point reaches over resolved imports. */
  unreachable(entries?: readonly string[]): string[] {
    const roots = entries ?? this.paths.filter((p) => DEFAULT_ENTRY_PATTERN.test(p));
    const seen = new Set<string>();
    const stack = roots.filter((r) => this.#maps.has(r));
    while (stack.length > 0) {
      const path = stack.pop() as string;
      if (seen.has(path)) {
        continue;
      }
      seen.add(path);
      for (const edge of this.#maps.get(path)?.imports ?? []) {
        for (const target of this.#targets(path, edge)) {
          if (!seen.has(target)) {
            stack.push(target);
          }
        }
      }
    }
    return this.paths.filter((p) => !seen.has(p));
  }

  /** Files an import edge loads: the module, and for `from pkg import mod`, submodules. */
  #targets(path: string, edge: ImportEdge): string[] {
    const resolution = this.resolve(path, edge.specifier);
    const out = resolution.kind === "file" ? [resolution.path] : [];
    if (this.#maps.get(path)?.language === "python") {
      for (const b of edge.bindings) {
        const sub = this.resolve(path, submodule(edge.specifier, b.imported));
        if (sub.kind === "file") {
          out.push(sub.path);
        }
      }
    }
    return out;
  }

  /** Imports that resolve to nothing: a module not in the workspace, or a name it does not export. */
  missing(): MissingDependency[] {
    const out: MissingDependency[] = [];
    for (const map of this.#maps.values()) {
      for (const edge of map.imports) {
        const resolution = this.resolve(map.path, edge.specifier);
        const base = { path: map.path, line: edge.line, specifier: edge.specifier };
        if (resolution.kind === "missing") {
          out.push({ ...base, reason: "module-not-found" });
          continue;
        }
        if (resolution.kind !== "file" || !this.#maps.has(resolution.path)) {
          continue;
        }
        for (const b of edge.bindings) {
          if (b.imported === "*" || this.#provides(map, edge, resolution.path, b.imported)) {
            continue;
          }
          out.push({ ...base, name: b.imported, reason: "name-not-exported" });
        }
      }
    }
    return out.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
  }

  #provides(map: FileMap, edge: ImportEdge, target: string, name: string): boolean {
    if (this.exported(target, name) !== null) {
      return true;
    }
    const targetMap = this.#maps.get(target);
    if (targetMap === undefined) {
      return true;
    }
    if (map.language === "python") {
      // `from pkg import mod` imports a submodule.
      const sub = this.resolve(map.path, submodule(edge.specifier, name));
      return sub.kind === "file" || targetMap.exports.some((e) => e.name === name);
    }
    // CommonJS modules without any export statement cannot be checked name by name.
    return targetMap.exports.length === 0 && targetMap.language === "javascript";
  }
}
