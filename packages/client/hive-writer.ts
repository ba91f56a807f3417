// Commits to a hive over one socket: pipelined, and by default the commits issued
// in the same turn travel as one `hive.commits` frame (each still its own atomic
// compare-and-swap with its own outcome). The typed client's `Lethe.writer` uses it.
import PartySocket from "partysocket";
import { MAX_GROUP_COMMITS, type CommitOutcome } from "../../shared/hive/messages.ts";
import { packByBytes } from "../../shared/hive/pack.ts";
import type { CommitRequestIn } from "../../shared/hive/writes.ts";
import { MAX_FRAME_BYTES, ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";
import { PlainWebSocket } from "./follow.ts";

export interface WriterOptions {
  url: string;
  key: string;
  hive: string;
  /**
   * Send the commits issued in one turn of the event loop as one `hive.commits`
   * frame (default); false sends each as its own `hive.commit` frame.
   */
  group?: boolean;
  /** Validate every answer against the protocol schema (default); benchmarks turn it off. */
  validate?: boolean;
}

export interface HiveWriter {
  socket: PartySocket;
  /**
   * Sends one commit; resolves with its outcome (a refusal is a value, with its
   * code and, for VERSION_CONFLICT, the version in force). Commits unanswered
   * when the socket drops are sent again on reconnect: their idempotency keys
   * make a repeat return the stored result.
   */
  commit(request: CommitRequestIn): Promise<CommitOutcome>;
  /** Resolves once the socket is open. */
  ready(): Promise<void>;
  /** Commit frames sent so far (a group counts once; resends after a reconnect too). */
  readonly framesSent: number;
  /** Closes the socket; unanswered commits resolve as refused with code CLOSED. */
  close(): void;
}

/** Bytes kept free in a group frame for its envelope. */
const ENVELOPE_BYTES = 256;

interface InFlight {
  text: string;
  answer: Array<(outcome: CommitOutcome) => void>;
}

function decode(data: unknown, validate: boolean): ServerMessage | null {
  const parsed: unknown = JSON.parse(String(data));
  if (!validate) {
    return parsed as ServerMessage;
  }
  const result = ServerMessageSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

export function openHiveWriter(options: WriterOptions): HiveWriter {
  const grouped = options.group ?? true;
  const validate = options.validate ?? true;
  const url = new URL(options.url);
  const socket = new PartySocket({
    host: url.host,
    protocol: url.protocol === "https:" ? "wss" : "ws",
    party: "hive",
    room: options.hive,
    query: () => ({ key: options.key }),
    WebSocket: PlainWebSocket,
    minReconnectionDelay: 50,
    maxReconnectionDelay: 1_000,
  });
  const inflight = new Map<string, InFlight>();
  let queued: Array<{ text: string; answer: (outcome: CommitOutcome) => void }> = [];
  let flushing = false;
  let closed = false;
  let frames = 0;
  let opened: Promise<void> = new Promise((resolve) => {
    socket.addEventListener("open", () => resolve(), { once: true });
  });

  let sent = 0;
  const transmit = (text: string) => {
    if (socket.readyState === PartySocket.OPEN) {
      sent++;
      socket.send(text);
    }
  };
  const dispatch = (text: string, answer: InFlight["answer"]) => {
    const id = `w${++frames}`;
    const frame =
      answer.length === 1 && !grouped
        ? `{"type":"hive.commit","id":"${id}","commit":${text}}`
        : `{"type":"hive.commits","id":"${id}","commits":[${text}]}`;
    inflight.set(id, { text: frame, answer });
    transmit(frame);
  };
  const flush = () => {
    flushing = false;
    const batch = queued;
    queued = [];
    for (const group of packByBytes(
      batch,
      MAX_FRAME_BYTES - ENVELOPE_BYTES,
      (c) => c.text.length,
    )) {
      for (let i = 0; i < group.length; i += MAX_GROUP_COMMITS) {
        const part = group.slice(i, i + MAX_GROUP_COMMITS);
        dispatch(
          part.map((c) => c.text).join(","),
          part.map((c) => c.answer),
        );
      }
    }
  };
  const settle = (id: string, outcomes: (index: number) => CommitOutcome) => {
    const entry = inflight.get(id);
    if (entry === undefined) {
      return;
    }
    inflight.delete(id);
    entry.answer.forEach((answer, i) => answer(outcomes(i)));
  };

  socket.addEventListener("open", () => {
    opened = Promise.resolve();
    // A reconnect: everything unanswered goes again (idempotent by key).
    for (const entry of inflight.values()) {
      transmit(entry.text);
    }
  });
  socket.addEventListener("message", (event) => {
    const message = decode(event.data, validate);
    if (message === null) {
      return;
    }
    switch (message.type) {
      case "hive.committed":
        settle(message.id, () => ({ ok: true, result: message.result }));
        return;
      case "hive.results":
        settle(
          message.id,
          (i) =>
            message.results[i] ?? {
              ok: false,
              code: "NO_RESULT",
              message: `the answer to ${message.id} has no result for commit ${i}`,
            },
        );
        return;
      case "hive.rejected":
      case "sys.error": {
        const { code, message: text, hint } = message;
        const conflict = message.type === "hive.rejected" ? message.conflict : undefined;
        if (message.id !== undefined) {
          settle(message.id, () => ({
            ok: false,
            code,
            message: text,
            ...(hint === undefined ? {} : { hint }),
            ...(conflict === undefined ? {} : { conflict }),
          }));
        }
        return;
      }
      default:
        return;
    }
  });

  const closedOutcome: CommitOutcome = {
    ok: false,
    code: "CLOSED",
    message: "the writer was closed before the hive answered",
  };
  return {
    socket,
    commit(request) {
      return new Promise((answer) => {
        if (closed) {
          answer(closedOutcome);
          return;
        }
        const text = JSON.stringify(request);
        if (!grouped) {
          dispatch(text, [answer]);
          return;
        }
        queued.push({ text, answer });
        if (!flushing) {
          flushing = true;
          // After this turn's other commits (and the microtasks that issue them).
          setTimeout(flush, 0);
        }
      });
    },
    ready: () => opened,
    get framesSent() {
      return sent;
    },
    close() {
      closed = true;
      socket.close();
      for (const entry of inflight.values()) {
        entry.answer.forEach((answer) => answer(closedOutcome));
      }
      inflight.clear();
      for (const q of queued) {
        q.answer(closedOutcome);
      }
      queued = [];
    },
  };
}
