// Hive writes, events and results: what a writer sends (compare-and-swap on
// `expectedVersion`, an idempotency key per commit) and what every reader gets back.
import { z } from "zod";
import { stableStringify } from "./canonical.ts";
import {
  ArtifactInputSchema,
  ArtifactSchema,
  IdentifierSchema,
  MAX_REASON_CHARS,
  ProvenanceSchema,
} from "./artifact.ts";
import { sha256Hex } from "../base/hash.ts";
import type { Err } from "../base/result.ts";
import type { ShardErrorCode } from "./shards.ts";

/** Writes per atomic batch: enough for a step's findings, small enough for one transaction. */
export const MAX_BATCH_WRITES = 64;
/** Idempotency keys: printable ASCII without spaces. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
export const MAX_IDEMPOTENCY_KEY_CHARS = 128;
/** Opaque client-chosen keys, e.g. "<session>:<step>:<n>" or a UUID. */
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(MAX_IDEMPOTENCY_KEY_CHARS)
  .regex(IDEMPOTENCY_KEY_PATTERN, "printable ASCII without spaces");

/**
 * Compare-and-swap: `expectedVersion` is the version the writer last read.
 * 0 (or absent) means "create": the identifier must have no version yet.
 * Any change (put, retract, supersede) increments an identifier's version.
 */
export const ExpectedVersionSchema = z.number().int().min(0).default(0);

export const PutWriteSchema = z.strictObject({
  op: z.literal("put"),
  expectedVersion: ExpectedVersionSchema,
  artifact: ArtifactInputSchema,
});

/** Withdraws the current version; history is kept and as-of reads still see it. */
export const RetractWriteSchema = z.strictObject({
  op: z.literal("retract"),
  identifier: IdentifierSchema,
  expectedVersion: z.number().int().min(1),
  reason: z.string().min(1).max(MAX_REASON_CHARS),
  provenance: ProvenanceSchema,
});

/** Retires `target` in favour of `replacement` (another identifier), atomically. */
export const SupersedeWriteSchema = z.strictObject({
  op: z.literal("supersede"),
  target: IdentifierSchema,
  expectedVersion: z.number().int().min(1),
  replacement: ArtifactInputSchema,
  replacementExpectedVersion: ExpectedVersionSchema,
  reason: z.string().min(1).max(MAX_REASON_CHARS),
});

export const WriteSchema = z.discriminatedUnion("op", [
  PutWriteSchema,
  RetractWriteSchema,
  SupersedeWriteSchema,
]);
export type Write = z.output<typeof WriteSchema>;
export type WriteIn = z.input<typeof WriteSchema>;

/** One atomic commit: every write applies, or none does. */
export const CommitRequestSchema = z.strictObject({
  idempotencyKey: IdempotencyKeySchema,
  writes: z.array(WriteSchema).min(1).max(MAX_BATCH_WRITES),
});
export type CommitRequest = z.output<typeof CommitRequestSchema>;
export type CommitRequestIn = z.input<typeof CommitRequestSchema>;

/** Identifies a commit's body for idempotency: same key, same body, same answer. */
export function commitBodyHash(request: CommitRequest): string {
  return sha256Hex(stableStringify(request.writes));
}

/** Each change is one event; a commit of n changes is n consecutive events. */
export const HiveEventSchema = z.object({
  /** A sharded hive's events only: the shard whose log `seq` numbers (shared/hive/shards.ts). */
  shard: z.number().int().min(0).optional(),
  seq: z.number().int().min(1),
  at: z.number(),
  op: z.enum(["put", "retract", "supersede"]),
  /** The version this change created. */
  artifact: ArtifactSchema,
  /** The version this change retired, with its new status. */
  retired: z
    .object({
      identifier: z.string(),
      version: z.number().int().min(1),
      status: z.enum(["superseded", "retracted"]),
      supersededBy: z.string().nullable(),
      validTo: z.number(),
    })
    .nullable(),
});
export type HiveEvent = z.infer<typeof HiveEventSchema>;

export const CommitResultSchema = z.object({
  /** The sequence number of the commit's last event. */
  seq: z.number().int(),
  artifacts: z.array(ArtifactSchema),
  /** True when this answer is the stored result of an earlier, identical commit. */
  replayed: z.boolean(),
});
export type CommitResult = z.infer<typeof CommitResultSchema>;

export type HiveErrorCode =
  | "VERSION_CONFLICT"
  | "NOT_FOUND"
  | "NOT_ACTIVE"
  | "IDEMPOTENCY_MISMATCH"
  | "INVALID_REQUEST"
  | "BEYOND_RETENTION"
  | ShardErrorCode;

/** What a writer needs to retry a compare-and-swap: the version now in force. */
export const ConflictSchema = z.object({
  /** Index of the refused write within its commit. */
  index: z.number().int(),
  identifier: z.string(),
  expectedVersion: z.number().int(),
  currentVersion: z.number().int(),
  current: ArtifactSchema.nullable(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

export type HiveErr = Err<HiveErrorCode> & { conflict?: Conflict };
export type HiveResult<T> = { ok: true; value: T } | HiveErr;

export function hiveErr(
  code: HiveErrorCode,
  message: string,
  hint: string,
  conflict?: Conflict,
): HiveErr {
  return conflict === undefined
    ? { ok: false, code, message, hint }
    : { ok: false, code, message, hint, conflict };
}

/** Single-write requests (HTTP bodies and RPC arguments): a write plus its key. */
export const PutRequestSchema = PutWriteSchema.omit({ op: true }).extend({
  idempotencyKey: IdempotencyKeySchema,
});
export const RetractRequestSchema = RetractWriteSchema.omit({ op: true }).extend({
  idempotencyKey: IdempotencyKeySchema,
});
export const SupersedeRequestSchema = SupersedeWriteSchema.omit({ op: true }).extend({
  idempotencyKey: IdempotencyKeySchema,
});
export type PutRequestIn = z.input<typeof PutRequestSchema>;
export type RetractRequestIn = z.input<typeof RetractRequestSchema>;
export type SupersedeRequestIn = z.input<typeof SupersedeRequestSchema>;
