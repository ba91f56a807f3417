// Building blocks of the "sealed-13" compression family: a Block is a run of
// messages, some of whose lines (or sentences) are tagged as statements of a planted
// value; helpers make prose turns and tool-call pairs, timestamps that never equal
// a planted time, and seeded picks. Used by the sealed-13 forms, decoys and filler
// (corpora/compression-sealed-13-*.ts).
import type { ChatMessage } from "../shared/context/messages.ts";

/** Which of the fact's values a tagged sentence states. */
export type Which = "v" | "old" | "cur";

/** A sentence stating a value, inside a message of its block. */
export interface Tagged {
  sentence: string;
  which: Which;
}

/** A message's text: lines, each plain or a tagged line; a tagged sentence can sit inside prose. */
export type Piece = string | Tagged | { before: string; tagged: Tagged; after: string };

export interface Block {
  messages: ChatMessage[];
  stated: { msg: number; sentence: string; which: Which }[];
}

/** What a form knows when it writes its block. */
export interface FormContext {
  s: string;
  v: string;
  old: string;
  cur: string;
  alike: string;
  a: string;
  d: string;
  rnd: () => number;
  callId: () => string;
}

export const tag = (which: Which, sentence: string): Tagged => ({ sentence, which });

export function pickOf<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

export const intIn = (rnd: () => number, lo: number, hi: number) =>
  lo + Math.floor(rnd() * (hi - lo));

/** A clock time whose minutes no planted value uses (so a timestamp never reads as a value). */
export function clock(rnd: () => number): string {
  const hh = String(intIn(rnd, 5, 23)).padStart(2, "0");
  return `${hh}:${pickOf(rnd, ["07", "13", "21", "33", "52", "58"])}`;
}

/** Accumulates messages and their tagged statements. */
export class BlockBuilder {
  readonly block: Block = { messages: [], stated: [] };

  private text(pieces: readonly Piece[]): string {
    const msg = this.block.messages.length;
    return pieces
      .map((p) => {
        if (typeof p === "string") {
          return p;
        }
        if ("tagged" in p) {
          this.block.stated.push({ msg, sentence: p.tagged.sentence, which: p.tagged.which });
          return `${p.before}${p.tagged.sentence}${p.after}`;
        }
        this.block.stated.push({ msg, sentence: p.sentence, which: p.which });
        return p.sentence;
      })
      .join("\n");
  }

  user(...pieces: Piece[]): this {
    this.block.messages.push({ role: "user", content: this.text(pieces) });
    return this;
  }

  assistant(...pieces: Piece[]): this {
    this.block.messages.push({ role: "assistant", content: this.text(pieces) });
    return this;
  }

  /** An assistant turn calling `name`, answered by the tool's output. */
  tool(
    ctx: Pick<FormContext, "callId">,
    intro: string,
    name: string,
    args: Record<string, unknown>,
    ...output: Piece[]
  ): this {
    const id = ctx.callId();
    this.block.messages.push({
      role: "assistant",
      content: intro,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    });
    this.block.messages.push({ role: "tool", tool_call_id: id, content: this.text(output) });
    return this;
  }
}

/** A tagged sentence set inside a line of prose. */
export const inProse = (before: string, tagged: Tagged, after: string): Piece => ({
  before,
  tagged,
  after,
});
