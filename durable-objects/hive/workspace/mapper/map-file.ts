// The structural mapper's entry point: parses one file with web-tree-sitter and
// extracts its map. The caller supplies the loaded grammars (static wasm imports
// in workerd: durable-objects/hive/workspace/symbol-parser.ts; files on disk in Node:
// harness/node-mapper.ts), so this module runs in both.
import type { Language, Parser } from "web-tree-sitter";
import { err, ok, type Result } from "../../../../shared/base/result.ts";
import { extractJs } from "./extract-js.ts";
import { extractPython } from "./extract-python.ts";
import {
  languageOf,
  type FileMap,
  type MappedLanguage,
} from "../../../../shared/workspace/symbols.ts";

export type Grammars = Readonly<Record<MappedLanguage, Language>>;

export type MapErrorCode = "MAP_UNSUPPORTED_LANGUAGE" | "MAP_PARSE_FAILED";

/** Parses with the grammar of the path's extension; one Parser per mapper, reused. */
export class FileMapper {
  readonly #parser: Parser;
  readonly #grammars: Grammars;

  constructor(parser: Parser, grammars: Grammars) {
    this.#parser = parser;
    this.#grammars = grammars;
  }

  /** The map of `source` at `path`; a tree with syntax errors maps partially (see report). */
  map(path: string, source: string): Result<FileMap, MapErrorCode> {
    const language = languageOf(path);
    if (language === null) {
      return err(
        "MAP_UNSUPPORTED_LANGUAGE",
        `no grammar for ${path}`,
        "the mapper reads .ts, .tsx, .js, .mjs, .cjs, .jsx and .py files",
      );
    }
    this.#parser.setLanguage(this.#grammars[language]);
    let tree;
    try {
      tree = this.#parser.parse(source);
    } catch (error) {
      // A parser abort (out of memory inside wasm) must not take the index down:
      // the file is reported as unparsed and the next one goes on.
      return err(
        "MAP_PARSE_FAILED",
        `the parser failed on ${path}: ${error instanceof Error ? error.message : String(error)}`,
        "the file is stored; fix its syntax or split it to get it indexed",
      );
    }
    if (tree === null) {
      return err("MAP_PARSE_FAILED", `the parser returned no tree for ${path}`, "retry the upload");
    }
    try {
      return ok(
        language === "python"
          ? extractPython(tree, source, path)
          : extractJs(tree, source, path, language),
      );
    } finally {
      tree.delete();
    }
  }
}
