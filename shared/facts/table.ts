// Tables read as key–values: CSV and TSV (RFC 4180 quoting) and markdown pipe
// tables. Each row is keyed by its identity cell, each other cell by its column
// ("web.replicas" = "3"); a two-column table, or a "value" column, keys the row
// by its identity cell alone. Called by shared/facts/structured.ts.
import { keyValue, type KeyValue } from "./key-value.ts";

/** Most rows read from one table. */
const MAX_ROWS = 500;
/** Longest header cell: longer is a sentence, not a column name. */
const MAX_HEADER_CELL = 40;
/** A column with this header holds the row's value. */
const VALUE_HEADERS = new Set(["value", "val"]);

/** The cells of one CSV line split at `delimiter`, with double-quoted cells unquoted. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"' && cell.trim().length === 0) {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += ch;
    }
  }
  cells.push(cell.trim());
  return cells;
}

function isMarkdownRule(cells: readonly string[]): boolean {
  return cells.every((c) => /^:?-{3,}:?$/.test(c));
}

function pipeCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split("|").map((c) => c.trim());
}

/** A cell that names a row: starts with a letter, is no date, time or number. */
function namesRow(cell: string): boolean {
  return /^[A-Za-z_]/.test(cell) && cell.length <= 80;
}

function rowsToValues(
  header: readonly string[],
  rows: readonly { cells: string[]; line: number }[],
  format: "csv" | "table",
): KeyValue[] {
  const identity = header.findIndex((_, j) => rows.every((r) => namesRow(r.cells[j] ?? "")));
  if (identity < 0) {
    return [];
  }
  const valueColumn = header.findIndex((h) => VALUE_HEADERS.has(h.toLowerCase()));
  const out: KeyValue[] = [];
  for (const row of rows.slice(0, MAX_ROWS)) {
    const name = row.cells[identity] ?? "";
    const columns =
      header.length === 2 || valueColumn >= 0
        ? [[valueColumn >= 0 ? valueColumn : 1 - identity, name] as const]
        : header.flatMap((h, j) => (j === identity ? [] : [[j, `${name}.${h}`] as const]));
    for (const [j, key] of columns) {
      const kv = keyValue(key, row.cells[j] ?? "", format, row.line);
      if (kv !== undefined) {
        out.push(kv);
      }
    }
  }
  return out;
}

function plausibleHeader(cells: readonly string[]): boolean {
  return cells.length >= 2 && cells.every((c) => c.length > 0 && c.length <= MAX_HEADER_CELL);
}

/**
 * The key–values of CSV/TSV lines (the first is the header; every row has as many
 * cells), or undefined when the lines are not such a table.
 */
export function csvValues(
  lines: readonly string[],
  firstLine: number,
  delimiter?: "," | "\t",
): KeyValue[] | undefined {
  const body = lines.map((text, i) => ({ text, line: firstLine + i })).filter((l) => l.text.trim());
  const header = body[0]?.text ?? "";
  const delim = delimiter ?? (header.includes("\t") ? "\t" : ",");
  const head = splitCsvLine(header, delim);
  if (body.length < 2 || !plausibleHeader(head)) {
    return undefined;
  }
  const rows = body.slice(1).map((l) => ({ cells: splitCsvLine(l.text, delim), line: l.line }));
  if (rows.some((r) => r.cells.length !== head.length)) {
    return undefined;
  }
  return rowsToValues(head, rows, "csv");
}

/** The key–values of markdown pipe-table lines, or undefined when they are not one table. */
export function pipeTableValues(
  lines: readonly string[],
  firstLine: number,
): KeyValue[] | undefined {
  const body = lines.map((text, i) => ({ text, line: firstLine + i })).filter((l) => l.text.trim());
  if (body.length < 3 || !body.every((l) => l.text.trim().startsWith("|"))) {
    return undefined;
  }
  const head = pipeCells(body[0]?.text ?? "");
  const rule = pipeCells(body[1]?.text ?? "");
  if (!plausibleHeader(head) || !isMarkdownRule(rule)) {
    return undefined;
  }
  const rows = body.slice(2).map((l) => ({ cells: pipeCells(l.text), line: l.line }));
  if (rows.some((r) => r.cells.length !== head.length)) {
    return undefined;
  }
  return rowsToValues(head, rows, "table");
}
