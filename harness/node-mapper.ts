// Node only (tests and benchmarks): loads web-tree-sitter and the grammars
// from the .wasm files in node_modules. Workers use static wasm imports instead
// (durable-objects/hive/workspace/symbol-parser.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";
import { FileMapper } from "../durable-objects/hive/workspace/mapper/map-file.ts";

const require = createRequire(import.meta.url);

function wasm(specifier: string): Uint8Array {
  return readFileSync(require.resolve(specifier));
}

let loading: Promise<FileMapper> | null = null;

/** One FileMapper per process, with every grammar loaded. */
export function nodeMapper(): Promise<FileMapper> {
  loading ??= (async () => {
    await Parser.init();
    const [typescript, tsx, javascript, python] = await Promise.all([
      Language.load(wasm("tree-sitter-typescript/tree-sitter-typescript.wasm")),
      Language.load(wasm("tree-sitter-typescript/tree-sitter-tsx.wasm")),
      Language.load(wasm("tree-sitter-javascript/tree-sitter-javascript.wasm")),
      Language.load(wasm("tree-sitter-python/tree-sitter-python.wasm")),
    ]);
    return new FileMapper(new Parser(), { typescript, tsx, javascript, python });
  })();
  return loading;
}
