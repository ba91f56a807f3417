// The L1 pager's data: pages, the persisted pager state (plain JSON, so
// AgentSession stores it as is), the operations and the eviction score.
import { z } from "zod";
import type { KeptContent } from "./refs.ts";
import type { ReductionReport } from "./report.ts";

export const PageKindSchema = z.enum([
  "system",
  "mission",
  "file",
  "symbol",
  "artifact",
  "tool_output",
  "turn",
  "summary",
]);
export type PageKind = z.infer<typeof PageKindSchema>;

/**
 * The two ways L1 holds files — strict pages them out at capacity, elastic
 * lets them stay until compaction. The one definition: the session config,
 * presets, the pager state and the CLI all read this schema.
 */
export const L1ModeSchema = z.enum(["strict", "elastic"]);
export type L1Mode = z.infer<typeof L1ModeSchema>;

/** Where a page came from ("file:src/a.ts@<hash>", "artifact:plan#3", "turn:42"). */
const SourceRefSchema = z.string().max(1_024);

export const PageSchema = z.object({
  id: z.string().min(1).max(256),
  kind: PageKindSchema,
  sourceRef: SourceRefSchema,
  content: z.string(),
  tokens: z.number().int().min(0),
  priority: z.number().int().min(0).max(10),
  pinned: z.boolean(),
  lastAccessStep: z.number().int().min(0),
});
export type Page = z.infer<typeof PageSchema>;

/** What a caller hands the pager; tokens and lastAccessStep are filled in by it. */
export const PageInputSchema = z.object({
  id: z.string().min(1).max(256),
  kind: PageKindSchema,
  sourceRef: SourceRefSchema,
  content: z.string(),
  priority: z.number().int().min(0).max(10).default(5),
  pinned: z.boolean().default(false),
});
export type PageInput = z.input<typeof PageInputSchema>;

/** A page that left L1: everything but its content, which is kept under `ref`. */
export const PageStubSchema = PageSchema.omit({ content: true, lastAccessStep: true }).extend({
  ref: z.string(),
});
export type PageStub = z.infer<typeof PageStubSchema>;

export const PagerStateSchema = z.object({
  mode: L1ModeSchema,
  capacity: z.number().int().min(1),
  /** L1, in staging order. Sum of tokens ≤ capacity. */
  pages: z.array(PageSchema),
  /** The prefetch staging area: outside L1, not counted against capacity. */
  prefetched: z.array(PageSchema),
  /** Pages that left L1 (newest last), restorable from their ref. */
  evicted: z.array(PageStubSchema),
  /** The two pages of an open comparison (temporary widening), else null. */
  comparing: z.tuple([z.string(), z.string()]).nullable(),
});
export type PagerState = z.infer<typeof PagerStateSchema>;

export const PagerOpSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("stage"), page: PageInputSchema }),
  z.object({ type: z.literal("unstage"), id: z.string() }),
  z.object({ type: z.literal("access"), id: z.string() }),
  z.object({ type: z.literal("pin"), id: z.string() }),
  z.object({ type: z.literal("unpin"), id: z.string() }),
  z.object({ type: z.literal("prefetch"), page: PageInputSchema }),
  /** `id` picks the page when two evicted pages had the same content (hence the same ref). */
  z.object({
    type: z.literal("restore"),
    ref: z.string(),
    content: z.string(),
    id: z.string().optional(),
  }),
  z.object({ type: z.literal("artifact_saved") }),
  z.object({ type: z.literal("set_capacity"), capacity: z.number().int().min(1) }),
  z.object({ type: z.literal("compare_open"), ids: z.tuple([z.string(), z.string()]) }),
  z.object({
    type: z.literal("compare_close"),
    outcome: z.discriminatedUnion("ok", [
      z.object({ ok: z.literal(true), result: PageInputSchema }),
      z.object({ ok: z.literal(false), error: z.string() }),
    ]),
  }),
]);
export type PagerOp = z.input<typeof PagerOpSchema>;

export type PagerEventType =
  | "staged"
  | "replaced"
  | "accessed"
  | "promoted"
  | "prefetched"
  | "prefetch_dropped"
  | "unstaged"
  | "evicted"
  | "purged"
  | "pinned"
  | "unpinned"
  | "restored"
  | "compare_opened"
  | "compare_closed";

export interface PagerEvent {
  type: PagerEventType;
  id: string;
  /** Set when the page's content left L1 and is kept under this reference. */
  ref?: string;
  reason?: string;
}

/** The deterministic context of one operation: the step number and the exact counter. */
export interface PagerContext {
  step: number;
  count: (text: string) => number;
}

export interface PagerUpdate {
  state: PagerState;
  events: PagerEvent[];
  reports: ReductionReport[];
  /** Content that left L1 or the prefetch area: store each under its ref. */
  kept: KeptContent[];
}

export type PagerErrorCode =
  | "PAGE_NOT_FOUND"
  | "PAGE_EVICTED"
  | "PAGE_TOO_LARGE"
  | "OVER_CAPACITY"
  | "REF_UNKNOWN"
  | "REF_MISMATCH"
  | "COMPARATOR_BUSY"
  | "COMPARATOR_IDLE"
  | "INVALID_OP";

/**
 * Eviction score: score = PRIORITY_WEIGHT × priority − age, with age = steps
 * since the page was last accessed. Lowest goes first (ties: least recently
 * accessed, then earliest staged); pinned pages are never candidates. With a
 * weight of 10, one priority level is worth ten steps of staleness.
 */
export const PRIORITY_WEIGHT = 10;
/** Prefetch slots: one predicted next page, plus one for a comparison's partner. */
export const PREFETCH_SLOTS = 2;
/** Stubs of evicted pages kept in state; older ones drop off (their content stays stored). */
export const MAX_EVICTED_STUBS = 512;
export const DEFAULT_PRIORITY = 5;

export function evictionScore(page: Page, step: number): number {
  return PRIORITY_WEIGHT * page.priority - Math.max(0, step - page.lastAccessStep);
}

export function emptyPagerState(capacity: number, mode: L1Mode = "strict"): PagerState {
  return { mode, capacity, pages: [], prefetched: [], evicted: [], comparing: null };
}

export function usedTokens(state: PagerState): number {
  let total = 0;
  for (const page of state.pages) {
    total += page.tokens;
  }
  return total;
}
