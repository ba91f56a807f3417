// Tables in tool output (markdown, psql, box, CSV, aligned columns) read as
// statements: a row whose first cell names a known subject states its value
// (the "new / now / value" column, else the second), with the "old / was"
// column as the value it replaced; a row naming no subject may still state
// "<column> of <row>" when the conversation talks about that. Called by tool-lines.ts.

/** A value a tool result states: its subject, the value, and the one it replaced. */
export interface Stated {
  subject: string;
  value: string;
  was?: string;
}

/** Rows of one table read at most. */
const MAX_ROWS = 500;
/** Columns of one row read at most. */
const MAX_COLUMNS = 24;
const NEW_HEADER =
  /^(?:new|now|to|after|current|value|new value|current value|updated value|updated|latest|val)$/i;
const OLD_HEADER = /^(?:old|was|from|before|previous|prior|old value|previous value)$/i;
/** A rule under a header: markdown `|---|---|`, psql `----+----`, a box border `+----+----+`. */
const SEPARATOR = /^\s*[|+]?\s*:?-{2,}:?\s*(?:[|+]\s*:?-{2,}:?\s*)*[|+]?\s*$/;

/** Cells of a pipe-separated row: markdown `| a | b |`, psql ` a | b `. */
function pipedCells(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.includes("|") || SEPARATOR.test(t)) {
    return undefined;
  }
  return t
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|", MAX_COLUMNS)
    .map((c) => c.trim());
}

/** One CSV line's fields (quotes hold commas); undefined when it has fewer than two. */
function csvCells(line: string): string[] | undefined {
  if (!line.includes(",") || /^\s*[[{]/.test(line)) {
    return undefined;
  }
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (c === '"') {
      if (quoted && line[k + 1] === '"') {
        cell += '"';
        k++;
      } else {
        quoted = !quoted;
      }
    } else if (c === "," && !quoted) {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += c;
    }
  }
  cells.push(cell.trim());
  return cells.length >= 2 && cells.length <= MAX_COLUMNS && !quoted ? cells : undefined;
}

/** Columns aligned by runs of spaces or tabs (`kubectl get`-like listings). */
function alignedCells(line: string): string[] | undefined {
  const cells = line.trim().split(/\t+|\s{2,}/, MAX_COLUMNS + 1);
  return cells.length >= 2 && cells.length <= MAX_COLUMNS ? cells : undefined;
}

/** A header names columns: words only, no digits. */
const isHeader = (cells: readonly string[]) =>
  cells.every((c) => c.length > 0 && c.length <= 40 && !/\d/.test(c));

/** The rows of the table starting at `start`, if one does (two rows or more of one width). */
function tableAt(
  lines: readonly string[],
  start: number,
): { header: string[] | undefined; rows: string[][]; next: number } | undefined {
  const first = lines[start] ?? "";
  const kind = / \| |^\|/.test(first.trim())
    ? pipedCells
    : csvCells(first) !== undefined
      ? csvCells
      : alignedCells(first) !== undefined
        ? alignedCells
        : undefined;
  if (kind === undefined) {
    return undefined;
  }
  const rows: string[][] = [];
  let width: number | undefined;
  let separated = false;
  let i = start;
  for (; i < lines.length && rows.length < MAX_ROWS; i++) {
    const line = lines[i] ?? "";
    if (kind === pipedCells && SEPARATOR.test(line.trim())) {
      separated = separated || rows.length === 1;
      continue;
    }
    const cells = kind(line);
    if (cells === undefined || (width !== undefined && cells.length !== width)) {
      break;
    }
    width = cells.length;
    rows.push(cells);
  }
  if (rows.length < 2 && kind !== pipedCells) {
    return undefined;
  }
  if (rows.length === 0) {
    return undefined;
  }
  const top = rows[0] ?? [];
  const headed = kind === pipedCells ? separated : isHeader(top);
  return headed
    ? { header: top, rows: rows.slice(1), next: i }
    : { header: undefined, rows, next: i };
}

/**
 * The statements of the table at `start` in `lines`, and the line after it;
 * undefined when no table starts there.
 */
export function tableStatements(
  lines: readonly string[],
  start: number,
  subjectOf: (cell: string) => string | undefined,
  valueOf: (cell: string) => string | undefined,
  /** The subject "<column> of <row>" names, if the conversation talks about it. */
  itemOf: (row: string, column: string) => string | undefined,
): { stated: Stated[]; next: number } | undefined {
  const table = tableAt(lines, start);
  if (table === undefined) {
    return undefined;
  }
  const header = table.header?.map((h) => h.toLowerCase().replace(/[*_`]/g, "").trim());
  const newAt = header?.findIndex((h, j) => j > 0 && NEW_HEADER.test(h)) ?? -1;
  const oldAt = header?.findIndex((h, j) => j > 0 && OLD_HEADER.test(h)) ?? -1;
  const valueAt =
    newAt > 0 ? newAt : header !== undefined && OLD_HEADER.test(header[1] ?? "") ? -1 : 1;
  const stated: Stated[] = [];
  for (const row of table.rows) {
    const first = row[0] ?? "";
    const subject = subjectOf(first);
    if (subject !== undefined && valueAt > 0) {
      const value = valueOf(row[valueAt] ?? "");
      const was = oldAt > 0 ? valueOf(row[oldAt] ?? "") : undefined;
      if (value !== undefined) {
        stated.push({ subject, value, ...(was === undefined ? {} : { was }) });
      }
      continue;
    }
    // "| checkout | 4 |" under "| service | replicas |": the replicas of checkout.
    header?.forEach((h, j) => {
      if (j === 0 || first.length === 0) {
        return;
      }
      const named = itemOf(first, h);
      const value = named === undefined ? undefined : valueOf(row[j] ?? "");
      if (named !== undefined && value !== undefined) {
        stated.push({ subject: named, value });
      }
    });
  }
  return { stated, next: table.next };
}
