// The summariser's injection guard: lines that steer Lethe (its budgets, sections,
// system prompt, envelope markers) rather than state a fact of the conversation.
// An answer carrying one that its input did not say is refused. Called by answer.ts.

/**
 * Lines that try to steer Lethe rather than state a fact of the conversation:
 * overriding instructions, changing Lethe's token budgets or envelope sections,
 * speaking as the system, or forging the envelope's own markers. Matched
 * case-insensitively; a project's own budget ("the marketing budget rose to
 * 5000 euros") is a fact, not a control line.
 */
export const CONTROL_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules|prompt)\b/i,
  // Lethe's own knobs, not a project's budget: "token budget", "system section", COMPRESS_AT.
  /\b(token budgets?|section budgets?|(system|static|dynamic|meta) (section|budget|prompt)s?|COMPRESS_AT|context window|token limit)\b.{0,40}\b(set|raise|increase|change|rewrite|double|remove|disable|drop|to \d)/i,
  /\b(set|raise|increase|change|rewrite|double|remove|disable|drop|replace|delete)\b.{0,40}\b(token budgets?|section budgets?|(system|static|dynamic|meta) (section|budget|prompt|message)s?|budgets? of (the )?(system|static|dynamic|meta)|COMPRESS_AT|context window)\b/i,
  /^\s*(?:-\s*)?\[(SYSTEM|CONVERSATION SUMMARY|LETHE [A-Z]+|TASK ANCHOR|MISSION)\]/i,
  /^\s*(?:-\s*)?(system|assistant|developer)\s*:/i,
  /"(budgets?|sections?|system|compress_at)"\s*:/i,
];

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The first line of `answer` that matches a control pattern and that the
 * conversation itself did not say (a quote is allowed, a command is not).
 */
export function controlLine(answer: string, source: string): string | undefined {
  let said: string | undefined;
  for (const raw of answer.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length === 0 || !CONTROL_PATTERNS.some((p) => p.test(line))) {
      continue;
    }
    said ??= normalise(source);
    if (!said.includes(normalise(line.replace(/^-\s+/, "")))) {
      return line;
    }
  }
  return undefined;
}
