// Fixtures shared by the capability scenarios: the two-value workspace most
// missions start from, its mission, and a scripted tool call.
import type { ScriptEntry } from "../../../shared/model/script.ts";

export const TWO_FILES: Readonly<Record<string, string>> = {
  "src/config.ts": "// Network settings.\nexport const TIMEOUT = 30;\n",
  "src/retry.ts": "export const RETRIES = 4;\n",
  "src/limits.ts": "// Upper bound on waiting, in seconds.\nexport const MAX_WAIT = 0;\n",
};

export const SUM_MISSION =
  "Find TIMEOUT in src/config.ts and RETRIES in src/retry.ts, save both, compute their sum and set MAX_WAIT in src/limits.ts to it.";

/** One scripted model answer: a single tool call. */
export const call = (name: string, args: Record<string, unknown>): ScriptEntry => ({
  tool_calls: [{ name, arguments: args }],
});
