// The Hive's group commit: commits arriving in the same timer turn wait together and
// share one storage transaction (HiveStore.commitGroup), each keeping its own result;
// a socket frame's answer is sent by the drain itself. Owned by hive.ts.
import type { CommitOutcome } from "../../shared/hive/messages.ts";
import type { CommitRequest, HiveResult } from "../../shared/hive/writes.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import type { Committed, EncodedEvent, HiveStore } from "./artifacts/store.ts";

const log = createLogger("hive");

/** A socket frame's commits: their outcomes in order, answered once all are in. */
export interface SocketCall {
  results: CommitOutcome[];
  answer: (results: CommitOutcome[]) => void;
}

/** A commit's answer as a hive.results entry (a refusal keeps its code, hint and conflict). */
function outcome(committed: HiveResult<Committed>): CommitOutcome {
  if (committed.ok) {
    return { ok: true, result: committed.value.result };
  }
  return {
    ok: false,
    code: committed.code,
    message: committed.message,
    ...(committed.hint === undefined ? {} : { hint: committed.hint }),
    ...(committed.conflict === undefined ? {} : { conflict: committed.conflict }),
  };
}

/** The outcome of a commit the store did not answer (its group failed). */
export function internalOutcome(): CommitOutcome {
  return {
    ok: false,
    code: "INTERNAL",
    message: "the hive failed to commit this group",
    hint: "retry with the same idempotency key; the failure is logged",
  };
}

/** Sends each socket frame's answer once every commit of it has an outcome. */
function answerCalls(
  group: ReadonlyArray<{ call?: SocketCall }>,
  outcomeAt: (index: number) => CommitOutcome,
): void {
  const counts = new Map<SocketCall, number>();
  for (const g of group) {
    if (g.call !== undefined) {
      counts.set(g.call, (counts.get(g.call) ?? 0) + 1);
    }
  }
  group.forEach((g, i) => {
    const call = g.call;
    if (call === undefined) {
      return;
    }
    call.results.push(outcomeAt(i));
    if (call.results.length === counts.get(call)) {
      try {
        call.answer(call.results);
      } catch (error) {
        // The socket is closing or gone: its client resends with the same keys.
        log.debug("commit.answer.dropped", describeError(error));
      }
    }
  });
}

export class CommitQueue {
  readonly #store: HiveStore;
  /** Called with the events of each group that committed any (fan-out, mirror). */
  readonly #committed: (events: EncodedEvent[]) => void;
  readonly #pending: Array<{
    request: CommitRequest;
    resolve: (result: HiveResult<Committed>) => void;
    reject: (error: unknown) => void;
    /** The socket frame this commit came in, answered by the drain itself. */
    call?: SocketCall;
  }> = [];

  constructor(store: HiveStore, committed: (events: EncodedEvent[]) => void) {
    this.#store = store;
    this.#committed = committed;
  }

  /**
   * Commits wait one timer turn so that commits arriving concurrently share one
   * storage transaction (see HiveStore.commitGroup); each keeps its own result.
   * Every caller arms its own timer: a timer belongs to the event that set it,
   * so no commit depends on another caller's event staying alive.
   */
  enqueue(
    requests: readonly CommitRequest[],
    call?: SocketCall,
  ): Promise<Array<HiveResult<Committed>>> {
    const all = requests.map(
      (request) =>
        new Promise<HiveResult<Committed>>((resolve, reject) => {
          this.#pending.push({ request, resolve, reject, ...(call === undefined ? {} : { call }) });
        }),
    );
    setTimeout(() => this.#drain(), 0);
    return Promise.all(all);
  }

  /**
   * Commits everything waiting as one group. A socket frame's answer is sent
   * here, by the event that drains, not by the frame's own event after it
   * resumes: under load workerd was seen to drop the continuations of frames
   * whose group another event drained (their answers never left, and writers
   * waited forever), so nothing a client waits for depends on them.
   */
  #drain(): void {
    const group = this.#pending.splice(0);
    if (group.length === 0) {
      return;
    }
    let results: Array<HiveResult<Committed>>;
    try {
      results = this.#store.commitGroup(
        group.map((g) => g.request),
        Date.now(),
      );
    } catch (error) {
      log.error("commit.group.failed", describeError(error));
      answerCalls(group, () => internalOutcome());
      for (const g of group) {
        g.reject(error);
      }
      return;
    }
    const events = results.flatMap((r) => (r.ok ? r.value.events : []));
    if (events.length > 0) {
      this.#committed(events);
    }
    answerCalls(group, (i) => {
      const result = results[i];
      return result === undefined ? internalOutcome() : outcome(result);
    });
    group.forEach((g, i) => {
      const result = results[i];
      if (result) {
        g.resolve(result);
      }
    });
  }
}
