// Artifacts as MCP resources (lethe://artifacts/<identifier>) with subscriptions:
// a subscribed client gets notifications/resources/updated when the hive commits
// a change to that artifact (fed by HiveFeed).
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { HiveFeed } from "./hive-feed.ts";
import { mcpHive, type McpToolContext } from "./tool-context.ts";

export const ARTIFACT_URI_PREFIX = "lethe://artifacts/";
/** Distinct URIs one session may watch: far more than a client shows, bounded against storms. */
export const MAX_SUBSCRIPTIONS = 1_000;
/** Artifacts resources/list returns (the first page of the hive's list). */
const LIST_LIMIT = 100;

export function artifactUri(identifier: string): string {
  return `${ARTIFACT_URI_PREFIX}${encodeURIComponent(identifier)}`;
}

function identifierOf(uri: string): string | null {
  if (!uri.startsWith(ARTIFACT_URI_PREFIX)) {
    return null;
  }
  try {
    return decodeURIComponent(uri.slice(ARTIFACT_URI_PREFIX.length)) || null;
  } catch {
    // A malformed escape is not an artifact URI; the caller answers InvalidParams.
    return null;
  }
}

function invalidUri(uri: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `${uri.slice(0, 200)} is not an artifact URI`, {
    code: "INVALID_URI",
    hint: `artifact URIs are ${ARTIFACT_URI_PREFIX}<identifier> (resources/list shows them)`,
  });
}

export class ArtifactResources {
  readonly #subscribed = new Set<string>();
  readonly #feed: HiveFeed;
  #server: McpServer | null = null;

  constructor(ctx: McpToolContext) {
    this.#feed = new HiveFeed(ctx.env, ctx.hive, (events) => this.#notify(events));
  }

  register(server: McpServer, ctx: McpToolContext): void {
    this.#server = server;
    const hive = () => mcpHive(ctx);
    server.registerResource(
      "artifact",
      new ResourceTemplate(`${ARTIFACT_URI_PREFIX}{identifier}`, {
        list: async () => {
          const page = await hive().list({ limit: LIST_LIMIT });
          return {
            resources: page.ok
              ? page.value.artifacts.map((a) => ({
                  uri: artifactUri(a.identifier),
                  name: a.identifier,
                  mimeType: "application/json",
                  description: `${a.kind} v${a.version}`,
                }))
              : [],
          };
        },
      }),
      {
        description: "An artifact of the hive (its active version, as JSON)",
        mimeType: "application/json",
      },
      async (uri) => {
        const identifier = identifierOf(uri.href);
        if (identifier === null) {
          throw invalidUri(uri.href);
        }
        const found = await hive().get(identifier);
        if (!found.ok) {
          throw new McpError(ErrorCode.InvalidParams, found.message, {
            code: found.code,
            hint: found.hint,
          });
        }
        return {
          contents: [
            { uri: uri.href, mimeType: "application/json", text: JSON.stringify(found.value) },
          ],
        };
      },
    );
    server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
      const uri = request.params.uri;
      if (identifierOf(uri) === null) {
        throw invalidUri(uri);
      }
      if (!this.#subscribed.has(uri) && this.#subscribed.size >= MAX_SUBSCRIPTIONS) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `this session already watches ${MAX_SUBSCRIPTIONS} artifacts`,
          {
            code: "TOO_MANY_SUBSCRIPTIONS",
            hint: "unsubscribe from some, or open another session",
          },
        );
      }
      this.#subscribed.add(uri);
      await this.#feed.open();
      return {};
    });
    server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
      this.#subscribed.delete(request.params.uri);
      if (this.#subscribed.size === 0) {
        this.#feed.close();
      }
      return {};
    });
  }

  #notify(events: HiveEvent[]): void {
    const changed = new Set<string>();
    for (const event of events) {
      changed.add(artifactUri(event.artifact.identifier));
      if (event.retired) {
        changed.add(artifactUri(event.retired.identifier));
      }
    }
    for (const uri of changed) {
      if (this.#subscribed.has(uri)) {
        // Delivery is best effort by MCP's design: a client without an open stream misses it and re-reads.
        this.#server?.server.sendResourceUpdated({ uri }).catch(() => undefined);
      }
    }
  }

  close(): void {
    this.#subscribed.clear();
    this.#feed.close();
  }
}
