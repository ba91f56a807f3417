// The workspace inside the Hive, in workerd: versioned files, the tree-sitter
// index (static wasm imports), structural queries, staleness and L3 search.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { symbolProvenance } from "../shared/workspace/citations.ts";
import { javascriptRepo, pythonRepo, typescriptRepo, type Repo } from "../fixtures/repos/index.ts";
import { ESCAPE_CORPUS } from "../shared/gatekeeper/escape-corpus.ts";

const hive = () => env.Hive.getByName(`ws-${crypto.randomUUID()}`);
const files = (repo: Repo) => Object.entries(repo).map(([path, content]) => ({ path, content }));

function value<T>(
  result: { ok: true; value: T } | { ok: false; code: string; message: string },
): T {
  if (!result.ok) {
    throw new Error(`${result.code}: ${result.message}`);
  }
  return result.value;
}

describe("workspace files and manifests", () => {
  it("writes make versions; a manifest is read by version or id; reads go back in time", async ({
    expect,
  }) => {
    const h = hive();
    const first = value(
      await h.workspace().write({ files: files(typescriptRepo()), message: "import" }),
    );
    expect(first.manifest).toMatchObject({ version: 1, files: 6, changed: 6, message: "import" });
    expect(first.manifest.id).toMatch(/^wsm_1_[0-9a-f]{16}$/);
    expect(first.files.every((f) => f.index === "indexed")).toBe(true);
    const again = value(
      await h.workspace().write({
        files: [{ path: "src/math.ts", content: typescriptRepo()["src/math.ts"] ?? "" }],
      }),
    );
    expect(again.manifest.version).toBe(1);
    expect(again.files[0]?.unchanged).toBe(true);
    const second = value(
      await h.workspace().patch({
        path: "src/math.ts",
        edits: [{ oldText: "return a + b;", newText: "return b + a;" }],
      }),
    );
    expect(second.manifest).toMatchObject({ version: 2, changed: 1, parent: first.manifest.id });
    const byId = value(await h.workspace().manifest(first.manifest.id));
    const byNumber = value(await h.workspace().manifest(1));
    expect(byId.entries).toEqual(byNumber.entries);
    expect(byId.entries.map((e) => e.path)).toEqual([
      "README.md",
      "src/app.ts",
      "src/index.ts",
      "src/math.ts",
      "src/orphan.ts",
      "src/util/format.ts",
    ]);
    const old = value(await h.workspace().read("src/math.ts", first.manifest.id));
    const now = value(await h.workspace().read("./src//math.ts"));
    expect(old.text).toContain("return a + b;");
    expect(now.text).toContain("return b + a;");
    expect(await h.workspace().manifest("wsm_1_0000000000000000")).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(
      await h.workspace().write({ files: [{ path: "x.ts", content: "" }], expectedVersion: 1 }),
    ).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
    });
    const deleted = value(
      await h.workspace().write({ files: [{ path: "src/orphan.ts", delete: true }] }),
    );
    expect(deleted.manifest).toMatchObject({ version: 3, files: 5 });
    expect(await h.workspace().read("src/orphan.ts")).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
  });

  it("pages a manifest's entries in path order", async ({ expect }) => {
    const h = hive();
    const many = Array.from({ length: 25 }, (_, i) => ({
      path: `docs/n${String(i).padStart(2, "0")}.md`,
      content: `note ${i}`,
    }));
    value(await h.workspace().write({ files: many }));
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const m = value(await h.workspace().manifest("head", after, 10));
      seen.push(...m.entries.map((e) => e.path));
      if (m.next === null) {
        break;
      }
      after = m.next;
    }
    expect(seen).toEqual(many.map((f) => f.path));
  });

  it("refuses every spelling of the escape corpus and never stores it", async ({ expect }) => {
    const h = hive();
    for (const entry of ESCAPE_CORPUS) {
      if (entry.roots) {
        value(await h.workspace().configure({ roots: entry.roots }));
      }
      const result = await h.workspace().write({ files: [{ path: entry.raw, content: "x" }] });
      expect(result.ok ? "stored" : result.code, JSON.stringify(entry.raw)).toBe(entry.code);
      if (entry.roots) {
        value(await h.workspace().configure({ roots: ["."] }));
      }
    }
    expect(value(await h.workspace().manifest("head")).version).toBe(0);
  });

  it("hostile content: 20 MB refused; binary, invalid UTF-8 and a broken file stored with a report", async ({
    expect,
  }) => {
    const h = hive();
    const big = btoa("a".repeat(1023)).repeat(20 * 1025);
    expect(
      await h.workspace().write({ files: [{ path: "big.txt", content: big, encoding: "base64" }] }),
    ).toMatchObject({
      ok: false,
      code: "FILE_TOO_LARGE",
    });
    const written = value(
      await h.workspace().write({
        files: [
          {
            path: "logo.png",
            content: btoa("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
            encoding: "base64",
          },
          { path: "latin1.py", content: btoa("x = '\xe9t\xe9'\n"), encoding: "base64" },
          {
            path: "broken.ts",
            content: "export function ok() { return 1; }\nfunction broken( {\n",
          },
        ],
      }),
    );
    expect(written.files.map((f) => [f.path, f.index, f.notIndexed])).toEqual([
      ["logo.png", "stored-not-indexed", "binary"],
      ["latin1.py", "stored-not-indexed", "invalid-utf8"],
      ["broken.ts", "indexed", undefined],
    ]);
    const logo = value(await h.workspace().read("logo.png"));
    expect(logo.text).toBeNull();
    expect(logo.bytes.byteLength).toBe(16);
    const broken = value(await h.workspace().symbols("broken.ts"));
    expect(broken.index).toMatchObject({ state: "mapped", report: { partial: true } });
    expect(broken.symbols.map((s) => s.name)).toContain("ok");
    const status = value(await h.workspace().status());
    expect(status.problems.map((p) => [p.path, p.state])).toEqual([
      ["broken.ts", "mapped"],
      ["latin1.py", "stored-not-indexed"],
      ["logo.png", "stored-not-indexed"],
    ]);
    expect(status.vectorBackend).toBe("local");
  });
});

describe("the structural index in workerd", () => {
  it("maps the TypeScript fixture: definitions, callers, imports, GC and missing dependencies", async ({
    expect,
  }) => {
    const h = hive();
    value(await h.workspace().write({ files: files(typescriptRepo()) }));
    const defs = value(await h.workspace().definitions("formatName"));
    expect(defs.map((d) => [d.path, d.def.startLine, d.def.endLine, d.def.signature])).toEqual([
      ["src/util/format.ts", 2, 4, "function formatName(name: string): string"],
    ]);
    expect(value(await h.workspace().callers("sum")).map((c) => [c.path, c.caller])).toEqual([
      ["src/app.ts", "runApp"],
      ["src/orphan.ts", "orphan"],
    ]);
    expect(value(await h.workspace().imports("src/index.ts")).map((i) => i.resolution)).toEqual([
      { kind: "file", path: "src/app.ts" },
      { kind: "external" },
    ]);
    expect(value(await h.workspace().unreachable(["src/index.ts"]))).toEqual({
      entries: ["src/index.ts"],
      files: ["src/orphan.ts"],
    });
    expect(
      value(await h.workspace().missing()).map((m) => [m.path, m.specifier, m.name ?? null]),
    ).toEqual([
      ["src/orphan.ts", "./math", "nothing"],
      ["src/orphan.ts", "./missing-module", null],
    ]);
  });

  it("maps the JavaScript and Python fixtures the same way as in Node", async ({ expect }) => {
    const js = hive();
    value(await js.workspace().write({ files: files(javascriptRepo()) }));
    value(await js.workspace().configure({ entries: ["main.js"] }));
    expect(value(await js.workspace().unreachable())).toEqual({
      entries: ["main.js"],
      files: ["lib/dead.js"],
    });
    expect(value(await js.workspace().callers("tokenize")).map((c) => c.caller)).toEqual(["parse"]);
    const py = hive();
    value(await py.workspace().write({ files: files(pythonRepo()) }));
    expect(value(await py.workspace().callers("log")).map((c) => c.path)).toEqual([
      "app/__main__.py",
      "app/legacy.py",
      "app/service.py",
    ]);
    expect(value(await py.workspace().missing()).map((m) => m.reason)).toEqual([
      "module-not-found",
      "name-not-exported",
    ]);
  });

  it("updates the index incrementally on a new file version", async ({ expect }) => {
    const h = hive();
    value(await h.workspace().write({ files: files(typescriptRepo()) }));
    value(
      await h.workspace().patch({
        path: "src/orphan.ts",
        edits: [
          { oldText: 'import { gone } from "./missing-module";\n', newText: "" },
          { oldText: "  gone();\n", newText: "" },
        ],
      }),
    );
    expect(value(await h.workspace().missing()).map((m) => m.specifier)).toEqual(["./math"]);
    value(
      await h.workspace().write({
        files: [{ path: "src/index.ts", content: 'import "./orphan";\nimport "./app.js";\n' }],
      }),
    );
    expect(value(await h.workspace().unreachable(["src/index.ts"])).files).toEqual([]);
  });
});

describe("AST-verified artifacts and L3 in the Hive", () => {
  it("flags an artifact stale after the code it cites changes", async ({ expect }) => {
    const h = hive();
    const written = value(await h.workspace().write({ files: files(typescriptRepo()) }));
    const [sum] = value(await h.workspace().definitions("sum"));
    if (!sum) {
      throw new Error("sum is not indexed");
    }
    const provenance = {
      session: "s1",
      agent: "a1",
      step: 1,
      ...symbolProvenance(sum.path, written.manifest.version, sum.def),
    };
    value(
      await h.put({
        idempotencyKey: "k-sum",
        artifact: {
          identifier: "contract.sum",
          kind: "contract",
          value: "sum adds two numbers",
          provenance,
        },
      }),
    );
    value(
      await h.put({
        idempotencyKey: "k-plain",
        artifact: {
          identifier: "fact.plain",
          kind: "fact",
          value: 1,
          provenance: { session: "s1", agent: "a1", step: 1, source: "ref:x" },
        },
      }),
    );
    expect(value(await h.staleArtifacts())).toEqual([]);
    value(
      await h.workspace().write({
        files: [
          {
            path: "src/math.ts",
            content: `// moved down\n${typescriptRepo()["src/math.ts"] ?? ""}`,
          },
        ],
      }),
    );
    expect(value(await h.staleArtifacts())).toEqual([]);
    value(
      await h.workspace().patch({
        path: "src/math.ts",
        edits: [{ oldText: "return a + b;", newText: "return a - b;" }],
      }),
    );
    const stale = value(await h.staleArtifacts());
    expect(
      stale.map((s) => [
        s.identifier,
        s.freshness.status,
        "reason" in s.freshness ? s.freshness.reason : null,
      ]),
    ).toEqual([["contract.sum", "stale", "changed"]]);
  });

  it("hybrid search returns candidates with scores and locations", async ({ expect }) => {
    const h = hive();
    value(await h.workspace().write({ files: files(typescriptRepo()) }));
    const hits = value(await h.workspace().search({ query: "formatName", topK: 3 }));
    expect(hits[0]).toMatchObject({
      path: "src/util/format.ts",
      name: "formatName",
      startLine: 2,
      endLine: 4,
    });
    expect(hits[0]?.score).toBeGreaterThan(0);
    const prose = value(
      await h.workspace().search({ query: "application that greets people", topK: 3 }),
    );
    expect(prose.map((c) => c.path)).toContain("README.md");
    expect(await h.workspace().search({ query: "", topK: 3 })).toMatchObject({
      ok: false,
      code: "INVALID_REQUEST",
    });
  });
});
