// Every tool result on its way into history: secrets redacted first (so neither
// the preview nor the offloaded original keeps them), then the context engine's
// output gate (token cap, sandwich preview, hard cap), then the cognitive-load
// warning. Called by the gatekeeper Worker's gateOutput RPC.
import { gateOutput, type GatedOutput } from "../context/output-gate.ts";
import type { Tokenizer } from "../context/tokens.ts";
import { isAppError } from "../base/errors.ts";
import { err, ok, type Result } from "../base/result.ts";
import { annotateResult } from "./cognition.ts";
import { redactSecrets, type Redaction } from "../base/redact.ts";
import type { GatekeeperState } from "./state.ts";

export type OutputErrorCode = "OUTPUT_TOO_LARGE" | "TOKENIZER_NOT_LOADED";

export interface GateToolOutputOptions {
  tool?: string;
  capTokens?: number;
  model?: string;
  tokenizer?: Tokenizer;
  /** The session's gatekeeper state: adds a [COGNITIVE LOAD WARNING] when too many skills are active. */
  state?: GatekeeperState;
}

export interface GatedToolOutput extends GatedOutput {
  /** Secrets removed before gating, by kind. */
  redactions: Redaction[];
}

export function gateToolOutput(
  content: string,
  options: GateToolOutputOptions = {},
): Result<GatedToolOutput, OutputErrorCode> {
  const redacted = redactSecrets(content);
  let gated: Result<GatedOutput, "OUTPUT_TOO_LARGE">;
  try {
    gated = gateOutput(redacted.text, {
      tool: options.tool,
      capTokens: options.capTokens,
      model: options.model,
      tokenizer: options.tokenizer,
    });
  } catch (error) {
    // The gate throws only when no tokenizer was loaded: a setup error of the
    // caller, reported as a value so it crosses RPC with its hint.
    if (isAppError(error)) {
      return err("TOKENIZER_NOT_LOADED", error.message, error.hint);
    }
    throw error;
  }
  if (!gated.ok) {
    return gated;
  }
  const annotated = options.state
    ? annotateResult(gated.value.content, options.state)
    : gated.value.content;
  return ok({ ...gated.value, content: String(annotated), redactions: redacted.redactions });
}
