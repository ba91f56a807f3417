// A session's watchers over hibernating WebSockets: the question a paused
// session asks, and the messages a watcher may send (state, checkpoint, rollback,
// answer), and the greeting a new watcher gets. Called by AgentSession's
// onConnect/onMessage and its alarm.
import type { Connection, WSMessage } from "partyserver";
import { PROTOCOL_VERSION, type ServerMessage } from "../../shared/protocol.ts";
import type { Result } from "../../shared/base/result.ts";
import type { Answer } from "../../shared/session/control.ts";
import type { SessionStateView } from "../../shared/session/messages.ts";
import type { SessionState } from "../../shared/session/step.ts";
import { receive, send } from "../sockets/socket.ts";

/** A paused session's question (a firewall ASK with its decision id), or null. */
export function questionMessage(state: SessionState): ServerMessage | null {
  if (state.status !== "paused" || state.pending === null) {
    return null;
  }
  const p = state.pending;
  return {
    type: "session.question",
    kind: p.kind,
    question: p.question,
    ...(p.decisionId === undefined ? {} : { decisionId: p.decisionId }),
    ...(p.tool === undefined ? {} : { tool: p.tool }),
    ...(p.args === undefined ? {} : { args: p.args }),
    ...(p.expiresAt === undefined ? {} : { expiresAt: p.expiresAt }),
  };
}

/** The session methods a watcher's messages call. */
/**
 * A new watcher's greeting: the welcome, then (for a created session, `state` not
 * null) its state view and the question it is paused on, if any.
 */
export function greetWatcher(
  connection: Connection,
  name: string,
  state: SessionState | null,
  view: (state: SessionState) => SessionStateView,
): void {
  send(connection, {
    type: "sys.welcome",
    server: "AgentSession",
    name,
    protocol: PROTOCOL_VERSION,
  });
  if (state !== null) {
    send(connection, { type: "session.state", state: view(state) });
    const question = questionMessage(state);
    if (question !== null) {
      send(connection, question);
    }
  }
}

export interface WatcherActions {
  view(): Promise<Result<SessionStateView, string>>;
  checkpoint(label: string): Promise<Result<unknown, string>>;
  rollback(checkpoint: string): Promise<Result<unknown, string>>;
  answer(answer: Answer): Promise<Result<unknown, string>>;
}

/** Handles one watcher frame; a refusal goes back to that watcher as `sys.error`. */
export async function handleWatcherMessage(
  connection: Connection,
  raw: WSMessage,
  actions: WatcherActions,
): Promise<void> {
  const message = receive(connection, raw, "session");
  if (message === null) {
    return;
  }
  const fail = (r: { code: string; message: string; hint?: string }) =>
    send(connection, {
      type: "sys.error",
      code: r.code,
      message: r.message,
      ...(r.hint === undefined ? {} : { hint: r.hint }),
    });
  switch (message.type) {
    case "sys.ping":
    case "session.ping":
      send(connection, {
        type: message.type === "sys.ping" ? "sys.pong" : "session.pong",
        at: Date.now(),
        ...(message.nonce === undefined ? {} : { nonce: message.nonce }),
      });
      return;
    case "session.get_state": {
      const view = await actions.view();
      return view.ok ? send(connection, { type: "session.state", state: view.value }) : fail(view);
    }
    case "session.checkpoint": {
      const made = await actions.checkpoint(message.label);
      return made.ok ? undefined : fail(made);
    }
    case "session.rollback": {
      const back = await actions.rollback(message.checkpoint);
      return back.ok ? undefined : fail(back);
    }
    case "session.answer": {
      const { type: _type, ...answer } = message;
      const answered = await actions.answer(answer);
      return answered.ok ? undefined : fail(answered);
    }
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
