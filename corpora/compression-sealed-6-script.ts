// The message builder of the "sealed-6" compression family: appends OpenAI-style
// chat messages (a tool call is always answered by the next message), records each
// planted statement with its 1-based turn, and which planting forms were used.
// Used by corpora/compression-sealed-6*.ts.
import type { ChatMessage } from "../shared/context/messages.ts";

export interface Statement {
  sentence: string;
  fact: number;
  value: number;
  turn: number;
}

export class Script {
  readonly messages: ChatMessage[] = [];
  readonly statements: Statement[] = [];
  readonly forms: string[] = [];
  private calls = 0;

  get length(): number {
    return this.messages.length;
  }

  system(content: string): number {
    return this.messages.push({ role: "system", content }) - 1;
  }

  user(content: string): number {
    return this.messages.push({ role: "user", content }) - 1;
  }

  assistant(content: string): number {
    return this.messages.push({ role: "assistant", content }) - 1;
  }

  /** An assistant tool call (with optional lead text) and its answer; the answer's index. */
  tool(name: string, args: Record<string, unknown>, output: string, lead: string | null = null) {
    this.calls += 1;
    const id = `call_${name.replace(/\W/g, "")}_${this.calls.toString(36)}`;
    this.messages.push({
      role: "assistant",
      content: lead,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    });
    return this.messages.push({ role: "tool", content: output, tool_call_id: id }) - 1;
  }

  /** Records that message `index` states value `value` of fact `fact` in `sentence`. */
  state(index: number, sentence: string, fact: number, value: number): void {
    const content = this.messages[index]?.content ?? "";
    if (!content.includes(sentence)) {
      throw new Error(`statement not in message ${index}: ${sentence}`);
    }
    this.statements.push({ sentence, fact, value, turn: index + 1 });
  }

  used(form: string): void {
    this.forms.push(form);
  }
}
