// The agent loop: one durable step per alarm. Build the envelope, route the
// tools, call the model, admit the move, run the tool, gate its output, apply
// its effects, update L1, commit a checkpoint, sync the hive, stream the step.
// A crash anywhere before the commit re-runs the step from the last commit
// (alarms are retried); the hive write is idempotent per (session, step).
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { presetOf, type Preset } from "../../shared/agent/presets.ts";
import { applyPolicies } from "../../shared/agent/policies.ts";
import { assessmentPrompt, parseAssessment } from "../../shared/agent/assessment.ts";
import { metaLines, metaUse } from "../../shared/agent/meta.ts";
import { knowledgeMeta } from "../../shared/memory/meta-items.ts";
import { Driver } from "../../shared/driver/driver.ts";
import { driverConfigFromEnv } from "../../shared/driver/config.ts";
import { findGrant } from "../../shared/gatekeeper/permissions.ts";
import { gateToolOutput } from "../../shared/gatekeeper/output.ts";
import { cleanMove, redactDeep } from "../../shared/gatekeeper/clean-room.ts";
import { vouch } from "./vouch.ts";
import { redactSecrets, redactValue } from "../../shared/gatekeeper/redact.ts";
import { recordToolResult, MAX_CONSECUTIVE_ERRORS } from "../../shared/gatekeeper/state.ts";
import type { ChatMessage } from "../../shared/context/messages.ts";
import { pruneForRetry } from "../../shared/context/prune.ts";
import { keep } from "../../shared/context/refs.ts";
import type { PagerOp } from "../../shared/context/page.ts";
import type { Artifact } from "../../shared/hive/artifact.ts";
import { valueInText } from "../../shared/workspace/evidence.ts";
import { citedLines, parseCitation } from "../../shared/workspace/provenance.ts";
import type { StaleArtifact } from "../hive/workspace.ts";
import type { SessionConfig } from "../../shared/session/config.ts";
import type { MissionOutcome, PendingHuman, SessionState } from "../../shared/session/step.ts";
import {
  DOMAINS,
  TOOL_CATALOGUE,
  toolDefinition,
  type ToolDefinition,
} from "../../shared/tools/catalogue.ts";
import type { ToolOutcome } from "../../shared/tools/context.ts";
import { runTool } from "../../shared/tools/run/index.ts";
import { renderEnvelope, readHistory, type EnvelopeView } from "./envelope-view.ts";
import { commitDraft, type StepDraft, type StepHost } from "./step-runner.ts";
import { makeToolReads } from "./tool-reads.ts";
import { rollbackWithFiles } from "./restore-files.ts";
import { loadTokenizer, type Tokenizer } from "../../shared/context/tokens.ts";
import { StepMeter } from "./step/meter.ts";
import { settleSpeculation, speculate } from "./overlay.ts";
import {
  collectGarbage,
  GC_POLICY,
  unreachableFiles,
  type Collected,
} from "../../shared/session/gc.ts";

/**
 * Domains offered at every step whatever the router says: the protocol (stage,
 * extract into artifacts, forget: LETHE_PROTOCOL tells every model to) and the way out.
 */
const ALWAYS_OFFERED_DOMAINS: ReadonlySet<string> = new Set(["context", "artifacts", "control"]);

/** Retries of a failed tool from the previous checkpoint before the session halts. */
export const MAX_AUTOFIX_ATTEMPTS = 2;

/** Most artifacts the meta section lists (newest first); the rest stay searchable. */
export const MAX_META_ARTIFACTS = 40;

export interface LoopHost extends StepHost {
  env: Env;
  name: string;
  text(hash: string): Promise<string | null>;
}

export type LoopOutcome = "continue" | "stop";

function allowedTools(preset: Preset, routed: readonly ToolDefinition[]): ToolDefinition[] {
  return routed.filter((d) => {
    const spec = TOOL_CATALOGUE.find((t) => t.name === d.function.name);
    return (
      spec !== undefined &&
      findGrant(preset.grants, { service: spec.domain, method: spec.name }) !== undefined
    );
  });
}

function driverFor(host: LoopHost) {
  const env = host.env as unknown as Record<string, unknown>;
  const config = driverConfigFromEnv(env as Record<string, string | undefined>);
  if (!config.ok) {
    return config;
  }
  const external = typeof env.LETHE_MODEL_BASE_URL === "string" && env.LETHE_MODEL_BASE_URL !== "";
  // Without a configured endpoint the model is the cluster's local one, over its binding.
  const fetch = external
    ? undefined
    : (input: string | URL | Request, init?: RequestInit) =>
        host.env.MODEL.fetch(new Request(input, init));
  return { ok: true as const, value: new Driver(config.value, fetch ? { fetch } : {}) };
}

/**
 * Tools that cannot do anything in this state are not offered (their schemas cost
 * prompt tokens on every call): unstage with nothing unpinned in L1, read_ref (a
 * slice of a large payload) when the last result names no reference.
 */
function usefulNow(tool: string, state: SessionState, lastTurn: string): boolean {
  switch (tool) {
    case "unstage_context":
      return state.pager.pages.some((p) => !p.pinned);
    case "read_ref":
      // A ref the model can name is in the last result; stage_context {ref} is always there.
      return lastTurn.includes("ref:");
    default:
      return true;
  }
}

/** Active artifacts of the hive when it changed since the session last looked. */
async function syncHive(
  host: LoopHost,
  config: SessionConfig,
  state: SessionState,
  tokenizer: Tokenizer,
) {
  const hive = host.env.Hive.getByName(config.hive);
  const [changes, firewall] = await Promise.all([
    hive.changesSince(state.hiveSeqSeen, 1_000),
    hive.firewall(),
  ]);
  // The hive's firewall.yaml, when it has one: every move of the step is admitted through it.
  const firewallText = firewall.ok && firewall.value !== null ? firewall.value.text : null;
  if (!changes.ok || changes.value.events.length === 0) {
    return { hiveSeqSeen: state.hiveSeqSeen, meta: state.meta, artifacts: null, firewallText };
  }
  const listed = await hive.list({ status: "active", limit: 500 });
  const artifacts: Artifact[] = listed.ok ? listed.value.artifacts : [];
  return {
    hiveSeqSeen: changes.value.head,
    meta: [
      ...metaLines(artifacts, MAX_META_ARTIFACTS),
      // Long-term knowledge (issue 21), within its share of the meta budget.
      ...(await knowledgeMeta(hive, config.mission, (text) => tokenizer.count(text))),
    ],
    artifacts,
    firewallText,
  };
}

function stepTurns(step: number, tool: string, args: unknown, rationale: string, output: string) {
  const id = `call-${step}`;
  return [
    {
      role: "assistant" as const,
      content: rationale,
      toolCalls: [
        {
          id,
          type: "function" as const,
          function: { name: tool, arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool" as const, content: output, toolCallId: id },
  ];
}

/** Commits a draft; if the pager refuses the tool's L1 operations, commits without them and says why. */
async function commit(host: LoopHost, config: SessionConfig, proposed: StepDraft) {
  // A speculative session's overlay is committed or discarded when the mission ends.
  const draft = await settleSpeculation(host, config, proposed);
  const first = await commitDraft(host, config, draft);
  if (first.ok || draft.ops.length === 0) {
    return first;
  }
  const turns = draft.turns.map((t, i) =>
    i === draft.turns.length - 1
      ? {
          ...t,
          content: `${t.content}\n[L1 REFUSED] ${first.message}${first.hint ? `\n[HINT] ${first.hint}` : ""}`,
        }
      : t,
  );
  return commitDraft(host, config, { ...draft, ops: [], turns });
}

/** What the commit reuses from the step: its tokenizer and the envelope the model received. */
function receivedEnvelope(envelope: EnvelopeView, tokenizer: Tokenizer): StepDraft["received"] {
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

/** Adds the envelope's compaction to a step draft: kept content and one trace event. */
function withCompaction(draft: StepDraft, compaction: EnvelopeView["compaction"]): StepDraft {
  if (compaction === null) {
    return draft;
  }
  return {
    ...draft,
    kept: [...(draft.kept ?? []), ...compaction.kept.map((k) => ({ ...k, kind: "compaction" }))],
    trace: [
      ...(draft.trace ?? []),
      {
        kind: "compaction",
        data: {
          tokensBefore: compaction.tokensBefore,
          tokensAfter: compaction.tokensAfter,
          sections: compaction.reports.map((r) => r.section),
          refs: compaction.kept.map((k) => k.ref),
        },
      },
    ],
  };
}

/** Runs one step of the mission. Returns whether another step should follow. */
export async function runAgentStep(host: LoopHost, config: SessionConfig): Promise<LoopOutcome> {
  const started = Date.now();
  // Stage timings and load counts, recorded on the step's trace entry (step/meter.ts).
  const meter = new StepMeter();
  meter.begin("prepare");
  const state = host.store.state();
  if (state.status !== "running") {
    return "stop";
  }
  const step = state.step + 1;
  const startHead = host.store.head();
  const preset = presetOf(state.persona) ?? presetOf("code-agent");
  if (!preset) {
    return "stop";
  }
  const tokenizer = await meter.tokenizer(config.model);
  const synced = await syncHive(host, config, state, tokenizer);
  // The workspace version this step sees: checkpoints point at it.
  let workspaceManifest =
    (await workspaceHead(host, config)) ?? state.workspaceManifest ?? undefined;
  let written = state.written;
  const driver = driverFor(host);
  if (!driver.ok) {
    await commit(host, config, {
      turns: [],
      ops: [],
      patch: {
        status: "halted",
        outcome: { status: "halted", summary: driver.message, reason: driver.code },
      },
      trace: [{ kind: "halt", data: { reason: driver.code, message: driver.message } }],
    });
    return "stop";
  }
  if (preset.policies.includes("verify-first")) {
    const contradiction = await verifyFirst(host, config);
    if (contradiction !== null) {
      return "stop";
    }
  }
  // Scripted runs (tests, demos): the entry is the branch's model-call count.
  const modelCalls = (state.modelCalls ?? 0) + 1;
  const metadata =
    config.script === undefined
      ? undefined
      : { lethe_script: config.script, lethe_script_index: String(modelCalls - 1) };
  const history = await meter.history(() => readHistory(host.store, (hash) => host.text(hash)));
  const envelope = await meter.envelope(() =>
    renderEnvelope(config, { ...state, meta: synced.meta }, history, tokenizer),
  );
  // Every exit of the step commits through here: a compaction of this envelope is
  // recorded with it (its reports in the trace, what left the envelope under refs).
  const received = receivedEnvelope(envelope, tokenizer);
  const commitStep = (draft: StepDraft) =>
    commit(host, config, { ...withCompaction(draft, envelope.compaction), meter, received });

  // The step budget forces a tool-free self-assessment.
  if (state.step >= config.stepBudget) {
    const answer = await driver.value.call({
      role: "agent",
      messages: [
        ...(envelope.messages as ChatCompletionMessageParam[]),
        { role: "user", content: assessmentPrompt(config.stepBudget) },
      ],
      jsonMode: true,
      ...(metadata ? { metadata } : {}),
    });
    const claimed = parseAssessment(answer.ok ? answer.value.content : "");
    const outcome: MissionOutcome = await vouch(host, config, claimed, history, state.written);
    await commitStep({
      turns: [
        { role: "assistant", content: `[SELF-ASSESSMENT] ${outcome.status}: ${outcome.summary}` },
      ],
      ops: [],
      hiveSeqSeen: synced.hiveSeqSeen,
      patch: { meta: synced.meta, modelCalls, status: "finished", outcome },
      trace: [{ kind: "assessment", data: { ...outcome, elapsedMs: Date.now() - started } }],
    });
    return "stop";
  }

  // Route: the mission and the last result say what this step is about.
  meter.begin("route");
  const lastTurn = history.at(-1)?.content ?? "";
  const intent = `${config.mission}\n${lastTurn}`.slice(0, 2_000);
  // The loop always offers the protocol's own domains, so the router chooses among the rest.
  const routed = await host.env.ROUTER.route({
    intent,
    domains: DOMAINS.map((d) => d.name).filter((d) => !ALWAYS_OFFERED_DOMAINS.has(d)),
    // The router's log lines carry the step's ids (shared/log.ts).
    context: { hive: config.hive.slice(0, 128), session: host.name.slice(0, 128), step },
  });
  // The context and artifact tools are Lethe's protocol itself: always offered.
  const routedTools = routed.ok ? routed.value.tools : TOOL_CATALOGUE.map(toolDefinition);
  const protocolTools = TOOL_CATALOGUE.filter(
    (t) =>
      ALWAYS_OFFERED_DOMAINS.has(t.domain) && !routedTools.some((d) => d.function.name === t.name),
  ).map(toolDefinition);
  const tools = allowedTools(preset, [...protocolTools, ...routedTools]).filter((d) =>
    usefulNow(d.function.name, state, lastTurn),
  );

  meter.begin("model");
  const move = await driver.value.move({
    role: "agent",
    messages: envelope.messages as ChatCompletionMessageParam[],
    tools: tools as never,
    ...(metadata ? { metadata } : {}),
  });
  const usage = move.ok ? move.value.answer.usage : move.usage;
  const baseTrace = {
    step,
    elapsedMs: 0,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    costUsd: usage.costUsd,
    route: routed.ok ? routed.value.method : "unavailable",
    tools: tools.map((t) => t.function.name),
  };

  if (!move.ok) {
    const gatekeeper = recordToolResult(state.gatekeeper, false);
    const halt = gatekeeper.consecutiveErrors >= MAX_CONSECUTIVE_ERRORS;
    const note = `[MODEL ERROR] ${move.code}: ${move.message}${move.hint ? `\n[HINT] ${move.hint}` : ""}`;
    await commitStep({
      turns: [{ role: "user", content: note }],
      ops: [],
      hiveSeqSeen: synced.hiveSeqSeen,
      // Clean room: an unparseable answer is kept for debugging, never with a secret in it.
      kept: move.raw
        ? [{ ...keep(preset.cleanRoom ? redactDeep(move.raw).text : move.raw), kind: "raw_answer" }]
        : [],
      patch: {
        meta: synced.meta,
        modelCalls,
        gatekeeper,
        ...(halt
          ? {
              status: "halted" as const,
              outcome: {
                status: "halted" as const,
                summary: note,
                reason: "model errors in a row",
              },
            }
          : {}),
      },
      trace: [
        { kind: "model_error", data: { ...baseTrace, code: move.code, rawRef: move.rawRef } },
      ],
    });
    return halt ? "stop" : "continue";
  }

  // Clean room: a secret in the move's arguments, rationale or answer never enters the session.
  const healed = preset.cleanRoom ? cleanMove(move.value.move).move : move.value.move;
  // Meta items the model used: named in its move (the meta hit rate's numerator).
  if (received !== undefined) {
    received.metaUse = metaUse(synced.meta, JSON.stringify(healed));
  }
  if (healed.kind === "final") {
    const claimed: MissionOutcome = { status: "achieved", summary: healed.answer };
    const outcome = await vouch(host, config, claimed, history, state.written);
    await commitStep({
      turns: [{ role: "assistant", content: healed.answer }],
      ops: [],
      hiveSeqSeen: synced.hiveSeqSeen,
      patch: { meta: synced.meta, modelCalls, status: "finished", outcome },
      trace: [{ kind: "final", data: { ...baseTrace, elapsedMs: Date.now() - started } }],
    });
    return "stop";
  }

  meter.begin("admit");
  const admission = await host.env.GATEKEEPER.admit({
    move: { tool: healed.tool, args: healed.args as never },
    state: state.gatekeeper,
    persona: { name: preset.name, grants: preset.grants },
    roots: config.roots ?? ["."],
    skills: config.skills ?? [],
    ...(synced.firewallText === null ? {} : { firewall: synced.firewallText }),
    now: Date.now(),
  });
  if (!admission.ok) {
    const note = `[GATEWAY ERROR] ${admission.code}: ${admission.message}`;
    await commitStep({
      turns: stepTurns(step, healed.tool, healed.args, healed.rationale ?? "", note),
      ops: [],
      hiveSeqSeen: synced.hiveSeqSeen,
      patch: {
        meta: synced.meta,
        modelCalls,
        gatekeeper: recordToolResult(state.gatekeeper, false),
      },
      trace: [{ kind: "gateway_error", data: { ...baseTrace, code: admission.code } }],
    });
    return "continue";
  }
  const { verdict: raw, state: gatekeeper } = admission.value;
  const approvedNow =
    raw.verdict === "ask" &&
    state.approved !== null &&
    state.approved.tool === healed.tool &&
    state.approved.args === JSON.stringify(raw.pending?.args ?? healed.args);
  // A person approved exactly this move: the ASK is answered, the move runs once.
  const verdict = approvedNow
    ? { ...raw, verdict: "allow" as const, args: raw.pending?.args ?? raw.args }
    : raw;
  if (verdict.verdict !== "allow") {
    const pending: PendingHuman | null =
      verdict.verdict === "ask" && verdict.pending
        ? {
            kind: "decision",
            question: `${healed.tool} needs approval: ${verdict.reason}`,
            decisionId: verdict.pending.decisionId,
            tool: healed.tool,
            args: JSON.stringify(verdict.pending.args),
            expiresAt: verdict.pending.expiresAt,
          }
        : verdict.escalate
          ? { kind: "question", question: `${verdict.reason}. How should the agent continue?` }
          : null;
    // Failure taxonomy: thrash and deadlock are recovered like a failed tool (travel
    // back to before the failure began, prune, a lesson), at most twice, then halt.
    const failure = verdict.failure;
    const givingUpOn = failure !== undefined && state.autofix >= MAX_AUTOFIX_ATTEMPTS;
    const refused = await commitStep({
      turns: stepTurns(
        step,
        healed.tool,
        healed.args,
        healed.rationale ?? "",
        verdict.message ?? verdict.reason,
      ),
      ops: [],
      hiveSeqSeen: synced.hiveSeqSeen,
      patch: {
        meta: synced.meta,
        modelCalls,
        // A move waiting for a person did not happen: the repeat checks must not count it,
        // or its approved re-run would look like the same call twice in a row.
        gatekeeper: pending?.kind === "decision" ? state.gatekeeper : gatekeeper,
        ...(pending ? { status: "paused" as const, pending } : {}),
        ...(givingUpOn
          ? {
              status: "halted" as const,
              outcome: {
                status: "halted" as const,
                summary: `${failure.kind} persisted after ${state.autofix} recoveries: ${verdict.reason}`,
                reason: failure.kind,
              },
            }
          : {}),
      },
      trace: [
        {
          kind: "refused",
          data: { ...baseTrace, tool: healed.tool, verdict: verdict.verdict, rule: verdict.rule },
        },
        ...(failure === undefined
          ? []
          : [
              {
                kind: `failure/${failure.kind}`,
                data: { moves: failure.moves, fromMove: failure.fromMove, reason: verdict.reason },
              },
            ]),
      ],
    });
    if (failure !== undefined && !givingUpOn && refused.ok) {
      const before = checkpointBeforeMove(host, failure.fromMove);
      if (before !== null) {
        await recoverFrom(host, config, before, envelope.messages, {
          modelCalls,
          attempt: state.autofix + 1,
          tool: failure.kind,
          error: verdict.reason,
        });
      }
      return "continue";
    }
    return pending || givingUpOn ? "stop" : "continue";
  }

  const args = verdict.args ?? healed.args;
  meter.begin("tool");
  const reads = makeToolReads(host, config, state, step);
  let outcome: ToolOutcome = await runTool(healed.tool, args, reads);
  const contracts = (synced.artifacts ?? (await reads.contracts())).filter(
    (a) => a.kind === "contract",
  );
  const forced = applyPolicies({
    policies: preset.policies,
    tool: healed.tool,
    outcome,
    contracts,
    unpinnedPages: state.pager.pages.filter((p) => !p.pinned).map((p) => p.id),
  });
  if (forced) {
    outcome = forced.outcome;
  }

  // Effects: the hive first (idempotent per step), then the step's commit.
  meter.begin("effects");
  let output = outcome.output;
  // Clean room: what enters L1 (and so every checkpoint) is redacted first.
  let ops: PagerOp[] = preset.cleanRoom
    ? outcome.pagerOps.map((op) =>
        op.type === "stage" || op.type === "prefetch"
          ? { ...op, page: { ...op.page, content: redactSecrets(op.page.content).text } }
          : op,
      )
    : outcome.pagerOps;
  let failed = outcome.error;
  if (outcome.artifacts.length > 0) {
    const written = await host.env.Hive.getByName(config.hive).commit({
      idempotencyKey: `${host.name}:${step}`,
      // Clean room: a secret never reaches the hive, even inside an artifact's value.
      writes: outcome.artifacts.map((w) => ({
        op: "put" as const,
        expectedVersion: w.expectedVersion,
        artifact: preset.cleanRoom
          ? { ...w.artifact, value: redactValue(w.artifact.value).value as typeof w.artifact.value }
          : w.artifact,
      })),
    });
    if (!written.ok) {
      failed = true;
      ops = ops.filter((op) => op.type !== "artifact_saved");
      output = `[TOOL ERROR] ${written.code}: ${written.message}${written.hint ? `\n[HINT] ${written.hint}` : ""}`;
    }
  }
  // A speculative session's writes go to its overlay, not the workspace (overlay.ts).
  const overlay =
    config.speculative && outcome.files.length > 0 && !failed
      ? speculate(state, outcome.files)
      : null;
  const gcBefore =
    outcome.files.length > 0 && !failed && overlay === null && preset.policies.includes(GC_POLICY)
      ? await unreachableFiles(host.env.Hive.getByName(config.hive))
      : null;
  let collected: Collected | null = null;
  if (outcome.files.length > 0 && !failed && overlay === null) {
    const wrote = await reads.writeFiles(outcome.files);
    if (!wrote.ok) {
      failed = true;
      output = `[TOOL ERROR] ${wrote.code}: ${wrote.message}${wrote.hint ? `\n[HINT] ${wrote.hint}` : ""}`;
    } else {
      workspaceManifest = wrote.value.id;
      written = [...new Set([...written, ...outcome.files.map((f) => f.path)])].sort();
      const gcAfter =
        gcBefore === null ? null : await unreachableFiles(host.env.Hive.getByName(config.hive));
      collected =
        gcBefore === null || gcAfter === null
          ? null
          : collectGarbage(gcBefore, gcAfter, state.pager.pages);
      if (collected !== null) {
        ops = [...ops, ...collected.ops];
        output = `${output}\n${collected.note}`;
      }
    }
  }
  meter.begin("gate");
  // The gate runs here, where the step's tokenizer already is: the output never crosses RPC.
  const gated = gateToolOutput(output, {
    tool: healed.tool,
    model: config.model,
    tokenizer,
    state: gatekeeper,
  });
  const content = gated.ok ? gated.value.content : `[OUTPUT REFUSED] ${gated.message}`;
  // The trace points at the tool's input and full output by reference.
  // Only redacted text is ever stored: the input without secrets, and the output
  // as the gate left it (its offloaded original is redacted before it is gated).
  const input = keep(JSON.stringify(redactValue(args).value));
  const stored =
    gated.ok && gated.value.offloaded ? gated.value.offloaded.content : redactSecrets(content).text;
  const outputKept = keep(stored);
  const kept = [
    { ...input, kind: "tool_input" },
    { ...outputKept, kind: "tool_output" },
  ];

  // Strategy switch: a phase's finish hands the mission to the next persona.
  const phases = config.strategy ?? [];
  const nextPersona = phases[phases.indexOf(state.persona) + 1];
  const handoff =
    outcome.finish && nextPersona !== undefined
      ? { persona: nextPersona, status: "running" as const }
      : null;
  const finished =
    outcome.finish && handoff === null
      ? {
          status: "finished" as const,
          // Outcome verification: the claim is checked against the evidence before it is reported.
          // A speculative session's writes are its overlay's paths.
          outcome: await vouch(host, config, { ...outcome.finish }, history, [
            ...written,
            ...(overlay ?? state.overlay ?? []).map((f) => f.path),
          ]),
        }
      : null;
  const halted = outcome.halt
    ? {
        status: outcome.ask ? ("paused" as const) : ("halted" as const),
        outcome: outcome.ask
          ? null
          : {
              status: "halted" as const,
              summary: outcome.halt.reason,
              reason: outcome.halt.reason,
            },
        pending: outcome.ask ? { kind: "question" as const, question: outcome.ask.question } : null,
      }
    : null;
  const asked =
    !halted && outcome.ask
      ? { status: "paused" as const, pending: { kind: "question" as const, ...outcome.ask } }
      : null;
  // The auto-fix loop: a failed tool is retried from the previous checkpoint with
  // the lesson learned, at most MAX_AUTOFIX_ATTEMPTS times; then the session halts.
  const policyHalt = forced?.outcome.halt !== undefined;
  const autofix = failed && !policyHalt && !finished;
  const givingUp = autofix && state.autofix >= MAX_AUTOFIX_ATTEMPTS;
  const recovered = !failed && state.autofix > 0;
  const autofixTrace = givingUp
    ? [
        {
          kind: "autofix/fail",
          data: { attempts: state.autofix, tool: healed.tool, error: output.slice(0, 500) },
        },
      ]
    : autofix
      ? [
          {
            kind: "autofix/attempt",
            data: { attempt: state.autofix + 1, tool: healed.tool, error: output.slice(0, 500) },
          },
        ]
      : recovered
        ? [{ kind: "autofix/recover", data: { attempts: state.autofix, tool: healed.tool } }]
        : [];
  const gaveUp = givingUp
    ? {
        status: "halted" as const,
        outcome: {
          status: "halted" as const,
          summary: `auto-fix gave up after ${state.autofix} attempts: ${output.split("\n")[0] ?? ""}`,
          reason: "auto-fix failed",
        },
      }
    : null;
  // Pager operations and the checkpoint; the stage ends when the step's trace entry is written.
  meter.begin("checkpoint");
  const result = await commitStep({
    workspaceManifest,
    turns: [
      ...stepTurns(step, healed.tool, args, healed.rationale ?? "", content),
      ...(handoff
        ? [
            {
              role: "user" as const,
              content: `[STRATEGY SWITCH] ${state.persona} handed over to ${handoff.persona}: ${outcome.finish?.summary ?? ""}${outcome.finish?.next ? `\nNext: ${outcome.finish.next}` : ""}`,
            },
          ]
        : []),
    ],
    ops,
    hiveSeqSeen: synced.hiveSeqSeen,
    kept,
    patch: {
      meta: synced.meta,
      modelCalls,
      // Progress (for deadlock detection): something was learned, written or decided.
      gatekeeper: recordToolResult(
        gatekeeper,
        !failed,
        !failed &&
          (healed.tool === "save_artifact" ||
            outcome.files.length > 0 ||
            outcome.finish !== undefined ||
            healed.tool === "calculate"),
      ),
      ...(approvedNow ? { approved: null } : {}),
      written,
      ...(overlay ? { overlay } : {}),
      ...(recovered ? { autofix: 0 } : {}),
      ...(finished ?? halted ?? asked ?? handoff ?? gaveUp),
    },
    trace: [
      {
        kind: "tool",
        data: {
          ...baseTrace,
          elapsedMs: Date.now() - started,
          tool: healed.tool,
          inputRef: input.ref,
          outputRef: outputKept.ref,
          error: failed,
          ...(forced ? { policy: forced.policy } : {}),
        },
      },
      ...(collected === null
        ? []
        : [
            {
              kind: "gc",
              data: { unreachable: collected.unreachable, unstaged: collected.unstaged },
            },
          ]),
      ...autofixTrace,
    ],
  });
  if (!result.ok) {
    return "stop";
  }
  if (autofix && !givingUp && startHead !== null) {
    await recoverFrom(host, config, startHead, envelope.messages, {
      modelCalls,
      attempt: state.autofix + 1,
      tool: healed.tool,
      error: output,
    });
    return "continue";
  }
  return finished || halted || asked || gaveUp ? "stop" : "continue";
}

/** The id of the hive's workspace head, or null when it has no files yet. */
export async function workspaceHead(
  host: { env: Env },
  config: SessionConfig,
): Promise<string | null> {
  const head = await host.env.Hive.getByName(config.hive).workspaceManifest("head", undefined, 1);
  return head.ok ? head.value.id : null;
}

/**
 * Verify-first: an artifact this session extracted from code that has changed
 * since contradicts the code. The session rolls back to just before it saved that
 * artifact and halts with a report, rather than build on a stale fact.
 */
async function verifyFirst(host: LoopHost, config: SessionConfig): Promise<string | null> {
  const hive = host.env.Hive.getByName(config.hive);
  const stale = await hive.staleArtifacts();
  if (!stale.ok) {
    return null;
  }
  for (const item of stale.value) {
    if (item.freshness.reason === "contradicted") {
      return quarantinePoison(host, config, item);
    }
  }
  for (const item of stale.value) {
    const artifact = await hive.get(item.identifier, item.version);
    if (!artifact.ok || artifact.value.provenance.session !== host.name) {
      continue;
    }
    const head = host.store.head();
    const before =
      head === null
        ? undefined
        : host.store.checkpoints.asOf(head, artifact.value.provenance.step - 1);
    const manifest = before === undefined ? undefined : host.store.checkpoints.manifest(before.id);
    if (!manifest) {
      continue;
    }
    const reason = `verify-first: ${item.identifier}@${item.version} cites ${item.source}, which no longer holds (${item.freshness.reason})`;
    const back = await rollbackWithFiles(
      host,
      hive,
      manifest,
      `verify-first: ${host.name} back to ${manifest.id}`,
    );
    if (!back.ok) {
      continue;
    }
    await commit(host, config, {
      turns: [
        {
          role: "user",
          content: `[VERIFY-FIRST] ${reason}. Rolled back to checkpoint ${manifest.id}; halted for a person to review.`,
        },
      ],
      ops: [],
      patch: {
        status: "halted",
        outcome: { status: "halted", summary: reason, reason: "verify-first" },
      },
      trace: [
        {
          kind: "verify_first",
          data: {
            artifact: `${item.identifier}@${item.version}`,
            source: item.source,
            to: manifest.id,
          },
        },
      ],
    });
    return reason;
  }
  return null;
}

/**
 * Verify-first, poisoned artifact: an active fact claims a value its cited code
 * does not show. The hive gets back the newest earlier version its evidence
 * still supports (or the artifact is retracted), and the session halts with a
 * report naming who wrote the poisoned version: a person decides what next.
 */
async function quarantinePoison(
  host: LoopHost,
  config: SessionConfig,
  item: StaleArtifact,
): Promise<string> {
  const hive = host.env.Hive.getByName(config.hive);
  const poisoned = await hive.get(item.identifier, item.version);
  const writer = poisoned.ok
    ? `${poisoned.value.provenance.agent ?? "?"} (session ${poisoned.value.provenance.session ?? "?"}, step ${poisoned.value.provenance.step ?? "?"})`
    : "an unknown writer";
  const claimed = poisoned.ok ? JSON.stringify(poisoned.value.value) : "?";
  const cited = item.freshness.reason === "contradicted" ? item.freshness.cited.trim() : "";
  const heads = new Map<string, string | null>();
  let restored: Artifact | null = null;
  for (let v = item.version - 1; v >= 1 && restored === null; v--) {
    const earlier = await hive.get(item.identifier, v);
    if (earlier.ok && (await supportedByCode(hive, earlier.value, heads))) {
      restored = earlier.value;
    }
  }
  const written = await hive.commit({
    idempotencyKey: `${host.name}:verify-first:${item.identifier}@${item.version}`,
    writes: [
      restored === null
        ? {
            op: "retract" as const,
            identifier: item.identifier,
            expectedVersion: item.version,
            reason: `verify-first: ${item.source} does not say ${claimed}`.slice(0, 400),
            provenance: {
              session: host.name,
              agent: config.agent,
              step: host.store.state().step,
              source: "verify-first",
            },
          }
        : {
            op: "put" as const,
            expectedVersion: item.version,
            artifact: {
              identifier: restored.identifier,
              kind: restored.kind,
              value: restored.value,
              summary: `restored @${restored.version} by verify-first: @${item.version} contradicted its evidence`,
              provenance: { ...restored.provenance },
              tags: [...(restored.tags ?? []), "restored"],
            },
          },
    ],
  });
  const action =
    restored === null
      ? "retracted it (no earlier version is supported by the code)"
      : `restored the value of @${restored.version} (${JSON.stringify(restored.value)}) as a new version`;
  const reason = `verify-first: ${item.identifier}@${item.version} = ${claimed}, written by ${writer}, cites ${item.source}, which says ${JSON.stringify(cited)}; ${written.ok ? action : `could not repair it: ${written.message}`}`;
  await commit(host, config, {
    turns: [
      {
        role: "user",
        content: `[VERIFY-FIRST] poisoned artifact: ${reason}. Halted for a person to review.`,
      },
    ],
    ops: [],
    patch: {
      status: "halted",
      outcome: { status: "halted", summary: reason, reason: "poisoned artifact" },
    },
    trace: [
      {
        kind: "verify_first/poison",
        data: {
          artifact: `${item.identifier}@${item.version}`,
          source: item.source,
          writer,
          restored: restored === null ? null : `${restored.identifier}@${restored.version}`,
          repaired: written.ok,
        },
      },
    ],
  });
  return reason;
}

/** Whether an artifact's own citation still shows its value in today's code. */
async function supportedByCode(
  hive: ReturnType<Env["Hive"]["getByName"]>,
  artifact: Artifact,
  /** Files read so far (path → head text): versions of one artifact usually cite one file. */
  heads: Map<string, string | null>,
) {
  const citation = parseCitation(artifact.provenance.source);
  if (citation === null) {
    return false;
  }
  if (!heads.has(citation.path)) {
    const file = await hive.workspaceRead(citation.path, "head");
    heads.set(citation.path, file.ok ? file.value.text : null);
  }
  const text = heads.get(citation.path);
  return (
    typeof text === "string" &&
    valueInText(artifact.value, citedLines(text, citation.startLine, citation.endLine)) === true
  );
}

/** The newest checkpoint of the branch taken before gatekeeper move `fromMove`. */
function checkpointBeforeMove(host: LoopHost, fromMove: number): string | null {
  const head = host.store.head();
  if (head === null) {
    return null;
  }
  for (let step = host.store.state().step; step >= 0; step--) {
    const summary = host.store.checkpoints.asOf(head, step);
    const manifest = summary ? host.store.checkpoints.manifest(summary.id) : undefined;
    if (manifest && host.store.stateOf(manifest).gatekeeper.moves < fromMove) {
      return manifest.id;
    }
  }
  return null;
}

/**
 * Auto-fix: travel back to the checkpoint before the failed step, prune the
 * context for the retry, and add the lesson learned as the next turn.
 */
async function recoverFrom(
  host: LoopHost,
  config: SessionConfig,
  checkpoint: string,
  messages: readonly ChatMessage[],
  failure: { attempt: number; tool: string; error: string; modelCalls: number },
): Promise<void> {
  const manifest = host.store.checkpoints.manifest(checkpoint);
  if (!manifest) {
    return;
  }
  const firstLine = failure.error.split("\n")[0] ?? failure.error;
  const tokenizer = await loadTokenizer(config.model);
  const pruned = pruneForRetry(messages, { code: failure.tool, message: firstLine }, { tokenizer });
  // The files written since that checkpoint go back too, as a person's rollback does.
  const back = await rollbackWithFiles(
    host,
    host.env.Hive.getByName(config.hive),
    manifest,
    `auto-fix: ${host.name} back to ${manifest.id}`,
  );
  if (!back.ok) {
    return;
  }
  const lesson = [
    "[AUTO-FIX RECOVERY]",
    `Previous attempt failed: ${failure.tool}: ${firstLine}`,
    `We have rolled back to checkpoint ${manifest.id} (attempt ${failure.attempt} of ${MAX_AUTOFIX_ATTEMPTS}).`,
    "Please analyze the error and try a different approach.",
  ].join("\n");
  await commit(host, config, {
    turns: [{ role: "user", content: lesson }],
    ops: [],
    // The model was called: a scripted model's next answer is the next entry.
    patch: { autofix: failure.attempt, modelCalls: failure.modelCalls },
    trace: [
      { kind: "autofix/prune", data: { ...pruned.report } },
      {
        kind: "autofix/travel",
        data: { to: manifest.id, step: manifest.step, filesRestored: back.value.restored },
      },
    ],
  });
}
