// Lethe's own tools, offered to the upstream model beside the client's: read the
// text behind a ref (a page at a time), save an artifact that stays in view. The
// proxy executes them and calls the model again; the client never sees them.
import { z } from "zod";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { ModelToolCall } from "../../../shared/driver/types.ts";

export const READ_REF_TOOL = "lethe_read_ref";
export const SAVE_ARTIFACT_TOOL = "lethe_save_artifact";
export const LETHE_TOOL_NAMES: ReadonlySet<string> = new Set([READ_REF_TOOL, SAVE_ARTIFACT_TOOL]);
/** Characters of a ref returned per read (~2,000 tokens); `offset` pages on. */
export const READ_PAGE_CHARS = 8_000;

export const LETHE_TOOLS: ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: READ_REF_TOOL,
      description:
        "Read the full text behind a ref:<32 hex> shown in this conversation (an offloaded tool result or a summarised turn). Returns one page; pass offset to read on.",
      parameters: {
        type: "object",
        properties: {
          ref: { type: "string", description: "the ref exactly as shown, e.g. ref:0123…" },
          offset: { type: "integer", minimum: 0, description: "character offset to start at" },
        },
        required: ["ref"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: SAVE_ARTIFACT_TOOL,
      description:
        "Save a finding (a fact, a decision, a plan) under a name; it stays in the system context for the rest of the conversation.",
      parameters: {
        type: "object",
        properties: {
          name: { type: "string" },
          content: { type: "string" },
        },
        required: ["name", "content"],
      },
    },
  },
];

const ReadRefArgsSchema = z.object({
  ref: z.string().min(1).max(64),
  offset: z.number().int().min(0).optional(),
});
const SaveArgsSchema = z.object({ name: z.string().min(1).max(200), content: z.string() });

/** What the proxy needs from the session to run a Lethe tool. */
export interface LetheToolHost {
  readRef(ref: string): Promise<{ ok: true; value: string } | { ok: false; message: string }>;
  saveArtifact(
    name: string,
    content: string,
  ): Promise<{ ok: true; value: { ref: string } } | { ok: false; message: string }>;
}

function parseArgs(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The tool result text for one Lethe tool call; failures are results the model can read. */
export async function runLetheTool(call: ModelToolCall, host: LetheToolHost): Promise<string> {
  const args = parseArgs(call.arguments);
  if (call.name === READ_REF_TOOL) {
    const parsed = ReadRefArgsSchema.safeParse(args);
    if (!parsed.success) {
      return `error: ${READ_REF_TOOL} needs {"ref": "ref:<32 hex>", "offset"?: integer}`;
    }
    const found = await host.readRef(parsed.data.ref);
    if (!found.ok) {
      return `error: ${found.message}`;
    }
    const offset = Math.min(parsed.data.offset ?? 0, found.value.length);
    const page = found.value.slice(offset, offset + READ_PAGE_CHARS);
    const end = offset + page.length;
    const more =
      end < found.value.length
        ? `\n[${parsed.data.ref}: characters ${offset}-${end} of ${found.value.length}; call again with offset ${end}]`
        : "";
    return page + more;
  }
  const parsed = SaveArgsSchema.safeParse(args);
  if (!parsed.success) {
    return `error: ${SAVE_ARTIFACT_TOOL} needs {"name": string, "content": string}`;
  }
  const saved = await host.saveArtifact(parsed.data.name, parsed.data.content);
  return saved.ok ? `saved ${parsed.data.name} (${saved.value.ref})` : `error: ${saved.message}`;
}
