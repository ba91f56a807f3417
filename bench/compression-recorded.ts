// Recorded summariser answers: what a model answered to each map request of one
// compression (`bench:compression --record=DIR`), kept as JSON so a test can replay
// them through the real pipeline without a network. Each call holds the SHA-256 of
// the request's user message, so a replay notices when the pipeline asks otherwise.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SummariserClient } from "../shared/compress/map-reduce.ts";
import { answered, userText } from "./compression-ceiling.ts";

export const RecordingSchema = z.strictObject({
  family: z.string(),
  seed: z.number().int(),
  turns: z.number().int(),
  ratio: z.number().gt(0).max(1),
  windowTokens: z.number().int(),
  /** Who answered: a model's name, or "perfect-reader" for the bench's ceiling. */
  model: z.string(),
  calls: z.array(
    z.strictObject({ request: z.string().regex(/^[0-9a-f]{64}$/), answer: z.string() }),
  ),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RECORDED_DIR = new URL("./compression-recorded/", import.meta.url).pathname;

export const requestHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** A client that records each call into `calls`. */
export function recording(client: SummariserClient, calls: Recording["calls"]): SummariserClient {
  return {
    call: async (request) => {
      const answer = await client.call(request);
      calls.push({
        request: requestHash(userText(request)),
        answer: answer.ok ? answer.value.content : `ERROR ${answer.code}`,
      });
      return answer;
    },
  };
}

/**
 * A client that answers each call with the next recorded answer; `mismatches`
 * counts requests whose hash differs from the recorded one.
 */
export function replaying(rec: Recording): SummariserClient & { mismatches: number } {
  let next = 0;
  const client = {
    mismatches: 0,
    call: (request: Parameters<SummariserClient["call"]>[0]) => {
      const call = rec.calls[next++];
      if (call === undefined || call.request !== requestHash(userText(request))) {
        client.mismatches++;
      }
      return Promise.resolve(answered(call?.answer ?? "", rec.model));
    },
  };
  return client;
}

/** Every recording in `dir`, validated. */
export function loadRecordings(
  dir: string = RECORDED_DIR,
): { file: string; recording: Recording }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({
      file,
      recording: RecordingSchema.parse(JSON.parse(readFileSync(path.join(dir, file), "utf8"))),
    }));
}
