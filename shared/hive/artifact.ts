// L2 artifacts: the schema of what a hive knows, with its documented size limits.
// Validated at every entry (HTTP, WebSocket, RPC) before the Hive stores anything.
import { z } from "zod";

/** Dotted names such as "config.TIMEOUT"; the charset is safe in URLs and logs. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;
/** Long enough for "module.sub.Symbol.field" paths; identifiers are keys, not text. */
export const MAX_IDENTIFIER_CHARS = 128;
/**
 * A value's JSON encoding in UTF-8 bytes. An event carrying the largest value
 * still fits one queue message (128 KB, see shared/queues.ts) for the D1 mirror;
 * larger content belongs in the workspace and is cited by a `ref:`.
 */
export const MAX_VALUE_BYTES = 64 * 1024;
/** A summary is one paragraph an agent reads in its `meta` section. */
export const MAX_SUMMARY_CHARS = 1_000;
export const MAX_TAGS = 16;
export const MAX_TAG_CHARS = 64;
export const TAG_PATTERN = /^[a-z0-9][a-z0-9._:-]*$/;
/** Retraction and supersession reasons: one or two sentences. */
export const MAX_REASON_CHARS = 1_000;
export const MAX_SOURCE_CHARS = 512;

export const ARTIFACT_KINDS = [
  "fact",
  "contract",
  "decision",
  "invariant",
  "summary",
  "lesson",
] as const;
export const ArtifactKindSchema = z.enum(ARTIFACT_KINDS);
export type ArtifactKind = z.infer<typeof ArtifactKindSchema>;

export const ArtifactStatusSchema = z.enum(["active", "superseded", "retracted"]);
export type ArtifactStatus = z.infer<typeof ArtifactStatusSchema>;

/** No "." or ".." segment, no empty segment, no trailing "/": identifiers are not paths. */
export function identifierSegmentsOk(id: string): boolean {
  return !/(^|\/)\.{1,2}(\/|$)/.test(id) && !id.includes("//") && !id.endsWith("/");
}

export const IdentifierSchema = z
  .string()
  .min(1)
  .max(MAX_IDENTIFIER_CHARS, `at most ${MAX_IDENTIFIER_CHARS} characters`)
  .regex(IDENTIFIER_PATTERN, "letters, digits and . _ : / - (starting with a letter or digit)")
  .refine(identifierSegmentsOk, {
    message: "no '.' or '..' segments, empty segments or trailing '/' (identifiers are not paths)",
  });

export const TagSchema = z
  .string()
  .min(1)
  .max(MAX_TAG_CHARS)
  .regex(TAG_PATTERN, "lowercase letters, digits and . _ : -");

/** A JSON value, as artifacts carry it (z.json()'s own type is too deep for RPC stub types). */
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export interface JsonArray extends Array<JsonValue> {}

/** UTF-8 bytes of a value's JSON encoding (what MAX_VALUE_BYTES limits). */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? "").byteLength;
}

/** Any JSON value, no larger than MAX_VALUE_BYTES once encoded. */
export const ArtifactValueSchema = z.json().refine((value) => jsonBytes(value) <= MAX_VALUE_BYTES, {
  message: `value exceeds ${MAX_VALUE_BYTES} bytes of JSON`,
});

/** A provenance's contentHash: SHA-256, lowercase hex. */
export const CONTENT_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** Where an artifact came from: who wrote it, at which step, from what source. */
export const ProvenanceSchema = z.strictObject({
  session: z.string().min(1).max(128),
  agent: z.string().min(1).max(128),
  step: z.number().int().min(0),
  /** e.g. "src/config.ts@3f2a…:10-14" or "ref:<key>". */
  source: z.string().min(1).max(MAX_SOURCE_CHARS),
  /** SHA-256 (hex) of the source content; the Hive fills in the value's hash when absent. */
  contentHash: z
    .string()
    .regex(CONTENT_HASH_PATTERN, "64 lowercase hex characters (SHA-256)")
    .optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** What a writer proposes; the Hive assigns version, status and validity. */
export const ArtifactInputSchema = z.strictObject({
  identifier: IdentifierSchema,
  kind: ArtifactKindSchema,
  value: ArtifactValueSchema,
  summary: z.string().max(MAX_SUMMARY_CHARS).default(""),
  provenance: ProvenanceSchema,
  tags: z
    .array(TagSchema)
    .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)].sort()),
});
export type ArtifactInput = z.output<typeof ArtifactInputSchema>;
export type ArtifactInputIn = z.input<typeof ArtifactInputSchema>;

/** `identifier@version`: how one version of an artifact is cited. */
export function artifactRef(identifier: string, version: number): string {
  return `${identifier}@${version}`;
}

/** One stored version of an artifact, as every reader sees it. */
export const ArtifactSchema = z.object({
  identifier: z.string(),
  version: z.number().int().min(1),
  kind: ArtifactKindSchema,
  /** JSON, validated on the way in (ArtifactValueSchema); typed plainly for RPC stubs. */
  value: z.custom<JsonValue>(),
  summary: z.string(),
  provenance: ProvenanceSchema.required({ contentHash: true }),
  status: ArtifactStatusSchema,
  /** The version this one replaced (`identifier@version`), if any. */
  supersedes: z.string().nullable(),
  /** The version that replaced this one, once it is superseded. */
  supersededBy: z.string().nullable(),
  /** Why a retraction or supersession happened (tombstone versions only). */
  reason: z.string().nullable(),
  tags: z.array(z.string()),
  /** Epoch ms: when this version came into force and when it stopped being. */
  validFrom: z.number(),
  validTo: z.number().nullable(),
  /** The event sequence number that created this version. */
  seq: z.number().int().min(1),
});
export type Artifact = z.infer<typeof ArtifactSchema>;
