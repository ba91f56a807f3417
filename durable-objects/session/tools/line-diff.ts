// A bounded line diff for the compare tool: common prefix and suffix trimmed,
// then an LCS over what remains when it is small enough, else one changed block.
// Deterministic; output is a list of regions, never the whole files.

/**
 * LCS table cells (left lines × right lines after trimming). 4M 16-bit cells is
 * 8 MB, well inside a Worker's 128 MB; bigger differences are reported as one block.
 */
export const MAX_DIFF_CELLS = 4_000_000;

export interface DiffRegion {
  /** 1-based first line and count on each side (count 0: nothing on that side). */
  leftStart: number;
  leftCount: number;
  rightStart: number;
  rightCount: number;
  removed: string[];
  added: string[];
}

export interface LineDiff {
  regions: DiffRegion[];
  /** True when the middle was too large for an LCS and is reported as one block. */
  coarse: boolean;
}

type Op = { type: "same" | "del" | "add"; line: string };

function lcsOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // suffix LCS lengths: table[i * (m + 1) + j] = LCS(a[i:], b[j:])
  const table = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        a[i] === b[j]
          ? (table[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * (m + 1) + j] ?? 0, table[i * (m + 1) + j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ type: "same", line: a[i] ?? "" });
      i++;
      j++;
    } else if (
      j < m &&
      (i === n || (table[i * (m + 1) + j + 1] ?? 0) >= (table[(i + 1) * (m + 1) + j] ?? 0))
    ) {
      ops.push({ type: "add", line: b[j] ?? "" });
      j++;
    } else {
      ops.push({ type: "del", line: a[i] ?? "" });
      i++;
    }
  }
  return ops;
}

function regionsOf(ops: readonly Op[], leftOffset: number, rightOffset: number): DiffRegion[] {
  const regions: DiffRegion[] = [];
  let left = leftOffset;
  let right = rightOffset;
  let open: DiffRegion | null = null;
  for (const op of ops) {
    if (op.type === "same") {
      open = null;
      left++;
      right++;
      continue;
    }
    if (open === null) {
      open = {
        leftStart: left + 1,
        leftCount: 0,
        rightStart: right + 1,
        rightCount: 0,
        removed: [],
        added: [],
      };
      regions.push(open);
    }
    if (op.type === "del") {
      open.removed.push(op.line);
      open.leftCount++;
      left++;
    } else {
      open.added.push(op.line);
      open.rightCount++;
      right++;
    }
  }
  return regions;
}

export function diffLines(a: readonly string[], b: readonly string[]): LineDiff {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) {
    prefix++;
  }
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  if (midA.length === 0 && midB.length === 0) {
    return { regions: [], coarse: false };
  }
  const small =
    (midA.length + 1) * (midB.length + 1) <= MAX_DIFF_CELLS &&
    Math.min(midA.length, midB.length) < 65_535;
  if (!small) {
    return {
      regions: [
        {
          leftStart: prefix + 1,
          leftCount: midA.length,
          rightStart: prefix + 1,
          rightCount: midB.length,
          removed: midA,
          added: midB,
        },
      ],
      coarse: true,
    };
  }
  return { regions: regionsOf(lcsOps(midA, midB), prefix, prefix), coarse: false };
}
