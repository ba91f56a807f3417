// Stand-in rule: "add a <name> parameter to <function> and pass <literal> at every
// call site". The call graph (find_callers) names the sites, aliases included; the
// definition and each site are read one at a time and patched line by line.
import type { Move } from "../../../../shared/driver/move.ts";
import type { VisiblePage, VisibleState } from "../visible-state.ts";
import {
  currentPages,
  finishMove,
  lineHunk,
  listedSites,
  movesOf,
  offered,
  pageFirstLine,
  refusalLine,
  refused,
} from "./kit.ts";
import { escapeRegExp } from "../../../../shared/base/regexp.ts";

/** "add a NAME parameter to FN", then within PASS_WITHIN characters "pass LITERAL at every call". */
const ADD_PARAMETER =
  /\badd (?:an? |the )?([A-Za-z_][A-Za-z0-9_]*) (?:parameter|argument) to ([A-Za-z_][A-Za-z0-9_.]*)\b/i;
const PASS_LITERAL =
  /\bpass(?:ing)? ("[^"\n]*"|'[^'\n]*'|-?\d+(?:\.\d+)?) (?:at|to|in|from) (?:every|each|all)(?: of its| the)? call/i;
/** How far after the first part the second may start. */
const PASS_WITHIN = 300;

/** The parameter, the function and the literal a mission asks to add, or null. */
function addParameterAsk(mission: string): [string, string, string] | null {
  const head = ADD_PARAMETER.exec(mission);
  if (head === null) {
    return null;
  }
  const from = head.index + head[0].length;
  const pass = PASS_LITERAL.exec(mission.slice(from));
  if (pass === null || pass.index > PASS_WITHIN) {
    return null;
  }
  return [head[1] ?? "", head[2] ?? "", pass[1] ?? ""];
}
const KEYWORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "return",
  "function",
  "catch",
  "typeof",
  "await",
  "new",
  "def",
  "print",
]);

/** The index just after the `)` that closes the `(` at `open`, or -1. */
function closing(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === "(") {
      depth++;
    } else if (line[i] === ")" && --depth === 0) {
      return i;
    }
  }
  return -1;
}

/** `line` with `extra` appended to the argument (or parameter) list opened at `open`. */
function appendArgument(line: string, open: number, extra: string): string | null {
  const close = closing(line, open);
  if (close < 0) {
    return null;
  }
  const inside = line.slice(open + 1, close).trim();
  return `${line.slice(0, close)}${inside === "" ? "" : ", "}${extra}${line.slice(close)}`;
}

function typed(path: string, name: string, literal: string): string {
  if (!/\.(?:ts|tsx|mts|cts)$/.test(path)) {
    return name;
  }
  return `${name}: ${/^["']/.test(literal) ? "string" : "number"}`;
}

/** The definition line of `fn` on a page: its 1-based file line and the patched text. */
function definitionEdit(page: VisiblePage, fn: string, parameter: string) {
  const name = escapeRegExp(fn.split(".").at(-1) ?? fn);
  const head = new RegExp(
    String.raw`(?:\b(?:function|def|fn|func)\s+${name}\s*(?:<[^<>]*>)?\(|\b${name}\s*[:=]\s*(?:async\s*)?(?:function\s*)?\(|^\s*(?:(?:public|private|static|async)\s+)*${name}\s*\()`,
  );
  const lines = page.content.split("\n");
  const index = lines.findIndex((l) => head.test(l));
  const line = lines[index];
  const match = line === undefined ? null : head.exec(line);
  if (line === undefined || match === null) {
    return null;
  }
  const after = appendArgument(line, match.index + match[0].length - 1, parameter);
  return after === null ? null : { n: pageFirstLine(page) + index, before: line, after };
}

/** The call of `fn` on a line (by name, or the line's only call when it goes by an alias). */
function callEdit(line: string, fn: string, literal: string): string | null {
  const bare = fn.split(".").at(-1) ?? fn;
  const calls = [
    ...line.matchAll(/(?<![\w.$])((?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*)\s*\(/g),
  ].filter((m) => !KEYWORDS.has(m[1] ?? ""));
  const named = calls.filter((m) => (m[1] ?? "").split(".").at(-1) === bare);
  const call = named[0] ?? (calls.length === 1 ? calls[0] : undefined);
  if (call === undefined) {
    return null;
  }
  return appendArgument(line, (call.index ?? 0) + call[0].length - 1, literal);
}

export function addParameterMove(state: VisibleState): Move | null {
  const m = addParameterAsk(state.mission);
  const callers = offered(state, "find_callers");
  const stage = offered(state, "stage_context");
  const patch = offered(state, "apply_patch");
  if (!m || !callers || !stage || !patch) {
    return null;
  }
  const [name, fn, literal] = m;
  const listed = movesOf(state, "find_callers").at(-1);
  if (listed === undefined) {
    return {
      kind: "tool",
      tool: callers.name,
      args: { symbol: fn },
      rationale: `list every call site of ${fn} through the call graph`,
    };
  }
  const patches = movesOf(state, "apply_patch");
  const failed = patches.find((d) => refused(d.result));
  if (failed) {
    return finishMove(
      state,
      "partially_achieved",
      `${fn} was not changed everywhere: ${String(failed.args.path)}: ${refusalLine(failed.result)}`,
    );
  }
  const patched = new Set(patches.map((d) => String(d.args.path)));
  const stages = movesOf(state, "stage_context");
  // The definition first.
  const definitionRead = stages.find((d) => d.args.symbol === fn);
  if (definitionRead === undefined) {
    return {
      kind: "tool",
      tool: stage.name,
      args: { symbol: fn },
      rationale: `read ${fn}'s definition`,
    };
  }
  const definitionPage = state.pages.find(
    (p) => p.kind === "file" && definitionEdit(p, fn, "x") !== null,
  );
  const definitionPath = definitionPage?.id.replace(/:\d+-\d+$/, "");
  if (definitionPage && definitionPath && !patched.has(definitionPath)) {
    const edit = definitionEdit(definitionPage, fn, typed(definitionPath, name, literal));
    if (edit) {
      return {
        kind: "tool",
        tool: patch.name,
        args: {
          path: definitionPath,
          patch: lineHunk(definitionPath, edit.n, edit.before, edit.after),
        },
        rationale: `add ${name} to ${fn}'s parameters`,
      };
    }
  }
  if (patches.length === 0) {
    return finishMove(state, "not_achieved", `${fn}'s definition could not be read or patched`);
  }
  // Then every site the call graph listed, one file at a time.
  const sites = listedSites(listed.result);
  const pending = [...new Set(sites.map((s) => s.path))].find((p) => !patched.has(p));
  if (pending === undefined) {
    const definedIn = String(patches[0]?.args.path ?? "");
    const files = [...patched].filter((f) => f !== definedIn).sort();
    return finishMove(
      state,
      "achieved",
      `${fn} in ${definedIn} takes ${name}; ${literal} is passed at ${sites.length} call site(s) in ${files.join(", ") || "no other file"}`,
    );
  }
  const lines = sites.filter((s) => s.path === pending);
  const start = Math.min(...lines.map((s) => s.start));
  const end = Math.max(...lines.map((s) => s.end));
  const page = currentPages(state, pending).find(
    (p) => pageFirstLine(p) <= start && pageFirstLine(p) + p.content.split("\n").length - 1 >= end,
  );
  if (page === undefined) {
    const tried = stages.filter((d) => d.args.path === pending).length;
    return tried < 2
      ? {
          kind: "tool",
          tool: stage.name,
          args: { path: pending, start_line: start, end_line: end },
          rationale: `read the call site(s) of ${fn} in ${pending}`,
        }
      : finishMove(state, "partially_achieved", `${pending} could not be read into L1`);
  }
  const content = page.content.split("\n");
  const hunks: string[] = [];
  for (const n of new Set(lines.map((s) => s.start))) {
    const before = content[n - pageFirstLine(page)];
    const after = before === undefined ? null : callEdit(before, fn, literal);
    if (before !== undefined && after !== null && after !== before) {
      hunks.push(lineHunk(pending, n, before, after));
    }
  }
  if (hunks.length === 0) {
    return finishMove(
      state,
      "partially_achieved",
      `no call of ${fn} could be edited in ${pending}`,
    );
  }
  const [firstHunk, ...rest] = hunks;
  const diff = `${firstHunk ?? ""}${rest.map((h) => h.split("\n").slice(2).join("\n")).join("")}`;
  return {
    kind: "tool",
    tool: patch.name,
    args: { path: pending, patch: diff },
    rationale: `pass ${literal} at the call site(s) of ${fn} in ${pending}`,
  };
}
