// Extracts definitions, imports, exports and call sites from a Python tree
// (tree-sitter-python). Called by map-file.ts; tolerates partial trees.
import type { Node, Tree } from "web-tree-sitter";
import {
  cleanComment,
  enclosing,
  ErrorTally,
  makeDef,
  oneLine,
  signatureOf,
  SourceLines,
  visit,
} from "./syntax.ts";
import {
  MAX_DOC_CHARS,
  type CallSite,
  type FileMap,
  type ImportEdge,
  type SymbolDef,
} from "../../../../shared/workspace/symbols.ts";

/** The docstring: a string as the first statement of a body. */
function docstring(body: Node | null): string {
  const first = body?.namedChild(0);
  const literal = first?.type === "expression_statement" ? first.namedChild(0) : null;
  if (literal?.type !== "string") {
    return "";
  }
  return oneLine(
    literal.text.replace(/^[rbuf]*("""|'''|"|')/i, "").replace(/("""|'''|"|')$/, ""),
    MAX_DOC_CHARS,
  );
}

/** A comment block right above a definition (Python code often documents with `#`). */
function commentAbove(node: Node): string {
  const prev = node.previousNamedSibling;
  return prev?.type === "comment" && prev.endPosition.row >= node.startPosition.row - 1
    ? cleanComment(prev.text)
    : "";
}

function unwrap(node: Node): { def: Node; span: Node } {
  if (node.type === "decorated_definition") {
    const def = node.childForFieldName("definition");
    if (def) {
      return { def, span: node };
    }
  }
  return { def: node, span: node };
}

const isPublic = (name: string) => !name.startsWith("_") || /^__\w+__$/.test(name);

function addFunctionOrClass(
  defs: SymbolDef[],
  lines: SourceLines,
  source: string,
  node: Node,
  owner: string | null,
): void {
  const { def, span } = unwrap(node);
  const name = def.childForFieldName("name")?.text;
  if (!name || (def.type !== "function_definition" && def.type !== "class_definition")) {
    return;
  }
  const body = def.childForFieldName("body");
  const doc = docstring(body) || commentAbove(span);
  const isClass = def.type === "class_definition";
  defs.push(
    makeDef(
      {
        name,
        qualifiedName: owner ? `${owner}.${name}` : name,
        kind: isClass ? "class" : owner ? "method" : "function",
        span,
        signature: signatureOf(def, body, source).replace(/:$/, ""),
        doc: oneLine(doc, MAX_DOC_CHARS),
        exported: owner === null ? isPublic(name) : isPublic(name),
      },
      lines,
    ),
  );
  if (isClass && owner === null) {
    for (const member of body?.namedChildren ?? []) {
      if (member) {
        addFunctionOrClass(defs, lines, source, member, name);
      }
    }
  }
}

function moduleName(node: Node | null): string {
  return node?.text.replace(/\s+/g, "") ?? "";
}

function addImport(imports: ImportEdge[], node: Node): void {
  const line = node.startPosition.row + 1;
  if (node.type === "import_statement") {
    for (const part of node.namedChildren) {
      if (part?.type === "dotted_name") {
        // `import a.b` binds `a`; the edge is to a.b.
        imports.push({
          specifier: part.text,
          bindings: [{ local: part.text.split(".")[0] ?? part.text, imported: "*" }],
          line,
          reexport: false,
          star: false,
        });
      } else if (part?.type === "aliased_import") {
        const name = part.childForFieldName("name")?.text ?? "";
        const alias = part.childForFieldName("alias")?.text ?? name;
        imports.push({
          specifier: name,
          bindings: [{ local: alias, imported: "*" }],
          line,
          reexport: false,
          star: false,
        });
      }
    }
    return;
  }
  const module = node.childForFieldName("module_name");
  const specifier = moduleName(module);
  const bindings: ImportEdge["bindings"] = [];
  let star = false;
  for (const part of node.namedChildren) {
    if (part === null || (part.equals(module ?? part) && module !== null)) {
      continue;
    }
    if (part.type === "wildcard_import") {
      star = true;
    } else if (part.type === "dotted_name") {
      bindings.push({ local: part.text, imported: part.text });
    } else if (part.type === "aliased_import") {
      const name = part.childForFieldName("name")?.text ?? "";
      bindings.push({ local: part.childForFieldName("alias")?.text ?? name, imported: name });
    }
  }
  imports.push({ specifier, bindings, line, reexport: false, star });
}

export function extractPython(tree: Tree, source: string, path: string): FileMap {
  const lines = new SourceLines(source);
  const defs: SymbolDef[] = [];
  for (const node of tree.rootNode.namedChildren) {
    if (node === null) {
      continue;
    }
    if (node.type === "expression_statement") {
      const assignment = node.namedChild(0);
      const left = assignment?.type === "assignment" ? assignment.childForFieldName("left") : null;
      if (left?.type === "identifier") {
        const name = left.text;
        defs.push(
          makeDef(
            {
              name,
              kind: /^[A-Z][A-Z0-9_]*$/.test(name) ? "constant" : "variable",
              span: node,
              signature: oneLine(node.text),
              doc: commentAbove(node),
              exported: isPublic(name),
            },
            lines,
          ),
        );
      }
    } else {
      addFunctionOrClass(defs, lines, source, node, null);
    }
  }
  const imports: ImportEdge[] = [];
  const calls: CallSite[] = [];
  const errors = new ErrorTally();
  visit(tree, (node) => {
    errors.see(node);
    if (node.type === "import_statement" || node.type === "import_from_statement") {
      addImport(imports, node);
    } else if (node.type === "call") {
      const fn = node.childForFieldName("function");
      const line = node.startPosition.row + 1;
      if (fn?.type === "identifier") {
        calls.push({ callee: fn.text, receiver: null, line, caller: null });
      } else if (fn?.type === "attribute") {
        const attribute = fn.childForFieldName("attribute")?.text;
        const object = fn.childForFieldName("object");
        if (attribute) {
          calls.push({
            callee: attribute,
            receiver: object?.type === "identifier" ? object.text : null,
            line,
            caller: null,
          });
        }
      }
    }
  });
  for (const call of calls) {
    call.caller = enclosing(defs, call.line);
  }
  // Every public top-level name is importable from a Python module.
  const exports = defs
    .filter((d) => d.qualifiedName === d.name && d.exported)
    .map((d) => ({ name: d.name, local: d.name, line: d.startLine }));
  for (const edge of imports) {
    for (const b of edge.bindings) {
      if (b.imported !== "*" && isPublic(b.local)) {
        exports.push({ name: b.local, local: b.local, line: edge.line });
      }
    }
  }
  return {
    path,
    language: "python",
    definitions: defs,
    imports,
    exports,
    calls,
    report: errors.report(),
  };
}
