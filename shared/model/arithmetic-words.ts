// Arithmetic as people word it, for the stand-in's calculate move: the first
// wording that matches wins (so "how many more" is a difference and "how many
// times larger" a ratio), and the expression keeps the operands in the order the
// mission names them. Used by agent-policy.ts decideMove.

export interface Operation {
  /** What the mission asked for, for a summary. */
  name: string;
  /** The calculate expression over the operands' variable names, in mission order. */
  expression(names: readonly string[]): string;
}

const joined = (op: string) => (names: readonly string[]) => names.join(op);

const WORDINGS: readonly [RegExp, Operation][] = [
  [
    /\b(?:average|mean)\b/i,
    { name: "average", expression: (n) => `(${n.join(" + ")}) / ${n.length}` },
  ],
  [
    /\b(?:how many times|times (?:as|more|larger|bigger|smaller)|ratio|divided?|quotient)\b/i,
    { name: "ratio", expression: joined(" / ") },
  ],
  [
    /\b(?:difference|subtract(?:ed)?|minus|how (?:many|much) (?:more|less|fewer)|exceeds?|gap between|left (?:after|over)|remain(?:s|ing)?)\b/i,
    { name: "difference", expression: joined(" - ") },
  ],
  [/\b(?:product|multipl(?:y|ied)|times)\b/i, { name: "product", expression: joined(" * ") }],
  [
    /\b(?:sum|total|add(?:ed)?|plus|combined|together|altogether|in all)\b/i,
    { name: "sum", expression: joined(" + ") },
  ],
];

/** The arithmetic a mission asks for, or undefined when it asks for none. */
export function operationIn(mission: string): Operation | undefined {
  return WORDINGS.find(([re]) => re.test(mission))?.[1];
}
