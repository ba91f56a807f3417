// The structural mapper inside workerd: web-tree-sitter and the grammars as
// static wasm imports (compiling wasm from bytes is forbidden in Workers), loaded
// once per isolate on first use. Used by the Hive's workspace indexer.
import { Language, Parser } from "web-tree-sitter";
import coreWasm from "web-tree-sitter/web-tree-sitter.wasm";
import javascriptWasm from "tree-sitter-javascript/tree-sitter-javascript.wasm";
import pythonWasm from "tree-sitter-python/tree-sitter-python.wasm";
import tsxWasm from "tree-sitter-typescript/tree-sitter-tsx.wasm";
import typescriptWasm from "tree-sitter-typescript/tree-sitter-typescript.wasm";
import { FileMapper } from "./mapper/map-file.ts";

let loading: Promise<FileMapper> | null = null;

/**
 * Under nodejs_compat, web-tree-sitter's Emscripten loader sees `process` and
 * takes its Node path (createRequire(import.meta.url), which is undefined in a
 * bundle). It skips that path when `process.type === "renderer"` (Electron's
 * renderer), so the flag is set for the duration of init only. This keeps the
 * gateway's wrangler config untouched (no `define` of import.meta.url).
 */
async function initParser(): Promise<void> {
  const proc = (globalThis as { process?: { type?: unknown } }).process;
  const previous = proc?.type;
  if (proc) {
    proc.type = "renderer";
  }
  try {
    await Parser.init({
      instantiateWasm(
        imports: WebAssembly.Imports,
        receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
      ) {
        const instance = new WebAssembly.Instance(coreWasm, imports);
        receive(instance, coreWasm);
        return instance.exports;
      },
      locateFile: (path: string) => path,
    });
  } finally {
    if (proc) {
      proc.type = previous;
    }
  }
}

export function workerMapper(): Promise<FileMapper> {
  loading ??= (async () => {
    await initParser();
    return new FileMapper(new Parser(), {
      typescript: Language.loadSync(typescriptWasm),
      tsx: Language.loadSync(tsxWasm),
      javascript: Language.loadSync(javascriptWasm),
      python: Language.loadSync(pythonWasm),
    });
  })();
  // A failed load must not stick: the next call retries.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
