// McpSession: one Durable Object per MCP session (named `<hive>.<uuid>` by the
// gateway's /mcp route). It holds the session's MCP server and Streamable HTTP
// transport, so resource subscriptions outlive a request and notifications reach
// the client's standing SSE stream. The object named by the hive alone (no dot)
// is the hive's registry of sessions, which a key revocation asks to close them.
import { DurableObject } from "cloudflare:workers";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ArtifactResources } from "./mcp/artifact-resources.ts";
import { SOCKET_KEY_HEADER } from "../shared/hive/messages.ts";

/**
 * The MCP SDK and the server built on it, imported on a session's first request:
 * an isolate that never serves MCP never loads them.
 */
async function mcpModules() {
  const [transport, resources, server] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("./mcp/artifact-resources.ts"),
    import("./mcp/server.ts"),
  ]);
  return {
    WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
    ArtifactResources: resources.ArtifactResources,
    buildMcpServer: server.buildMcpServer,
  };
}

/** Headers the gateway sets after authenticating the request. */
export const MCP_HIVE_HEADER = "x-lethe-hive";
/** An idle session lives this long (a client may pause between calls); then its object is let go. */
export const MCP_SESSION_IDLE_MS = 10 * 60_000;
/** While a session lives, an alarm this often keeps its object (and the transport it holds) in memory. */
const KEEP_ALIVE_MS = 5_000;
/** Registry entries: one per session the hive's registry knows, with the key that opened it. */
const REGISTRY_PREFIX = "mcp.session/";

/** The registry object of a hive's MCP sessions; session names always hold a dot, hive names never. */
export function mcpRegistryName(hive: string): string {
  return hive;
}

function sessionGone(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32001,
        message: "Session not found",
        data: { code: "SESSION_NOT_FOUND", hint: "initialize a new session" },
      },
    },
    { status: 404 },
  );
}

export class McpSession extends DurableObject<Env> {
  #hive: string | null = null;
  #keyId: string | null = null;
  #transport: WebStandardStreamableHTTPServerTransport | null = null;
  #resources: ArtifactResources | null = null;
  #lastSeen = 0;

  /** Registry role: remembers a session of this hive and the key that opened it. */
  async register(session: string, keyId: string): Promise<void> {
    await this.ctx.storage.put(`${REGISTRY_PREFIX}${session}`, { keyId, at: Date.now() });
  }

  /** Registry role: forgets a session that ended. */
  async unregister(session: string): Promise<void> {
    await this.ctx.storage.delete(`${REGISTRY_PREFIX}${session}`);
  }

  /** Registry role: closes every session opened with `keyId` (revoked); returns how many were open. */
  async closeKey(keyId: string): Promise<number> {
    const entries = await this.ctx.storage.list<{ keyId: string; at: number }>({
      prefix: REGISTRY_PREFIX,
    });
    let closed = 0;
    for (const [key, entry] of entries) {
      if (entry.keyId === keyId) {
        const session = key.slice(REGISTRY_PREFIX.length);
        closed += Math.max(0, await this.env.McpSession.getByName(session).closeForKey(keyId));
        await this.ctx.storage.delete(key);
      }
    }
    return closed;
  }

  /** Session role: ends this session if `keyId` opened it; 1 when it was open, 0 when not, -1 when it is gone. */
  async closeForKey(keyId: string): Promise<number> {
    if (this.#transport === null) {
      return -1;
    }
    if (this.#keyId !== keyId) {
      return 0;
    }
    const transport = this.#transport;
    this.#reset();
    // Closing ends the standing SSE stream; the session answers 404 afterwards.
    await transport.close();
    return 1;
  }

  override async alarm(): Promise<void> {
    if (this.#transport === null) {
      return;
    }
    if (Date.now() - this.#lastSeen >= MCP_SESSION_IDLE_MS) {
      const transport = this.#transport;
      this.#reset();
      await transport.close();
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + KEEP_ALIVE_MS);
  }

  override async fetch(request: Request): Promise<Response> {
    const hive = request.headers.get(MCP_HIVE_HEADER);
    const keyId = request.headers.get(SOCKET_KEY_HEADER) ?? "";
    const name = this.ctx.id.name;
    if (hive === null || name === undefined || !name.startsWith(`${hive}.`)) {
      return sessionGone();
    }
    if (this.#transport === null) {
      // After an eviction the session's state is gone: MCP clients re-initialize on 404.
      if (request.headers.has("mcp-session-id")) {
        return sessionGone();
      }
      const { WebStandardStreamableHTTPServerTransport, ArtifactResources, buildMcpServer } =
        await mcpModules();
      const ctx = { env: this.env, hive };
      const resources = new ArtifactResources(ctx);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => name,
        enableJsonResponse: true,
      });
      transport.onclose = () => this.#reset();
      const server = buildMcpServer(ctx, resources);
      await server.connect(transport);
      this.#hive = hive;
      this.#keyId = keyId;
      this.#transport = transport;
      this.#resources = resources;
      await this.env.McpSession.getByName(mcpRegistryName(hive)).register(name, keyId);
    }
    if (this.#hive !== hive) {
      return sessionGone();
    }
    this.#lastSeen = Date.now();
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + KEEP_ALIVE_MS);
    }
    return this.#transport.handleRequest(request);
  }

  #reset(): void {
    const hive = this.#hive;
    const name = this.ctx.id.name;
    this.#resources?.close();
    this.#hive = null;
    this.#keyId = null;
    this.#transport = null;
    this.#resources = null;
    if (hive !== null && name !== undefined) {
      this.ctx.waitUntil(this.env.McpSession.getByName(mcpRegistryName(hive)).unregister(name));
    }
  }
}
