// The typed Lethe client (`import { Lethe } from "lethe/client"`): every gateway
// route the CLI, scripts and benches use, with request bodies typed from the
// gateway's own zod schemas, typed one-line errors, and hive follow over
// partysocket resuming from the last sequence. Runs on Node ≥ 20.
import type { z } from "zod";
import type { SummariserIdentity } from "../../shared/compress/compress.ts";
import type { CompressRequestSchema } from "../../shared/compress/rpc.ts";
import type { ArtifactPage, ListQuerySchema } from "../../shared/hive/reads.ts";
import type { ScoredFact } from "../../shared/memory/schema.ts";
import type {
  CommitRequestSchema,
  PutRequestSchema,
  RetractRequestSchema,
  SupersedeRequestSchema,
} from "../../shared/hive/writes.ts";
import type { SessionConfigSchema } from "../../shared/session/config.ts";
import type { AnswerSchema } from "../../shared/session/control.ts";
import { followHive, type FollowOptions, type HiveFollower } from "./follow.ts";
import { openHiveWriter, type HiveWriter, type WriterOptions } from "./hive-writer.ts";
import { memoryRoutes } from "./memory.ts";
import { enc, qs } from "./query.ts";
import { workspaceRoutes } from "./workspace.ts";
import {
  DEFAULT_TIMEOUT_MS,
  gatewayRequest,
  LetheError,
  TextBody,
} from "../../shared/http-client/request.ts";
import { trimEndRun } from "../../shared/base/text-edges.ts";

export type { HiveFollower } from "./follow.ts";
export {
  DEFAULT_TIMEOUT_MS,
  isLetheError,
  LetheError,
  TextBody,
} from "../../shared/http-client/request.ts";
export type SessionConfigInput = z.input<typeof SessionConfigSchema>;
export type PutRequest = z.input<typeof PutRequestSchema>;
export type CommitRequest = z.input<typeof CommitRequestSchema>;
export type RetractRequest = z.input<typeof RetractRequestSchema>;
export type SupersedeRequest = z.input<typeof SupersedeRequestSchema>;
export type ListQuery = z.input<typeof ListQuerySchema>;
export type Answer = z.input<typeof AnswerSchema>;
export type CompressRequest = z.input<typeof CompressRequestSchema>;

/** POST /v1/hives/:hive/compress: the compressed messages, the budget met or not, a ref per cut. */
export interface CompressAnswer {
  method: string;
  /** Who wrote the summary; `note` says plainly when it was the local stand-in. */
  summariser?: SummariserIdentity;
  summary: string;
  messages: unknown[];
  budget: { target: number | null; inputTokens: number; outputTokens: number; met: boolean };
  report: { losses: string[] };
  cut: { turn: number; ref: string; why: string }[];
  refs: string[];
}

/** The hive's firewall as sessions load it (null: none), with its text on GET. */
export interface FirewallAnswer {
  firewall: {
    hash: string;
    defaultAction: string;
    ruleCount: number;
    askTimeoutMs: number;
  } | null;
  text?: string;
}

export interface LetheOptions {
  /** The gateway, e.g. http://127.0.0.1:8787. */
  url: string;
  /** A hive API key (hive, session and proxy routes). */
  key?: string | undefined;
  /** The admin token (key management). */
  adminToken?: string | undefined;
  /** Per request; a hung gateway must not hang the caller. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type Auth = "key" | "admin" | "none";
export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** One request through a client's credentials and timeout: what the route groups call. */
export type Send = <T>(method: Method, route: string, body?: unknown, auth?: Auth) => Promise<T>;

export interface CreatedKey {
  id: string;
  hive: string;
  key: string;
  label: string;
  createdAt: number;
  /** The artifact shards declared with this key (only when asked for). */
  shards?: number;
}

export class Lethe {
  readonly url: string;
  readonly #key: string | undefined;
  readonly #adminToken: string | undefined;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: LetheOptions) {
    this.url = trimEndRun(options.url, "/");
    this.#key = options.key;
    this.#adminToken = options.adminToken;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  #credential(auth: Auth): string | undefined {
    if (auth === "none") {
      return undefined;
    }
    const value = auth === "key" ? this.#key : this.#adminToken;
    if (value === undefined || value === "") {
      throw new LetheError(
        auth === "key" ? "NO_KEY" : "NO_ADMIN_TOKEN",
        auth === "key" ? "this call needs a hive API key" : "this call needs the admin token",
        auth === "key"
          ? "set LETHE_KEY or pass --key (an admin creates one with `lethe hive create <name>`)"
          : "set LETHE_ADMIN_TOKEN or pass --admin-token (npm start prints the local one)",
      );
    }
    return value;
  }

  /** One JSON request; a non-2xx answer throws a LetheError with the gateway's code. */
  async request<T = unknown>(
    method: Method,
    route: string,
    body?: unknown,
    auth: Auth = "key",
    headers: Record<string, string> = {},
  ): Promise<T> {
    return gatewayRequest<T>(
      {
        url: this.url,
        fetch: this.#fetch,
        credential: this.#credential(auth),
        timeoutMs: this.#timeoutMs,
      },
      method,
      route,
      body,
      headers,
    );
  }

  /** `request` bound to this client, for the route groups below. */
  readonly #send: Send = (method, route, body, auth) => this.request(method, route, body, auth);

  health() {
    return this.request<{ ok: boolean }>("GET", "/health", undefined, "none");
  }

  // Admin
  /** A new key; `shards` (1..16) declares the hive's artifact shards with its first key. */
  createHiveKey(hive: string, label = "cli", shards?: number) {
    return this.request<CreatedKey>(
      "POST",
      `/v1/admin/hives/${enc(hive)}/keys`,
      shards === undefined ? { label } : { label, shards },
      "admin",
    );
  }
  listHiveKeys(hive: string) {
    return this.request<unknown>("GET", `/v1/admin/hives/${enc(hive)}/keys`, undefined, "admin");
  }
  revokeHiveKey(hive: string, id: string) {
    return this.request<unknown>(
      "DELETE",
      `/v1/admin/hives/${enc(hive)}/keys/${enc(id)}`,
      undefined,
      "admin",
    );
  }

  // Hives
  putArtifact(hive: string, body: PutRequest) {
    return this.request<Record<string, unknown>>("POST", `/v1/hives/${enc(hive)}/artifacts`, body);
  }
  commit(hive: string, body: CommitRequest) {
    return this.request<Record<string, unknown>>("POST", `/v1/hives/${enc(hive)}/commit`, body);
  }
  retract(hive: string, body: RetractRequest) {
    return this.request<Record<string, unknown>>("POST", `/v1/hives/${enc(hive)}/retract`, body);
  }
  supersede(hive: string, body: SupersedeRequest) {
    return this.request<Record<string, unknown>>("POST", `/v1/hives/${enc(hive)}/supersede`, body);
  }
  listArtifacts(hive: string, query: ListQuery = {}) {
    return this.request<ArtifactPage>("GET", `/v1/hives/${enc(hive)}/artifacts${qs(query)}`);
  }
  artifact(hive: string, identifier: string, version?: number) {
    return this.request<Record<string, unknown>>(
      "GET",
      `/v1/hives/${enc(hive)}/artifacts/${enc(identifier)}${qs({ version })}`,
    );
  }
  /** The log after `since`: a seq, or on a sharded hive a seq per shard (`"0:12,1:7"`, a page's `next`). */
  events(hive: string, since: number | string = 0, limit?: number) {
    return this.request<Record<string, unknown>>(
      "GET",
      `/v1/hives/${enc(hive)}/events${qs({ since, limit })}`,
    );
  }
  snapshot(hive: string) {
    return this.request<Record<string, unknown>>("GET", `/v1/hives/${enc(hive)}/snapshot`);
  }
  /**
   * Live events of `hive` over partysocket, resuming after the last seq on every
   * reconnect; a sharded hive's after the last seq of each shard (events carry `shard`).
   */
  follow(hive: string, options: Omit<FollowOptions, "url" | "key" | "hive"> = {}): HiveFollower {
    const key = this.#credential("key") ?? "";
    return followHive({ ...options, url: this.url, key, hive });
  }

  /**
   * Commits to `hive` over one socket, pipelined; commits issued in the same turn
   * travel as one `hive.commits` frame unless `group: false` (docs/hive.md).
   */
  writer(hive: string, options: Omit<WriterOptions, "url" | "key" | "hive"> = {}): HiveWriter {
    const key = this.#credential("key") ?? "";
    return openHiveWriter({ ...options, url: this.url, key, hive });
  }

  /** The hive's workspace: writes, structural queries, search. */
  workspace(hive: string) {
    return workspaceRoutes(this.#send, hive);
  }
  /** The hive's long-term memory: search, as-of, history, changelog, rollback, counters. */
  memory(hive: string) {
    return memoryRoutes(this.#send, hive);
  }
  /** Every hive's knowledge, through the D1 mirror (admin token). */
  searchAllMemory(query: { q: string; at?: string | number; limit?: number; hive?: string }) {
    return this.request<{ hits: Array<ScoredFact & { hive: string }> }>(
      "GET",
      `/v1/admin/memory/search${qs(query)}`,
      undefined,
      "admin",
    );
  }
  compress(hive: string, body: CompressRequest) {
    return this.request<CompressAnswer>("POST", `/v1/hives/${enc(hive)}/compress`, body);
  }
  /** The text behind a ref a compression or compaction stored in the hive. */
  ref(hive: string, ref: string) {
    return this.request<{ ref: string; content: string }>(
      "GET",
      `/v1/hives/${enc(hive)}/refs/${enc(ref)}`,
    );
  }
  firewall(hive: string) {
    return this.request<FirewallAnswer>("GET", `/v1/hives/${enc(hive)}/firewall`);
  }
  /** Loads a firewall.yaml; an invalid file is refused with every problem and its line. */
  setFirewall(hive: string, yaml: string) {
    return this.request<FirewallAnswer>(
      "PUT",
      `/v1/hives/${enc(hive)}/firewall`,
      new TextBody(yaml, "text/yaml"),
    );
  }
  clearFirewall(hive: string) {
    return this.request<FirewallAnswer>("DELETE", `/v1/hives/${enc(hive)}/firewall`);
  }

  // Sessions
  createSession(config: SessionConfigInput) {
    return this.request<Record<string, unknown>>("POST", "/v1/sessions", config);
  }
  session(id: string, route = "") {
    return this.request<Record<string, unknown>>("GET", `/v1/sessions/${enc(id)}${route}`);
  }
  sessionAction(id: string, action: string, body: unknown = {}) {
    return this.request<Record<string, unknown>>("POST", `/v1/sessions/${enc(id)}/${action}`, body);
  }
  answer(id: string, body: Answer) {
    return this.sessionAction(id, "answer", body);
  }

  // The context-managing proxy
  /** What the proxy stored for a conversation (links, refs, artifacts, calls). */
  chatSession(id: string) {
    return this.request<{
      session: string;
      links: number;
      refs: number;
      artifacts: number;
      calls: number;
    }>("GET", `/v1/chat/sessions/${enc(id)}`);
  }
  /** The text behind a ref the proxy showed in a conversation. */
  chatRef(id: string, ref: string) {
    return this.request<{ session: string; ref: string; content: string }>(
      "GET",
      `/v1/chat/sessions/${enc(id)}/refs/${enc(ref)}`,
    );
  }
  /** The base URL and key an `openai` client needs to go through the proxy. */
  openAIOptions(session?: string): {
    baseURL: string;
    apiKey: string;
    defaultHeaders: Record<string, string>;
  } {
    return {
      baseURL: `${this.url}/v1`,
      apiKey: this.#credential("key") ?? "",
      defaultHeaders: session === undefined ? {} : { "x-lethe-session": session },
    };
  }
}
