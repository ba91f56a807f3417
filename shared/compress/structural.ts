// The structural fallback: when the summariser fails (or is not wanted), each
// compressed turn becomes a head … tail preview citing its turn, and its full
// text stays behind its ref. No model call, so it cannot fail. Called by run.ts.

/**
 * Characters of a turn kept before and after the cut: ~20 and ~10 tokens at
 * o200k's ~4 characters per token, enough to recognise a turn; its full text is
 * one ref away.
 */
export const STRUCTURAL_HEAD_CHARS = 80;
export const STRUCTURAL_TAIL_CHARS = 40;
export const ELLIPSIS = " … ";

/** One line: the whole text when short, else its head and tail around an ellipsis. */
export function preview(text: string): string {
  const head = STRUCTURAL_HEAD_CHARS;
  const tail = STRUCTURAL_TAIL_CHARS;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= head + tail + ELLIPSIS.length
    ? flat
    : `${flat.slice(0, head).trimEnd()}${ELLIPSIS}${flat.slice(flat.length - tail).trimStart()}`;
}

/**
 * Share of the compressed turns' tokens the structural block may take: half, the
 * low end of the 50-80% reduction the summariser aims for, without a model.
 */
export const STRUCTURAL_TARGET_SHARE = 0.5;
