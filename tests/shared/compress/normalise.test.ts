// Prose normalisation before subject detection (shared/compress/normalise.ts):
// markdown emphasis, confirmed / unanswered / refused proposals, chatter glued to
// a statement; then through compressConversation with the local summariser: the
// last value stated is the one shown, the earlier ones only behind refs.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  compressConversation,
  confirmedProposals,
  normaliseProse,
  plainEmphasis,
  proposalStatement,
  sentenceSubject,
  splitGlued,
  subjectIndex,
  subjectOfText,
  summaryTextOf,
} from "../../../shared/compress/index.ts";
import { makeDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");

describe("markdown emphasis", () => {
  it("is dropped around subjects and values, list markers and snake_case stay", () => {
    expect(plainEmphasis("**queue drain window**: 45 s")).toBe("queue drain window: 45 s");
    expect(plainEmphasis("The __report owner__ is *Marisol*.")).toBe(
      "The report owner is Marisol.",
    );
    expect(plainEmphasis("~~old~~ value")).toBe("old value");
    expect(plainEmphasis("* item one\n* item two")).toBe("* item one\n* item two");
    expect(plainEmphasis("max_open_files and retry_limit")).toBe("max_open_files and retry_limit");
  });

  it("keys a bold subject like a plain one", () => {
    expect(sentenceSubject("**queue drain window**: 45 s")).toBe("queue drain window");
    expect(sentenceSubject("- __queue drain window__: 90 s (updated)")).toBe("queue drain window");
  });

  it("a 2 MB single message of bold markdown is normalised in linear time", () => {
    const message = "**bold** _it_ `code` **x**: 5 ".repeat(70_000);
    expect(message.length).toBeGreaterThan(2_000_000);
    const started = performance.now();
    const shown = summaryTextOf({ role: "user", content: message }, message);
    expect(shown.includes("**")).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("a proposal and its answer", () => {
  it("a confirmed proposal becomes a statement of the proposed value", () => {
    for (const reply of ["Yes, done.", "Done.", "Applied.", "Agreed.", "Changed it.", "Yep!"]) {
      expect(confirmedProposals(`Could you set the report owner to Marisol? ${reply}`)).toBe(
        `The report owner is Marisol. ${reply}`,
      );
    }
    expect(proposalStatement("Should the queue drain window be 90 s?")).toBe(
      "The queue drain window is 90 s.",
    );
    expect(proposalStatement("Can we make the queue drain window 90 s?")).toBe(
      "The queue drain window is 90 s.",
    );
    expect(proposalStatement("Can we bump the queue drain window from 45 s to 90 s?")).toBe(
      "The queue drain window is 90 s.",
    );
    expect(proposalStatement("How about 12 shards for the index shard count?")).toBe(
      "The index shard count is 12 shards.",
    );
  });

  it("an unanswered question states nothing", () => {
    const text = "Should we raise the queue drain window to 90 s? The build took 4 minutes.";
    expect(confirmedProposals(text)).toBe(text);
    expect(confirmedProposals("Can we make the queue drain window 90 s?")).toBe(
      "Can we make the queue drain window 90 s?",
    );
  });

  it("a refused proposal states nothing", () => {
    const text = "Should the queue drain window be 90 s? No, keep 45 s.";
    expect(confirmedProposals(text)).toBe(text);
    expect(confirmedProposals("Can we set the report owner to Marisol? Not yet.")).toContain("?");
    expect(
      confirmedProposals("Can we set the report owner to Marisol? Yes, but keep Ito."),
    ).toContain("?");
  });

  it("a question with no value proposes nothing, even when answered", () => {
    expect(confirmedProposals("Should we lower the queue drain window? Yes.")).toContain("?");
  });
});

describe("chatter glued to a statement", () => {
  it("goes on a line of its own at sentence ends, clause breaks and asides", () => {
    expect(splitGlued("The pool size is 7. i ran 3 suites.")).toBe(
      "The pool size is 7.\ni ran 3 suites.",
    );
    expect(splitGlued("The pool size is 7; I ran 3 suites")).toBe(
      "The pool size is 7\nI ran 3 suites",
    );
    expect(splitGlued("The pool size is 7 — we saw 4 spikes")).toBe(
      "The pool size is 7\nwe saw 4 spikes",
    );
    expect(splitGlued("The pool size is 7, so 2 nodes idle")).toBe(
      "The pool size is 7\n2 nodes idle",
    );
    expect(splitGlued("The pool size is 7 and then 2 nodes idle")).toBe(
      "The pool size is 7\n2 nodes idle",
    );
    expect(splitGlued("The pool size is 7 (I checked 3 dashboards).")).toBe(
      "The pool size is 7\n(I checked 3 dashboards).",
    );
    expect(splitGlued("pool size: 7 nodes Can you rerun the suite?")).toBe(
      "pool size: 7 nodes\nCan you rerun the suite?",
    );
  });

  it("a clause without a value stays with its neighbour; a history aside stays", () => {
    expect(splitGlued("The team revised the pool size; use 88 going forward.")).toBe(
      "The team revised the pool size; use 88 going forward.",
    );
    expect(splitGlued("Pool size — 16 nodes (as of Monday).")).toBe(
      "Pool size — 16 nodes (as of Monday).",
    );
    expect(splitGlued("pool size now 9 (previously 7).")).toBe("pool size now 9 (previously 7).");
    expect(splitGlued("See e.g. the pool size docs.")).toBe("See e.g. the pool size docs.");
  });

  it("'X is no longer A; it's V' keys X on both clauses", () => {
    const lines = normaliseProse("The report owner is no longer Ito; it's Marisol.").split("\n");
    const index = subjectIndex(lines);
    expect(subjectOfText(lines.join(" "), index)).toBe("report owner");
    expect(sentenceSubject("The report owner has changed; it is Marisol now.")).toBe(
      "report owner",
    );
  });
});

/** A conversation with `statements` early, then enough chatter to be compressed. */
function conversation(statements: readonly string[]): ChatMessage[] {
  const filler = Array.from({ length: 60 }, (_, i) => ({
    role: (i % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
    content: `Okay, running the suite again now. The build took about ${i + 3} minutes this time.`,
  }));
  return [
    { role: "system", content: "You are a helpful assistant." },
    ...statements.map((content, i) => ({
      role: (i % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
      content: `Good catch, I missed that entirely. ${content} Let's keep this small and ship it.`,
    })),
    ...filler,
  ];
}

async function summaryOf(messages: ChatMessage[]): Promise<string[]> {
  const run = await compressConversation(messages, {
    tokenizer,
    client: makeDriver(),
    windowTokens: 8_192,
    budget: { ratio: 0.25 },
  });
  if (!run.ok) {
    throw new Error(run.message);
  }
  // Lines shown as current: the "superseded" notes give turns, not values.
  return (run.value.messages[1]?.content ?? "")
    .split("\n")
    .filter((l) => !l.startsWith("superseded") && !l.startsWith("refs: "));
}

describe("the last value stated is current (compressConversation, local summariser)", () => {
  it("a confirmed proposal supersedes a bold statement; the old value is not shown", async () => {
    const lines = await summaryOf(
      conversation([
        "**queue drain window**: 45 s",
        "Can we make the queue drain window 90 s? Yes, applied.",
      ]),
    );
    const about = lines.filter((l) => l.toLowerCase().includes("queue drain window"));
    expect(about.join("\n")).toContain("90 s");
    expect(about.join("\n")).not.toContain("45 s");
  });

  it("a refused or unanswered proposal leaves the stated value current", async () => {
    const lines = await summaryOf(
      conversation([
        "The queue drain window is 45 s.",
        "Should the queue drain window be 90 s? No, keep 45 s.",
        "Could we set the queue drain window to 120 s?",
      ]),
    );
    const about = lines.filter((l) => /queue drain window (is|:)/i.test(l));
    expect(about.join("\n")).toContain("45 s");
    expect(about.join("\n")).not.toMatch(/\b(90|120) s\b/);
  });

  it("every earlier value of one subject is superseded, whatever its phrasing", async () => {
    const lines = await summaryOf(
      conversation([
        "**report owner**: Ito",
        "Kicking off with the report owner at Ruiz.",
        "report owner bumped: Ruiz ⇒ Okoro",
        "New value for the report owner: Marisol.",
      ]),
    );
    const about = lines.filter((l) => l.toLowerCase().includes("report owner")).join("\n");
    expect(about).toContain("Marisol");
    for (const old of ["Ito", "Ruiz"]) {
      expect(about).not.toContain(old);
    }
  });
});
