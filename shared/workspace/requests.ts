// Request shapes of the workspace API (HTTP bodies and RPC arguments), validated
// once at the boundary. Used by the Hive's RPC methods and the gateway's routes.
import { z } from "zod";

/** Files per write: a batch upload of a small repository; bigger trees go in several writes. */
export const MAX_FILES_PER_WRITE = 500;
/** A patch is a few precise edits; a larger rewrite is a write. */
export const MAX_EDITS_PER_PATCH = 64;
export const MAX_MESSAGE_CHARS = 500;

const Version = z.number().int().min(0);
/** Raw path length accepted for validation: the normaliser refuses long paths with PATH_TOO_LONG itself. */
const MAX_RAW_PATH_CHARS = 16_384;

export const FileWriteSchema = z.union([
  z.strictObject({
    path: z.string().max(MAX_RAW_PATH_CHARS),
    content: z.string(),
    encoding: z.enum(["utf8", "base64"]).default("utf8"),
  }),
  z.strictObject({ path: z.string().max(MAX_RAW_PATH_CHARS), delete: z.literal(true) }),
]);
export type FileWrite = z.output<typeof FileWriteSchema>;

export const WriteRequestSchema = z.strictObject({
  files: z.array(FileWriteSchema).min(1).max(MAX_FILES_PER_WRITE),
  /** Compare-and-swap on the head version: refused with VERSION_CONFLICT if it moved. */
  expectedVersion: Version.optional(),
  message: z.string().max(MAX_MESSAGE_CHARS).default(""),
});
export type WriteRequest = z.output<typeof WriteRequestSchema>;
export type WriteRequestIn = z.input<typeof WriteRequestSchema>;

export const EditSchema = z.strictObject({ oldText: z.string().min(1), newText: z.string() });
export type Edit = z.infer<typeof EditSchema>;

export const PatchRequestSchema = z.strictObject({
  path: z.string().max(MAX_RAW_PATH_CHARS),
  edits: z.array(EditSchema).min(1).max(MAX_EDITS_PER_PATCH),
  /** The content hash the edits were written against: refused with BASE_CHANGED if it moved. */
  baseHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  expectedVersion: Version.optional(),
  message: z.string().max(MAX_MESSAGE_CHARS).default(""),
});
export type PatchRequest = z.output<typeof PatchRequestSchema>;
export type PatchRequestIn = z.input<typeof PatchRequestSchema>;

export const ConfigureRequestSchema = z.strictObject({
  roots: z.array(z.string().max(1024)).min(1).max(32).optional(),
  entries: z.array(z.string().max(1024)).max(256).optional(),
});
export type ConfigureRequest = z.infer<typeof ConfigureRequestSchema>;

export const SearchRequestSchema = z.strictObject({
  query: z.string().min(1).max(2_000),
  topK: z.number().int().min(1).max(50).default(10),
  /** Restrict to paths under this prefix. */
  pathPrefix: z.string().max(1024).optional(),
});
export type SearchRequest = z.output<typeof SearchRequestSchema>;
export type SearchRequestIn = z.input<typeof SearchRequestSchema>;
