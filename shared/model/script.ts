// Scripted mode of the local endpoint: a test feeds exact answers (malformed ones
// included). The script travels WITH each request (header or metadata) and the
// entry is chosen by the conversation's length, so no state is kept between
// requests: a Worker has no durable memory, and a replayed request gets the same
// answer. Read by workers/model/endpoint.ts.
import { z } from "zod";
import { err, ok, type Result } from "../base/result.ts";
import { trimEndRun } from "../base/text-edges.ts";
import type { ChatRequest } from "./openai-schemas.ts";

/** Header carrying the script: base64url (or plain) JSON array of entries. */
export const SCRIPT_HEADER = "x-lethe-script";
/** Header overriding which entry answers (default: the number of assistant messages so far). */
export const SCRIPT_INDEX_HEADER = "x-lethe-script-index";
/** The same two, as `metadata` fields of the request body (OpenAI's metadata is string → string). */
export const SCRIPT_METADATA_KEY = "lethe_script";
export const SCRIPT_INDEX_METADATA_KEY = "lethe_script_index";
/** A script is a test's handful of answers; more is a misuse of the header. */
export const MAX_SCRIPT_ENTRIES = 256;

export const ScriptEntrySchema = z.union([
  z.string(),
  z.strictObject({ content: z.string() }),
  z.strictObject({
    tool_calls: z
      .array(
        z.strictObject({
          name: z.string().min(1).max(64),
          arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
        }),
      )
      .min(1),
  }),
  z.strictObject({
    error: z.strictObject({
      status: z.number().int().min(400).max(599),
      message: z.string().optional(),
    }),
  }),
  z.strictObject({ empty_choices: z.literal(true) }),
]);
export type ScriptEntry = z.infer<typeof ScriptEntrySchema>;

export const ScriptSchema = z.array(ScriptEntrySchema).min(1).max(MAX_SCRIPT_ENTRIES);

export type ScriptErrorCode = "INVALID_SCRIPT" | "SCRIPT_EXHAUSTED";

export interface ScriptSource {
  header?: string | null;
  indexHeader?: string | null;
}

/** Encodes a script for the header (tests and the driver's config use this). */
export function encodeScript(entries: readonly ScriptEntry[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(entries));
  let binary = "";
  for (const b of bytes) {
    binary += String.fromCharCode(b);
  }
  return trimEndRun(btoa(binary).replace(/\+/g, "-").replace(/\//g, "_"), "=");
}

function decodeScriptText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    return trimmed;
  }
  const base64 = trimmed.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The scripted entry answering this request, `undefined` when the request is not
 * scripted, or a typed error for a malformed or exhausted script.
 */
export function scriptedEntry(
  request: ChatRequest,
  source: ScriptSource,
): Result<ScriptEntry | undefined, ScriptErrorCode> {
  const text = source.header ?? request.metadata?.[SCRIPT_METADATA_KEY];
  if (text === undefined || text === null || text === "") {
    return ok(undefined);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeScriptText(text));
  } catch {
    // Reported to the caller as a typed error: the script is theirs to fix.
    return err(
      "INVALID_SCRIPT",
      "the script is not JSON (or base64url JSON)",
      "send encodeScript([...]) from shared/model/script.ts",
    );
  }
  const script = ScriptSchema.safeParse(parsed);
  if (!script.success) {
    const issue = script.error.issues[0];
    return err(
      "INVALID_SCRIPT",
      `script ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`,
      "entries are strings, {content}, {tool_calls}, {error: {status}} or {empty_choices: true}",
    );
  }
  const indexText = source.indexHeader ?? request.metadata?.[SCRIPT_INDEX_METADATA_KEY];
  const index =
    indexText === undefined || indexText === null || indexText === ""
      ? request.messages.filter((m) => m.role === "assistant").length
      : Number(indexText);
  const entry = Number.isInteger(index) && index >= 0 ? script.data[index] : undefined;
  if (entry === undefined) {
    return err(
      "SCRIPT_EXHAUSTED",
      `the script has ${script.data.length} entries and this is call ${index}`,
      "add an entry for every model call of the conversation",
    );
  }
  return ok(entry);
}
