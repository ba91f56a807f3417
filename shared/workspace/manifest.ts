// Versioned manifests of a hive's workspace (path -> content hash): ids, the
// chained manifest hash and the shapes readers get. A checkpoint (AgentSession)
// cites a manifest by its id. Used by the Hive's workspace store, the gateway and
// the CLI.
import { sha256Hex } from "../base/hash.ts";
import type { NotIndexedReason } from "./content.ts";

/** The empty workspace's manifest hash (version 0). */
export const EMPTY_MANIFEST_HASH = sha256Hex("lethe-workspace-v0");

export interface ManifestChange {
  path: string;
  /** The new content's hash, or null when the path was deleted. */
  hash: string | null;
}

/**
 * The hash of a version: its parent's hash and its changes, sorted. It names the
 * whole tree (like a git commit) without rereading the unchanged files.
 */
export function chainHash(parent: string, changes: readonly ManifestChange[]): string {
  const lines = [...changes]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((c) => `${c.path}\0${c.hash ?? "-"}`);
  return sha256Hex(`${parent}\n${lines.join("\n")}`);
}

/** `wsm_<version>_<16 hex>`: stable, short, and it carries its version. */
export function manifestId(version: number, hash: string): string {
  return `wsm_${version}_${hash.slice(0, 16)}`;
}

const MANIFEST_ID = /^wsm_(\d{1,15})_([0-9a-f]{16})$/;

/** The version and hash prefix of a manifest id, or null for anything else. */
export function parseManifestId(id: string): { version: number; hashPrefix: string } | null {
  const match = MANIFEST_ID.exec(id);
  if (!match?.[1] || !match[2]) {
    return null;
  }
  return { version: Number(match[1]), hashPrefix: match[2] };
}

export interface ManifestInfo {
  id: string;
  version: number;
  hash: string;
  parent: string | null;
  at: number;
  message: string;
  /** Paths changed by this version. */
  changed: number;
  files: number;
  bytes: number;
}

export interface ManifestEntry {
  path: string;
  hash: string;
  bytes: number;
}

/** Entries per manifest page: ~100 bytes each, far below the RPC and response limits. */
export const MANIFEST_PAGE_ENTRIES = 5_000;

export interface Manifest extends ManifestInfo {
  /** Entries in path order, one page of at most MANIFEST_PAGE_ENTRIES. */
  entries: ManifestEntry[];
  /** The last path of this page when more follow (pass it as `after`), else null. */
  next: string | null;
}

export type IndexState = "indexed" | "pending" | "stored-not-indexed" | "deleted";

/** What a write did to each file. */
export interface WrittenFile {
  path: string;
  hash: string | null;
  bytes: number;
  /** Content identical to the previous version: nothing changed. */
  unchanged: boolean;
  index: IndexState;
  notIndexed?: NotIndexedReason;
}

export interface WriteResult {
  manifest: ManifestInfo;
  files: WrittenFile[];
}
