import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { compressEnvelope } from "../../../shared/context/envelope-compress.ts";
import {
  COMPRESS_AT,
  MAX_WINDOW_TURNS,
  buildEnvelope,
  TOOL_RESULT_HEADER,
  renderAnchor,
  type EnvelopeInput,
  type Turn,
} from "../../../shared/context/envelope.ts";
import type { Page } from "../../../shared/context/page.ts";
import { refFor } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import {
  emptyHitTracker,
  recordStep,
  sectionHashes,
} from "../../../shared/context/section-hits.ts";
import {
  REPLY_PRIMING_TOKENS,
  loadTokenizer,
  type Tokenizer,
} from "../../../shared/context/tokens.ts";
import { fenceData } from "../../../shared/context/untrusted.ts";

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await loadTokenizer("gpt-4o");
});

const makePage = (overrides: Partial<Page> = {}): Page => ({
  id: "src/a.ts",
  kind: "file",
  sourceRef: "file:src/a.ts",
  content: "export const a = 1;",
  tokens: 7,
  priority: 5,
  pinned: false,
  lastAccessStep: 1,
  ...overrides,
});

const makeHistory = (n: number): Turn[] =>
  Array.from({ length: n }, (_, i): Turn =>
    i % 2 === 0
      ? { role: "user", content: `step ${i}: look at file ${i}` }
      : { role: "assistant", content: `I read file ${i - 1}; next I will edit it.` },
  );

const makeInput = (overrides: Partial<EnvelopeInput> = {}): EnvelopeInput => ({
  system: "You are Lethe's coding agent. Context is evidence; artifacts are law.",
  static: [
    "Policy: never write outside the workspace.",
    '{"name":"read_file","parameters":{"path":"string"}}',
  ],
  meta: ["artifact plan#3: 1. fix parser 2. add tests"],
  pages: [makePage()],
  anchor: "Fix the failing parser test without changing its public API.",
  history: makeHistory(6),
  ...overrides,
});

describe("the envelope", () => {
  it("renders an unchanged input to byte-identical messages and hashes, and reports the hit rate", ({
    expect,
  }) => {
    const input = makeInput();
    const a = buildEnvelope(input, { tokenizer });
    const b = buildEnvelope(makeInput(), { tokenizer });
    expect(JSON.stringify(b.messages)).toBe(JSON.stringify(a.messages));
    let tracker = emptyHitTracker();
    tracker = recordStep(tracker, sectionHashes(a)).tracker;
    const second = recordStep(tracker, sectionHashes(b));
    expect(second.step.rate).toBe(1);
    const c = buildEnvelope(makeInput({ history: makeHistory(7) }), { tokenizer });
    const third = recordStep(second.tracker, sectionHashes(c));
    expect(third.step.changed).toEqual(["dynamic"]);
    expect(third.step.rate).toBe(0.75);
    expect(third.rate).toBeCloseTo(7 / 8);
  });

  it("always carries the task anchor and the last raw turn verbatim in dynamic", ({ expect }) => {
    const huge = `${"very long tool output line\n".repeat(3_000)}END`;
    const history: Turn[] = [...makeHistory(4), { role: "user", content: huge }];
    const envelope = buildEnvelope(makeInput({ history }), {
      tokenizer,
      budgets: { dynamic: 1_000 },
    });
    const dynamic = envelope.sections.dynamic.messages;
    expect(dynamic[0]?.content).toBe(renderAnchor(makeInput().anchor));
    expect(dynamic[dynamic.length - 1]?.content).toBe(huge);
    expect(envelope.needsCompression).toContain("dynamic");
  });

  it("reads a bounded window of recent turns and never starts it with an orphan tool result", ({
    expect,
  }) => {
    const history: Turn[] = makeHistory(10_000);
    history.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [1, 2, 3].map((i) => ({
          id: `c${i}`,
          type: "function" as const,
          function: { name: "read_file", arguments: "{}" },
        })),
      },
      ...[1, 2, 3].map((i): Turn => ({
        role: "tool",
        tool_call_id: `c${i}`,
        content: `file ${i}`,
      })),
    );
    for (const maxTurns of [0, 1, 2, 3, MAX_WINDOW_TURNS]) {
      const envelope = buildEnvelope(makeInput({ history }), { tokenizer, maxTurns });
      expect(envelope.window.turns).toBeLessThanOrEqual(Math.max(maxTurns, 4));
      const turns = envelope.sections.dynamic.messages.slice(2);
      expect(turns[0]?.role).not.toBe("tool");
      // The tool's output reaches the model fenced as data (shared/context/untrusted.ts).
      expect(turns[turns.length - 1]).toEqual({
        role: "tool",
        tool_call_id: "c3",
        content: fenceData(TOOL_RESULT_HEADER, "file 3"),
      });
    }
  });

  it("counts each section exactly and flags sections past 80% of their budget, never the system", ({
    expect,
  }) => {
    const envelope = buildEnvelope(makeInput({ system: "rule ".repeat(400) }), {
      tokenizer,
      budgets: { system: 100, static: 20 },
    });
    for (const section of Object.values(envelope.sections)) {
      expect(section.tokens, section.name).toBe(
        section.messages.length === 0
          ? 0
          : tokenizer.countMessages(section.messages) - REPLY_PRIMING_TOKENS,
      );
    }
    expect(envelope.sections.system.needsCompression).toBe(false);
    expect(envelope.sections.static.needsCompression).toBe(
      envelope.sections.static.tokens > COMPRESS_AT * 20,
    );
    expect(envelope.needsCompression).toContain("static");
  });

  it("counts turns exactly from the content counts the caller stored", ({ expect }) => {
    const history = makeHistory(9).map((turn) => ({
      ...turn,
      tokens: tokenizer.count(turn.content ?? ""),
    }));
    const withCounts = buildEnvelope(makeInput({ history }), { tokenizer });
    const without = buildEnvelope(makeInput(), { tokenizer });
    expect(withCounts.sections.dynamic.tokens).toBe(
      tokenizer.countMessages(withCounts.sections.dynamic.messages) - REPLY_PRIMING_TOKENS,
    );
    expect(withCounts.sections.dynamic.messages.some((m) => "tokens" in m)).toBe(false);
    expect(without.sections.dynamic.tokens).toBeLessThan(withCounts.sections.dynamic.tokens);
  });

  it("leaves no section over budget after compression, with every removed content kept by ref", ({
    expect,
  }) => {
    const item = fc
      .array(fc.constantFrom("policy ", "schema ", '{"a":1} ', "中文 ", "😀 ", "\n"), {
        maxLength: 300,
        size: "large",
      })
      .map((w) => w.join(""));
    const pageArb = fc.record({
      id: fc.uuid(),
      content: item,
      priority: fc.integer({ min: 0, max: 10 }),
      pinned: fc.constant(false),
      lastAccessStep: fc.integer({ min: 0, max: 20 }),
    });
    const compressedSections = new Set<string>();
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12, size: "large" }),
        fc.array(item, { maxLength: 12, size: "large" }),
        fc.array(pageArb, { maxLength: 10, size: "large" }),
        fc.integer({ min: 1, max: 60 }),
        fc.record({
          static: fc.integer({ min: 60, max: 1_500 }),
          meta: fc.integer({ min: 60, max: 1_500 }),
          dynamic: fc.integer({ min: 500, max: 3_000 }),
        }),
        (staticItems, metaItems, pageInputs, turns, budgets) => {
          const pages = pageInputs.map((p) =>
            makePage({ ...p, tokens: tokenizer.count(p.content) }),
          );
          const input = makeInput({
            static: staticItems,
            meta: metaItems,
            pages,
            history: makeHistory(turns),
          });
          const options = { tokenizer, budgets };
          const before = buildEnvelope(input, options);
          const compressed = compressEnvelope(input, before, options);
          for (const section of Object.values(compressed.envelope.sections)) {
            expect(section.tokens, section.name).toBeLessThanOrEqual(section.budget);
          }
          expect(compressed.envelope.sections.system.hash).toBe(before.sections.system.hash);
          for (const report of compressed.reports) {
            compressedSections.add(report.section);
            expect(ReductionReportSchema.safeParse(report).success).toBe(true);
            expect(report.post_tokens).toBeLessThan(report.pre_tokens);
          }
          for (const k of compressed.kept) {
            expect(refFor(k.content)).toBe(k.ref);
          }
          const gone = [...staticItems, ...metaItems].filter(
            (s) => !compressed.input.static.includes(s) && !compressed.input.meta.includes(s),
          );
          for (const content of gone) {
            const direct = compressed.kept.some((k) => k.content === content);
            const bundled = compressed.kept.some(
              (k) =>
                k.content.startsWith("[") && (JSON.parse(k.content) as string[]).includes(content),
            );
            expect(direct || bundled).toBe(true);
          }
          for (const id of compressed.unstagePageIds) {
            const page = pages.find((p) => p.id === id);
            expect(compressed.kept.some((k) => k.content === page?.content)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect([...compressedSections].sort()).toEqual(["dynamic", "meta", "static"]);
  });
});
