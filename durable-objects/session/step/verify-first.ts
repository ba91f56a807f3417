// Verify-first (presets with the `verify-first` policy), run by prepare.ts before
// the envelope: an artifact contradicted by code rolls the session back (files
// included) or repairs a poisoned fact in the hive, and the session halts with a report.
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import { valueInText } from "../../../shared/workspace/evidence.ts";
import { citedLines, parseCitation } from "../../../shared/workspace/provenance.ts";
import type { StaleArtifact } from "../../hive/workspace/staleness.ts";
import { rollbackWithFiles } from "../restore-files.ts";
import { commitLoopDraft } from "./commit.ts";
import type { HiveStub, AgentStepHost } from "./context.ts";

/**
 * Verify-first: an artifact this session extracted from code that has changed
 * since contradicts the code. The session rolls back to just before it saved that
 * artifact and halts with a report, rather than build on a stale fact.
 */
export async function verifyFirst(
  host: AgentStepHost,
  config: SessionConfig,
  hive: HiveStub,
): Promise<string | null> {
  const stale = await hive.staleArtifacts();
  if (!stale.ok) {
    return null;
  }
  for (const item of stale.value) {
    if (item.freshness.reason === "contradicted") {
      return quarantinePoison(host, config, hive, item);
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
    await commitLoopDraft(host, config, {
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
  host: AgentStepHost,
  config: SessionConfig,
  hive: HiveStub,
  item: StaleArtifact,
): Promise<string> {
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
  await commitLoopDraft(host, config, {
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
  hive: HiveStub,
  artifact: Artifact,
  /** Files read so far (path → head text): versions of one artifact usually cite one file. */
  heads: Map<string, string | null>,
) {
  const citation = parseCitation(artifact.provenance.source);
  if (citation === null) {
    return false;
  }
  if (!heads.has(citation.path)) {
    const file = await hive.workspace().read(citation.path, "head");
    heads.set(citation.path, file.ok ? file.value.text : null);
  }
  const text = heads.get(citation.path);
  return (
    typeof text === "string" &&
    valueInText(artifact.value, citedLines(text, citation.startLine, citation.endLine)) === true
  );
}
