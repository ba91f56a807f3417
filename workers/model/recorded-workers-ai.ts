// RecordedWorkersAi: a STAND-IN for the Workers AI binding (`env.AI`), which has
// no local version. It answers `run(model, inputs)` from recorded responses in the
// shapes the binding returns: `{response, tool_calls, usage}`, a ReadableStream of
// `data: {"response": ...}` events for `stream: true`, or a thrown platform error.
// Used by the workerd tests and, through workers/model's entrypoint, by clusters.
import { z } from "zod";
import type { WorkersAiBinding } from "../../shared/driver/workers-ai.ts";

const UsageSchema = z.strictObject({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});

/** One recorded exchange: which request it answers, and what the binding gave back. */
export const WorkersAiRecordingSchema = z.strictObject({
  /** Where the answer came from (a real run, or written to the documented shape) and why it is here. */
  note: z.string(),
  /** Every field given must hold for a request to get this answer; the first match wins. */
  when: z.strictObject({
    model: z.string().optional(),
    /** `response_format` asked (JSON mode). */
    jsonMode: z.boolean().optional(),
    /** Tools offered. */
    tools: z.boolean().optional(),
    /** Texts the request's messages must all contain. */
    includes: z.array(z.string()).optional(),
    /** Texts they must not contain. */
    excludes: z.array(z.string()).optional(),
    temperature: z.number().optional(),
  }),
  /** The non-streamed answer, verbatim (in JSON mode `response` is the parsed object). */
  output: z
    .strictObject({
      response: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      tool_calls: z.array(z.record(z.string(), z.unknown())).optional(),
      usage: UsageSchema.optional(),
    })
    .optional(),
  /** The `data:` payloads of a streamed answer; derived from `output` when absent. */
  stream: z.array(z.string()).optional(),
  /** The binding throws this message instead (e.g. "3040: Capacity temporarily exceeded"). */
  error: z.string().optional(),
});
export type WorkersAiRecording = z.infer<typeof WorkersAiRecordingSchema>;
export const WorkersAiRecordingsSchema = z.array(WorkersAiRecordingSchema);

/** One call the stand-in answered: what was asked and which recording answered it. */
export interface RecordedCall {
  model: string;
  inputs: Record<string, unknown>;
  recording: number;
}

/** The text of every message, for `includes`/`excludes` (contents and tool-call arguments). */
function messagesText(inputs: Record<string, unknown>): string {
  return JSON.stringify(inputs.messages ?? inputs.prompt ?? "");
}

function matches(
  recording: WorkersAiRecording,
  model: string,
  inputs: Record<string, unknown>,
): boolean {
  const when = recording.when;
  const text = messagesText(inputs);
  const tools = Array.isArray(inputs.tools) && inputs.tools.length > 0;
  return (
    (when.model === undefined || when.model === model) &&
    (when.jsonMode === undefined || when.jsonMode === (inputs.response_format !== undefined)) &&
    (when.tools === undefined || when.tools === tools) &&
    (when.temperature === undefined || when.temperature === inputs.temperature) &&
    (when.includes ?? []).every((t) => text.includes(t)) &&
    !(when.excludes ?? []).some((t) => text.includes(t))
  );
}

/** A streamed answer's events: the recorded ones, else the answer cut in words plus its usage. */
function streamEvents(recording: WorkersAiRecording): string[] {
  if (recording.stream) {
    return recording.stream;
  }
  const output = recording.output ?? {};
  const text =
    typeof output.response === "string" ? output.response : JSON.stringify(output.response ?? "");
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  return [
    ...words.map((w) => JSON.stringify({ response: w })),
    ...(output.tool_calls ? [JSON.stringify({ response: "", tool_calls: output.tool_calls })] : []),
    ...(output.usage ? [JSON.stringify({ response: "", usage: output.usage })] : []),
    "[DONE]",
  ];
}

export class RecordedWorkersAi implements WorkersAiBinding {
  readonly #recordings: readonly WorkersAiRecording[];
  /** Every call answered, in order (tests read what the model was asked). */
  readonly calls: RecordedCall[] = [];

  constructor(recordings: readonly WorkersAiRecording[]) {
    this.#recordings = WorkersAiRecordingsSchema.parse(recordings);
  }

  async run(
    model: string,
    inputs: Record<string, unknown>,
    _options?: Record<string, unknown>,
  ): Promise<unknown> {
    const index = this.#recordings.findIndex((r) => matches(r, model, inputs));
    const recording = this.#recordings[index];
    if (recording === undefined) {
      // The binding's own refusal of an input it cannot serve reads like this one.
      throw new Error(
        `5006: RecordedWorkersAi has no recorded answer for ${model} (${inputs.response_format ? "JSON mode, " : ""}${Array.isArray(inputs.tools) ? `${inputs.tools.length} tools, ` : ""}${Array.isArray(inputs.messages) ? inputs.messages.length : 0} messages)`,
      );
    }
    this.calls.push({ model, inputs: structuredClone(inputs), recording: index });
    if (recording.error !== undefined) {
      throw new Error(recording.error);
    }
    if (inputs.stream === true) {
      const text = streamEvents(recording)
        .map((e) => `data: ${e}\n\n`)
        .join("");
      return new Response(text).body ?? new ReadableStream();
    }
    return structuredClone(recording.output ?? {});
  }
}
