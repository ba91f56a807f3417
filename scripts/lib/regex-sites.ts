// Every regular expression a TypeScript file builds, read with the TypeScript
// parser: regex literals, and `new RegExp(...)` / `RegExp(...)` whose pattern is
// evaluated statically (constants, imports, templates, String.raw, `.source`,
// joins, escapeRegExp). Called by scripts/redos.ts, a step of `npm run check`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** A regular expression found in the code: its pattern when known statically. */
export type RegexSite =
  | { file: string; line: number; kind: "static"; source: string; flags: string; code: string }
  | { file: string; line: number; kind: "dynamic"; code: string; why: string };

/** Text inserted by escapeRegExp(<runtime value>): a literal, so its content never backtracks. */
export const ESCAPED_PLACEHOLDER = "x";

interface RegexValue {
  regex: true;
  source: string;
  flags: string;
}
type Value = string | number | RegexValue | Value[];

class NotStatic extends Error {}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

function child(node: Node, key: string): Node {
  const value = node[key];
  if (!isNode(value)) {
    throw new NotStatic(`no ${key} in ${node.type}`);
  }
  return value;
}

/** What escapeRegExp (shared/base/regexp.ts) does, for statically known text. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One parsed module: its top-level bindings, imports and the sites it holds. */
class Module {
  readonly consts = new Map<string, Node[]>();
  readonly imports = new Map<string, { from: string; name: string }>();
  readonly program: Node;
  readonly file: string;
  readonly text: string;
  readonly #lineStarts: number[] = [0];

  constructor(file: string, text: string) {
    this.file = file;
    this.text = text;
    this.program = parseSync(file, text).program as unknown as Node;
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) {
        this.#lineStarts.push(i + 1);
      }
    }
    walk(this.program, (node) => {
      if (node.type === "VariableDeclaration" && node.kind === "const") {
        for (const d of node.declarations as Node[]) {
          const id = d.id;
          if (isNode(id) && id.type === "Identifier" && isNode(d.init)) {
            const list = this.consts.get(id.name as string) ?? [];
            list.push(d.init);
            this.consts.set(id.name as string, list);
          }
        }
      }
      if (node.type === "ImportDeclaration") {
        const from = (node.source as { value: string }).value;
        for (const s of node.specifiers as Node[]) {
          if (s.type === "ImportSpecifier") {
            const imported = s.imported as { name?: string; value?: string };
            this.imports.set((s.local as { name: string }).name, {
              from,
              name: imported.name ?? imported.value ?? "",
            });
          }
        }
      }
    });
  }

  line(offset: number): number {
    let lo = 0;
    let hi = this.#lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#lineStarts[mid] ?? 0) <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  code(node: Node): string {
    return this.text.slice(node.start, node.end).replace(/\s+/g, " ");
  }
}

function walk(root: Node, visit: (node: Node) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push(value[i]);
      }
    } else if (isNode(value)) {
      visit(value);
      for (const [key, c] of Object.entries(value)) {
        if (key !== "type" && typeof c === "object" && c !== null) {
          stack.push(c);
        }
      }
    }
  }
}

/** Reads and evaluates modules of one repository, each parsed once. */
export class RegexSiteReader {
  readonly #modules = new Map<string, Module>();
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  #module(file: string): Module {
    let m = this.#modules.get(file);
    if (m === undefined) {
      m = new Module(file, readFileSync(path.join(this.root, file), "utf8"));
      this.#modules.set(file, m);
    }
    return m;
  }

  /** Every regular expression `file` (relative to the root) builds. */
  sites(file: string): RegexSite[] {
    const m = this.#module(file);
    const found: RegexSite[] = [];
    walk(m.program, (node) => {
      const regex = node.regex as { pattern: string; flags: string } | undefined;
      if (node.type === "Literal" && regex !== undefined) {
        found.push({
          file,
          line: m.line(node.start),
          kind: "static",
          source: regex.pattern,
          flags: regex.flags,
          code: m.code(node),
        });
        return;
      }
      if (
        (node.type === "NewExpression" || node.type === "CallExpression") &&
        isNode(node.callee) &&
        node.callee.type === "Identifier" &&
        node.callee.name === "RegExp"
      ) {
        const args = node.arguments as Node[];
        const line = m.line(node.start);
        const code = m.code(node);
        try {
          const [pattern, flags] = args.map((a) => this.#evaluate(m, a));
          const value = asRegex(pattern, flags);
          found.push({ file, line, kind: "static", ...value, code });
        } catch (error) {
          if (!(error instanceof NotStatic)) {
            throw error;
          }
          found.push({ file, line, kind: "dynamic", code, why: error.message });
        }
      }
    });
    return found;
  }

  #lookup(m: Module, name: string, seen: Set<string>): Value {
    const key = `${m.file}#${name}`;
    if (seen.has(key)) {
      throw new NotStatic(`${name} refers to itself`);
    }
    // The chain of names being resolved: a name used twice in one pattern is not a cycle.
    const chain = new Set(seen).add(key);
    const inits = m.consts.get(name) ?? [];
    const init = inits[0];
    if (inits.length === 1 && init !== undefined) {
      return this.#evaluate(m, init, chain);
    }
    const imported = m.imports.get(name);
    if (imported !== undefined && imported.from.startsWith(".")) {
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(m.file), imported.from),
      );
      return this.#lookup(this.#module(target), imported.name, chain);
    }
    throw new NotStatic(`${name} is not a constant known before run time`);
  }

  #evaluate(m: Module, node: Node, seen = new Set<string>()): Value {
    switch (node.type) {
      case "Literal": {
        const regex = node.regex as { pattern: string; flags: string } | undefined;
        if (regex !== undefined) {
          return { regex: true, source: regex.pattern, flags: regex.flags };
        }
        if (typeof node.value === "string" || typeof node.value === "number") {
          return node.value;
        }
        throw new NotStatic(`literal ${String(node.raw)}`);
      }
      case "ParenthesizedExpression":
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "TSNonNullExpression":
        return this.#evaluate(m, child(node, "expression"), seen);
      case "Identifier":
        return this.#lookup(m, node.name as string, seen);
      case "TemplateLiteral":
        return this.#template(m, node, "cooked", seen);
      case "TaggedTemplateExpression": {
        if (m.code(child(node, "tag")) !== "String.raw") {
          throw new NotStatic("a tagged template other than String.raw");
        }
        return this.#template(m, child(node, "quasi"), "raw", seen);
      }
      case "BinaryExpression": {
        const left = this.#evaluate(m, child(node, "left"), seen);
        const right = this.#evaluate(m, child(node, "right"), seen);
        if (node.operator === "+" && isText(left) && isText(right)) {
          return (
            typeof left === "number" && typeof right === "number" ? left + right : `${left}${right}`
          ) as Value;
        }
        throw new NotStatic(`operator ${String(node.operator)}`);
      }
      case "UnaryExpression": {
        const argument = this.#evaluate(m, child(node, "argument"), seen);
        if (node.operator === "-" && typeof argument === "number") {
          return -argument;
        }
        throw new NotStatic(`operator ${String(node.operator)}`);
      }
      case "ArrayExpression":
        return (node.elements as Node[]).map((e) => this.#evaluate(m, e, seen));
      case "MemberExpression": {
        const object = this.#evaluate(m, child(node, "object"), seen);
        const property = child(node, "property");
        if (!node.computed && typeof object === "object" && "regex" in object) {
          if (property.name === "source") {
            return object.source;
          }
          if (property.name === "flags") {
            return object.flags;
          }
        }
        throw new NotStatic(`member ${m.code(node)}`);
      }
      case "NewExpression":
      case "CallExpression":
        return this.#call(m, node, seen);
      default:
        throw new NotStatic(`${node.type} ${m.code(node).slice(0, 60)}`);
    }
  }

  #template(m: Module, node: Node, which: "raw" | "cooked", seen: Set<string>): string {
    const quasis = node.quasis as Array<{ value: { raw: string; cooked: string } }>;
    const expressions = node.expressions as Node[];
    let out = "";
    quasis.forEach((q, i) => {
      out += q.value[which];
      const e = expressions[i];
      if (e !== undefined) {
        const value = this.#evaluate(m, e, seen);
        if (!isText(value)) {
          throw new NotStatic(`a template holds ${m.code(e)}`);
        }
        out += String(value);
      }
    });
    return out;
  }

  #call(m: Module, node: Node, seen: Set<string>): Value {
    const callee = child(node, "callee");
    const args = node.arguments as Node[];
    if (callee.type === "Identifier" && callee.name === "RegExp") {
      const [pattern, flags] = args.map((a) => this.#evaluate(m, a, seen));
      return { regex: true, ...asRegex(pattern, flags) };
    }
    if (callee.type === "Identifier" && callee.name === "escapeRegExp") {
      const arg = args[0];
      if (arg === undefined) {
        throw new NotStatic("escapeRegExp()");
      }
      try {
        const value = this.#evaluate(m, arg, seen);
        return isText(value) ? escapeRegExp(String(value)) : ESCAPED_PLACEHOLDER;
      } catch (error) {
        if (error instanceof NotStatic) {
          return ESCAPED_PLACEHOLDER;
        }
        throw error;
      }
    }
    if (callee.type === "MemberExpression" && !callee.computed) {
      const target = this.#evaluate(m, child(callee, "object"), seen);
      const method = child(callee, "property").name;
      const values = args.map((a) => this.#evaluate(m, a, seen));
      if (method === "join" && Array.isArray(target)) {
        const separator = values[0] ?? ",";
        return target.map((v) => String(isText(v) ? v : "")).join(String(separator));
      }
      if (method === "slice" && typeof target === "string") {
        return target.slice(...(values as number[]));
      }
    }
    throw new NotStatic(`a call ${m.code(node).slice(0, 60)}`);
  }
}

function isText(value: Value | undefined): value is string | number {
  return typeof value === "string" || typeof value === "number";
}

function asRegex(
  pattern: Value | undefined,
  flags: Value | undefined,
): { source: string; flags: string } {
  const f = flags === undefined ? undefined : typeof flags === "string" ? flags : null;
  if (f === null) {
    throw new NotStatic("flags are not a string");
  }
  if (typeof pattern === "object" && !Array.isArray(pattern)) {
    return { source: pattern.source, flags: f ?? pattern.flags };
  }
  if (typeof pattern === "string") {
    return { source: pattern, flags: f ?? "" };
  }
  throw new NotStatic("the pattern is not a string");
}
