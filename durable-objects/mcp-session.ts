// McpSession: one Durable Object per MCP session (named `<hive>.<uuid>` by the
// gateway's /mcp route). It holds the session's MCP server and Streamable HTTP
// transport, so resource subscriptions outlive a request and notifications reach
// the client's standing SSE stream.
import { DurableObject } from "cloudflare:workers";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ArtifactResources } from "./mcp/artifact-resources.ts";

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
  #transport: WebStandardStreamableHTTPServerTransport | null = null;
  #resources: ArtifactResources | null = null;

  override async fetch(request: Request): Promise<Response> {
    const hive = request.headers.get(MCP_HIVE_HEADER);
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
      this.#transport = transport;
      this.#resources = resources;
    }
    if (this.#hive !== hive) {
      return sessionGone();
    }
    return this.#transport.handleRequest(request);
  }

  #reset(): void {
    this.#resources?.close();
    this.#hive = null;
    this.#transport = null;
    this.#resources = null;
  }
}
