// Read-side views of an AgentSession: the transcript window with content, the
// envelope the next model call would get, and the watchers' state view.
import { buildEnvelope } from "../../shared/context/envelope.ts";
import { compressEnvelope } from "../../shared/context/envelope-compress.ts";
import type { KeptContent } from "../../shared/context/refs.ts";
import type { ReductionReport } from "../../shared/context/report.ts";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { usedTokens } from "../../shared/context/page.ts";
import { loadTokenizer, type Tokenizer } from "../../shared/context/tokens.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import {
  COMPACTION_TURN_NAME,
  HISTORY_READ_TURNS,
  envelopeInput,
  type TranscriptTurn,
} from "../../shared/session/envelope.ts";
import type { SessionStateView } from "../../shared/session/messages.ts";
import type { SessionState } from "../../shared/session/step.ts";
import type { SessionStore } from "./session-store.ts";

export interface EnvelopeView {
  messages: ChatMessage[];
  sections: Array<{
    name: string;
    tokens: number;
    budget: number;
    hash: string;
    needsCompression: boolean;
  }>;
  tokens: number;
  hitRate: number;
  /**
   * Sections that passed COMPRESS_AT of their budget, compressed in this very
   * envelope: what left it is kept under refs. Null when nothing needed it.
   */
  compaction: {
    reports: ReductionReport[];
    kept: KeptContent[];
    tokensBefore: number;
    tokensAfter: number;
    /** L1 pages that left the envelope: the step's commit unstages them, so the cut is not repeated. */
    unstagePageIds: string[];
  } | null;
}

/**
 * The last turns of the branch with their content (the envelope's window). When a
 * background compaction applies to the branch, its summary comes first (its depth
 * says which turns it covers: the envelope shows only the later ones raw).
 */
export async function readHistory(
  store: SessionStore,
  text: (hash: string) => Promise<string | null>,
  /** The transcript position of a past checkpoint; the head when absent. */
  position?: number,
): Promise<TranscriptTurn[]> {
  const out: TranscriptTurn[] = [];
  const rows =
    position === undefined
      ? store.transcript.tail(HISTORY_READ_TURNS)
      : store.transcript.tailAt(position, HISTORY_READ_TURNS);
  const compaction = store.compactionOn(position);
  if (compaction !== null) {
    // Shown whole: its own `index: ref:` line resolves every summarised turn, and an
    // envelope that cuts the summary keeps what it cut under a ref of its own.
    out.push({
      role: "system",
      content: compaction.summary,
      name: COMPACTION_TURN_NAME,
      tokens: 0,
      extra: null,
      depth: compaction.depth,
    });
  }
  // The summarised turns stay in the history (the outcome check reads them); the
  // envelope shows only those after the summary (envelopeInput).
  for (const row of rows) {
    out.push({
      role: row.role as TranscriptTurn["role"],
      content: (await text(row.hash)) ?? "",
      name: row.name,
      tokens: row.tokens,
      extra: row.extra,
      depth: row.depth,
    });
  }
  return out;
}

export async function renderEnvelope(
  config: SessionConfig,
  state: SessionState,
  history: readonly TranscriptTurn[],
  /** The step's tokenizer, when the caller already holds it. */
  loaded?: Tokenizer,
): Promise<EnvelopeView> {
  const tokenizer = loaded ?? (await loadTokenizer(config.model));
  const input = envelopeInput(config, state, history);
  const built = buildEnvelope(input, { tokenizer });
  // Compaction before the model call: the model receives the compressed envelope.
  const compressed = built.needsCompression.some((name) => name !== "system")
    ? compressEnvelope(input, built, { tokenizer })
    : null;
  const envelope =
    compressed === null || compressed.reports.length === 0 ? built : compressed.envelope;
  return {
    compaction:
      compressed === null || compressed.reports.length === 0
        ? null
        : {
            reports: compressed.reports,
            kept: compressed.kept,
            tokensBefore: built.tokens,
            tokensAfter: compressed.envelope.tokens,
            unstagePageIds: compressed.unstagePageIds,
          },
    messages: envelope.messages,
    sections: Object.values(envelope.sections).map((x) => ({
      name: x.name,
      tokens: x.tokens,
      budget: x.budget,
      hash: x.hash,
      needsCompression: x.needsCompression,
    })),
    tokens: envelope.tokens,
    hitRate: state.hits.compared === 0 ? 0 : state.hits.hits / state.hits.compared,
  };
}

export function stateView(id: string, store: SessionStore, state: SessionState): SessionStateView {
  return {
    id,
    step: state.step,
    head: store.head(),
    status: state.status,
    l1: {
      used: usedTokens(state.pager),
      capacity: state.pager.capacity,
      pages: state.pager.pages.map((p) => ({
        id: p.id,
        kind: p.kind,
        tokens: p.tokens,
        pinned: p.pinned,
      })),
    },
    transcriptLength: store.transcript.head().depth,
    hiveSeqSeen: state.hiveSeqSeen,
    ...(state.overlay?.length ? { overlay: state.overlay.map((f) => f.path) } : {}),
  };
}
