// How a session's state becomes the envelope's input: the system section from
// the config, the task anchor, L1's pages, the static and meta items, and the
// transcript's tail as chat messages (without the settled read/save pairs,
// settled-turns.ts). Pure; AgentSession calls it every step.
import type { EnvelopeInput, Turn } from "../context/envelope.ts";
import type { ToolCall } from "../context/messages.ts";
import { presetOf } from "../governance/presets.ts";
import type { SessionConfig } from "./config.ts";
import type { SessionState } from "./step.ts";
import { withoutSettled } from "./settled-turns.ts";

/** Turns of history read for the window (the envelope keeps at most MAX_WINDOW_TURNS). */
export const HISTORY_READ_TURNS = 48;

/** Lethe's memory discipline, sent on every call: each line is one rule, worded short. */
export const LETHE_PROTOCOL = [
  "[PROTOCOL]",
  "- L1 holds only what this step needs: stage one thing at a time.",
  "- Save facts as artifacts, then forget the raw text.",
  "- Artifacts are law; search only finds candidates. Never guess: ask or halt.",
  "- What left L1 stays behind its ref:<key>; read_ref brings it back.",
].join("\n");

/**
 * The system section: persona, strategy and protocol. The mission itself is the
 * task anchor, verbatim in every envelope's dynamic section; sending it here as
 * well would pay for it twice on every call.
 */
export function systemText(config: SessionConfig, persona = config.persona): string {
  const strategy = presetOf(persona)?.strategy;
  const how = strategy === undefined ? "" : `\n${strategy}`;
  return `[PERSONA] ${persona} (${config.mode} mode)${how}\n${LETHE_PROTOCOL}\n- Your mission is the [TASK ANCHOR].`;
}

export interface TranscriptTurn {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  name: string | null;
  tokens: number;
  extra: string | null;
  /** Its position on the branch (1 = first turn), when read from the transcript. */
  depth?: number;
}

/**
 * The name of the history entry that stands for the turns a background compaction
 * summarised (readHistory puts it first); the envelope shows it in dynamic, always.
 */
export const COMPACTION_TURN_NAME = "lethe_compaction";

/** A stored turn as the chat message the model sees. */
export function turnMessage(turn: TranscriptTurn): Turn {
  const extra =
    turn.extra === null
      ? {}
      : (JSON.parse(turn.extra) as { toolCallId?: string; toolCalls?: ToolCall[] });
  switch (turn.role) {
    case "tool":
      return {
        role: "tool",
        content: turn.content,
        tool_call_id: extra.toolCallId ?? "unknown",
        tokens: turn.tokens,
      };
    case "assistant":
      return {
        role: "assistant",
        content: turn.content,
        ...(turn.name === null ? {} : { name: turn.name }),
        ...(extra.toolCalls === undefined ? {} : { tool_calls: extra.toolCalls }),
        tokens: turn.tokens,
      };
    default:
      return {
        role: turn.role,
        content: turn.content,
        ...(turn.name === null ? {} : { name: turn.name }),
        tokens: turn.tokens,
      };
  }
}

export function envelopeInput(
  config: SessionConfig,
  state: SessionState,
  history: readonly TranscriptTurn[],
  checkpoint?: string,
): EnvelopeInput {
  const first = history[0];
  const summary =
    first !== undefined && first.role === "system" && first.name === COMPACTION_TURN_NAME
      ? first.content
      : undefined;
  // The turns the summary covers are left out: it stands for them.
  const covered = summary === undefined ? 0 : (first?.depth ?? 0);
  const turns = (summary === undefined ? history : history.slice(1)).filter(
    (t) => t.depth === undefined || t.depth > covered,
  );
  return {
    system: systemText(config, state.persona),
    static: state.static,
    meta: state.meta,
    pages: state.pager.pages,
    anchor: config.mission,
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ...(summary === undefined ? {} : { summary }),
    // Pairs whose outcome the artifacts and L1 already show are not sent again.
    history: withoutSettled(turns.map(turnMessage), state.meta, state.pager.pages),
  };
}
