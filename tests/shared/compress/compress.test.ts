// compressConversation over the summariser contract: the requests a model gets,
// the block it yields (every citation resolving byte-for-byte), supersession and
// conflicts across map calls, the protected tail, the budget used (a larger one
// keeps more) and cuts reported with their refs; with the local stand-in and with
// a summariser that answers the contract as a model would.
import { describe, it } from "vitest";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { refMatches } from "../../../shared/context/refs.ts";
import { ReductionReportSchema } from "../../../shared/context/report.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import {
  compressConversation,
  readSummaryBlock,
  SUMMARY_MARKER,
  tailStart,
  type CompressionRun,
  type CompressOptions,
} from "../../../shared/compress/index.ts";
import {
  KNOWN_FACTS_HEADER,
  SummaryAnswerSchema,
  type SummaryAnswer,
} from "../../../shared/model/summarise-contract.ts";
import { SUMMARISE_MARKER } from "../../../shared/model/contracts.ts";
import { contractClient, makeDriver, recordingDriver } from "./summariser.ts";

const tokenizer = await loadTokenizer("gpt-4o");
const count = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);

const FILLER = "We went over the rota, the printer and the parking lot again in some detail.";

/** A conversation where `pool_max` is 20 early (JSON), then 30 (a diff), among filler. */
function conversation(turns = 80): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: "You keep the settings." }];
  for (let i = 0; i < turns; i++) {
    if (i === 5) {
      messages.push({
        role: "tool",
        tool_call_id: "c1",
        content: '{"pool_max": 20, "region": "eu-west-3"}',
      });
    } else if (i === 50) {
      messages.push({
        role: "user",
        content: "```diff\n-pool_max=20\n+pool_max=30\n```\nApplied.",
      });
    } else {
      messages.push({ role: i % 2 === 0 ? "user" : "assistant", content: `${FILLER} (${i})` });
    }
  }
  messages.push({ role: "user", content: "What next?" }, { role: "assistant", content: "Lunch." });
  messages.push({ role: "user", content: "Go." });
  return messages;
}

async function compress(
  messages: readonly ChatMessage[],
  options: Partial<CompressOptions> = {},
): Promise<CompressionRun> {
  const run = await compressConversation(messages, {
    tokenizer,
    client: makeDriver(),
    windowTokens: 8_192,
    ...options,
  });
  if (!run.ok) {
    throw new Error(`${run.code}: ${run.message}`);
  }
  return run.value;
}

/** A summariser that reads `name: value` out of turns written `SET name value`. */
const reader = (turns: { turn: number; text: string }[]): SummaryAnswer => ({
  facts: turns.flatMap((t) => {
    const m = /^SET (\S+) (\S+)/.exec(t.text);
    return m
      ? [{ subject: m[1] ?? "", value: m[2] ?? "", status: "current" as const, turns: [t.turn] }]
      : [];
  }),
  narrative: [],
});

describe("compressConversation over the contract", () => {
  it("asks with the contract's marker and each turn's role, and shows later calls the known facts", async ({
    expect,
  }) => {
    const { driver, requests } = recordingDriver();
    const run = await compress(conversation(), { client: driver, windowTokens: 1_024 });
    expect(run.method).toBe("map-reduce");
    expect(requests.length).toBeGreaterThan(1);
    const system = requests[0]?.messages[0]?.content;
    expect(typeof system === "string" && system.startsWith(SUMMARISE_MARKER)).toBe(true);
    const users = requests.map((r) => String(r.messages[1]?.content));
    expect(users[0]).toContain("[turn 7 tool] {");
    expect(users.slice(1).some((u) => u.startsWith(KNOWN_FACTS_HEADER))).toBe(true);
  });

  it("cites turns that resolve byte-for-byte, and an index ref maps every compressed turn", async ({
    expect,
  }) => {
    const messages = conversation();
    const run = await compress(messages);
    expect(ReductionReportSchema.parse(run.report)).toEqual(run.report);
    const block = readSummaryBlock(run.summary);
    const kept = new Map(run.kept.map((k) => [k.ref, k.content]));
    for (const line of run.lines) {
      for (const turn of line.turns) {
        const ref = block.refs.get(turn) ?? "";
        expect(kept.get(ref), `turn ${turn}`).toBe(messages[turn - 1]?.content);
        expect(refMatches(ref, kept.get(ref) ?? "")).toBe(true);
      }
    }
    const index = JSON.parse(kept.get(block.index ?? "") ?? "{}") as Record<string, string>;
    expect(Object.keys(index)).toHaveLength(run.citations.length);
    expect(new Set(run.report.kept_refs)).toEqual(new Set(run.kept.map((k) => k.ref)));
  });

  it("shows the stand-in's current value as current and the replaced one only as superseded", async ({
    expect,
  }) => {
    const run = await compress(conversation());
    expect(run.summary).toContain("- pool_max: 30 [turns: 52]");
    expect(run.summary).toMatch(
      /superseded \(old values, not current\):\n- pool_max: 20 \[turns: 7\]/,
    );
    expect(run.summary).toContain("- region: eu-west-3 [turns: 7]");
  });

  it("never compresses the system message, nor the last two human messages and what follows", async ({
    expect,
  }) => {
    const messages = conversation();
    const run = await compress(messages);
    const start = tailStart(messages);
    expect(run.messages[0]).toEqual(messages[0]);
    expect(run.messages[1]?.content?.startsWith(SUMMARY_MARKER)).toBe(true);
    expect(run.messages.slice(2)).toEqual(messages.slice(start));
  });

  it("supersedes across map calls by the later turn, and marks interleaved values as a conflict", async ({
    expect,
  }) => {
    const messages: ChatMessage[] = [{ role: "system", content: "s" }];
    const say = (content: string) =>
      messages.push({ role: "user", content }, { role: "assistant", content: FILLER });
    say("SET pool 20");
    say("SET ttl 5s");
    for (let i = 0; i < 60; i++) {
      say(`${FILLER} ${i}`);
    }
    say("SET pool 30");
    // A model that reads ttl 5s restated after 10s: the two values' turns interleave.
    const client = contractClient((turns) => {
      const answer = reader(turns);
      const again = turns.find((t) => t.text === "ttl is 5s again");
      return again === undefined
        ? answer
        : {
            ...answer,
            facts: [
              ...answer.facts,
              { subject: "ttl", value: "5s", status: "current", turns: [again.turn] },
            ],
          };
    });
    say("SET ttl 10s");
    say("ttl is 5s again");
    say("done");
    say("bye");
    const run = await compress(messages, { client, windowTokens: 1_024 });
    expect(client.requests.length).toBeGreaterThan(1);
    const pool = run.subjects.find((s) => s.key === "pool");
    expect(pool?.current?.value).toBe("30");
    expect(pool?.superseded.map((v) => v.value)).toEqual(["20"]);
    const ttl = run.subjects.find((s) => s.key === "ttl");
    expect(ttl?.current).toBeUndefined();
    expect(ttl?.conflict.map((c) => c.value).sort()).toEqual(["10s", "5s"]);
    expect(run.summary).toContain("conflicting (both values stand");
  });

  it("uses the budget: a larger one keeps more turns verbatim and more lines, none goes over", async ({
    expect,
  }) => {
    const messages = conversation(160);
    const small = await compress(messages, { budget: { ratio: 0.1 } });
    const large = await compress(messages, { budget: { ratio: 0.5 } });
    for (const run of [small, large]) {
      expect(run.budget.met).toBe(true);
      expect(count(run.messages)).toBeLessThanOrEqual(run.budget.target ?? 0);
    }
    expect(large.messages.length).toBeGreaterThan(small.messages.length);
    expect(large.summary).toMatch(/^verbatim: turns \d+-\d+ follow/m);
    expect(large.lines.length).toBeGreaterThanOrEqual(small.lines.length);
  });

  it("reports every cut turn with its ref and why", async ({ expect }) => {
    const run = await compress(conversation(160), { budget: { ratio: 0.1 } });
    const kept = new Map(run.kept.map((k) => [k.ref, k.content]));
    expect(run.cut.length).toBeGreaterThan(0);
    for (const cut of run.cut) {
      expect(refMatches(cut.ref, kept.get(cut.ref) ?? "")).toBe(true);
      expect(["uncited", "superseded", "over-budget"]).toContain(cut.why);
    }
  });

  it("carries an earlier summary's facts into the next compression, the later turn winning", async ({
    expect,
  }) => {
    const first = await compress(conversation());
    const numbers = first.messages.map((_, i) => i + 1);
    // The summary covers turns up to the tail; the next compression sees it first, then new turns.
    const start = tailStart(conversation());
    numbers.splice(2, numbers.length - 2, ...first.messages.slice(2).map((_, i) => start + 1 + i));
    const more: ChatMessage[] = [
      ...first.messages,
      ...Array.from({ length: 40 }, (_, i): ChatMessage => ({
        role: i % 2 === 0 ? "assistant" : "user",
        content: i === 10 ? "SET region us-east-2\nregion: us-east-2" : `${FILLER} (${i})`,
      })),
      { role: "user", content: "ok" },
      { role: "assistant", content: "ok" },
      { role: "user", content: "ok" },
    ];
    const turnNumbers = [...numbers, ...more.slice(numbers.length).map((_, i) => 1_000 + i)];
    const second = await compress(more, { turnNumbers });
    expect(second.summary).toContain("- pool_max: 30");
    expect(second.summary).toContain("- region: us-east-2");
    expect(second.subjects.find((s) => s.key === "region")?.superseded.map((v) => v.value)).toEqual(
      ["eu-west-3"],
    );
  });

  it("answers a contract the schema accepts, from the local stand-in", async ({ expect }) => {
    const client = makeDriver();
    const answer = await client.call({
      role: "compression",
      messages: [
        { role: "system", content: `${SUMMARISE_MARKER}\nstage: map` },
        { role: "user", content: "Turns:\n[turn 3 tool] POOL_MAX=20" },
      ],
    });
    expect(
      answer.ok && SummaryAnswerSchema.safeParse(JSON.parse(answer.value.content)).success,
    ).toBe(true);
  });
});
