// Splits numbered turns into map chunks that fit the summariser's window, counted
// exactly: whole turns first, then paragraphs, then lines, then halves of a piece,
// recursively, so no single piece can overflow. Called by map-reduce.ts.
import type { Tokenizer } from "../context/tokens.ts";
import { formatTurns, type NumberedTurn } from "../model/summarise-contract.ts";

const PARAGRAPH = /\n[ \t]*\n/;
const LINE = /\n/;

function pieceTokens(piece: NumberedTurn, tokenizer: Tokenizer): number {
  return tokenizer.countCached(formatTurns([piece]));
}

/** Halves at the last whitespace before the middle (or at the middle when there is none). */
function halve(text: string): [string, string] {
  const middle = Math.max(1, Math.floor(text.length / 2));
  const space = text.slice(0, middle + 1).search(/\s\S*$/);
  const cut = space > 0 ? space : middle;
  return [text.slice(0, cut).trimEnd(), text.slice(cut).trimStart()];
}

/** One turn as pieces that each fit `budget` tokens once formatted as `[turn N] text`. */
export function splitTurn(
  turn: NumberedTurn,
  budget: number,
  tokenizer: Tokenizer,
): NumberedTurn[] {
  if (pieceTokens(turn, tokenizer) <= budget) {
    return [turn];
  }
  for (const separator of [PARAGRAPH, LINE]) {
    const parts = turn.text
      .split(separator)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    if (parts.length > 1) {
      return parts.flatMap((text) => splitTurn({ ...turn, text }, budget, tokenizer));
    }
  }
  if (turn.text.length <= 1) {
    // One character that does not fit: the budget is below a turn marker's cost.
    return [turn];
  }
  return halve(turn.text).flatMap((text) =>
    text.length === 0 ? [] : splitTurn({ ...turn, text }, budget, tokenizer),
  );
}

/**
 * Packs turns into chunks of at most `budget` tokens (the user message of one map
 * call), in order. A turn too big for a chunk is split; its pieces keep its number,
 * so every bullet from them still cites it.
 */
export function chunkTurns(
  turns: readonly NumberedTurn[],
  budget: number,
  tokenizer: Tokenizer,
): NumberedTurn[][] {
  const chunks: NumberedTurn[][] = [];
  let current: NumberedTurn[] = [];
  let currentTokens = 0;
  for (const turn of turns) {
    for (const piece of splitTurn(turn, budget, tokenizer)) {
      // +1 for the line break that joins it to the chunk; the exact count is checked below.
      const tokens = pieceTokens(piece, tokenizer) + 1;
      if (current.length > 0 && currentTokens + tokens > budget) {
        chunks.push(current);
        current = [];
        currentTokens = 0;
      }
      current.push(piece);
      currentTokens += tokens;
    }
  }
  if (current.length > 0) {
    chunks.push(current);
  }
  // BPE merges across the joins can only lower a count, but check exactly anyway.
  return chunks.flatMap((chunk) => fitExactly(chunk, budget, tokenizer));
}

function fitExactly(chunk: NumberedTurn[], budget: number, tokenizer: Tokenizer): NumberedTurn[][] {
  if (chunk.length <= 1 || tokenizer.count(formatTurns(chunk)) <= budget) {
    return [chunk];
  }
  const middle = Math.floor(chunk.length / 2);
  return [
    ...fitExactly(chunk.slice(0, middle), budget, tokenizer),
    ...fitExactly(chunk.slice(middle), budget, tokenizer),
  ];
}
