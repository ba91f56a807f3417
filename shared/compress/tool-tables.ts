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
  /** How the output writes the subject when that says more than its key ("default X" for X). */
  phrase?: string;
}

/** Rows of one table read at most. */
const MAX_ROWS = 500;
/** Columns of one row read at most. */
const MAX_COLUMNS = 24;
const NEW_HEADER =
  /^(?:new|now|to|after|current|value|new value|current value|updated value|updated|latest|val|setpoint|set point)$/i;
const NAME_HEADER =
  /^(?:setting|name|field|parameter|param|key|label|metric|attribute|property|subject|option|desc|description)$/i;
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
): { header: string[] | undefined; rows: string[][]; at: number[]; next: number } | undefined {
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
  const at: number[] = [];
  let width: number | undefined;
  // Aligned columns start where the header's words start: a value as wide as its
  // column leaves one space before the next, so such a row is cut at those starts.
  const starts = kind === alignedCells ? columnStarts(first) : [];
  let separated = false;
  let i = start;
  for (; i < lines.length && rows.length < MAX_ROWS; i++) {
    const line = lines[i] ?? "";
    if (kind === pipedCells && SEPARATOR.test(line.trim())) {
      separated = separated || rows.length === 1;
      continue;
    }
    let cells = kind(line);
    if (cells !== undefined && width !== undefined && cells.length !== width) {
      cells = cutAt(line, starts, width);
    }
    if (cells === undefined || (width !== undefined && cells.length !== width)) {
      break;
    }
    width = cells.length;
    rows.push(cells);
    at.push(i);
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
    ? { header: top, rows: rows.slice(1), at: at.slice(1), next: i }
    : { header: undefined, rows, at, next: i };
}

/** Where each column of an aligned header line starts. */
function columnStarts(header: string): number[] {
  return [...header.matchAll(/(?:^|\t|\s{2,})(?=\S)/g)].map((m) => m.index + m[0].length);
}

/** A row cut at the header's column starts, when a space precedes each start. */
function cutAt(line: string, starts: readonly number[], width: number): string[] | undefined {
  if (starts.length !== width || line.length <= (starts.at(-1) ?? 0)) {
    return undefined;
  }
  if (!starts.every((s, j) => j === 0 || line[s - 1] === " " || line[s - 1] === "\t")) {
    return undefined;
  }
  const cells = starts.map((s, j) => line.slice(s, starts[j + 1] ?? line.length).trim());
  return cells.every((c) => c.length > 0) ? cells : undefined;
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
  /** A first cell written as words, read as a subject when a column is headed "value" (or "new"). */
  describedOf: (cell: string) => string | undefined = () => undefined,
): { stated: Stated[]; next: number; unread: number[] } | undefined {
  const table = tableAt(lines, start);
  if (table === undefined) {
    return undefined;
  }
  // "param_value", "Current-Value" read as "param value", "current value"; a column names its role by its last word.
  const header = table.header?.map((h) => {
    const words = h.toLowerCase().replace(/[*`]/g, "").replace(/[_-]+/g, " ").trim();
    const last = words.split(" ").at(-1) ?? "";
    return NAME_HEADER.test(words) || NEW_HEADER.test(words) || OLD_HEADER.test(words)
      ? words
      : /^(?:name|setting|parameter|param|key|field)$/.test(last) && !/\bvalue\b/.test(words)
        ? last
        : last === "value" && !OLD_HEADER.test(words.split(" ")[0] ?? "")
          ? "value"
          : words;
  });
  // A column headed "setting" or "name" holds the subject, wherever it is ("| sku | setting | value |").
  const nameAt = Math.max(0, header?.findIndex((h) => NAME_HEADER.test(h)) ?? 0);
  const newAt = header?.findIndex((h, j) => j > nameAt && NEW_HEADER.test(h)) ?? -1;
  const oldAt = header?.findIndex((h, j) => j > nameAt && OLD_HEADER.test(h)) ?? -1;
  const valueAt =
    newAt > 0
      ? newAt
      : header !== undefined && OLD_HEADER.test(header[nameAt + 1] ?? "")
        ? -1
        : nameAt + 1;
  const stated: Stated[] = [];
  // A row that states nothing as a row is read again as a line ("Annotations:  set X to V").
  const unread: number[] = [];
  for (const [r, row] of table.rows.entries()) {
    const first = row[nameAt] ?? "";
    // Under a "value" column, a first cell in words names its field even if nobody said it yet.
    const decided = row.some((c) => /^winner:/i.test(c));
    const subject = subjectOf(first) ?? (newAt > 0 || decided ? describedOf(first) : undefined);
    const before = stated.length;
    if (subject !== undefined && valueAt > 0) {
      // An experiment's row ("control 7 days | variant 48 hours | winner: variant") states the winner's value.
      const winner = /^winner:\s*(\w+)/i.exec(row.find((c) => /^winner:/i.test(c)) ?? "")?.[1];
      const won =
        winner === undefined
          ? undefined
          : row.find((c) => c.toLowerCase().startsWith(`${winner.toLowerCase()} `));
      const value = valueOf(
        won === undefined ? (row[valueAt] ?? "") : won.slice(winner?.length ?? 0).trim(),
      );
      const was = oldAt > 0 ? valueOf(row[oldAt] ?? "") : undefined;
      if (value !== undefined) {
        stated.push({ subject, value, phrase: first, ...(was === undefined ? {} : { was }) });
      } else {
        unread.push(table.at[r] ?? -1);
      }
      continue;
    }
    // "| checkout | 4 |" under "| service | replicas |": the replicas of checkout.
    header?.forEach((h, j) => {
      if (j === nameAt || first.length === 0) {
        return;
      }
      const named = itemOf(first, h);
      const value = named === undefined ? undefined : valueOf(row[j] ?? "");
      if (named !== undefined && value !== undefined) {
        stated.push({ subject: named, value });
      }
    });
    if (stated.length === before) {
      unread.push(table.at[r] ?? -1);
    }
  }
  return { stated, next: table.next, unread };
}
