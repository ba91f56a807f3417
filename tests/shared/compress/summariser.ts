// Test helpers: a real Driver whose fetch is the local endpoint's deterministic
// policy in-process (the project's model stand-in), with fast retries;
// compressConversation run with it; and a summariser that answers the contract
// from the turns it is shown, as a model would.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import { compressConversation, type CompressionRun } from "../../../shared/compress/compress.ts";
import type { DriverConfigInput } from "../../../shared/driver/config.ts";
import { driverConfigFromEnv } from "../../../shared/driver/config.ts";
import { Driver } from "../../../shared/driver/driver.ts";
import type { FetchFn } from "../../../shared/driver/transport.ts";
import type { ModelRequest } from "../../../shared/driver/types.ts";
import { localModelFetch } from "../../../harness/local-model-fetch.ts";
import type { SummariserClient } from "../../../shared/compress/map-reduce.ts";
import {
  parseSummariseRequest,
  type NumberedTurn,
  type SummaryAnswer,
  type SummaryFact,
} from "../../../shared/model/summarise-contract.ts";

export function makeDriver(overrides: Partial<DriverConfigInput> = {}, fetch?: FetchFn): Driver {
  const config = driverConfigFromEnv(
    {},
    { maxAttempts: 2, retryBaseMs: 1, retryMaxMs: 2, timeoutMs: 2_000, ...overrides },
  );
  if (!config.ok) {
    throw new Error(config.message);
  }
  return new Driver(config.value, {
    fetch: fetch ?? localModelFetch(),
    sleep: () => Promise.resolve(),
  });
}

/** A driver that also records every request it was asked to make. */
export function recordingDriver(
  overrides: Partial<DriverConfigInput> = {},
  fetch?: FetchFn,
): { driver: Driver; requests: ModelRequest[] } {
  const driver = makeDriver(overrides, fetch);
  const requests: ModelRequest[] = [];
  const call = driver.call.bind(driver);
  driver.call = (request) => {
    requests.push(request);
    return call(request);
  };
  return { driver, requests };
}

/** compressConversation with the local summariser and an 8,192-token window; throws unless it succeeds. */
export async function compressLocally(
  messages: ChatMessage[],
  tokenizer: Tokenizer,
): Promise<CompressionRun> {
  const run = await compressConversation(messages, {
    tokenizer,
    client: makeDriver(),
    windowTokens: 8_192,
  });
  if (!run.ok) {
    throw new Error(`compression failed: ${run.code}: ${run.message}`);
  }
  return run.value;
}

/**
 * A summariser that answers the contract with `read`'s facts for the turns and
 * known facts of each request, as a model would (no HTTP); it records each request.
 */
export function contractClient(
  read: (turns: NumberedTurn[], known: SummaryFact[]) => SummaryAnswer,
): SummariserClient & { requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    call: (request) => {
      const content = request.messages[1]?.content;
      const user = typeof content === "string" ? content : "";
      requests.push(user);
      const { turns, known } = parseSummariseRequest(user);
      return Promise.resolve({
        ok: true,
        value: {
          content: JSON.stringify(read(turns, known)),
          toolCalls: [],
          finishReason: "stop",
          usage: {
            role: "compression",
            model: "contract-client",
            promptTokens: 0,
            completionTokens: 0,
            costUsd: 0,
            priced: false,
            reported: false,
            attempts: 1,
            elapsedMs: 0,
            streamed: false,
          },
        },
      });
    },
  };
}
