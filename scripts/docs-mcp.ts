// `npm run docs:mcp`: writes docs/mcp.md's tool table from the MCP server's own
// tool list (every family of MCP_TOOL_FAMILIES, listed through an in-memory
// client); `--check` exits 1 when the table in the file differs. LETHE_DOCS_MCP_FILE
// names another copy of the page to rewrite (the docs' test runs the command on one).
// tests/scripts/docs-mcp.test.ts runs the same comparison.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { MCP_SERVER_INFO, MCP_TOOL_FAMILIES } from "../durable-objects/mcp/server.ts";

export const MCP_DOC = path.resolve(import.meta.dirname, "../docs/mcp.md");
/** The page this run reads and writes: LETHE_DOCS_MCP_FILE, else docs/mcp.md. */
const DOC_FILE = process.env.LETHE_DOCS_MCP_FILE || MCP_DOC;
export const TABLE_START = "<!-- mcp-tools:start (written by `npm run docs:mcp`; do not edit) -->";
export const TABLE_END = "<!-- mcp-tools:end -->";

/** One tool as the server lists it: name, description, argument names. */
export interface ListedTool {
  name: string;
  description: string;
  required: string[];
  optional: string[];
}

/** The tools a session's server lists (tools/list); registering touches no binding. */
export async function listMcpTools(): Promise<ListedTool[]> {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  // Tools reach `env` only when called; listing needs no bindings.
  const ctx = { env: {} as Env, hive: "docs" };
  for (const register of MCP_TOOL_FAMILIES) {
    register(server, ctx);
  }
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "docs-mcp", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return tools.map((t) => {
      const names = Object.keys(t.inputSchema.properties ?? {});
      const required = t.inputSchema.required ?? [];
      return {
        name: t.name,
        description: t.description ?? "",
        required: names.filter((n) => required.includes(n)),
        optional: names.filter((n) => !required.includes(n)),
      };
    });
  } finally {
    await client.close();
    await server.close();
  }
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** A Markdown table padded the way oxfmt pads one, so `oxfmt --check` accepts it as written. */
function table(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The table: one row per tool, required arguments first, optional ones marked `?`. */
export function renderToolTable(tools: readonly ListedTool[]): string {
  const rows = tools.map((t) => [
    `\`${t.name}\``,
    [...t.required.map((a) => `\`${a}\``), ...t.optional.map((a) => `\`${a}?\``)].join(", ") ||
      "none",
    cell(t.description),
  ]);
  return table(["Tool", "Arguments (`?` optional)", "What it does"], rows);
}

/** `doc` with the text between the markers replaced by `tableText`. */
export function withToolTable(doc: string, tableText: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`docs/mcp.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  }
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${tableText}\n\n${doc.slice(end)}`;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const doc = readFileSync(DOC_FILE, "utf8");
  const tools = await listMcpTools();
  const next = withToolTable(doc, renderToolTable(tools));
  if (values.check) {
    if (next !== doc) {
      console.error(
        "docs/mcp.md: the tool table differs from the server's tools; run npm run docs:mcp",
      );
      process.exit(1);
    }
    console.log(`docs/mcp.md: the tool table lists the server's ${tools.length} tools`);
  } else {
    writeFileSync(DOC_FILE, next);
    console.log(`docs/mcp.md: wrote the table of ${tools.length} tools`);
  }
}
