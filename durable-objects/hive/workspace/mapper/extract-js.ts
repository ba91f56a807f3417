// Extracts definitions, imports, exports and call sites from a TypeScript, TSX or
// JavaScript tree (tree-sitter-typescript / -javascript grammars). Called by
// map-file.ts; tolerates partial trees (ERROR nodes are skipped, not fatal).
import type { Node, Tree } from "web-tree-sitter";
import {
  cleanComment,
  enclosing,
  ErrorTally,
  makeDef,
  oneLine,
  signatureOf,
  SourceLines,
  stringValue,
  visit,
} from "./syntax.ts";
import { addCommonJsExport, importBindings, type Ctx } from "./extract-js-modules.ts";
import type { CallSite, FileMap, MappedLanguage } from "../../../../shared/workspace/symbols.ts";

const FUNCTION_VALUES = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
]);

/** The doc comment right above `node` (a comment ending on the line before it). */
function docAbove(node: Node): string {
  const prev = node.previousNamedSibling;
  if (prev?.type === "comment" && prev.endPosition.row >= node.startPosition.row - 1) {
    return cleanComment(prev.text);
  }
  return "";
}

function addClass(ctx: Ctx, decl: Node, span: Node, exported: boolean, doc: string): string | null {
  const name = decl.childForFieldName("name")?.text;
  if (!name) {
    return null;
  }
  const body = decl.childForFieldName("body");
  ctx.defs.push(
    makeDef(
      { name, kind: "class", span, signature: signatureOf(decl, body, ctx.source), doc, exported },
      ctx.lines,
    ),
  );
  for (const member of body?.namedChildren ?? []) {
    if (member === null) {
      continue;
    }
    const isMethod = member.type === "method_definition" || member.type === "method_signature";
    const value = member.childForFieldName("value");
    const isArrowField =
      (member.type === "public_field_definition" || member.type === "field_definition") &&
      value !== null &&
      FUNCTION_VALUES.has(value.type);
    const memberName = (member.childForFieldName("name") ?? member.childForFieldName("property"))
      ?.text;
    if ((!isMethod && !isArrowField) || !memberName) {
      continue;
    }
    const memberBody = isMethod
      ? member.childForFieldName("body")
      : (value?.childForFieldName("body") ?? null);
    ctx.defs.push(
      makeDef(
        {
          name: memberName,
          qualifiedName: `${name}.${memberName}`,
          kind: "method",
          span: member,
          signature: signatureOf(member, memberBody, ctx.source),
          doc: docAbove(member),
          exported,
        },
        ctx.lines,
      ),
    );
  }
  return name;
}

function addRequire(ctx: Ctx, declarator: Node, call: Node): boolean {
  const fn = call.childForFieldName("function");
  const specifier = stringValue(call.childForFieldName("arguments")?.namedChild(0) ?? null);
  if (fn?.text !== "require" || specifier === null) {
    return false;
  }
  const target = declarator.childForFieldName("name");
  const bindings =
    target?.type === "object_pattern"
      ? target.namedChildren.flatMap((p) => {
          if (p?.type === "shorthand_property_identifier_pattern") {
            return [{ local: p.text, imported: p.text }];
          }
          if (p?.type === "pair_pattern") {
            const key = p.childForFieldName("key")?.text;
            const value = p.childForFieldName("value")?.text;
            return key && value ? [{ local: value, imported: key }] : [];
          }
          return [];
        })
      : target
        ? [{ local: target.text, imported: "*" }]
        : [];
  ctx.imports.push({
    specifier,
    bindings,
    line: call.startPosition.row + 1,
    reexport: false,
    star: false,
  });
  return true;
}

function addDeclaration(
  ctx: Ctx,
  decl: Node,
  span: Node,
  exported: boolean,
  doc: string,
): string[] {
  switch (decl.type) {
    case "function_declaration":
    case "generator_function_declaration":
    case "function_signature": {
      const name = decl.childForFieldName("name")?.text;
      if (!name) {
        return [];
      }
      const body = decl.childForFieldName("body");
      ctx.defs.push(
        makeDef(
          {
            name,
            kind: "function",
            span,
            signature: signatureOf(decl, body, ctx.source),
            doc,
            exported,
          },
          ctx.lines,
        ),
      );
      return [name];
    }
    case "class_declaration":
    case "abstract_class_declaration":
    case "class": {
      const name = addClass(ctx, decl, span, exported, doc);
      return name ? [name] : [];
    }
    case "interface_declaration":
    case "type_alias_declaration":
    case "enum_declaration": {
      const name = decl.childForFieldName("name")?.text;
      if (!name) {
        return [];
      }
      const kind = decl.type === "interface_declaration" ? "interface" : "type";
      const body = decl.childForFieldName("body") ?? decl.childForFieldName("value");
      const signature =
        decl.type === "type_alias_declaration"
          ? oneLine(decl.text)
          : signatureOf(decl, body, ctx.source);
      ctx.defs.push(makeDef({ name, kind, span, signature, doc, exported }, ctx.lines));
      return [name];
    }
    case "lexical_declaration":
    case "variable_declaration": {
      const isConst = decl.text.startsWith("const");
      const names: string[] = [];
      for (const declarator of decl.namedChildren) {
        if (declarator?.type !== "variable_declarator") {
          continue;
        }
        const value = declarator.childForFieldName("value");
        if (value?.type === "call_expression" && addRequire(ctx, declarator, value)) {
          continue;
        }
        const nameNode = declarator.childForFieldName("name");
        if (nameNode?.type !== "identifier") {
          continue;
        }
        const isFunction = value !== null && FUNCTION_VALUES.has(value.type);
        const body = isFunction ? value.childForFieldName("body") : null;
        const single = decl.namedChildren.length === 1;
        ctx.defs.push(
          makeDef(
            {
              name: nameNode.text,
              kind: isFunction ? "function" : isConst ? "constant" : "variable",
              span: single ? span : declarator,
              signature: isFunction
                ? signatureOf(single ? decl : declarator, body, ctx.source)
                : oneLine(`${isConst ? "const" : "let"} ${declarator.text}`),
              doc,
              exported,
            },
            ctx.lines,
          ),
        );
        names.push(nameNode.text);
      }
      return names;
    }
    default:
      return [];
  }
}

function addExportStatement(ctx: Ctx, node: Node): void {
  const line = node.startPosition.row + 1;
  const source = stringValue(node.childForFieldName("source"));
  const clause = node.namedChildren.find((c) => c?.type === "export_clause") ?? null;
  const specs = (clause?.namedChildren ?? []).flatMap((spec) => {
    const name = spec?.childForFieldName("name")?.text;
    return spec?.type === "export_specifier" && name
      ? [{ local: name, name: spec.childForFieldName("alias")?.text ?? name }]
      : [];
  });
  if (source !== null) {
    const star = clause === null;
    const namespace = node.namedChildren.find((c) => c?.type === "namespace_export");
    ctx.imports.push({
      specifier: source,
      bindings: namespace
        ? [{ local: namespace.namedChild(0)?.text ?? "*", imported: "*" }]
        : specs.map((s) => ({ local: s.name, imported: s.local })),
      line,
      reexport: true,
      star: star && !namespace,
    });
    for (const s of specs) {
      ctx.exports.push({ name: s.name, local: s.name, line });
    }
    return;
  }
  for (const s of specs) {
    ctx.exports.push({ name: s.name, local: s.local, line });
  }
  const isDefault = node.children.some((c) => c?.type === "default");
  const decl =
    node.childForFieldName("declaration") ?? (isDefault ? node.childForFieldName("value") : null);
  if (decl === null) {
    return;
  }
  const names = addDeclaration(ctx, decl, node, true, docAbove(node));
  if (isDefault) {
    const local = names[0] ?? (decl.type === "identifier" ? decl.text : "default");
    ctx.exports.push({ name: "default", local, line });
  } else {
    for (const name of names) {
      ctx.exports.push({ name, local: name, line });
    }
  }
}

export function extractJs(
  tree: Tree,
  source: string,
  path: string,
  language: MappedLanguage,
): FileMap {
  const ctx: Ctx = { source, lines: new SourceLines(source), defs: [], imports: [], exports: [] };
  for (const node of tree.rootNode.namedChildren) {
    if (node === null) {
      continue;
    }
    if (node.type === "import_statement") {
      const specifier = stringValue(node.childForFieldName("source"));
      if (specifier !== null) {
        const clause = node.namedChildren.find((c) => c?.type === "import_clause") ?? null;
        ctx.imports.push({
          specifier,
          bindings: importBindings(clause),
          line: node.startPosition.row + 1,
          reexport: false,
          star: false,
        });
      }
    } else if (node.type === "export_statement") {
      addExportStatement(ctx, node);
    } else if (node.type === "expression_statement") {
      addCommonJsExport(ctx, node);
    } else {
      addDeclaration(ctx, node, node, false, docAbove(node));
    }
  }
  const calls: CallSite[] = [];
  const errors = new ErrorTally();
  const knownRequires = new Set(ctx.imports.map((i) => `${i.line}:${i.specifier}`));
  visit(tree, (node) => {
    errors.see(node);
    if (node.type !== "call_expression" && node.type !== "new_expression") {
      return;
    }
    const fn = node.childForFieldName("function") ?? node.childForFieldName("constructor");
    const line = node.startPosition.row + 1;
    if (fn === null) {
      return;
    }
    if (fn.type === "import" || fn.text === "require") {
      const specifier = stringValue(node.childForFieldName("arguments")?.namedChild(0) ?? null);
      if (specifier !== null && !knownRequires.has(`${line}:${specifier}`)) {
        ctx.imports.push({ specifier, bindings: [], line, reexport: false, star: false });
      }
      return;
    }
    if (fn.type === "identifier") {
      calls.push({ callee: fn.text, receiver: null, line, caller: null });
    } else if (fn.type === "member_expression") {
      const property = fn.childForFieldName("property")?.text;
      const object = fn.childForFieldName("object");
      if (property) {
        const receiver =
          object?.type === "identifier" || object?.type === "this" ? object.text : null;
        calls.push({ callee: property, receiver, line, caller: null });
      }
    }
  });
  for (const call of calls) {
    call.caller = enclosing(ctx.defs, call.line);
  }
  return {
    path,
    language,
    definitions: ctx.defs,
    imports: ctx.imports,
    exports: ctx.exports,
    calls,
    report: errors.report(),
  };
}
