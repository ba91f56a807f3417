// save_artifact: one compare-and-swap artifact write with provenance taken from
// the step (session, agent, step) and the evidence, plus the `artifact_saved`
// pager op (strict mode then purges L1's unpinned pages: the fact lives in L2).
import { valueInText } from "../../../shared/workspace/evidence.ts";
import { formatCitation } from "../../../shared/workspace/provenance.ts";
import type { z } from "zod";
import { stableStringify } from "../../../shared/hive/canonical.ts";
import {
  ArtifactInputSchema,
  jsonBytes,
  MAX_SOURCE_CHARS,
  MAX_SUMMARY_CHARS,
  MAX_VALUE_BYTES,
  type ArtifactInputIn,
  type JsonValue,
} from "../../../shared/hive/artifact.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { outcome, type ToolOutcome, type ToolReads } from "../../../shared/tools/tool-ports.ts";
import type { SaveArtifactArgsSchema } from "../../../shared/tools/schemas.ts";
import { fail, NOT_FOUND, oneLine, readFailure } from "./common.ts";

export type SaveArtifactArgs = z.output<typeof SaveArtifactArgsSchema>;

/** Tag on artifacts saved with no evidence and no file in L1: nothing backs them yet. */
export const UNSOURCED_TAG = "unsourced";
/**
 * Tag on facts read from a past workspace version (a `path@v<N>` page): what
 * version N said stays true when the code moves on, so they are never stale.
 */
export const HISTORICAL_TAG = "historical";

/** A plain JSON value (the gatekeeper already refuses others; this is the type's proof). */
function toJson(value: unknown, depth = 0): JsonValue | undefined {
  if (depth > 64) {
    return undefined;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") {
    return value;
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : undefined;
  }
  if (Array.isArray(value)) {
    const items: JsonValue[] = [];
    for (const item of value) {
      const json = toJson(item, depth + 1);
      if (json === undefined) {
        return undefined;
      }
      items.push(json);
    }
    return items;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      const json = toJson(v, depth + 1);
      if (json === undefined) {
        return undefined;
      }
      out[k] = json;
    }
    return out;
  }
  return undefined;
}

/** `key@3`, `@3` or `3` → 3 (and the key, when named). */
function parseSupersedes(text: string): { key: string | null; version: number } | null {
  const m = /^(?:(.*)@)?(\d{1,9})$/.exec(text.trim());
  if (m === null || m[2] === undefined) {
    return null;
  }
  return { key: m[1] === undefined || m[1] === "" ? null : m[1], version: Number(m[2]) };
}

/** The L1 page evidence points at (by id, source ref, or `path:line` inside a file page). */
function evidencePage(evidence: string, l1: ReturnType<ToolReads["l1"]>) {
  const exact = l1.find((p) => p.id === evidence || p.sourceRef === evidence);
  if (exact !== undefined) {
    return exact;
  }
  const path = evidence.replace(/:\d+(?:-\d+)?$/, "");
  // `path@v<N>:line` points into a past version's page (stage_context with a version).
  return l1.find((p) => p.kind === "file" && (p.id === path || p.id.startsWith(`${path}:`)));
}

/**
 * Evidence `path:line` (or `path:a-b`) inside a staged file page becomes a code
 * citation the workspace can verify later (`path@v<N>:a-b` plus the hash of
 * those lines), so the artifact is flagged stale when that code changes.
 */
function codeCitation(
  evidence: string,
  page: { kind: string; sourceRef: string; content: string } | undefined,
): { source: string; contentHash: string; lines: string } | null {
  const cited = /^(.+?)(?:@v\d+)?:(\d+)(?:-(\d+))?$/.exec(evidence);
  const at = page === undefined ? null : /^file:(.+)@(\d+):(\d+)-(\d+)$/.exec(page.sourceRef);
  if (!cited || !at || page === undefined || cited[1] !== at[1]) {
    return null;
  }
  const start = Number(cited[2]);
  const end = cited[3] === undefined ? start : Number(cited[3]);
  const pageStart = Number(at[3]);
  const lines = page.content.split("\n").slice(start - pageStart, end - pageStart + 1);
  if (start < pageStart || end < start || lines.length !== end - start + 1) {
    return null;
  }
  return {
    source: formatCitation({
      path: at[1] ?? "",
      version: Number(at[2]),
      startLine: start,
      endLine: end,
    }),
    contentHash: sha256Hex(lines.join("\n")),
    lines: lines.join("\n"),
  };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export async function saveArtifact(args: SaveArtifactArgs, reads: ToolReads): Promise<ToolOutcome> {
  const value = toJson(args.value);
  if (value === undefined) {
    return fail(
      "INVALID_VALUE",
      `the value of ${args.key} is not plain JSON`,
      "Save a string, a number, a boolean or a plain object.",
    );
  }
  const bytes = jsonBytes(value);
  if (bytes > MAX_VALUE_BYTES) {
    return fail(
      "VALUE_TOO_LARGE",
      `the value of ${args.key} is ${bytes} bytes of JSON, more than ${MAX_VALUE_BYTES}`,
      "Write the content to a file with write_file and save its path and a summary as the artifact.",
    );
  }
  const current = await reads.artifact(args.key);
  if (!current.ok && current.code !== NOT_FOUND) {
    return readFailure(current);
  }
  const existing = current.ok ? current.value : null;
  if (args.supersedes !== undefined) {
    const target = parseSupersedes(args.supersedes);
    if (target === null || (target.key !== null && target.key !== args.key)) {
      return fail(
        "INVALID_ARGUMENTS",
        `supersedes ${JSON.stringify(args.supersedes)} is not a version of ${args.key}`,
        `Write it as ${args.key}@<version>; a save replaces versions of its own key only.`,
      );
    }
    if (existing === null) {
      return fail(
        "NOTHING_TO_SUPERSEDE",
        `${args.key} has no active version to supersede`,
        "Drop supersedes to create it.",
      );
    }
    if (existing.version !== target.version) {
      return fail(
        "STALE_VERSION",
        `${args.key}@${target.version} is not current: ${args.key}@${existing.version} is`,
        `Read ${args.key}@${existing.version} (it may hold another agent's newer value) and save again.`,
      );
    }
  }
  const pagerOps = [{ type: "artifact_saved" as const }];
  if (
    existing !== null &&
    existing.kind === args.kind &&
    stableStringify(existing.value) === stableStringify(value)
  ) {
    return outcome(`unchanged ${args.key}@${existing.version} (same value)`, { pagerOps });
  }
  const l1 = reads.l1();
  const [firstEvidence] = args.evidence;
  const cited = firstEvidence === undefined ? undefined : evidencePage(firstEvidence, l1);
  // Without evidence, the file the agent is looking at is the best source there is.
  const filePage = firstEvidence === undefined ? l1.findLast((p) => p.kind === "file") : undefined;
  const sourcePage = cited ?? filePage;
  const citation = firstEvidence === undefined ? null : codeCitation(firstEvidence, cited);
  // A fact must be what its cited code says: the value is looked for in those lines.
  if (citation !== null && args.kind === "fact" && valueInText(value, citation.lines) === false) {
    return fail(
      "EVIDENCE_MISMATCH",
      `${args.key} = ${oneLine(stableStringify(value), 60)} is not what ${firstEvidence} says: ${oneLine(citation.lines, 120)}`,
      "Cite the line that holds the value (stage it first), or save an inference as kind decision.",
    );
  }
  const source =
    citation?.source ??
    firstEvidence ??
    filePage?.sourceRef ??
    `session:${reads.session}/step:${reads.step}`;
  const unsourced = firstEvidence === undefined && filePage === undefined;
  const artifact: ArtifactInputIn = {
    identifier: args.key,
    kind: args.kind,
    value,
    summary: cut(
      args.evidence.length > 0 ? `evidence: ${args.evidence.join(", ")}` : "",
      MAX_SUMMARY_CHARS,
    ),
    provenance: {
      session: reads.session,
      agent: reads.agent,
      step: reads.step,
      source: cut(source, MAX_SOURCE_CHARS),
      ...(citation !== null
        ? { contentHash: citation.contentHash }
        : sourcePage === undefined
          ? {}
          : { contentHash: sha256Hex(sourcePage.content) }),
    },
    tags: [
      ...(unsourced ? [UNSOURCED_TAG] : []),
      ...(cited !== undefined && /@v\d+(?::\d+-\d+)?$/.test(cited.id) ? [HISTORICAL_TAG] : []),
    ],
  };
  const checked = ArtifactInputSchema.safeParse(artifact);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return fail(
      "INVALID_ARTIFACT",
      `the Hive would refuse ${args.key}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
      "Fix the key or value and save again.",
    );
  }
  const expectedVersion = existing?.version ?? 0;
  const next = expectedVersion + 1;
  const change =
    existing === null
      ? ""
      : ` (replaces @${existing.version}: ${oneLine(stableStringify(existing.value), 60)} -> ${oneLine(stableStringify(value), 60)})`;
  const note = unsourced ? ` [no evidence: tagged ${UNSOURCED_TAG}]` : "";
  return outcome(`saved ${args.key}@${next}${change}${note}`, {
    pagerOps,
    artifacts: [{ expectedVersion, artifact }],
  });
}
