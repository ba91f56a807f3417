// What one text states as data: fenced blocks and unfenced runs, each read as a
// document (JSON, YAML, diff, CSV, pipe table) or else line by line (env lines,
// explicit statements, JSON log tails). Re-exported by shared/facts/structured.ts.
import { diffValues, looksLikeDiff } from "./diff.ts";
import { keyValue, type KeyValue } from "./key-value.ts";
import { jsonTailValues, lineValue, logfmtValues } from "./lines.ts";
import { csvValues, pipeTableValues } from "./table.ts";
import { treeValues } from "./tree.ts";

/** How a text is read: tool output may be a document as a whole; prose only in fences and lines. */
export interface ExtractOptions {
  /** The text is a tool's output (a whole JSON/YAML/CSV document is read as one). */
  toolOutput?: boolean;
}

interface Block {
  lines: string[];
  firstLine: number;
  /** The fence's language tag, lower case ("" when none or unfenced). */
  lang: string;
  /** CSV and YAML are only read where the text is known to be data. */
  data: boolean;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w+.-]*)/;
const JSON_LANGS = new Set(["json", "jsonc", "json5", "jsonl", "ndjson"]);
const YAML_LANGS = new Set(["yaml", "yml"]);
const CSV_LANGS = new Set(["csv", "tsv"]);
const DIFF_LANGS = new Set(["diff", "patch"]);

/** A YAML document's first line: `key:` or `- ` (a list), not a sentence. */
function looksLikeYaml(lines: readonly string[]): boolean {
  const first = lines.find((l) => l.trim().length > 0 && !l.trim().startsWith("#"));
  return first !== undefined && /^(?:[\w.-]{1,80}:(?:\s|$)|- |---)/.test(first.trim());
}

/** TOML/INI `[section]` headers prefix the keys under them. */
function sectionOf(line: string): string | undefined {
  const m = /^\s*\[([\w.-]{1,60})\]\s*$/.exec(line);
  return m?.[1];
}

/** Each line on its own: a JSON object ending it, else a statement; `[section]` prefixes. */
function lineValues(block: Block): KeyValue[] {
  const out: KeyValue[] = [];
  let section = "";
  block.lines.forEach((line, i) => {
    const at = block.firstLine + i;
    const header = sectionOf(line);
    if (header !== undefined) {
      section = header;
      return;
    }
    const tail = jsonTailValues(line, at);
    const pairs = tail.length > 0 ? tail : logfmtValues(line, at);
    if (pairs.length > 0) {
      out.push(...pairs);
      return;
    }
    const kv = lineValue(line, at);
    if (kv !== undefined) {
      out.push(
        section === "" ? kv : (keyValue(`${section}.${kv.key}`, kv.value, kv.format, at) ?? kv),
      );
    }
  });
  return out;
}

/** A block read as a document or a table, or undefined when it is neither. */
function documentValues(block: Block): KeyValue[] | undefined {
  const text = block.lines.join("\n");
  const head = text.trimStart();
  if (JSON_LANGS.has(block.lang) || head.startsWith("{") || head.startsWith("[")) {
    const json = treeValues(text, "json", block.firstLine);
    if (json !== undefined) {
      return json;
    }
  }
  if (DIFF_LANGS.has(block.lang) || looksLikeDiff(block.lines)) {
    return diffValues(block.lines, block.firstLine);
  }
  const table = pipeTableValues(block.lines, block.firstLine);
  if (table !== undefined) {
    return table;
  }
  if (
    CSV_LANGS.has(block.lang) ||
    (block.data && /[,\t]/.test(block.lines.find((l) => l.trim()) ?? ""))
  ) {
    const csv = csvValues(block.lines, block.firstLine, block.lang === "tsv" ? "\t" : undefined);
    if (csv !== undefined) {
      return csv;
    }
  }
  if (YAML_LANGS.has(block.lang) || (block.data && looksLikeYaml(block.lines))) {
    return treeValues(text, "yaml", block.firstLine);
  }
  return undefined;
}

/** Runs of non-blank lines, each a block of its own. */
function paragraphs(block: Block): Block[] {
  const out: Block[] = [];
  let start = 0;
  [...block.lines, ""].forEach((line, i) => {
    if (line.trim().length > 0) {
      return;
    }
    if (i > start) {
      out.push({
        ...block,
        lines: block.lines.slice(start, i),
        firstLine: block.firstLine + start,
      });
    }
    start = i + 1;
  });
  return out;
}

/** The text split into fenced blocks and the unfenced runs between them. */
function blocks(lines: readonly string[], toolOutput: boolean): Block[] {
  const out: Block[] = [];
  let open: { fence: string; lang: string } | undefined;
  let start = 0;
  const push = (end: number, lang: string, data: boolean) => {
    if (end > start) {
      out.push({ lines: lines.slice(start, end), firstLine: start + 1, lang, data });
    }
  };
  lines.forEach((line, i) => {
    const m = FENCE.exec(line);
    if (open === undefined && m !== null) {
      push(i, "", toolOutput);
      open = { fence: m[1] ?? "```", lang: (m[2] ?? "").toLowerCase() };
      start = i + 1;
    } else if (open !== undefined && line.trim().startsWith(open.fence)) {
      push(i, open.lang, true);
      open = undefined;
      start = i + 1;
    }
  });
  push(lines.length, open?.lang ?? "", open !== undefined || toolOutput);
  return out;
}

function blockValues(block: Block): KeyValue[] {
  const whole = documentValues(block);
  if (whole !== undefined) {
    return whole;
  }
  return paragraphs(block).flatMap((p) => documentValues(p) ?? lineValues(p));
}

/** Within one text the last line that states a key wins. */
function latestPerSubject(values: readonly KeyValue[]): KeyValue[] {
  const last = new Map<string, KeyValue>();
  for (const kv of values) {
    last.delete(kv.subject);
    last.set(kv.subject, kv);
  }
  return [...last.values()];
}

/**
 * The key–values a text states, one per key (its last statement in the text),
 * in the order of the lines that state them. Linear in the text's length.
 */
export function extractKeyValues(text: string, options: ExtractOptions = {}): KeyValue[] {
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  const values = blocks(lines, options.toolOutput === true).flatMap(blockValues);
  return latestPerSubject(values).sort((a, b) => a.line - b.line);
}
