// The typed client's workspace routes (`lethe.workspace(hive)`): writes, the
// structural queries and search of /v1/hives/:hive/workspace. The answers are the
// routes' JSON, typed by the fields a caller reads.
import type { WriteResult } from "../../shared/workspace/manifest.ts";
import type { SearchRequestIn, WriteRequestIn } from "../../shared/workspace/requests.ts";
import type { Send } from "./lethe.ts";
import { enc } from "./query.ts";

export interface SearchHit {
  path: string;
  startLine: number;
  endLine: number;
  name: string | null;
  score: number;
}

/** A definition (`def`) or a call site (`line`, `caller`) of a name. */
export interface NameSite {
  path: string;
  line?: number;
  caller?: string | null;
  def?: { startLine: number; endLine: number; signature: string };
}

export interface MissingImport {
  path: string;
  line: number;
  specifier: string;
  name?: string;
  reason: string;
}

export interface StaleArtifactRow {
  identifier: string;
  source: string;
  freshness: { reason: string };
}

export function workspaceRoutes(send: Send, hive: string) {
  const base = `/v1/hives/${enc(hive)}/workspace`;
  const named = (route: string, name: string) =>
    send<NameSite[]>("GET", `${base}/${route}?${new URLSearchParams({ name })}`);
  return {
    /** Writes (or deletes) files as one new manifest version. */
    writeFiles: (request: WriteRequestIn) => send<WriteResult>("POST", `${base}/files`, request),
    search: (request: SearchRequestIn) => send<SearchHit[]>("POST", `${base}/search`, request),
    definitions: (name: string) => named("definitions", name),
    callers: (name: string) => named("callers", name),
    missing: () => send<MissingImport[]>("GET", `${base}/missing`),
    unreachable: () => send<{ files: string[] }>("GET", `${base}/unreachable`),
    stale: () => send<StaleArtifactRow[]>("GET", `${base}/stale`),
  };
}

export type WorkspaceRoutes = ReturnType<typeof workspaceRoutes>;
