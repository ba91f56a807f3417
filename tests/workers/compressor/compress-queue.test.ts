// Background compaction through the lethe-jobs queue: the gateway's producer, the
// compressor's consumer, the MODEL binding, and the AgentSession that asked. The
// session keys a summary by the last turn it summarises: steps taken meanwhile keep
// it valid and the envelope shows it in place of those turns; a job delivered twice
// or after a rollback changes nothing.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, it } from "vitest";
import { queueReceipts } from "../../../shared/db/schema.ts";
import { readSummaryBlock } from "../../../shared/compress/block.ts";
import { encodeScript } from "../../../shared/model/script.ts";
import { SessionConfigSchema, type SessionConfigInput } from "../../../shared/session/config.ts";
import { makeConversation } from "../../fixtures/conversation.ts";

type Stub = ReturnType<typeof env.AgentSession.getByName>;
type TraceRow = { kind: string; data: unknown };

/** Waits for the consumer's receipt of job `id` (the queue delivers asynchronously). */
async function receipt(id: string) {
  const db = drizzle(env.DB);
  for (let i = 0; i < 600; i++) {
    const [row] = await db.select().from(queueReceipts).where(eq(queueReceipts.id, id));
    if (row) {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no receipt for job ${id}`);
}

/**
 * A session whose transcript is the 60-turn fixture (system message excluded), each
 * planted value also written as a `key: value` line the stand-in reads, at step 1.
 */
async function sessionWithHistory(overrides: Partial<SessionConfigInput> = {}) {
  const name = `c-${crypto.randomUUID()}`;
  const stub = env.AgentSession.getByName(name);
  const config = SessionConfigSchema.parse({
    hive: "demo",
    mission: "keep the figures",
    ...overrides,
  });
  const created = await stub.init(config);
  if (!created.ok) {
    throw new Error(created.message);
  }
  const fixture = makeConversation();
  const turns = fixture.messages
    .slice(1)
    .map((m) => ({ role: m.role as "user" | "assistant", content: m.content ?? "" }));
  for (const fact of fixture.facts) {
    fact.turns.forEach((turn, i) => {
      const t = turns[turn - 2];
      if (t !== undefined) {
        t.content += `\n${fact.subject.replaceAll(" ", "_")}: ${fact.values[i] ?? ""}`;
      }
    });
  }
  const stepped = await stub.step({ turns });
  if (!stepped.ok) {
    throw new Error(stepped.message);
  }
  return { name, stub };
}

async function compactions(stub: Stub) {
  // RPC types map the events' `data: unknown` to never; the rows are plain JSON.
  const events = (await stub.traceEvents(0, 1_000)) as unknown as TraceRow[];
  return events.filter((e) => e.kind === "compaction");
}

async function stepOf(stub: Stub): Promise<number> {
  const state = await stub.state();
  if (!state.ok) {
    throw new Error(state.message);
  }
  return state.value.step;
}

function job(session: string, basedOnStep: number) {
  return {
    type: "session.compact",
    id: crypto.randomUUID(),
    session,
    basedOnStep,
    sentAt: Date.now(),
  };
}

describe("the session.compact job", () => {
  it("summarises the session's transcript and hands the summary back to it", async ({ expect }) => {
    const { name, stub } = await sessionWithHistory();
    const sent = job(name, await stepOf(stub));
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toBe("session.compact:applied");
    const [event] = await compactions(stub);
    const data = event?.data as {
      summaryRef: string;
      method: string;
      basedOnStep: number;
      report: { pre_tokens: number; post_tokens: number; kept_refs: string[] };
      citations: { turn: number; ref: string }[];
    };
    expect(data.method).toBe("map-reduce");
    expect(data.basedOnStep).toBe(sent.basedOnStep);
    const summary = await stub.resolveRef(data.summaryRef);
    if (!summary.ok) {
      throw new Error(summary.message);
    }
    const block = readSummaryBlock(summary.value.content);
    expect(block.facts.length).toBeGreaterThan(3);
    const transcript = await stub.transcript(0, 500);
    if (!transcript.ok) {
      throw new Error(transcript.message);
    }
    // Every citation resolves, through the session, to the cited turn byte-for-byte.
    for (const line of [...block.facts, ...block.narrative]) {
      for (const turn of line.turns) {
        const resolved = await stub.resolveRef(block.refs.get(turn) ?? "");
        const row = transcript.value.turns.find((t) => t.depth === turn);
        expect(resolved.ok && resolved.value.content).toBe(row?.content);
      }
    }
    for (const ref of data.report.kept_refs) {
      expect((await stub.resolveRef(ref)).ok).toBe(true);
    }
    expect(data.report.post_tokens).toBeLessThan(data.report.pre_tokens * 0.5);
  });

  it("summarises only the turns after the last compaction, carrying its facts", async ({
    expect,
  }) => {
    const { name, stub } = await sessionWithHistory();
    const first = job(name, await stepOf(stub));
    await env.JOBS.send(first);
    expect((await receipt(first.id)).type).toBe("session.compact:applied");
    const later = [
      "Note for the runbook:\nstaging_bucket: lethe-staging-eu-7",
      "Noted: the staging bucket is lethe-staging-eu-7.",
      "And the deploy window is 02:00 UTC on Tuesdays.",
      "Understood.",
      "Thanks.",
      "You're welcome.",
      "Next question.",
    ].map((content, i) => ({
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content,
    }));
    expect((await stub.step({ turns: later })).ok).toBe(true);
    const second = job(name, await stepOf(stub));
    await env.JOBS.send(second);
    expect((await receipt(second.id)).type).toBe("session.compact:applied");
    const [one, two] = await compactions(stub);
    type Data = {
      summaryRef: string;
      depth: number;
      citations: { turn: number; ref: string }[];
      report: { pre_tokens: number; kept_refs: string[] };
    };
    const a = one?.data as Data;
    const b = two?.data as Data;
    const text = async (ref: string) => {
      const resolved = await stub.resolveRef(ref);
      if (!resolved.ok) {
        throw new Error(resolved.message);
      }
      return resolved.value.content;
    };
    const before = readSummaryBlock(await text(a.summaryRef));
    const after = readSummaryBlock(await text(b.summaryRef));
    expect(b.depth).toBeGreaterThan(a.depth);
    // The turns the first compaction covers are not read again: the second keeps only
    // the new turns' texts, and its input is the first summary plus those turns.
    const coveredRefs = new Set(before.refs.values());
    expect(b.report.kept_refs.filter((r) => coveredRefs.has(r))).toEqual([]);
    expect(b.report.pre_tokens).toBeLessThan(a.report.pre_tokens);
    // The first summary's facts carry over, their citations still resolving; the new fact joins them.
    const factsAfter = after.facts.map((x) => `${x.subject}: ${x.value}`);
    for (const fact of before.facts.filter((f) => f.status === "current")) {
      expect(factsAfter).toContain(`${fact.subject}: ${fact.value}`);
    }
    expect(factsAfter).toContain("staging_bucket: lethe-staging-eu-7");
    const transcript = await stub.transcript(0, 500);
    if (!transcript.ok) {
      throw new Error(transcript.message);
    }
    for (const line of [...after.facts, ...after.narrative]) {
      for (const turn of line.turns) {
        const row = transcript.value.turns.find((t) => t.depth === turn);
        expect(await text(after.refs.get(turn) ?? "")).toBe(row?.content);
      }
    }
    // The envelope shows the second summary in place of every covered turn.
    const envelope = await stub.envelope();
    if (!envelope.ok) {
      throw new Error(envelope.message);
    }
    const shown = envelope.value.messages.map((m) => String(m.content)).join("\n");
    // The second summary as stored (its index ref included), never the first.
    expect(shown).toContain(await text(b.summaryRef));
    expect(shown).toContain(`index: ${after.index ?? "(none)"}`);
    expect(shown).not.toContain(`index: ${before.index ?? "(none)"}`);
  });

  it("applies a job whose session moved on meanwhile, and the envelope shows the summary", async ({
    expect,
  }) => {
    const { name, stub } = await sessionWithHistory();
    const read = await stepOf(stub);
    const moved = await stub.step({ turns: [{ role: "user", content: "One more thing." }] });
    expect(moved.ok).toBe(true);
    const sent = job(name, read);
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toBe("session.compact:applied");
    const [event] = await compactions(stub);
    const data = event?.data as { summaryRef: string; depth: number; job: string };
    expect(data.job).toBe(sent.id);
    const envelope = await stub.envelope();
    if (!envelope.ok) {
      throw new Error(envelope.message);
    }
    const text = envelope.value.messages.map((m) => String(m.content)).join("\n");
    // The summary stands for the turns it covers, shown as stored; the turn after them
    // is there verbatim.
    const stored = await stub.resolveRef(data.summaryRef);
    if (!stored.ok) {
      throw new Error(stored.message);
    }
    expect(text).toContain("[CONVERSATION SUMMARY]");
    expect(text).toContain(stored.value.content);
    expect(text).toContain("One more thing.");
    // A second delivery of the same job changes nothing.
    const before = { state: await stub.state(), trace: await stub.traceEvents(0, 1_000) };
    await env.DB.prepare("DELETE FROM queue_receipts WHERE id = ?").bind(sent.id).run();
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toMatch(/^session\.compact:/);
    expect(await stub.state()).toEqual(before.state);
    expect(await compactions(stub)).toHaveLength(1);
  });

  it("is a no-op for a job sent before the session was rolled back past its step", async ({
    expect,
  }) => {
    const { name, stub } = await sessionWithHistory();
    const early = await stub.checkpoint("early");
    if (!early.ok) {
      throw new Error(early.message);
    }
    await stub.step({ turns: [{ role: "user", content: "A later turn." }] });
    const sent = job(name, await stepOf(stub));
    expect((await stub.rollback("early")).ok).toBe(true);
    const before = { state: await stub.state(), trace: await stub.traceEvents(0, 1_000) };
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toBe("session.compact:stale");
    expect(await stub.state()).toEqual(before.state);
    expect(await stub.traceEvents(0, 1_000)).toEqual(before.trace);
  });

  it("refuses a compaction whose kept content does not match its refs", async ({ expect }) => {
    const { stub } = await sessionWithHistory();
    const computed = await env.COMPRESSOR.summarise(makeConversation().messages, {});
    if (!computed.ok) {
      throw new Error(computed.message);
    }
    const { method, summary, citations, report } = computed.value;
    const kept = computed.value.kept.map((k, i) => (i === 0 ? { ...k, content: "forged" } : k));
    const applied = await stub.applyCompaction({
      basedOnStep: await stepOf(stub),
      method,
      summary,
      kept,
      citations,
      report,
    });
    expect(applied).toMatchObject({ ok: false, code: "INVALID_COMPACTION" });
    expect(await compactions(stub)).toEqual([]);
  });

  it("falls back to structural truncation when the session's model fails, still applied", async ({
    expect,
  }) => {
    const script = encodeScript([{ empty_choices: true }]);
    const { name, stub } = await sessionWithHistory({ script });
    const sent = job(name, await stepOf(stub));
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toBe("session.compact:applied");
    const [event] = await compactions(stub);
    const data = (event?.data ?? {}) as { method?: string };
    expect(data.method).toBe("structural");
    expect(JSON.stringify(data)).toContain("EMPTY_CHOICES");
  });

  it("acks a job for a session that does not exist", async ({ expect }) => {
    const sent = job(`nobody-${crypto.randomUUID()}`, 0);
    await env.JOBS.send(sent);
    expect((await receipt(sent.id)).type).toBe("session.compact:missing");
  });

  it("applies a job delivered twice once", async ({ expect }) => {
    const { stub } = await sessionWithHistory();
    const read = await stepOf(stub);
    const computed = await env.COMPRESSOR.summarise(makeConversation().messages, {});
    if (!computed.ok) {
      throw new Error(computed.message);
    }
    const { method, summary, kept, citations, report } = computed.value;
    const input = { basedOnStep: read, method, summary, kept, citations, report };
    // Delivered as the compressor delivers it: the job's id and the seq of the last
    // summarised turn as it read the transcript.
    const lastTurn = Math.max(...citations.map((c) => c.turn));
    const rows = await stub.transcript(0, 500);
    const seq = rows.ok ? (rows.value.turns.find((t) => t.depth === lastTurn)?.seq ?? 0) : 0;
    const delivery = { job: `twice-${crypto.randomUUID()}`, seq };
    const first = await stub.applyCompaction(input, delivery);
    expect(first.ok).toBe(true);
    const after = { state: await stub.state(), trace: await stub.traceEvents(0, 1_000) };
    const second = await stub.applyCompaction(input, delivery);
    expect(second).toEqual(first);
    expect(await stub.state()).toEqual(after.state);
    expect(await stub.traceEvents(0, 1_000)).toEqual(after.trace);
    expect(await compactions(stub)).toHaveLength(1);
  });

  it("refuses a job computed before the session was rolled back", async ({ expect }) => {
    const { stub } = await sessionWithHistory();
    const early = await stub.checkpoint("early");
    if (!early.ok) {
      throw new Error(early.message);
    }
    await stub.step({ turns: [{ role: "user", content: "A later turn." }] });
    const read = await stepOf(stub);
    const computed = await env.COMPRESSOR.summarise(makeConversation().messages, {});
    if (!computed.ok) {
      throw new Error(computed.message);
    }
    expect((await stub.rollback("early")).ok).toBe(true);
    const { method, summary, kept, citations, report } = computed.value;
    const applied = await stub.applyCompaction({
      basedOnStep: read,
      method,
      summary,
      kept,
      citations,
      report,
    });
    expect(applied).toMatchObject({ ok: false, code: "STALE_COMPACTION" });
    expect(await compactions(stub)).toEqual([]);
  });
});
