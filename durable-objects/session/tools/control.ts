// ask_human and finish: no reads; the outcome tells the loop to pause for a
// person's answer or to end the mission with the model's self-assessment.
import type { z } from "zod";
import { outcome, type ToolOutcome } from "../../../shared/tools/tool-ports.ts";
import type { AskHumanArgsSchema, FinishArgsSchema } from "../../../shared/tools/schemas.ts";
import { oneLine } from "./common.ts";

export type AskHumanArgs = z.output<typeof AskHumanArgsSchema>;
export type FinishArgs = z.output<typeof FinishArgsSchema>;

export function askHuman(args: AskHumanArgs): ToolOutcome {
  const options =
    args.options === undefined || args.options.length === 0 ? "" : ` [${args.options.join(" | ")}]`;
  return outcome(`asked: ${oneLine(args.question, 200)}${options}`, {
    ask:
      args.options === undefined
        ? { question: args.question }
        : { question: args.question, options: args.options },
  });
}

export function finish(args: FinishArgs): ToolOutcome {
  return outcome(`finished (${args.status}): ${oneLine(args.summary, 200)}`, {
    finish:
      args.next === undefined
        ? { status: args.status, summary: args.summary }
        : { status: args.status, summary: args.summary, next: args.next },
  });
}
