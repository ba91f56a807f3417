// What a summariser model is shown of each tool result: its lines that can state
// a value (a record, a table or CSV row, a key and its value, a log line), each
// behind TOOL_LINE_MARK, up to a character cap per result; source code, blank
// and punctuation-only lines, over-long lines and lines that try to steer Lethe
// stay behind the ref. The model reads them and states what they set; the
// bullets still cite the result's turn. Called by compress.ts for the map input.
import { TOOL_LINE_MARK, type NumberedTurn } from "../model/contracts.ts";
import { CONTROL_PATTERNS } from "./guard.ts";

/** Characters of one tool result shown at most (about 400 tokens). */
export const MAX_SHOWN_TOOL_CHARS = 1_600;
/** A longer line is not shown (a minified blob or a stack frame): it stays behind the ref. */
const MAX_SHOWN_LINE = 300;
/** A line of source code, not of output: a declaration, an import, a statement or block end. */
const SOURCE_CODE =
  /^(?:export\s+)?(?:function|const|let|var|return|def|class|async\s+function|fn|pub|impl|import|from|if|for|while|else|elif|try|catch|except|package|public|private|static)\b|=>|[;{]\s*$|^[}\])][,;]?$/;

/** The lines of one tool result a model is shown, marked, with a count of those left behind the ref. */
export function shownToolLines(text: string): string[] {
  const shown: string[] = [];
  const seen = new Set<string>();
  let chars = 0;
  let left = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length === 0 || !/[\p{L}\p{N}]/u.test(line) || seen.has(line)) {
      continue;
    }
    seen.add(line);
    if (
      line.length > MAX_SHOWN_LINE ||
      SOURCE_CODE.test(line) ||
      CONTROL_PATTERNS.some((p) => p.test(line)) ||
      chars + line.length > MAX_SHOWN_TOOL_CHARS
    ) {
      left++;
      continue;
    }
    chars += line.length;
    shown.push(`${TOOL_LINE_MARK}${line}`);
  }
  if (left > 0) {
    shown.push(`${TOOL_LINE_MARK}(${left} more lines by ref)`);
  }
  return shown;
}

/** The map input: each tool result's turn followed by its shown lines. */
export function withToolLines(
  turns: readonly NumberedTurn[],
  toolOutputs: ReadonlyMap<number, { text: string }>,
): NumberedTurn[] {
  return turns.map((t) => {
    const output = toolOutputs.get(t.turn);
    const lines = output === undefined ? [] : shownToolLines(output.text);
    return lines.length === 0 ? t : { ...t, text: `${t.text}\n${lines.join("\n")}` };
  });
}
