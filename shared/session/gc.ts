// Structural garbage collection (the gc-unreachable kernel policy): a change that
// leaves files unreachable from every entry point over resolved imports takes
// them out of L1 (their content stays behind its ref) and tells the model which
// files fell out of the program, so dead code stops costing attention.
import type { PagerOp } from "../context/page.ts";

export const GC_POLICY = "gc-unreachable";

/** The workspace's unreachable files now, or null when the graph cannot be read. */
export async function unreachableFiles(workspace: {
  unreachable(
    entries?: string[],
  ): Promise<{ ok: true; value: { files: string[] } } | { ok: false }>;
}): Promise<Set<string> | null> {
  const found = await workspace.unreachable();
  return found.ok ? new Set(found.value.files) : null;
}

export interface Collected {
  /** Files this change made unreachable. */
  unreachable: string[];
  /** L1 pages dropped for it. */
  unstaged: string[];
  ops: PagerOp[];
  note: string;
}

/** Pages of files that became unreachable between `before` and `after`. */
export function collectGarbage(
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
  pages: ReadonlyArray<{ id: string; kind: string; pinned: boolean }>,
): Collected | null {
  const unreachable = [...after].filter((p) => !before.has(p)).sort();
  if (unreachable.length === 0) {
    return null;
  }
  const gone = new Set(unreachable);
  const unstaged = pages
    .filter((p) => p.kind === "file" && !p.pinned && gone.has(p.id.replace(/:\d+-\d+$/, "")))
    .map((p) => p.id);
  return {
    unreachable,
    unstaged,
    ops: unstaged.map((id) => ({ type: "unstage" as const, id })),
    note: `[GC] no entry point reaches ${unreachable.join(", ")} any more${
      unstaged.length > 0 ? `; dropped from L1: ${unstaged.join(", ")} (kept behind its ref)` : ""
    }`,
  };
}
