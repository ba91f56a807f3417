// Workspace paths as a mission or a tool result writes them (`src/a.ts`,
// `../lib/b.py`), found in one pass: runs of path characters first, then one
// anchored match per run. Used by the stand-in's policy and its moves.

/** A run of characters a path is made of; a path starts where a run starts. */
const RUN = /[\w./-]+/g;
/** A path at the start of a run: folders (`..` allowed, so roots can refuse them), a name, a dotted extension. */
const PATH_AT_START = /^(?:(?:\.{1,2}|[\w-]+)\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}/;
/** What may not follow a path: more of a name, a folder separator, a call's parenthesis. */
const NOT_AFTER = /[\w/(]/;

/** Every path in `text`, in order of appearance (repeats kept; names starting with a digit are versions, not paths). */
export function pathsInText(text: string): string[] {
  const found: string[] = [];
  for (const run of text.matchAll(RUN)) {
    const path = PATH_AT_START.exec(run[0])?.[0];
    if (path === undefined || /^\d/.test(path)) {
      continue;
    }
    const after = (run.index ?? 0) + path.length;
    if (!NOT_AFTER.test(text.charAt(after))) {
      found.push(path);
    }
  }
  return found;
}
