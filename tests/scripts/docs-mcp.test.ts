// scripts/docs-mcp.ts: docs/mcp.md's tool table is exactly what the generator
// writes from the MCP server's own tools/list, so a tool added, renamed or given
// a new argument fails here until `npm run docs:mcp` is run.
import { readFileSync } from "node:fs";
import { describe, it } from "vitest";
import {
  listMcpTools,
  MCP_DOC,
  renderToolTable,
  TABLE_END,
  TABLE_START,
  withToolTable,
} from "../../scripts/docs-mcp.ts";

describe("docs/mcp.md's tool table", () => {
  it("is what npm run docs:mcp writes from the server's tools", async ({ expect }) => {
    const doc = readFileSync(MCP_DOC, "utf8");
    expect(doc).toBe(withToolTable(doc, renderToolTable(await listMcpTools())));
  });

  it("lists every tool the server registers, with its required arguments", async ({ expect }) => {
    const tools = await listMcpTools();
    const doc = readFileSync(MCP_DOC, "utf8");
    const rows = doc.slice(doc.indexOf(TABLE_START), doc.indexOf(TABLE_END));
    expect(tools.length).toBeGreaterThanOrEqual(20);
    for (const tool of tools) {
      expect(rows).toContain(`| \`${tool.name}\` `);
    }
    const put = tools.find((t) => t.name === "artifacts_put");
    expect(put?.required).toContain("idempotencyKey");
    expect(rows).toMatch(/`artifacts_put`\s*\| [^|]*`idempotencyKey`[,\s]/);
  });

  it("differs once a row is edited by hand", async ({ expect }) => {
    const doc = readFileSync(MCP_DOC, "utf8");
    const edited = doc.replace("`idempotencyKey`, ", "");
    expect(edited).not.toBe(doc);
    expect(withToolTable(edited, renderToolTable(await listMcpTools()))).not.toBe(edited);
  });
});
