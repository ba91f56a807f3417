// Content addressing: SHA-256 over UTF-8, hex. Synchronous (node:crypto runs in
// Node and, under nodejs_compat, in workerd) so pure code can hash inline.
import { createHash } from "node:crypto";

export function sha256Hex(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** A short, stable key for references and cache entries (first 128 bits). */
export function contentKey(content: string | Uint8Array): string {
  return sha256Hex(content).slice(0, 32);
}
