// Exact-text patches: each edit replaces one occurrence of `oldText`, which must
// occur exactly once (so an edit never lands in the wrong place). Pure; called
// by the Hive's workspace store.
import { ok } from "../base/result.ts";
import { wsErr, type WorkspaceResult } from "./errors.ts";
import type { Edit } from "./requests.ts";

export function applyEdits(
  text: string,
  edits: readonly Edit[],
  path: string,
): WorkspaceResult<string> {
  let out = text;
  for (const [i, edit] of edits.entries()) {
    const at = out.indexOf(edit.oldText);
    if (at < 0) {
      return wsErr(
        "PATCH_NO_MATCH",
        `edit ${i + 1} of ${path}: oldText does not occur in the file`,
        "read the file again (GET ...?path=) and copy the text to replace exactly",
      );
    }
    if (out.indexOf(edit.oldText, at + 1) >= 0) {
      return wsErr(
        "PATCH_AMBIGUOUS",
        `edit ${i + 1} of ${path}: oldText occurs more than once`,
        "include more surrounding lines in oldText so it matches one place",
      );
    }
    out = out.slice(0, at) + edit.newText + out.slice(at + edit.oldText.length);
  }
  return ok(out);
}
