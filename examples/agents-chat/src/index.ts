// The agents-chat example Worker: routes /agents/chat-agent/<name> (WebSocket
// and HTTP) to the ChatAgent Durable Object through the SDK's router.
import { routeAgentRequest } from "agents";

export { ChatAgent } from "./agent.ts";

export default {
  async fetch(request: Request, env: Cloudflare.Env): Promise<Response> {
    return (
      (await routeAgentRequest(request, env)) ??
      Response.json(
        {
          error: {
            code: "NOT_FOUND",
            message: "no such route",
            hint: "connect to /agents/chat-agent/<name>",
          },
        },
        { status: 404 },
      )
    );
  },
} satisfies ExportedHandler<Cloudflare.Env>;
