// A fetch that answers chat completions with the local endpoint's deterministic
// policy in-process (workers/model/endpoint.ts), for the benchmark and unit tests
// that run the real Driver without a cluster. A stand-in, not a language model.
import type { FetchFn } from "../shared/driver/transport.ts";
import { completeChat, completionChunks } from "../workers/model/endpoint.ts";
import type { ChatCompletion } from "../shared/model/openai-schemas.ts";
import { SCRIPT_HEADER, SCRIPT_INDEX_HEADER } from "../shared/model/script.ts";

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

/** Answers POST .../chat/completions like workers/model does; anything else is a 404. */
export function localModelFetch(): FetchFn {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!new URL(request.url).pathname.endsWith("/chat/completions")) {
      return Response.json({ error: { message: "not found", code: "not_found" } }, { status: 404 });
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      // A body that is not JSON gets the endpoint's own 400, as over HTTP.
      return Response.json({ error: { message: "bad json", code: "bad_json" } }, { status: 400 });
    }
    const outcome = completeChat(body, {
      header: request.headers.get(SCRIPT_HEADER) ?? headerOf(init, SCRIPT_HEADER),
      indexHeader: request.headers.get(SCRIPT_INDEX_HEADER) ?? headerOf(init, SCRIPT_INDEX_HEADER),
    });
    if (!outcome.ok) {
      return Response.json(outcome.body, { status: outcome.status });
    }
    const { completion, stream, includeUsage } = outcome.value;
    return stream
      ? new Response(completionSse(completion, includeUsage), {
          headers: { "content-type": "text/event-stream" },
        })
      : Response.json(completion);
  };
}

/** A whole completion as the SSE body a streaming request gets. */
export function completionSse(completion: ChatCompletion, includeUsage: boolean): string {
  return (
    completionChunks(completion, includeUsage)
      .map((c) => `data: ${JSON.stringify(c)}\n\n`)
      .join("") + "data: [DONE]\n\n"
  );
}
