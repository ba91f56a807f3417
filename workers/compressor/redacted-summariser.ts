// The summariser as the compact job uses it: every answer is model output entering
// Lethe, so its secrets are redacted before map-reduce parses it into the bullets a
// session stores (a summary never carries a key the model slipped in). Used by compact-job.ts.
import { redactDeep } from "../../shared/gatekeeper/clean-room.ts";
import type { SummariserClient } from "../../shared/compress/map-reduce.ts";

export function redactedSummariser(client: SummariserClient): SummariserClient {
  return {
    call: async (request) => {
      const answer = await client.call(request);
      return answer.ok
        ? { ...answer, value: { ...answer.value, content: redactDeep(answer.value.content).text } }
        : answer;
    },
  };
}
