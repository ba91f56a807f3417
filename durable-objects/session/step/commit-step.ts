// One committed step of an AgentSession: validate, apply the pager operations,
// build the envelope and record its section hashes, then commit turns, kept
// content, state and checkpoint in one transaction and tell the watchers.
import { buildEnvelope } from "../../../shared/context/envelope.ts";
import { usedTokens } from "../../../shared/context/page.ts";
import { applyPagerOps } from "../../../shared/context/pager.ts";
import {
  recordStep,
  sectionHashes,
  type SectionHashes,
} from "../../../shared/context/section-hits.ts";
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";
import type { StepMeter } from "./meter.ts";
import type { StepTraceData } from "../../../shared/session/step-trace.ts";
import type { ServerMessage } from "../../../shared/protocol.ts";
import { err, ok, type Result } from "../../../shared/base/result.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import { envelopeInput, type TranscriptTurn } from "../../../shared/session/envelope.ts";
import type { PagerOp } from "../../../shared/context/page.ts";
import type { KeptContent } from "../../../shared/context/refs.ts";
import {
  SubmitStepSchema,
  type SessionState,
  type SubmitStep,
  type TurnInputWire,
} from "../../../shared/session/step.ts";
import type { TraceEvent } from "../../../shared/session/trace.ts";
import type { SessionStore } from "../session-store.ts";

type WatchedPageEvent =
  | "staged"
  | "unstaged"
  | "evicted"
  | "pinned"
  | "unpinned"
  | "promoted"
  | "purged";
/** The pager events watchers are told about (the others are internal detail). */
const WATCHED_PAGE_EVENTS: ReadonlySet<string> = new Set<WatchedPageEvent>([
  "staged",
  "unstaged",
  "evicted",
  "pinned",
  "unpinned",
  "promoted",
  "purged",
]);

/** Retention runs after this many committed steps (it is a mark-and-sweep). */
export const RETENTION_EVERY_STEPS = 25;

export interface StepResult {
  step: number;
  checkpoint: string;
  events: Array<{ type: string; id: string; ref?: string }>;
  l1: { used: number; capacity: number };
}

/** What the step needs from the Durable Object that runs it. */
export interface StepHost {
  store: SessionStore;
  ctx: DurableObjectState;
  history(): Promise<TranscriptTurn[]>;
  broadcast(message: ServerMessage): void;
  retain(): void;
}

/**
 * Commits one step: turns appended, pager operations applied, evicted content
 * kept under references, a checkpoint written, all in one transaction. A step
 * that fails validation or a pager rule changes nothing.
 */
export async function runStep(
  host: StepHost,
  config: SessionConfig,
  input: SubmitStep,
): Promise<Result<StepResult, "INVALID_STEP" | "PAGER_REFUSED">> {
  const parsed = SubmitStepSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      "INVALID_STEP",
      `${issue?.path.join(".") || "(step)"}: ${issue?.message ?? "invalid"}`,
      "see shared/session/step.ts for the step's shape",
    );
  }
  return commitDraft(host, config, parsed.data);
}

/** A step to commit: what SubmitStep carries, plus what the agent loop adds. */
export interface StepDraft {
  turns: TurnInputWire[];
  ops: PagerOp[];
  label?: string | undefined;
  hiveSeqSeen?: number | undefined;
  workspaceManifest?: string | undefined;
  /** Other state the step changes (status, gatekeeper state, outcome, meta...). */
  patch?: Partial<Omit<SessionState, "step" | "pager">>;
  /** Extra content to keep under references (offloaded tool output, raw answers). */
  kept?: Array<KeptContent & { kind: string }>;
  trace?: TraceEvent[];
  /** The agent loop's step: its stage timings and counts go on the `step` trace entry. */
  meter?: StepMeter;
  /**
   * What the agent loop already has for this step: its tokenizer and the envelope the
   * model received. The commit records that envelope's section hashes instead of
   * reading the history and building another one.
   */
  received?: {
    tokenizer: Tokenizer;
    sectionHashes: SectionHashes;
    tokens: number;
    needsCompression: string[];
    /** Prompt tokens of each envelope section. */
    sectionTokens?: Record<string, number>;
    /** Meta items offered to the model and those its move named. */
    metaUse?: { offered: number; used: number };
  };
}

/** The envelope after the step's turns: its section hashes go into the state. */
async function envelopeAfter(
  host: StepHost,
  config: SessionConfig,
  next: SessionState,
  turns: Array<TurnInputWire & { tokens: number }>,
  tokenizer: Tokenizer,
  meter: StepMeter | undefined,
) {
  const earlier = meter ? await meter.history(() => host.history()) : await host.history();
  const history: TranscriptTurn[] = [
    ...earlier,
    ...turns.map((t) => ({
      role: t.role,
      content: t.content,
      name: t.name ?? null,
      tokens: t.tokens,
      extra:
        t.toolCallId === undefined && t.toolCalls === undefined
          ? null
          : JSON.stringify({ toolCallId: t.toolCallId, toolCalls: t.toolCalls }),
    })),
  ];
  const build = () => buildEnvelope(envelopeInput(config, next, history), { tokenizer });
  const envelope = meter ? meter.envelope(build) : build();
  return {
    hashes: sectionHashes(envelope),
    tokens: envelope.tokens,
    needsCompression: envelope.needsCompression as string[],
  };
}

/** Commits a step draft: all of it, or (when the pager refuses its ops) nothing. */
export async function commitDraft(
  host: StepHost,
  config: SessionConfig,
  draft: StepDraft,
): Promise<Result<StepResult, "PAGER_REFUSED">> {
  const received = draft.received;
  const tokenizer =
    received?.tokenizer ??
    (draft.meter ? await draft.meter.tokenizer(config.model) : await loadTokenizer(config.model));
  const count = (text: string) => tokenizer.countCached(text);
  // The whole step holds the object: no other request interleaves between read and commit.
  const outcome = await host.ctx.blockConcurrencyWhile(async () => {
    const before = host.store.state();
    const step = before.step + 1;
    const paged = applyPagerOps(before.pager, draft.ops, { step, count });
    if (!paged.ok) {
      return paged;
    }
    const turns = draft.turns.map((t) => ({ ...t, tokens: count(t.content) }));
    const next: SessionState = {
      ...before,
      ...draft.patch,
      step,
      pager: paged.value.state,
      hiveSeqSeen: draft.hiveSeqSeen ?? before.hiveSeqSeen,
      workspaceManifest: draft.workspaceManifest ?? before.workspaceManifest,
    };
    const built =
      received === undefined
        ? await envelopeAfter(host, config, next, turns, tokenizer, draft.meter)
        : {
            hashes: received.sectionHashes,
            tokens: received.tokens,
            needsCompression: received.needsCompression,
          };
    const hashes = built.hashes;
    const state: SessionState = {
      ...next,
      sectionHashes: hashes,
      // The tracker's `previous` is the last step's sectionHashes: not stored twice.
      hits: {
        ...recordStep(
          {
            ...before.hits,
            previous:
              Object.keys(before.sectionHashes).length === 0
                ? null
                : (before.sectionHashes as SectionHashes),
          },
          hashes,
        ).tracker,
        previous: null,
      },
    };
    const manifest = host.store.commit({
      turns,
      state,
      kept: [...paged.value.kept.map((k) => ({ ...k, kind: "page" })), ...(draft.kept ?? [])],
      label: draft.label ?? null,
      trace: [
        {
          kind: "step",
          data: {
            turns: turns.length,
            ops: draft.ops.length,
            envelopeTokens: built.tokens,
            needsCompression: built.needsCompression,
            ...(draft.meter
              ? { stages: draft.meter.stages(), counts: { ...draft.meter.counts } }
              : {}),
            ...(received?.sectionTokens ? { sections: received.sectionTokens } : {}),
            ...(received?.metaUse ? { meta: received.metaUse } : {}),
          } satisfies StepTraceData,
        },
        ...paged.value.reports.map((r) => ({ kind: "reduction" as const, data: { ...r } })),
        ...(draft.trace ?? []),
      ],
    });
    return ok({ step, state, manifest, events: paged.value.events });
  });
  if (!outcome.ok) {
    return err("PAGER_REFUSED", `${outcome.code}: ${outcome.message}`, outcome.hint);
  }
  const { step, state, manifest, events } = outcome.value;
  const l1 = { used: usedTokens(state.pager), capacity: state.pager.capacity };
  for (const event of events) {
    if (WATCHED_PAGE_EVENTS.has(event.type)) {
      host.broadcast({
        type: "session.paged",
        step,
        event: event.type as WatchedPageEvent,
        page: event.id,
        ...(event.ref === undefined ? {} : { ref: event.ref }),
      });
    }
  }
  host.broadcast({
    type: "session.step",
    step,
    checkpoint: manifest.id,
    turns: draft.turns.length,
    l1,
  });
  if (step % RETENTION_EVERY_STEPS === 0) {
    host.retain();
  }
  return ok({ step, checkpoint: manifest.id, events, l1 });
}
