// The ceiling of bench:compression: a perfect reader behind the summariser contract.
// It knows which turn states which planted value (and which values were only
// proposed, and what the look-alikes were given), and answers each map request with
// the contract's JSON for the turns it is shown, as a model that read them perfectly
// would. Its answers go through the same pipeline as any model's. Used by bench/compression.ts.
import type { SummariserClient } from "../shared/compress/map-reduce.ts";
import type { CallResult, ModelRequest } from "../shared/driver/types.ts";
import {
  parseSummariseRequest,
  type SummaryAnswer,
  type SummaryFact,
} from "../shared/model/summarise-contract.ts";
import type { Transcript } from "./compression-generator.ts";

/** A model answer as the Driver returns it. */
export function answered(content: string, model: string): CallResult {
  return {
    ok: true,
    value: {
      content,
      toolCalls: [],
      finishReason: "stop",
      usage: {
        role: "compression",
        model,
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
  };
}

/** The user message of a request. */
export function userText(request: ModelRequest): string {
  const content = request.messages[1]?.content;
  return typeof content === "string" ? content : "";
}

/** The contract's answer for the turns of one map request. */
export function perfectAnswer(t: Transcript, userMessage: string): SummaryAnswer {
  const shown = new Set(parseSummariseRequest(userMessage).turns.map((turn) => turn.turn));
  const facts: SummaryFact[] = [];
  t.facts.forEach((fact, i) => {
    const said = t.statements.filter((s) => s.fact === i && shown.has(s.turn));
    said.forEach((s, k) => {
      const status = k === said.length - 1 ? "current" : "superseded";
      facts.push({
        subject: fact.subject,
        value: fact.values[s.value] ?? "",
        status,
        turns: [s.turn],
      });
    });
    const alike = t.lookAlikes.filter((l) => l.fact === i && shown.has(l.turn)).at(-1);
    if (alike !== undefined) {
      facts.push({
        subject: fact.lookAlike.subject,
        value: alike.value,
        status: "current",
        turns: [alike.turn],
      });
    }
    for (const p of t.proposals.filter((p) => p.fact === i && shown.has(p.turn))) {
      facts.push({ subject: fact.subject, value: p.value, status: "proposed", turns: [p.turn] });
    }
  });
  return { facts, narrative: [] };
}

/** The perfect reader as a summariser client. */
export function perfectSummariser(t: Transcript): SummariserClient {
  return {
    call: (request) =>
      Promise.resolve(
        answered(JSON.stringify(perfectAnswer(t, userText(request))), "perfect-reader"),
      ),
  };
}
