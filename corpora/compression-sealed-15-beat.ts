// The building block of the "sealed-15" compression family: a beat is one or more
// messages (prose, or a tool call with its result) that the assembler places as a
// unit, optionally holding one statement line of a planted value. Used by the
// sealed-15 forms, decoys, filler and assembler (corpora/compression-sealed-15*.ts).

/** A prose message, or a tool exchange the assembler expands to a call plus its result. */
export type BeatMessage =
  | { role: "user" | "assistant"; content: string }
  | { role: "tool"; tool: string; args: Record<string, unknown>; lead: string; content: string };

export interface Beat {
  messages: BeatMessage[];
  /** The line that states the value, and the index of its message within the beat. */
  statement?: { line: string; at: number };
}

/** The seeded helpers a form draws on. */
export interface Kit {
  rnd: () => number;
  pick<T>(list: readonly T[]): T;
  int(lo: number, hi: number): number;
  /** A clock time "HH:MM". */
  clock(): string;
}

export function makeKit(rnd: () => number): Kit {
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
  return {
    rnd,
    int,
    pick: <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T,
    clock: () => `${String(int(8, 19)).padStart(2, "0")}:${String(int(0, 60)).padStart(2, "0")}`,
  };
}

export const say = (role: "user" | "assistant", content: string): BeatMessage => ({
  role,
  content,
});

export const call = (
  tool: string,
  args: Record<string, unknown>,
  lead: string,
  content: string,
): BeatMessage => ({ role: "tool", tool, args, lead, content });

/** A one-message prose beat whose `line` states a value. */
export function proseStatement(
  role: "user" | "assistant",
  before: string,
  line: string,
  after: string,
): Beat {
  const content = [before, line, after].filter((p) => p !== "").join(" ");
  return { messages: [say(role, content)], statement: { line, at: 0 } };
}

/** A one-exchange tool beat whose output holds `line`. */
export function toolStatement(
  tool: string,
  args: Record<string, unknown>,
  lead: string,
  above: readonly string[],
  line: string,
  below: readonly string[],
): Beat {
  return {
    messages: [call(tool, args, lead, [...above, line, ...below].join("\n"))],
    statement: { line, at: 0 },
  };
}
