// Stage 7 of an agent step, gate: the tool's output is redacted, capped and, when
// large, offloaded behind a reference, here where the step's tokenizer already is
// (it never crosses RPC); the tool's input and full output are kept by reference.
import { keep } from "../../../shared/context/refs.ts";
import type { ToolMove } from "../../../shared/driver/move.ts";
import { gateToolOutput } from "../../../shared/gatekeeper/output.ts";
import { redactSecrets, redactValue } from "../../../shared/base/redact.ts";
import type { Admitted, Gated, StepContext } from "./context.ts";

export function gate(ctx: StepContext, move: ToolMove, admitted: Admitted, output: string): Gated {
  ctx.meter.begin("gate");
  const gated = gateToolOutput(output, {
    tool: move.tool,
    model: ctx.config.model,
    tokenizer: ctx.tokenizer,
    state: admitted.gatekeeper,
  });
  const content = gated.ok ? gated.value.content : `[OUTPUT REFUSED] ${gated.message}`;
  // Only redacted text is ever stored: the input without secrets, and the output
  // as the gate left it (its offloaded original is redacted before it is gated).
  const input = keep(JSON.stringify(redactValue(admitted.args).value));
  const stored =
    gated.ok && gated.value.offloaded ? gated.value.offloaded.content : redactSecrets(content).text;
  const outputKept = keep(stored);
  return {
    content,
    kept: [
      { ...input, kind: "tool_input" },
      { ...outputKept, kind: "tool_output" },
    ],
    inputRef: input.ref,
    outputRef: outputKept.ref,
  };
}
