// The compare tool (the comparator): resolves two operands (an L1 page, a ref,
// an artifact or a file), compares them (JSON fields, numbers, or lines) and
// returns the pager ops that widen L1 to exactly those two pages and collapse
// them into one result page (prefetch, compare_open, compare_close).
import Decimal from "decimal.js";
import type { z } from "zod";
import type { PageInput, PagerOp } from "../../../shared/context/page.ts";
import { IDENTIFIER_PATTERN, type JsonValue } from "../../../shared/hive/artifact.ts";
import { stableStringify } from "../../../shared/hive/canonical.ts";
import { contentKey } from "../../../shared/base/hash.ts";
import { isDecimalText } from "../../../shared/tools/decimal-eval.ts";
import {
  failure,
  filePage,
  outcome,
  type ToolOutcome,
  type ToolReads,
} from "../../../shared/tools/tool-ports.ts";
import { normalizeWorkspacePath } from "../../../shared/gatekeeper/paths.ts";
import type { CompareArgsSchema } from "../../../shared/tools/schemas.ts";
import { checkPage, fail, looksBinary, NOT_FOUND, oneLine, readFailure } from "./common.ts";
import { diffLines } from "./line-diff.ts";

export type CompareArgs = z.output<typeof CompareArgsSchema>;

/** Differences listed in a result; the count of the rest is given. Keeps the page small. */
export const MAX_DIFF_ITEMS = 40;
/** Nesting followed by the JSON diff; deeper differences are reported at this depth. */
const MAX_JSON_DEPTH = 32;
/** Page ids are at most 256 characters (PageSchema). */
const MAX_PAGE_ID = 256;

export interface Operand {
  /** What it is, for people: "artifact config.port@2", "file src/a.ts", "ref:…". */
  label: string;
  pageId: string;
  /** The page to prefetch, or null when it is in L1 already. */
  page: PageInput | null;
  text: string;
  /** A structured value (artifacts, or text that parses as a JSON object or array). */
  json: JsonValue | undefined;
}

export interface Comparison {
  equal: boolean;
  mode: "json" | "number" | "value" | "value_in_text" | "text";
  /** One line per difference (at most MAX_DIFF_ITEMS, then a count). */
  details: string[];
  verdict: string;
}

function parseJsonText(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    return undefined;
  }
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    // Not JSON after all: the operand is compared as text.
    return undefined;
  }
}

function pretty(value: JsonValue): string {
  return JSON.stringify(JSON.parse(stableStringify(value)), null, 2);
}

async function resolve(operand: string, reads: ToolReads): Promise<Operand | ToolOutcome> {
  const inL1 = reads.l1().find((p) => p.id === operand || p.sourceRef === operand);
  if (inL1 !== undefined) {
    return {
      label: `L1 page ${inL1.id}`,
      pageId: inL1.id,
      page: null,
      text: inL1.content,
      json: parseJsonText(inL1.content),
    };
  }
  if (operand.startsWith("ref:")) {
    const content = await reads.ref(operand);
    if (!content.ok) {
      return readFailure(content);
    }
    const page: PageInput = {
      id: operand,
      kind: "tool_output",
      sourceRef: operand,
      content: content.value,
    };
    return {
      label: operand,
      pageId: operand,
      page,
      text: content.value,
      json: parseJsonText(content.value),
    };
  }
  const explicitFile = operand.startsWith("file:");
  const key = operand.startsWith("artifact:") ? operand.slice("artifact:".length) : operand;
  if (!explicitFile && IDENTIFIER_PATTERN.test(key)) {
    const artifact = await reads.artifact(key);
    if (artifact.ok) {
      const { identifier, version, kind, value } = artifact.value;
      const id = `artifact:${identifier}@${version}`;
      const page: PageInput = { id, kind: "artifact", sourceRef: id, content: pretty(value) };
      return {
        label: `artifact ${identifier}@${version} (${kind})`,
        pageId: id,
        page,
        text: page.content,
        json: value,
      };
    }
    if (artifact.code !== NOT_FOUND || key !== operand) {
      return readFailure(artifact);
    }
  }
  // compare's operands are not path fields (they may be keys), so the gatekeeper
  // did not confine them: a file operand is confined here the same way.
  const confined = normalizeWorkspacePath(explicitFile ? operand.slice("file:".length) : operand, [
    ".",
  ]);
  if (!confined.ok) {
    return failure(confined.code, confined.message, confined.hint);
  }
  const path = confined.value;
  const read = await reads.readFile(path);
  if (!read.ok) {
    return read.code === NOT_FOUND
      ? fail(
          "INVALID_ARGUMENTS",
          `${operand} is neither an L1 page, a ref, an active artifact nor a file`,
          "Name an artifact key, a ref:… handle or a workspace path (prefix artifact: or file: to say which).",
        )
      : readFailure(read);
  }
  if (looksBinary(read.value.content)) {
    return fail(
      "BINARY_CONTENT",
      `${path} looks binary (control characters)`,
      "Compare text files only.",
    );
  }
  const page = filePage(read.value);
  return {
    label: `file ${path}`,
    pageId: page.id,
    page,
    text: read.value.content,
    json: parseJsonText(read.value.content),
  };
}

function show(value: JsonValue | undefined): string {
  return value === undefined ? "(absent)" : oneLine(stableStringify(value), 80);
}

function isNumeric(value: JsonValue | undefined, text: string): string | null {
  if (typeof value === "number") {
    return String(value);
  }
  const candidate = typeof value === "string" ? value : value === undefined ? text : null;
  return candidate !== null && isDecimalText(candidate) ? candidate.trim() : null;
}

function jsonDiff(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  path: string,
  out: string[],
  depth: number,
): void {
  if (stableStringify(a) === stableStringify(b)) {
    return;
  }
  const where = path === "" ? "(root)" : path;
  const isObj = (v: JsonValue | undefined): v is { [k: string]: JsonValue } =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (depth < MAX_JSON_DEPTH && isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const sub = path === "" ? k : `${path}.${k}`;
      if (!(k in b)) {
        out.push(`only left: ${sub} = ${show(a[k])}`);
      } else if (!(k in a)) {
        out.push(`only right: ${sub} = ${show(b[k])}`);
      } else {
        jsonDiff(a[k], b[k], sub, out, depth + 1);
      }
    }
    return;
  }
  if (depth < MAX_JSON_DEPTH && Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const sub = `${path}[${i}]`;
      if (i >= b.length) {
        out.push(`only left: ${sub} = ${show(a[i])}`);
      } else if (i >= a.length) {
        out.push(`only right: ${sub} = ${show(b[i])}`);
      } else {
        jsonDiff(a[i], b[i], sub, out, depth + 1);
      }
    }
    return;
  }
  out.push(`changed ${where}: ${show(a)} -> ${show(b)}`);
}

function capped(lines: string[]): string[] {
  return lines.length <= MAX_DIFF_ITEMS
    ? lines
    : [...lines.slice(0, MAX_DIFF_ITEMS), `… and ${lines.length - MAX_DIFF_ITEMS} more`];
}

/** Compares two resolved operands. Pure: the same operands give the same comparison. */
export function compareOperands(left: Operand, right: Operand): Comparison {
  const structured = (o: Operand) => typeof o.json === "object" && o.json !== null;
  if (structured(left) && structured(right)) {
    const out: string[] = [];
    jsonDiff(left.json, right.json, "", out, 0);
    return {
      equal: out.length === 0,
      mode: "json",
      details: capped(out),
      verdict:
        out.length === 0 ? "equal" : `differ in ${out.length} field${out.length === 1 ? "" : "s"}`,
    };
  }
  const ln = isNumeric(left.json, left.text);
  const rn = isNumeric(right.json, right.text);
  if (ln !== null && rn !== null) {
    const equal = new Decimal(ln).eq(new Decimal(rn));
    return {
      equal,
      mode: "number",
      details: [],
      verdict: equal ? `equal (${ln} = ${rn})` : `differ (${ln} vs ${rn})`,
    };
  }
  const scalar = (o: Operand) => o.json !== undefined && !structured(o);
  for (const [value, text, side] of [
    [left, right, "right"],
    [right, left, "left"],
  ] as const) {
    if (scalar(value) && !scalar(text) && text.text.includes("\n")) {
      const needle = typeof value.json === "string" ? value.json : stableStringify(value.json);
      const lines = text.text
        .split("\n")
        .flatMap((line, i) => (needle !== "" && line.includes(needle) ? [i + 1] : []));
      const shown =
        lines.slice(0, MAX_DIFF_ITEMS).join(", ") + (lines.length > MAX_DIFF_ITEMS ? ", …" : "");
      return {
        equal: false,
        mode: "value_in_text",
        details: lines.length === 0 ? [] : [`found at ${side} lines ${shown}`],
        verdict:
          lines.length === 0
            ? `${show(value.json)} does not appear in the ${side} operand`
            : `${show(value.json)} appears in the ${side} operand at ${lines.length} line${lines.length === 1 ? "" : "s"}`,
      };
    }
  }
  if (left.json !== undefined && right.json !== undefined) {
    const equal = stableStringify(left.json) === stableStringify(right.json);
    return {
      equal,
      mode: "value",
      details: [],
      verdict: equal ? "equal" : `differ (${show(left.json)} vs ${show(right.json)})`,
    };
  }
  const diff = diffLines(left.text.split("\n"), right.text.split("\n"));
  const details: string[] = [];
  for (const r of diff.regions) {
    details.push(`@@ left ${r.leftStart},${r.leftCount} right ${r.rightStart},${r.rightCount}`);
    details.push(...r.removed.slice(0, 5).map((l) => `- ${oneLine(l, 120)}`));
    details.push(...r.added.slice(0, 5).map((l) => `+ ${oneLine(l, 120)}`));
  }
  const removed = diff.regions.reduce((n, r) => n + r.leftCount, 0);
  const added = diff.regions.reduce((n, r) => n + r.rightCount, 0);
  const regions = diff.regions.length;
  return {
    equal: regions === 0,
    mode: "text",
    details: capped(details),
    verdict:
      regions === 0
        ? "equal"
        : `differ in ${regions} region${regions === 1 ? "" : "s"}: ${removed} line${removed === 1 ? "" : "s"} only left, ${added} only right${diff.coarse ? " (too large for a line-by-line diff)" : ""}`,
  };
}

export async function compare(args: CompareArgs, reads: ToolReads): Promise<ToolOutcome> {
  const left = await resolve(args.left, reads);
  if ("output" in left) {
    return left;
  }
  const right = await resolve(args.right, reads);
  if ("output" in right) {
    return right;
  }
  if (left.pageId === right.pageId) {
    return fail(
      "SAME_OPERAND",
      `${args.left} and ${args.right} are the same page (${left.pageId})`,
      "Compare two different things.",
    );
  }
  for (const o of [left, right]) {
    const bad = o.page === null ? null : checkPage(o.page);
    if (bad !== null) {
      return bad;
    }
  }
  const result = compareOperands(left, right);
  const long = `compare:${left.pageId}+${right.pageId}`;
  const id = long.length <= MAX_PAGE_ID ? long : `compare:${contentKey(long)}`;
  const text = [
    `compare ${left.label} vs ${right.label}: ${result.verdict}`,
    ...(args.question === undefined ? [] : [`question: ${oneLine(args.question, 200)}`]),
    ...result.details,
  ].join("\n");
  const pagerOps: PagerOp[] = [
    ...[left, right].flatMap((o): PagerOp[] =>
      o.page === null ? [] : [{ type: "prefetch", page: o.page }],
    ),
    { type: "compare_open", ids: [left.pageId, right.pageId] },
    {
      type: "compare_close",
      outcome: { ok: true, result: { id, kind: "summary", sourceRef: id, content: text } },
    },
  ];
  return outcome(text, { pagerOps });
}
