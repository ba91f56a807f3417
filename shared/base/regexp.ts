// Text matched literally inside a RegExp: one escape for every place that builds a
// pattern from a subject, a value or a code form (shared/compress, shared/workspace).

/** `text` with every RegExp metacharacter escaped, so a pattern matches it verbatim. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
