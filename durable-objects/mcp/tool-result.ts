// Turns Lethe's typed Results into MCP tool results: the value as JSON text (and
// structured content), or an MCP tool error whose text is the typed
// {error:{code,message,hint}} body the HTTP API answers with.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorBody } from "../../shared/base/errors.ts";

type AnyResult =
  | { ok: true; value: unknown }
  | { ok: false; code: string; message: string; hint?: string };

export function toolValue(value: unknown): CallToolResult {
  const text = JSON.stringify(value ?? null);
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> }
    : { content: [{ type: "text", text }] };
}

export function toolError(code: string, message: string, hint?: string): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(errorBody(code, message, hint)) }],
    isError: true,
  };
}

export function toolResult(result: AnyResult): CallToolResult {
  return result.ok ? toolValue(result.value) : toolError(result.code, result.message, result.hint);
}
