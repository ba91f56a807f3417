// compressConversation on the 60-turn fixture through the real Driver and the
// local endpoint's summarise policy (the deterministic stand-in).
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { refMatches } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  compressConversation,
  readSummaryBlock,
  SUMMARY_MARKER,
  summariserWindow,
  tailStart,
  type CompressionRun,
} from "../../../shared/compress/index.ts";
import { makeConversation, type ConversationFixture } from "../../../corpora/conversation.ts";
import { makeDriver, recordingDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");

async function compress(
  fixture: ConversationFixture,
  windowTokens = 8_192,
): Promise<CompressionRun> {
  const run = await compressConversation(fixture.messages, {
    tokenizer,
    client: makeDriver(),
    windowTokens,
  });
  if (!run.ok) {
    throw new Error(run.message);
  }
  return run.value;
}

function contentOf(run: CompressionRun, ref: string): string | undefined {
  return run.kept.find((k) => k.ref === ref)?.content;
}

describe("compressConversation on the 60-turn fixture", () => {
  it("reduces the compressed turns by 50 to 80 percent with map-reduce and reports it", async ({
    expect,
  }) => {
    const run = await compress(makeConversation());
    expect(run.method).toBe("map-reduce");
    expect(ReductionReportSchema.parse(run.report)).toEqual(run.report);
    expect(run.report.kind).toBe("summarise");
    expect(run.report.section).toBe("history");
    const reduction = 1 - run.report.post_tokens / run.report.pre_tokens;
    expect(reduction).toBeGreaterThanOrEqual(0.5);
    expect(reduction).toBeLessThanOrEqual(0.8);
    const summaryMessage = run.messages.find((m) => m.content?.startsWith(SUMMARY_MARKER));
    expect(summaryMessage && tokenizer.countMessage(summaryMessage)).toBe(run.report.post_tokens);
    expect(run.report.losses[0]).toMatch(/^58 turns summarised into \d+ cited bullets$/);
  });

  it("cites turns in every bullet, and every citation resolves byte-for-byte to its turn", async ({
    expect,
  }) => {
    const fixture = makeConversation();
    const run = await compress(fixture);
    expect(run.bullets.length).toBeGreaterThan(0);
    const block = readSummaryBlock(run.summary);
    expect(block.bullets).toEqual(run.bullets);
    for (const bullet of run.bullets) {
      expect(bullet.turns.length).toBeGreaterThan(0);
      for (const turn of bullet.turns) {
        const ref = block.refs.get(turn);
        expect(ref, `turn ${turn}`).toBeDefined();
        const original = fixture.messages[turn - 1]?.content;
        expect(contentOf(run, ref ?? "")).toBe(original);
        expect(refMatches(ref ?? "", original ?? "")).toBe(true);
        // The bullet's sentence comes from the turn it cites (the policy is extractive).
        expect(original).toContain(bullet.text.replace(/^Update: /, ""));
      }
    }
    expect(new Set(run.report.kept_refs)).toEqual(new Set(run.kept.map((k) => k.ref)));
  });

  it("keeps an index ref that maps every compressed turn to its ref", async ({ expect }) => {
    const fixture = makeConversation();
    const run = await compress(fixture);
    const index = readSummaryBlock(run.summary).index;
    const map = JSON.parse(contentOf(run, index ?? "") ?? "{}") as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(58);
    for (const [turn, ref] of Object.entries(map)) {
      expect(contentOf(run, ref)).toBe(fixture.messages[Number(turn) - 1]?.content);
    }
  });

  it("never compresses the system message or the last two human messages and what follows", async ({
    expect,
  }) => {
    const fixture = makeConversation();
    const run = await compress(fixture);
    const start = tailStart(fixture.messages);
    expect(fixture.messages[start]?.role).toBe("user");
    expect(fixture.messages.slice(start).filter((m) => m.role === "user")).toHaveLength(2);
    expect(run.messages[0]).toEqual(fixture.messages[0]);
    expect(run.messages.slice(2)).toEqual(fixture.messages.slice(start));
    expect(run.messages.at(-1)?.content).toBe(fixture.messages.at(-1)?.content);
    expect(run.messages[1]?.content?.startsWith(SUMMARY_MARKER)).toBe(true);
  });

  it("keeps the current value of every planted fact and drops the values it replaced", async ({
    expect,
  }) => {
    const fixture = makeConversation();
    const run = await compress(fixture);
    for (const fact of fixture.facts) {
      const current = fact.values.at(-1) ?? "";
      const about = run.bullets.filter((b) =>
        b.text.toLowerCase().includes(`the ${fact.subject} is`),
      );
      expect(about.map((b) => b.text).join(" | "), fact.subject).toContain(current);
      for (const old of fact.values.slice(0, -1)) {
        expect(
          about.some((b) => b.text.includes(old)),
          `${fact.subject} ${old}`,
        ).toBe(false);
      }
    }
  });

  it("is deterministic: the same conversation gives the same summary", async ({ expect }) => {
    const a = await compress(makeConversation({ seed: 11 }));
    const b = await compress(makeConversation({ seed: 11 }));
    expect(a.summary).toBe(b.summary);
    expect(a.report).toEqual(b.report);
  });

  it("does not change the messages it was given", async ({ expect }) => {
    const fixture = makeConversation();
    const before = structuredClone(fixture.messages);
    await compress(fixture);
    expect(fixture.messages).toEqual(before);
  });
});

describe("the summariser's window", () => {
  it("never sends a request past its window, chunking and reducing when the transcript is larger", async ({
    expect,
  }) => {
    const fixture = makeConversation({ seed: 3, turns: 80, filler: 4 });
    const windowTokens = 700;
    const { driver, requests } = recordingDriver();
    const run = await compressConversation(fixture.messages, {
      tokenizer,
      client: driver,
      windowTokens,
    });
    if (!run.ok) {
      throw new Error(run.message);
    }
    expect(run.value.method).toBe("map-reduce");
    const window = summariserWindow(windowTokens, tokenizer);
    const maps = requests.filter((r) => String(r.messages[0]?.content).includes("stage: map"));
    const reduces = requests.filter((r) =>
      String(r.messages[0]?.content).includes("stage: reduce"),
    );
    expect(maps.length).toBeGreaterThan(3);
    expect(reduces.length).toBeGreaterThan(0);
    for (const request of requests) {
      const prompt = tokenizer.countMessages(request.messages as ChatMessage[]);
      expect(prompt + (request.maxTokens ?? 0)).toBeLessThanOrEqual(windowTokens);
      expect(request.maxTokens).toBe(window?.answerTokens);
      expect(request.role).toBe("compression");
    }
    for (const fact of fixture.facts) {
      expect(run.value.summary).toContain(fact.values.at(-1) ?? "");
    }
  });

  it("splits one turn larger than the window and still cites it", async ({ expect }) => {
    const huge = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i} says the widget count is ${i * 3}.`,
    ).join("\n\n");
    const messages: ChatMessage[] = [
      { role: "system", content: "[MISSION] count widgets" },
      { role: "user", content: huge },
      { role: "assistant", content: "Noted." },
      { role: "user", content: "And now?" },
      { role: "assistant", content: "Still counting." },
      { role: "user", content: "Thanks." },
    ];
    const { driver, requests } = recordingDriver();
    const run = await compressConversation(messages, {
      tokenizer,
      client: driver,
      windowTokens: 1_024,
    });
    if (!run.ok) {
      throw new Error(run.message);
    }
    expect(run.value.method).toBe("map-reduce");
    for (const request of requests) {
      expect(
        tokenizer.countMessages(request.messages as ChatMessage[]) + (request.maxTokens ?? 0),
      ).toBeLessThanOrEqual(1_024);
    }
    expect(run.value.bullets.every((b) => b.turns.includes(2) || b.turns.includes(3))).toBe(true);
    expect(run.value.summary).toContain("the widget count is 1197");
  });

  it("refuses a window too small for the summariser's own prompt", async ({ expect }) => {
    const run = await compressConversation(makeConversation().messages, {
      tokenizer,
      client: makeDriver(),
      windowTokens: 100,
    });
    expect(run).toMatchObject({ ok: false, code: "WINDOW_TOO_SMALL" });
  });
});

describe("compressing without a summariser, and again", () => {
  it("truncates structurally to at most half the tokens, with previews that cite resolvable turns", async ({
    expect,
  }) => {
    const fixture = makeConversation();
    const run = await compressConversation(fixture.messages, { tokenizer });
    if (!run.ok) {
      throw new Error(run.message);
    }
    expect(run.value.method).toBe("structural");
    expect(run.value.report.kind).toBe("truncate");
    expect(run.value.report.post_tokens).toBeLessThanOrEqual(run.value.report.pre_tokens * 0.5);
    const block = readSummaryBlock(run.value.summary);
    for (const bullet of run.value.bullets) {
      const [turn] = bullet.turns;
      expect(contentOf(run.value, block.refs.get(turn ?? -1) ?? "")).toBe(
        fixture.messages[(turn ?? 0) - 1]?.content,
      );
    }
    expect(run.value.messages.at(-1)).toEqual(fixture.messages.at(-1));
  });

  it("carries an earlier summary's bullets and refs into the next one", async ({ expect }) => {
    const fixture = makeConversation();
    const first = await compress(fixture);
    const more: ChatMessage[] = [
      ...first.messages,
      { role: "assistant", content: "Update: the staging port is now 9443." },
      { role: "user", content: "Good." },
      { role: "assistant", content: "Anything else?" },
      { role: "user", content: "No." },
    ];
    // Transcript positions: the tail keeps its numbers, the new turns continue them.
    const start = tailStart(fixture.messages);
    const turnNumbers = more.map((_, i) => (i < 2 ? i + 1 : i - 2 + start + 1));
    const unnumbered = await compressConversation(more, { tokenizer, client: makeDriver() });
    expect(unnumbered).toMatchObject({ ok: false, code: "INVALID_OPTIONS" });
    const second = await compressConversation(more, {
      tokenizer,
      client: makeDriver(),
      turnNumbers,
    });
    if (!second.ok) {
      throw new Error(second.message);
    }
    const block = readSummaryBlock(second.value.summary);
    expect(second.value.summary).toContain("the staging port is now 9443");
    expect(second.value.summary).not.toContain("The staging port is 8443");
    expect(second.value.summary).toContain("Update: the invoice limit is now 5100 euros.");
    const earlier = readSummaryBlock(first.summary);
    for (const [turn, ref] of earlier.refs) {
      if (second.value.bullets.some((b) => b.turns.includes(turn))) {
        expect(block.refs.get(turn)).toBe(ref);
      }
    }
    const index = JSON.parse(
      second.value.kept.find((k) => k.ref === block.index)?.content ?? "{}",
    ) as Record<string, string>;
    expect(index.earlier).toBe(earlier.index);
  });

  it("keeps an earlier summary's bullets first when structural truncation re-compresses it", async ({
    expect,
  }) => {
    const fixture = makeConversation();
    const first = await compress(fixture);
    const more: ChatMessage[] = [
      ...first.messages,
      { role: "assistant", content: "Update: the staging port is now 9443." },
      { role: "user", content: "Good." },
      { role: "assistant", content: "Anything else?" },
      { role: "user", content: "No." },
    ];
    const start = tailStart(fixture.messages);
    const turnNumbers = more.map((_, i) => (i < 2 ? i + 1 : i - 2 + start + 1));
    // No summariser: structural truncation, as when the model fails during a compaction.
    const second = await compressConversation(more, { tokenizer, turnNumbers });
    if (!second.ok) {
      throw new Error(second.message);
    }
    expect(second.value.method).toBe("structural");
    const earlier = readSummaryBlock(first.summary);
    const texts = second.value.bullets.map((b) => b.text);
    // Half the input's tokens hold only some of them: those kept come first, in their
    // order, ahead of the new turns' previews; the rest are named as losses (their refs in the index).
    const fromEarlier = texts.filter((t) => earlier.bullets.some((b) => b.text === t));
    expect(fromEarlier.length).toBeGreaterThan(5);
    expect(texts.slice(0, fromEarlier.length)).toEqual(fromEarlier);
    expect(texts.slice(fromEarlier.length).join("\n")).toContain("9443");
    if (fromEarlier.length < earlier.bullets.length) {
      expect(second.value.report.losses.join("\n")).toContain("turns without a preview");
    }
  });

  it("leaves a conversation with only protected turns as it is", async ({ expect }) => {
    const messages: ChatMessage[] = [
      { role: "system", content: "s" },
      { role: "user", content: "a" },
      { role: "assistant", content: "b" },
      { role: "user", content: "c" },
    ];
    const run = await compressConversation(messages, { tokenizer, client: makeDriver() });
    expect(run).toMatchObject({ ok: true, value: { method: "none", messages, calls: 0 } });
  });

  it("refuses messages that are not chat messages", async ({ expect }) => {
    const run = await compressConversation([{ role: "robot", content: 1 }] as never, {
      tokenizer,
    });
    expect(run).toMatchObject({ ok: false, code: "INVALID_MESSAGES" });
  });
});
