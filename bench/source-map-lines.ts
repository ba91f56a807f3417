// Which source file a position of a bundled script came from, by its source map
// (version 3: base64 VLQ `mappings`). Only the source index of each segment is
// kept: the hive benches attribute profiler samples to modules, not to lines.

interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

export class SourceLines {
  readonly #names: string[];
  /** Per generated line: segment start columns and their source indexes, in column order. */
  readonly #lines: Array<{ columns: number[]; sources: number[] }> = [];

  constructor(map: SourceMapV3) {
    this.#names = map.sources;
    let source = 0;
    for (const text of map.mappings.split(";")) {
      const columns: number[] = [];
      const sources: number[] = [];
      let column = 0;
      for (const segment of text.split(",")) {
        if (segment === "") {
          continue;
        }
        const fields = decodeVlq(segment);
        column += fields[0] ?? 0;
        if (fields.length >= 4) {
          source += fields[1] ?? 0;
          columns.push(column);
          sources.push(source);
        }
        // Fields 2 and 3 (source line and column) are deltas this reader does not need.
      }
      this.#lines.push({ columns, sources });
    }
  }

  /** How many source files the map names. */
  get sources(): number {
    return this.#names.length;
  }

  /** Some source file's path matches `pattern`. */
  names(pattern: RegExp): boolean {
    return this.#names.some((name) => pattern.test(name));
  }

  /** The source file of generated (line, column), both 0-based; "" when unmapped. */
  sourceAt(line: number, column: number): string {
    const row = this.#lines[line];
    if (row === undefined) {
      return "";
    }
    let lo = 0;
    let hi = row.columns.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((row.columns[mid] ?? 0) <= column) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    const index = lo === 0 ? undefined : row.sources[lo - 1];
    return index === undefined ? "" : (this.#names[index] ?? "");
  }
}

/** The signed integers of one VLQ segment. */
function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}
