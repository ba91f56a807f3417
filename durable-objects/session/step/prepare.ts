// Stage 1 of an agent step, prepare: the step context built once — the state and
// persona, the one tokenizer, the hive sync (meta, firewall), the workspace head,
// verify-first, the one history read and the one envelope the model will receive.
import { presetOf } from "../../../shared/governance/presets.ts";
import { metaLines } from "../../../shared/governance/meta.ts";
import { knowledgeMeta } from "../../../shared/memory/meta-items.ts";
import { modelDriver } from "../../../shared/driver/factory.ts";
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import type { SessionState } from "../../../shared/session/step.ts";
import type { StepDraft } from "./commit-step.ts";
import { readHistory, renderEnvelope, type EnvelopeView } from "../envelope-view.ts";
import {
  sessionHive,
  type HiveStub,
  type HiveView,
  type AgentStepHost,
  type StepContext,
  type StepExit,
} from "./context.ts";
import { haltExit } from "./exits.ts";
import type { StepMeter } from "./meter.ts";
import { verifyFirst } from "./verify-first.ts";
import { callTarget } from "../../../shared/base/rpc-target.ts";

/** Most artifacts the meta section lists (newest first); the rest stay searchable. */
export const MAX_META_ARTIFACTS = 40;

/**
 * Active artifacts of the hive when it changed since the session last looked, and
 * its firewall. `hiveSeqSeen` is the hive's sync marker (Hive.syncMarker): its
 * head, or over N shards the sum of every shard's head, so a commit on any shard is seen.
 */
async function syncHive(
  hive: HiveStub,
  session: string,
  config: SessionConfig,
  state: SessionState,
  tokenizer: Tokenizer,
): Promise<HiveView> {
  const [changes, firewall] = await Promise.all([
    hive.syncMarker(state.hiveSeqSeen),
    hive.firewall(),
  ]);
  // The hive's firewall.yaml, when it has one: every move of the step is admitted through it.
  const firewallText = firewall.ok && firewall.value !== null ? firewall.value.text : null;
  if (!changes.ok || !changes.value.changed) {
    return { hiveSeqSeen: state.hiveSeqSeen, meta: state.meta, artifacts: null, firewallText };
  }
  const listed = await hive.list({ status: "active", limit: 500 });
  const artifacts: Artifact[] = listed.ok ? listed.value.artifacts : [];
  return {
    hiveSeqSeen: changes.value.marker,
    meta: [
      ...metaLines(artifacts, MAX_META_ARTIFACTS, session),
      // Long-term knowledge (issue 21), within its share of the meta budget.
      ...(await knowledgeMeta(
        { memorySearch: (query) => callTarget(hive.memory(), (m) => m.search(query)) },
        config.mission,
        (text) => tokenizer.count(text),
      )),
    ],
    artifacts,
    firewallText,
  };
}

/** The id of the hive's workspace head, or null when it has no files yet. */
export async function workspaceHead(hive: HiveStub): Promise<string | null> {
  const head = await hive.workspace().manifest("head", undefined, 1);
  return head.ok ? head.value.id : null;
}

/** What the commit reuses from the step: its tokenizer and the envelope the model received. */
function receivedEnvelope(
  envelope: EnvelopeView,
  tokenizer: Tokenizer,
): NonNullable<StepDraft["received"]> {
  const hash = (name: string) => envelope.sections.find((x) => x.name === name)?.hash ?? "";
  return {
    tokenizer,
    sectionHashes: {
      system: hash("system"),
      static: hash("static"),
      meta: hash("meta"),
      dynamic: hash("dynamic"),
    },
    tokens: envelope.tokens,
    needsCompression: envelope.sections.filter((x) => x.needsCompression).map((x) => x.name),
    sectionTokens: Object.fromEntries(envelope.sections.map((x) => [x.name, x.tokens])),
  };
}

/**
 * Builds the step context, or says the step does not run: `exit` null when it
 * stops with nothing to commit (not running, or verify-first already committed).
 */
export async function prepare(
  host: AgentStepHost,
  config: SessionConfig,
  meter: StepMeter,
): Promise<{ ok: true; ctx: StepContext } | { ok: false; exit: StepExit | null }> {
  const started = Date.now();
  meter.begin("prepare");
  const state = host.store.state();
  const preset = presetOf(state.persona) ?? presetOf("code-agent");
  if (state.status !== "running" || !preset) {
    return { ok: false, exit: null };
  }
  const hive = sessionHive(host, config);
  const tokenizer = await meter.tokenizer(config.model);
  const synced = await syncHive(hive, host.name, config, state, tokenizer);
  const workspaceManifest = (await workspaceHead(hive)) ?? state.workspaceManifest ?? undefined;
  // The one driver factory: an endpoint, Workers AI, or the stand-in where it is allowed.
  const driver = modelDriver(host.env);
  if (!driver.ok) {
    const why = driver.hint === undefined ? driver.message : `${driver.message} (${driver.hint})`;
    return { ok: false, exit: haltExit(driver.code, why) };
  }
  if (
    preset.policies.includes("verify-first") &&
    (await verifyFirst(host, config, hive)) !== null
  ) {
    return { ok: false, exit: null };
  }
  // Scripted runs (tests, demos): the entry is the branch's model-call count.
  const modelCalls = (state.modelCalls ?? 0) + 1;
  const history = await meter.history(() => readHistory(host.store, (hash) => host.text(hash)));
  const envelope = await meter.envelope(() =>
    renderEnvelope(config, { ...state, meta: synced.meta }, history, tokenizer),
  );
  return {
    ok: true,
    ctx: {
      host,
      config,
      ports: {
        hive,
        router: host.env.ROUTER,
        gatekeeper: host.env.GATEKEEPER,
        jobs: host.env.JOBS,
        model: driver.value.driver,
      },
      meter,
      started,
      state,
      step: state.step + 1,
      startHead: host.store.head(),
      preset,
      tokenizer,
      hive: synced,
      workspaceManifest,
      modelCalls,
      metadata:
        config.script === undefined
          ? undefined
          : { lethe_script: config.script, lethe_script_index: String(modelCalls - 1) },
      history,
      envelope,
      received: receivedEnvelope(envelope, tokenizer),
    },
  };
}
