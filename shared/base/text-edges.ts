// Trimming a run of one character at a text's edges, in one linear pass: the
// regex forms (`/x+$/`, `/^x+|x+$/g`) rescan a run from every start in it, which
// is quadratic on a long run. Used by the model endpoint, the CLI, the router.

/** `text` without any run of `char` at its end. */
export function trimEndRun(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) {
    end--;
  }
  return text.slice(0, end);
}

/** `text` without any run of `char` at either edge. */
export function trimRun(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) {
    start++;
  }
  return trimEndRun(text.slice(start), char);
}
