// A session on a sharded hive (prepare.ts's hive sync): artifacts written to
// shards other than 0, before the session starts and between its steps, appear
// in the meta section of the envelope it builds (the stand-in model stages
// src/config.ts first), and its sync marker is the sum of the shards' heads.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { SessionConfigSchema } from "../../../../shared/session/config.ts";
import { makeArtifact, makeProvenance } from "../../../shared/hive/fixtures.ts";
import { declaredHive, keysOn } from "../../hive/shard-keys.ts";

type HiveStub = Awaited<ReturnType<typeof declaredHive>>["home"];

async function write(home: HiveStub, identifier: string, value: string): Promise<void> {
  const put = await home.put({
    idempotencyKey: identifier,
    artifact: makeArtifact({
      identifier,
      value,
      provenance: makeProvenance({ session: "s-other", agent: "other" }),
    }),
  });
  if (!put.ok) {
    throw new Error(put.message);
  }
}

/** The meta section of the envelope the session's last step built. */
async function metaOf(stub: ReturnType<typeof env.AgentSession.getByName>): Promise<string> {
  const envelope = await stub.envelope();
  const texts = envelope.ok ? envelope.value.messages.map((m) => String(m.content)) : [];
  return texts.find((t) => t.startsWith("[RELEVANT ARTIFACTS]")) ?? "";
}

describe("prepare on a sharded hive", () => {
  it("lists in the envelope's meta what was written to every shard, and notices a later write", async ({
    expect,
  }) => {
    const { name, home } = await declaredHive(4, "ps");
    await home.workspace().write({
      files: [{ path: "src/config.ts", content: "export const TIMEOUT = 30;\n" }],
      message: "fixture",
    });
    const [onOne] = keysOn(1, 4, 1, "note");
    const [onThree] = keysOn(3, 4, 1, "note");
    // Nothing on shard 0, the home: its log alone would say the hive never changed.
    await write(home, onOne ?? "", "from shard one");
    await write(home, onThree ?? "", "from shard three");
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const created = await stub.init(
      SessionConfigSchema.parse({
        hive: name,
        mission: "Find TIMEOUT in src/config.ts and save it as an artifact.",
        agent: "reader",
      }),
    );
    expect(created.ok).toBe(true);
    await stub.start();
    await runDurableObjectAlarm(stub);
    const first = await metaOf(stub);
    expect(first).toContain(`${onOne} = "from shard one"`);
    expect(first).toContain(`${onThree} = "from shard three"`);
    // The marker is the sum of the shards' heads: one event on shard 1's log, one on shard 3's.
    const state = await stub.state();
    expect(state.ok && state.value).toMatchObject({ hiveSeqSeen: 2, status: "running" });
    // A write landing on shard 2 between two steps reaches the next step's meta.
    const [onTwo] = keysOn(2, 4, 1, "note");
    await write(home, onTwo ?? "", "from shard two");
    await runDurableObjectAlarm(stub);
    expect(await metaOf(stub)).toContain(`${onTwo} = "from shard two"`);
    const after = await stub.state();
    expect(after.ok && after.value.hiveSeqSeen).toBe(3);
  });
});
