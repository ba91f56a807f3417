// Module-level pieces of the JavaScript/TypeScript extractor: the shared
// extraction context, ES import bindings and CommonJS exports. Used by
// extract-js.ts.
import type { Node } from "web-tree-sitter";
import type { SourceLines } from "./syntax.ts";
import type { ExportName, ImportEdge, SymbolDef } from "../../../../shared/workspace/symbols.ts";

export interface Ctx {
  source: string;
  lines: SourceLines;
  defs: SymbolDef[];
  imports: ImportEdge[];
  exports: ExportName[];
}

export function importBindings(clause: Node | null): ImportEdge["bindings"] {
  const bindings: ImportEdge["bindings"] = [];
  for (const part of clause?.namedChildren ?? []) {
    if (part?.type === "identifier") {
      bindings.push({ local: part.text, imported: "default" });
    } else if (part?.type === "namespace_import") {
      const local = part.namedChild(0)?.text;
      if (local) {
        bindings.push({ local, imported: "*" });
      }
    } else if (part?.type === "named_imports") {
      for (const spec of part.namedChildren) {
        const name = spec?.childForFieldName("name")?.text;
        if (spec?.type === "import_specifier" && name) {
          bindings.push({ local: spec.childForFieldName("alias")?.text ?? name, imported: name });
        }
      }
    }
  }
  return bindings;
}

export /** `module.exports = {a, b}`, `module.exports.x = ...`, `exports.x = ...`. */
function addCommonJsExport(ctx: Ctx, node: Node): void {
  const assignment = node.namedChild(0);
  if (assignment?.type !== "assignment_expression") {
    return;
  }
  const left = assignment.childForFieldName("left")?.text ?? "";
  const right = assignment.childForFieldName("right");
  const line = node.startPosition.row + 1;
  const member = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left);
  if (member?.[1]) {
    const local = right?.type === "identifier" ? right.text : member[1];
    ctx.exports.push({ name: member[1], local, line });
    return;
  }
  if (left === "module.exports" && right?.type === "object") {
    for (const prop of right.namedChildren) {
      if (prop?.type === "shorthand_property_identifier") {
        ctx.exports.push({ name: prop.text, local: prop.text, line });
      } else if (prop?.type === "pair") {
        const key = prop.childForFieldName("key")?.text;
        const value = prop.childForFieldName("value");
        if (key) {
          ctx.exports.push({
            name: key,
            local: value?.type === "identifier" ? value.text : key,
            line,
          });
        }
      }
    }
  } else if (left === "module.exports" && right?.type === "identifier") {
    ctx.exports.push({ name: "default", local: right.text, line });
  }
}
