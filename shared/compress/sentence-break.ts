// Where a sentence may end: after ".", "!" or "?", but not after an abbreviation
// that carries its own full stop ("stays 6 a.m. PT", "e.g. the X", "A vs. B").
// Every sentence splitter of the compressor and of the local summariser builds
// its pattern from this one lookbehind.

/** A lookbehind (regular-expression source) that refuses a break right after "a.m.", "p.m.", "e.g.", "i.e." or "vs.". */
export const NOT_AFTER_ABBREVIATION = String.raw`(?<![ap]\.m\.|\be\.g\.|\bi\.e\.|\bvs\.)`;

/** A break after ".", "!" or "?" and its spaces, outside abbreviations, where `next` (a lookahead body) follows. */
export function sentenceBreak(next: string): string {
  return String.raw`(?<=[.!?])${NOT_AFTER_ABBREVIATION}\s+(?=${next})`;
}
