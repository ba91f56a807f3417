// Heals misspelt names against a closed set (move keys, offered tool names) by
// edit distance. Used by shared/driver/heal.ts; the threshold is deliberately tight.

/**
 * Allowed typos: one edit for names up to 5 characters (`arsg` → `args`), two
 * beyond (`rationate` → `rationale`, `stage_contxt` → `stage_context`). Three
 * would map `answer` to `args`-like neighbours; small-model typos seldom exceed two.
 */
export function maxEditsFor(name: string): number {
  return name.length <= 5 ? 1 : 2;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = Array.from({ length: rows * cols }, () => 0);
  const at = (i: number, j: number) => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) {
    d[i * cols] = i;
  }
  for (let j = 0; j < cols; j++) {
    d[j] = j;
  }
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Lower-case, camelCase and dashes/spaces to snake_case: `toolName` → `tool_name`. */
export function normaliseName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * The member of `known` that `name` means: exact after normalising, then an
 * alias, then the unique nearest within the edit threshold. Undefined when none
 * or when two candidates tie (ambiguous names are refused, not guessed).
 */
export function healName<K extends string>(
  name: string,
  known: readonly K[],
  aliases: Readonly<Record<string, K>> = {},
): K | undefined {
  const normal = normaliseName(name);
  const exact = known.find((k) => k === normal);
  if (exact !== undefined) {
    return exact;
  }
  const alias = aliases[normal] ?? aliases[normal.replace(/_/g, "")];
  if (alias !== undefined) {
    return alias;
  }
  let best: K | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const k of known) {
    const distance = editDistance(normal, k);
    if (distance < bestDistance) {
      best = k;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) {
      tie = true;
    }
  }
  if (best === undefined || tie || bestDistance > maxEditsFor(best)) {
    return undefined;
  }
  return best;
}
