// The agents-chat example Worker: routes /agents/chat-agent/<name> (WebSocket
// and HTTP) to the ChatAgent Durable Object through the SDK's router; every other
// path goes to Lethe's gateway over the LETHE binding, so one local port serves
// both the agent and Lethe's API (`lethe hive create`, /health).
import { routeAgentRequest } from "agents";
import type { ChatEnv } from "./env.ts";

export { ChatAgent } from "./agent.ts";

export default {
  async fetch(request: Request, env: Cloudflare.Env): Promise<Response> {
    return (
      (await routeAgentRequest(request, env)) ?? (env as unknown as ChatEnv).LETHE.fetch(request)
    );
  },
} satisfies ExportedHandler<Cloudflare.Env>;
