// A tool output larger than L1 on a running session (stand-in model): a 50k-token
// log staged by stage_context reaches the model as a digest within its budget,
// with its settings and last lines, and the ref it names gives back the whole text.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { digestBudget } from "../../shared/context/oversize.ts";
import { SessionConfigSchema } from "../../shared/session/config.ts";

const L1_TOKENS = 2_048;

function accessLog(lines: number): string {
  const out = Array.from(
    { length: lines },
    (_, i) =>
      `2026-11-22T0${Math.floor(i / 600)}:${String(Math.floor(i / 10) % 60).padStart(2, "0")}:00Z INFO api req=${(i * 2654435761) % 4294967296} path=/v1/items status=${i % 13 === 0 ? 503 : 200} ms=${(i * 37) % 400}`,
  );
  out[700] = "2026-11-22T01:10:00Z WARN api set RETRY_LIMIT = 4";
  out[1_500] = "2026-11-22T02:30:00Z WARN api set RETRY_LIMIT = 6";
  return `${out.join("\n")}\n`;
}

describe("a page larger than L1", () => {
  it("reaches the model as a digest within budget, its ref holding the whole text", async ({
    expect,
  }) => {
    const hive = `oversize-${crypto.randomUUID().slice(0, 8)}`;
    const log = accessLog(1_800);
    const written = await env.Hive.getByName(hive)
      .workspace()
      .write({ files: [{ path: "logs/api.log", content: log }], message: "fixture" });
    expect(written.ok).toBe(true);
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const created = await stub.init(
      SessionConfigSchema.parse({
        hive,
        mission: "Find RETRY_LIMIT in logs/api.log and save it.",
        l1Tokens: L1_TOKENS,
      }),
    );
    expect(created.ok).toBe(true);
    expect((await stub.start()).ok).toBe(true);
    let staged: { step: number; data: Record<string, unknown> } | undefined;
    for (let i = 0; i < 6 && staged === undefined; i++) {
      await runDurableObjectAlarm(stub);
      staged = (await stub.traceEvents(0, 200)).find(
        (e) => e.kind === "tool" && e.data.tool === "stage_context",
      );
    }
    expect(staged).toBeDefined();
    const received = await stub.envelope(staged?.step);
    if (!received.ok) {
      throw new Error(received.message);
    }
    const texts = received.value.messages.map((m) => String(m.content ?? ""));
    const page = texts.find((t) => t.includes("[DIGEST] logs/api.log:"));
    expect(page).toBeDefined();
    // The whole log is ~60k tokens; the model got the digest and the rest of its prompt.
    expect(received.value.tokens).toBeLessThan(L1_TOKENS + 3_000);
    const digest = (page ?? "").slice((page ?? "").indexOf("[DIGEST]"));
    expect(digest).toContain("  701: 2026-11-22T01:10:00Z WARN api set RETRY_LIMIT = 4");
    expect(digest).toContain("  1501: 2026-11-22T02:30:00Z WARN api set RETRY_LIMIT = 6");
    expect(digest).toContain(`  1800: ${log.trimEnd().split("\n").at(-1)}`);
    expect(digest.length).toBeLessThan(digestBudget(L1_TOKENS) * 8);
    // The tool's result in the transcript says what happened and names the same ref.
    const ref = /The whole text is (ref:[0-9a-f]{32})/.exec(digest)?.[1] ?? "";
    expect(texts.some((t) => t.includes(`[DIGEST] logs/api.log has`) && t.includes(ref))).toBe(
      true,
    );
    const whole = await stub.resolveRef(ref);
    // A file page holds its lines without the final newline.
    expect(whole.ok && whole.value.content).toBe(log.trimEnd());
  });
});
