// What the workspace does with a file's bytes: refuse it (too large), store it
// without indexing it (binary, invalid UTF-8, too large to parse) or store and
// index it. Called by the Hive's workspace store on every write.
import { ok } from "../base/result.ts";
import { wsErr, type WorkspaceResult } from "./errors.ts";

/** Largest file stored: source files are far smaller; 8 MiB bounds one write's CPU and storage. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
/**
 * Largest file indexed (parsed and embedded): 100 KB parse in ~55 ms in workerd
 * (../shared/PLATFORM.md), so 1 MiB stays near half a second of a 30 s budget.
 */
export const MAX_INDEX_BYTES = 1024 * 1024;
/** Git's heuristic: a NUL in the first 8,000 bytes means binary. */
export const BINARY_SNIFF_BYTES = 8_000;

export type NotIndexedReason = "binary" | "invalid-utf8" | "too-large-to-index";

export interface ClassifiedContent {
  bytes: Uint8Array;
  /** The decoded text, or null for content that is not UTF-8 text. */
  text: string | null;
  /** Why the file is stored but not indexed, or null when it is indexed. */
  notIndexed: NotIndexedReason | null;
}

const encoder = new TextEncoder();
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function classifyContent(content: string | Uint8Array): WorkspaceResult<ClassifiedContent> {
  const bytes = typeof content === "string" ? encoder.encode(content) : content;
  if (bytes.byteLength > MAX_FILE_BYTES) {
    return wsErr(
      "FILE_TOO_LARGE",
      `the file has ${bytes.byteLength} bytes; the workspace stores at most ${MAX_FILE_BYTES}`,
      "split the file, or keep generated and binary assets out of the workspace",
    );
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    return ok({ bytes, text: null, notIndexed: "binary" });
  }
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    // The fatal decoder throws on the first invalid sequence: the bytes are kept
    // as they are and reported, never decoded with replacement characters.
    return ok({ bytes, text: null, notIndexed: "invalid-utf8" });
  }
  return ok({
    bytes,
    text,
    notIndexed: bytes.byteLength > MAX_INDEX_BYTES ? "too-large-to-index" : null,
  });
}
