// The envelope's compression path: reduces every section that asked for it
// (past COMPRESS_AT of its budget) to COMPRESS_TARGET, keeping each removed
// content behind a ref. The system section is never touched.
import {
  buildEnvelope,
  type Envelope,
  type EnvelopeInput,
  type EnvelopeOptions,
  type SectionName,
} from "./envelope.ts";
import { offloadMarker } from "./output-gate.ts";
import { evictionScore, type Page } from "./page.ts";
import { keep, type KeptContent } from "./refs.ts";
import { reductionReport, type ReductionReport } from "./report.ts";

/** Compress to 60% of the budget: far enough under COMPRESS_AT that the next steps do not re-trigger it. */
export const COMPRESS_TARGET = 0.6;

export interface Compression {
  input: EnvelopeInput;
  envelope: Envelope;
  reports: ReductionReport[];
  kept: KeptContent[];
  /** L1 pages dropped from dynamic: the caller unstages them from the pager. */
  unstagePageIds: string[];
}

function target(envelope: Envelope, name: SectionName): number {
  return Math.floor(envelope.sections[name].budget * COMPRESS_TARGET);
}

function offloadItems(
  input: EnvelopeInput,
  name: "static" | "meta",
  options: EnvelopeOptions,
  kept: KeptContent[],
  losses: string[],
): EnvelopeInput {
  const items = [...input[name]];
  let current: EnvelopeInput = { ...input, [name]: items };
  let envelope = buildEnvelope(current, options);
  // Largest first: the fewest items lose their text.
  const order = items
    .map((item, i) => ({ i, tokens: options.tokenizer.countCached(item) }))
    .sort((a, b) => b.tokens - a.tokens || a.i - b.i);
  for (const { i, tokens } of order) {
    if (envelope.sections[name].tokens <= target(envelope, name)) {
      return current;
    }
    const original = items[i] ?? "";
    const k = keep(original);
    kept.push(k);
    losses.push(`${name} item ${i} offloaded (${tokens} tokens)`);
    items[i] = offloadMarker(k.ref, tokens);
    current = { ...input, [name]: [...items] };
    envelope = buildEnvelope(current, options);
  }
  if (envelope.sections[name].tokens > target(envelope, name)) {
    // Even the markers are too many: one marker for the whole section.
    const all = keep(JSON.stringify(input[name]));
    kept.push(all);
    losses.push(`${name}: all ${input[name].length} items offloaded together`);
    current = {
      ...input,
      [name]: [offloadMarker(all.ref, options.tokenizer.countCached(all.content))],
    };
  }
  return current;
}

function dropPages(
  input: EnvelopeInput,
  options: EnvelopeOptions,
  kept: KeptContent[],
  losses: string[],
  dropped: string[],
): EnvelopeInput {
  const now = input.pages.reduce((step, p) => Math.max(step, p.lastAccessStep), 0);
  const candidates = input.pages
    .filter((p) => !p.pinned)
    .sort(
      (a, b) =>
        evictionScore(a, now) - evictionScore(b, now) || a.lastAccessStep - b.lastAccessStep,
    );
  let pages: Page[] = [...input.pages];
  let current = input;
  for (const page of candidates) {
    const envelope = buildEnvelope(current, options);
    if (envelope.sections.dynamic.tokens <= target(envelope, "dynamic")) {
      break;
    }
    kept.push(keep(page.content));
    losses.push(`L1 ${page.kind} page ${page.id} left the envelope (${page.tokens} tokens)`);
    dropped.push(page.id);
    pages = pages.filter((p) => p.id !== page.id);
    current = { ...input, pages };
  }
  return current;
}

/** Compresses every section of `envelope` that needs it; returns the new input and envelope. */
export function compressEnvelope(
  input: EnvelopeInput,
  envelope: Envelope,
  options: EnvelopeOptions,
): Compression {
  let current = input;
  const reports: ReductionReport[] = [];
  const allKept: KeptContent[] = [];
  const unstagePageIds: string[] = [];
  for (const name of envelope.needsCompression) {
    if (name === "system") {
      continue;
    }
    const kept: KeptContent[] = [];
    const losses: string[] = [];
    const before = buildEnvelope(current, options).sections[name].tokens;
    const previous = current;
    const pageCount = unstagePageIds.length;
    current =
      name === "dynamic"
        ? dropPages(current, options, kept, losses, unstagePageIds)
        : offloadItems(current, name, options, kept, losses);
    const after = buildEnvelope(current, options).sections[name].tokens;
    if (after >= before) {
      // Markers can cost more than the short items they replace: keep the section as it was.
      current = previous;
      unstagePageIds.length = pageCount;
      continue;
    }
    if (losses.length > 0) {
      reports.push(
        reductionReport(
          name === "dynamic" ? "evict" : "offload",
          name,
          before,
          after,
          losses,
          kept.map((k) => k.ref),
        ),
      );
      allKept.push(...kept);
    }
  }
  return {
    input: current,
    envelope: buildEnvelope(current, options),
    reports,
    kept: allKept,
    unstagePageIds,
  };
}
