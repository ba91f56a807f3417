// bench:proxy's scripted model, one policy for every arm, run by the test upstream:
// after a tool result that states values (read by shared/facts, the reader the
// proxy uses), when a save tool is offered (the notes arm's save_note, the
// proxy's lethe_save_artifact) and the system message does not already show
// those values, it saves them: one more upstream call, counted. Otherwise it
// hands the turn back and the scripted client makes its next tool call. It only
// copies values from the prompt it received; the workload asks for no value
// mid-run, so it never needs a ref read (a read would be one more counted call).
import type { Move, UpstreamRequest } from "../../harness/proxy-upstream.ts";
import { extractKeyValues } from "../../shared/facts/structured.ts";

export const SAVE_NOTE_TOOL = "save_note";
const SAVE_TOOLS = [SAVE_NOTE_TOOL, "lethe_save_artifact"] as const;

/** A key's last dotted part: the name the notes tool files a value under. */
export function noteName(key: string): string {
  return (key.split(".").at(-1) ?? key).toLowerCase();
}

export function benchPolicy(request: UpstreamRequest): Move {
  const last = request.messages.at(-1);
  const offered = new Set((request.tools ?? []).map((t) => t.function.name));
  const save = SAVE_TOOLS.find((t) => offered.has(t));
  if (last?.role !== "tool" || save === undefined) {
    return { content: "continue" };
  }
  const system = request.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content ?? "")
    .join("\n");
  const unseen = extractKeyValues(last.content ?? "", { toolOutput: true }).filter(
    (kv) => !system.includes(kv.value),
  );
  if (unseen.length === 0) {
    return { content: "continue" };
  }
  if (save === SAVE_NOTE_TOOL) {
    const notes = unseen.map((kv) => ({ name: noteName(kv.key), value: kv.value }));
    return { call: { name: save, arguments: JSON.stringify({ notes }) } };
  }
  const content = unseen.map((kv) => `${kv.key}: ${kv.value}`).join("\n");
  return { call: { name: save, arguments: JSON.stringify({ name: "settings", content }) } };
}
