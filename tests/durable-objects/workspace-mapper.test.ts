// The mapper inside workerd, loaded from static wasm imports: the same maps as in
// Node for every fixture language, and no crash on hostile sources.
import { describe, it } from "vitest";
import { workerMapper } from "../../durable-objects/hive/workspace/symbol-parser.ts";
import { CodeGraph } from "../../durable-objects/hive/workspace/mapper/graph.ts";
import type { FileMap } from "../../shared/workspace/symbols.ts";
import { javascriptRepo, pythonRepo, typescriptRepo, type Repo } from "../fixtures/repos/index.ts";

async function graphOf(repo: Repo): Promise<CodeGraph> {
  const mapper = await workerMapper();
  const maps: FileMap[] = [];
  for (const [path, source] of Object.entries(repo)) {
    const mapped = mapper.map(path, source);
    if (mapped.ok) {
      maps.push(mapped.value);
    }
  }
  return new CodeGraph(maps, Object.keys(repo));
}

describe("the mapper in workerd", () => {
  it("maps the three fixture repositories exactly as expected", async ({ expect }) => {
    const ts = await graphOf(typescriptRepo());
    expect(
      ts
        .symbolsOf("src/util/format.ts")
        .map((d) => [d.qualifiedName, d.kind, d.startLine, d.endLine]),
    ).toEqual([
      ["formatName", "function", 2, 4],
      ["Greeter", "class", 6, 14],
      ["Greeter.greet", "method", 7, 9],
      ["Greeter.decorate", "method", 11, 13],
      ["MAX_NAME", "constant", 16, 16],
    ]);
    expect(ts.callers("Greeter.decorate").map((c) => c.caller)).toEqual(["Greeter.greet"]);
    expect(ts.unreachable(["src/index.ts"])).toEqual(["src/orphan.ts"]);
    const js = await graphOf(javascriptRepo());
    expect(js.missing().map((m) => [m.path, m.specifier])).toEqual([["lib/dead.js", "./gone"]]);
    const py = await graphOf(pythonRepo());
    expect(py.callers("User._format").map((c) => c.caller)).toEqual(["User.describe"]);
    expect(py.unreachable(["app/__main__.py"])).toEqual(["app/legacy.py"]);
  });

  it("survives deep nesting and garbage with a partial-tree report", async ({ expect }) => {
    const mapper = await workerMapper();
    const deep = mapper.map(
      "deep.ts",
      `const x = ${"(".repeat(20_000)}1${")".repeat(20_000)};\nexport function after() {}\n`,
    );
    expect(deep.ok && deep.value.definitions.map((d) => d.name)).toContain("after");
    const garbage = mapper.map("garbage.py", "def (((:\n\x01 class ]]]\n");
    expect(garbage).toMatchObject({ ok: true, value: { report: { partial: true } } });
  });
});
