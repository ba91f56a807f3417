// Module resolution over a workspace's file list: which file an import names, or
// that it names an external package, or nothing at all (a missing dependency).
// Pure; called by graph.ts.

export type Resolution =
  | { kind: "file"; path: string }
  | { kind: "external" }
  | { kind: "missing"; tried: string[] };

const JS_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs"];
/** TypeScript's ESM convention: `./a.js` in source names `a.ts` on disk. */
const JS_TO_TS: Readonly<Record<string, string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

/** Joins and normalises `a/b` + `../c`; null when it climbs above the root. */
export function joinPath(dir: string, relative: string): string | null {
  const out = dir === "" ? [] : dir.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") {
      continue;
    }
    if (part === "..") {
      if (out.length === 0) {
        return null;
      }
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join("/");
}

export function resolveJs(files: ReadonlySet<string>, from: string, specifier: string): Resolution {
  if (
    !specifier.startsWith("./") &&
    !specifier.startsWith("../") &&
    specifier !== "." &&
    specifier !== ".."
  ) {
    return { kind: "external" };
  }
  const base = joinPath(dirname(from), specifier);
  if (base === null) {
    return { kind: "missing", tried: [] };
  }
  const candidates: string[] = [base];
  for (const [js, tsList] of Object.entries(JS_TO_TS)) {
    if (base.endsWith(js)) {
      candidates.push(...tsList.map((ts) => base.slice(0, -js.length) + ts));
    }
  }
  candidates.push(...JS_EXTENSIONS.map((e) => base + e));
  const index = base === "" ? "index" : `${base}/index`;
  candidates.push(...JS_EXTENSIONS.map((e) => index + e));
  const found = candidates.find((c) => files.has(c));
  return found === undefined
    ? { kind: "missing", tried: candidates }
    : { kind: "file", path: found };
}

function pythonModule(files: ReadonlySet<string>, dir: string, dotted: string): string | null {
  const rel = dotted.split(".").join("/");
  const base = dir === "" ? rel : rel === "" ? dir : `${dir}/${rel}`;
  for (const candidate of [`${base}.py`, `${base}.pyi`, `${base}/__init__.py`]) {
    if (files.has(candidate.replace(/^\//, ""))) {
      return candidate.replace(/^\//, "");
    }
  }
  return null;
}

/** Whether `name` is a top-level module or package in `dir` (a local import, not a library). */
function pythonLocalRoot(files: ReadonlySet<string>, dir: string, name: string): boolean {
  const prefix = dir === "" ? name : `${dir}/${name}`;
  if (files.has(`${prefix}.py`)) {
    return true;
  }
  for (const f of files) {
    if (f.startsWith(`${prefix}/`) && f.endsWith(".py")) {
      return true;
    }
  }
  return false;
}

/**
 * `from .a.b import x` (relative), `import a.b` (absolute: the workspace root or
 * the importing file's directory). An absolute import whose first segment is not
 * a local module is external (stdlib, site-packages).
 */
export function resolvePython(
  files: ReadonlySet<string>,
  from: string,
  specifier: string,
): Resolution {
  const dots = /^\.*/.exec(specifier)?.[0].length ?? 0;
  const rest = specifier.slice(dots);
  if (dots > 0) {
    let dir: string | null = dirname(from);
    for (let i = 1; i < dots; i++) {
      dir = dir === "" ? null : dirname(dir ?? "");
    }
    if (dir === null) {
      return { kind: "missing", tried: [] };
    }
    const found = pythonModule(files, dir, rest);
    if (found !== null) {
      return { kind: "file", path: found };
    }
    // `from . import x`: the package itself may have no __init__.py.
    return rest === "" ? { kind: "external" } : { kind: "missing", tried: [`${dir}/${rest}`] };
  }
  const roots = [...new Set(["", dirname(from)])];
  for (const root of roots) {
    const found = pythonModule(files, root, rest);
    if (found !== null) {
      return { kind: "file", path: found };
    }
  }
  const head = rest.split(".")[0] ?? rest;
  if (roots.some((root) => pythonLocalRoot(files, root, head))) {
    return { kind: "missing", tried: roots.map((r) => (r === "" ? rest : `${r}/${rest}`)) };
  }
  return { kind: "external" };
}
