// What the stand-in model's policy can see in a chat request: the mission, the
// offered tools, earlier moves and their results, L1's pages, the hive's artifacts and
// the loop's lessons. Read once per request by agent-policy.ts; the mission rules
// (moves/) take its types.
import { healMove } from "../../../shared/driver/heal.ts";
import {
  messageText,
  type ChatMessage,
  type ChatRequest,
} from "../../../shared/model/openai-schemas.ts";
import { readFenced } from "../../../shared/context/untrusted.ts";
import { readPageHeader } from "../../../shared/context/page-header.ts";
import { settledMoves } from "./settled-moves.ts";

export interface OfferedTool {
  name: string;
  properties: string[];
}

export interface DoneMove {
  tool: string;
  args: Record<string, unknown>;
  result: string;
}

export interface Fact {
  /** The artifact key: the constant's name, lower-cased (artifact keys are lower-case). */
  key: string;
  value: number;
  /** `path:line` where the value was read. */
  evidence: string;
}

/** A page of L1 as the envelope renders it: its header (shared/context/page-header.ts) then the content. */
export interface VisiblePage {
  kind: string;
  id: string;
  sourceRef: string;
  content: string;
}

/** What the policy can see in a request. */
export interface VisibleState {
  mission: string;
  offered: OfferedTool[];
  /** Earlier moves: those the artifacts block shows settled (settled-moves.ts), then the window's. */
  done: DoneMove[];
  /** L1's pages (the envelope's dynamic section). */
  pages: VisiblePage[];
  /** Numeric artifacts the hive already holds (the meta section): other agents' findings too. */
  known: Fact[];
  /** Recovery lessons on the branch (`[AUTO-FIX RECOVERY]`), each with how many moves came before it. */
  lessons?: Lesson[];
  /** A person's answers on the branch (`[HUMAN] ...`: an approval, a denial, a reply), placed the same way. */
  human?: Lesson[];
}

export interface Lesson {
  text: string;
  movesBefore: number;
}

/** `[TASK ANCHOR]` then the mission on the same or the next line; `[ \t]` (not `\s`) keeps it linear on line breaks. */
const MISSION_LINE =
  /^[ \t]*(?:\[(?:MISSION|TASK ANCHOR|TASK)\]|(?:Mission|Task|Goal)[ \t]*:)[ \t]*(?:\r?\n[ \t]*)?(\S.*)$/im;
function offeredTools(request: ChatRequest): OfferedTool[] {
  return (request.tools ?? []).map((t) => {
    const props = t.function.parameters?.properties;
    const properties =
      props !== null && typeof props === "object" && !Array.isArray(props)
        ? Object.keys(props)
        : [];
    return { name: t.function.name, properties };
  });
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Unparseable arguments of an earlier call: remember the call without them.
    return {};
  }
}

/** Earlier moves: native tool calls with their tool results, or JSON moves in assistant text. */
function doneMoves(messages: readonly ChatMessage[]): DoneMove[] {
  const done: DoneMove[] = [];
  messages.forEach((message, i) => {
    if (message.role !== "assistant") {
      return;
    }
    for (const call of message.tool_calls ?? []) {
      const result = messages.find((m) => m.role === "tool" && m.tool_call_id === call.id);
      done.push({
        tool: call.function.name,
        args: parseArgs(call.function.arguments),
        result: result ? unfenced(messageText(result)) : "",
      });
    }
    if ((message.tool_calls ?? []).length === 0) {
      const healed = healMove(messageText(message));
      const next = messages[i + 1];
      if (healed.ok && healed.value.move.kind === "tool") {
        const { tool, args } = healed.value.move;
        done.push({
          tool,
          args,
          result: next && next.role !== "assistant" ? unfenced(messageText(next)) : "",
        });
      }
    }
  });
  return done;
}

/** A fenced text's content (a tool result the envelope fenced), or the text itself. */
function unfenced(text: string): string {
  return readFenced(text)?.text ?? text;
}

/** A data message of the envelope (user role, fenced): its header and content; null for any other message. */
function dataOf(message: ChatMessage): { header: string; text: string } | null {
  return message.role === "user" ? readFenced(messageText(message)) : null;
}

const ARTIFACT_LINE = /^([a-z0-9][a-z0-9_.:/-]*) = (-?\d+(?:\.\d+)?) \(/;

function visiblePages(messages: readonly ChatMessage[]): VisiblePage[] {
  const pages: VisiblePage[] = [];
  for (const message of messages) {
    const data = dataOf(message);
    const head = data === null ? null : readPageHeader(data.header);
    if (data !== null && head !== null) {
      pages.push({ ...head, content: data.text });
    }
  }
  return pages;
}

/** The lines of the artifacts block (the meta section). */
function metaLines(messages: readonly ChatMessage[]): string[] {
  return messages.flatMap((message) => {
    const data = dataOf(message);
    return data === null || !data.header.startsWith("[RELEVANT ARTIFACTS]")
      ? []
      : data.text.split("\n");
  });
}

function knownArtifacts(lines: readonly string[]): Fact[] {
  const known: Fact[] = [];
  for (const line of lines) {
    const m = ARTIFACT_LINE.exec(line);
    if (m) {
      known.push({ key: m[1] ?? "", value: Number(m[2]), evidence: `artifact:${m[1] ?? ""}` });
    }
  }
  return known;
}

/** The auto-fix loop's lesson: a failed move was pruned, and this says what it was. */
const LESSON_TAG = "[AUTO-FIX RECOVERY]";
/** A person's answer relayed by the loop (an ASK approved or denied, a question answered). */
const HUMAN_TAG = "[HUMAN]";

/** User turns that start with `tag`, each with the number of moves before it. */
function taggedTurns(messages: readonly ChatMessage[], tag: string): Lesson[] {
  const lessons: Lesson[] = [];
  messages.forEach((message, i) => {
    const text = message.role === "user" && dataOf(message) === null ? messageText(message) : "";
    if (text.trimStart().startsWith(tag)) {
      lessons.push({ text, movesBefore: doneMoves(messages.slice(0, i)).length });
    }
  });
  return lessons;
}

export function readState(request: ChatRequest): VisibleState {
  // Data messages (files, results, other agents' text) never name the mission.
  const instructions = request.messages.filter(
    (m) =>
      (m.role === "system" || m.role === "developer" || m.role === "user") && dataOf(m) === null,
  );
  const texts = instructions.map(messageText);
  const anchored = texts.map((t) => MISSION_LINE.exec(t)?.[1]).find((m) => m !== undefined);
  const firstUser = instructions.find((m) => m.role === "user");
  const mission = (anchored ?? (firstUser ? messageText(firstUser) : "")).trim();
  const meta = metaLines(request.messages);
  const visible = doneMoves(request.messages);
  // What the artifacts block shows done, though its turns left the window, came first.
  const settled = settledMoves(meta, visible);
  const placed = (lessons: Lesson[]) =>
    lessons.map((l) => ({ ...l, movesBefore: l.movesBefore + settled.length }));
  return {
    mission,
    offered: offeredTools(request),
    done: [...settled, ...visible],
    pages: visiblePages(request.messages),
    known: knownArtifacts(meta),
    lessons: placed(taggedTurns(request.messages, LESSON_TAG)),
    human: placed(taggedTurns(request.messages, HUMAN_TAG)),
  };
}
