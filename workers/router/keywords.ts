// Keyword routing: the fallback when the model's classification is unusable.
// Each domain has stems; an intent's score for a domain is how many stems occur.

export const DOMAIN_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  context: [
    "open",
    "read",
    "look at",
    "load",
    "stage",
    "show",
    "view",
    "inspect",
    "file",
    "line",
    "unstage",
    "drop",
    "ref:",
  ],
  artifacts: [
    "save",
    "record",
    "remember",
    "note",
    "artifact",
    "fact",
    "decision",
    "contract",
    "store",
  ],
  search: ["search", "find", "where", "locate", "grep", "look for", "which file", "mention"],
  code: [
    "definition",
    "defined",
    // A prefix: call, calls, caller, call site, called.
    "call",
    "import",
    "function",
    "class",
    "method",
    "symbol",
    "usage",
    "reference",
  ],
  math: [
    "sum",
    "add",
    "total",
    "calculate",
    "compute",
    "multiply",
    "divide",
    "subtract",
    "average",
    "percent",
    "plus",
    "minus",
    "arithmetic",
  ],
  edit: [
    "set",
    "fix",
    "write",
    "edit",
    "change",
    "patch",
    "modify",
    "update",
    "replace",
    "rename",
    "refactor",
    "signature",
    "parameter",
    "argument",
    "migrate",
    "create",
    "implement",
    "delete",
  ],
  review: [
    "compare",
    "diff",
    "verify",
    "check",
    "consistent",
    "contradict",
    "agree",
    "match",
    "validate",
  ],
  control: [
    "ask",
    "question",
    "clarify",
    "done",
    "finish",
    "finished",
    "complete",
    "stop",
    "give up",
  ],
};

/** Domains whose keywords occur in `intent`, best first, at most `max`. */
export function keywordDomains(intent: string, max: number, known: ReadonlySet<string>): string[] {
  const text = ` ${intent.toLowerCase().replace(/\s+/g, " ")} `;
  const scored: { domain: string; score: number; order: number }[] = [];
  Object.entries(DOMAIN_KEYWORDS).forEach(([domain, stems], order) => {
    if (!known.has(domain)) {
      return;
    }
    const score = stems.filter((stem) => hasWord(text, stem)).length;
    if (score > 0) {
      scored.push({ domain, score, order });
    }
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, max).map((s) => s.domain);
}

// A stem matches at the start of a word ("fix" in "fixing", not in "prefix").
function hasWord(text: string, stem: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(stem, from);
    if (at < 0) {
      return false;
    }
    if (!/[a-z0-9]/.test(text[at - 1] ?? " ")) {
      return true;
    }
    from = at + 1;
  }
}
