// An L1 page's header line in the envelope, and its reading back: `[L1 <kind> <id> | <sourceRef>]`,
// said once when the source ref is the kind and id at a version (a whole file):
// `[L1 file src/a.ts @4:1-57]` stands for `[L1 file src/a.ts | file:src/a.ts@4:1-57]`.
// Written by the envelope (envelope.ts); read by the local stand-in model.

/** What a header names: the page's kind, id and source ref. */
export interface PageHead {
  kind: string;
  id: string;
  sourceRef: string;
}

/** A page's header line: what it is, its id and where it came from (Lethe's words; the content is data). */
export function pageHeader(page: PageHead): string {
  const prefix = `${page.kind}:${page.id}@`;
  return page.sourceRef.startsWith(prefix) && !/\s|\]/.test(page.sourceRef)
    ? `[L1 ${page.kind} ${page.id} @${page.sourceRef.slice(prefix.length)}]`
    : `[L1 ${page.kind} ${page.id} | ${page.sourceRef}]`;
}

const FULL = /^\[L1 (\w+) (\S+) \| ([^\]\n]*)\]$/;
const SAID_ONCE = /^\[L1 (\w+) (\S+) @([^\s\]]*)\]$/;

/** The kind, id and source ref a header line names, or null when the line is not one. */
export function readPageHeader(line: string): PageHead | null {
  const full = FULL.exec(line);
  if (full !== null) {
    return { kind: full[1] ?? "", id: full[2] ?? "", sourceRef: full[3] ?? "" };
  }
  const once = SAID_ONCE.exec(line);
  if (once === null) {
    return null;
  }
  const kind = once[1] ?? "";
  const id = once[2] ?? "";
  return { kind, id, sourceRef: `${kind}:${id}@${once[3] ?? ""}` };
}
