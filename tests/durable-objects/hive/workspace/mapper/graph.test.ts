import { describe, test } from "vitest";
import { javascriptRepo, pythonRepo, typescriptRepo } from "../../../../fixtures/repos/index.ts";
import { mapRepo } from "./fixture-graph.ts";

const names = (defs: { def: { qualifiedName: string } }[]) => defs.map((d) => d.def.qualifiedName);

describe("the TypeScript fixture", () => {
  test("definitions carry kinds, line ranges, signatures and docs", async ({ expect }) => {
    const { graph } = await mapRepo(typescriptRepo());
    const symbols = graph.symbolsOf("src/util/format.ts").map((d) => ({
      name: d.qualifiedName,
      kind: d.kind,
      lines: [d.startLine, d.endLine],
    }));
    expect(symbols).toEqual([
      { name: "formatName", kind: "function", lines: [2, 4] },
      { name: "Greeter", kind: "class", lines: [6, 14] },
      { name: "Greeter.greet", kind: "method", lines: [7, 9] },
      { name: "Greeter.decorate", kind: "method", lines: [11, 13] },
      { name: "MAX_NAME", kind: "constant", lines: [16, 16] },
    ]);
    const [formatName] = graph.definitions("formatName");
    expect(formatName?.def.signature).toBe("function formatName(name: string): string");
    expect(formatName?.def.doc).toBe("Trims a display name.");
  });

  test("call sites resolve across files, through namespaces, classes and this", async ({
    expect,
  }) => {
    const { graph } = await mapRepo(typescriptRepo());
    expect(graph.callers("sum").map((c) => [c.path, c.line, c.caller])).toEqual([
      ["src/app.ts", 7, "runApp"],
      ["src/orphan.ts", 6, "orphan"],
    ]);
    expect(graph.callers("formatName").map((c) => [c.path, c.caller])).toEqual([
      ["src/app.ts", "runApp"],
    ]);
    expect(graph.callers("Greeter.decorate").map((c) => [c.path, c.line, c.caller])).toEqual([
      ["src/util/format.ts", 8, "Greeter.greet"],
    ]);
    expect(graph.callers("runApp").map((c) => c.caller)).toEqual(["main"]);
    expect(graph.callers("unusedHelper")).toEqual([]);
  });

  test("a call through an aliased import is a call of the imported function", async ({
    expect,
  }) => {
    const { graph } = await mapRepo({
      "src/billing.ts": "export function computeTotal(xs: number[]) {\n  return xs.length;\n}\n",
      "src/invoice.ts":
        'import { computeTotal as total } from "./billing";\nexport function invoice(xs: number[]) {\n  return total(xs);\n}\n',
      "src/other.ts":
        "function total(xs: number[]) {\n  return 0;\n}\nexport const t = total([]);\n",
    });
    expect(graph.callers("computeTotal").map((c) => [c.path, c.line, c.caller])).toEqual([
      ["src/invoice.ts", 3, "invoice"],
    ]);
  });

  test("imports resolve to files, packages or nothing", async ({ expect }) => {
    const { graph } = await mapRepo(typescriptRepo());
    expect(graph.importsOf("src/index.ts").map((i) => [i.specifier, i.resolution])).toEqual([
      ["./app.js", { kind: "file", path: "src/app.ts" }],
      ["zod", { kind: "external" }],
    ]);
  });

  test("dependency GC finds the file no entry point reaches", async ({ expect }) => {
    const { graph } = await mapRepo(typescriptRepo());
    expect(graph.unreachable(["src/index.ts"])).toEqual(["src/orphan.ts"]);
    expect(graph.unreachable()).toEqual(["src/orphan.ts"]);
  });

  test("missing dependencies: a module that is not there and a name that is not exported", async ({
    expect,
  }) => {
    const { graph } = await mapRepo(typescriptRepo());
    expect(graph.missing()).toEqual([
      {
        path: "src/orphan.ts",
        line: 1,
        specifier: "./math",
        name: "nothing",
        reason: "name-not-exported",
      },
      { path: "src/orphan.ts", line: 2, specifier: "./missing-module", reason: "module-not-found" },
    ]);
  });
});

describe("the JavaScript fixture (CommonJS)", () => {
  test("definitions, calls through require bindings, GC and missing modules", async ({
    expect,
  }) => {
    const { graph } = await mapRepo(javascriptRepo());
    expect(names(graph.definitions("load"))).toEqual(["load"]);
    expect(graph.definitions("load")[0]?.def.doc).toBe("Loads and parses a named resource.");
    expect(graph.callers("parse").map((c) => [c.path, c.caller])).toEqual([
      ["lib/dead.js", "dead"],
      ["lib/loader.js", "load"],
    ]);
    expect(graph.callers("tokenize").map((c) => [c.path, c.caller])).toEqual([
      ["lib/parser.js", "parse"],
    ]);
    expect(graph.callers("load").map((c) => [c.path, c.caller])).toEqual([["main.js", "start"]]);
    expect(graph.unreachable(["main.js"])).toEqual(["lib/dead.js"]);
    expect(graph.missing()).toEqual([
      { path: "lib/dead.js", line: 1, specifier: "./gone", reason: "module-not-found" },
    ]);
  });
});

describe("the Python fixture", () => {
  test("definitions with docstrings, methods and constants", async ({ expect }) => {
    const { graph } = await mapRepo(pythonRepo());
    expect(
      graph
        .symbolsOf("app/models.py")
        .map((d) => [d.qualifiedName, d.kind, d.startLine, d.endLine]),
    ).toEqual([
      ["User", "class", 1, 11],
      ["User.__init__", "method", 4, 5],
      ["User.describe", "method", 7, 8],
      ["User._format", "method", 10, 11],
      ["DEFAULT_NAME", "constant", 14, 14],
    ]);
    expect(graph.definitions("handle")[0]?.def.doc).toBe("Handles one request for a user.");
  });

  test("calls resolve through relative imports, module imports and self", async ({ expect }) => {
    const { graph } = await mapRepo(pythonRepo());
    expect(graph.callers("log").map((c) => [c.path, c.caller])).toEqual([
      ["app/__main__.py", "run"],
      ["app/legacy.py", "legacy"],
      ["app/service.py", "handle"],
    ]);
    expect(graph.callers("handle").map((c) => [c.path, c.caller])).toEqual([
      ["app/__main__.py", "run"],
    ]);
    expect(graph.callers("User").map((c) => [c.path, c.caller])).toEqual([
      ["app/service.py", "handle"],
    ]);
    expect(graph.callers("User._format").map((c) => c.caller)).toEqual(["User.describe"]);
  });

  test("dependency GC and missing dependencies", async ({ expect }) => {
    const { graph } = await mapRepo(pythonRepo());
    expect(graph.unreachable(["app/__main__.py"])).toEqual(["app/legacy.py"]);
    expect(graph.importsOf("app/__main__.py").map((i) => [i.specifier, i.resolution.kind])).toEqual(
      [
        ["os", "external"],
        [".service", "file"],
        [".", "file"],
      ],
    );
    expect(graph.missing()).toEqual([
      { path: "app/legacy.py", line: 1, specifier: ".missing", reason: "module-not-found" },
      {
        path: "app/legacy.py",
        line: 2,
        specifier: ".utils",
        name: "nope",
        reason: "name-not-exported",
      },
    ]);
  });
});
