// Read/save pairs of a session's history whose outcome the prompt already shows,
// left out of the envelope's window: a save whose artifact the meta section lists
// at the version it wrote or a later one, and a stage whose page has left L1 and
// whose path an artifact the session saved, as listed, names as its source. The newest pair
// always stays, and so does every other turn (a failed move, a person's answer, a
// lesson). The transcript keeps every turn; envelopeInput (envelope.ts) applies it.
import type { Turn } from "../context/envelope.ts";
import { readMetaLine, type ListedArtifact } from "../governance/meta.ts";

/** `saved key@N` / `unchanged key@N (same value)`: what a save that landed answers. */
const SAVED = /^(?:saved|unchanged) (\S+)@(\d+)\b/;
/** `staged <page id> (…)`: what a stage that put a page in L1 answers. */
const STAGED = /^staged (\S+) \(/;
/** A page id's or a location's line range (`:12`, `:1-40`). */
const LINES = /:\d+(?:-\d+)?$/;

/** The envelope's history without the pairs whose outcome the prompt shows (see above). */
export function withoutSettled(
  history: readonly Turn[],
  meta: readonly string[],
  pages: readonly { id: string }[],
): Turn[] {
  const listed = new Map<string, ListedArtifact>();
  for (const line of meta) {
    const artifact = readMetaLine(line);
    if (artifact !== null) {
      listed.set(artifact.key, artifact);
    }
  }
  if (listed.size === 0) {
    return [...history];
  }
  const cited = new Set(
    [...listed.values()]
      .filter((a) => a.own)
      .flatMap((a) => a.sources.map((s) => s.replace(LINES, ""))),
  );
  const inL1 = new Set(pages.map((p) => p.id));
  const settled = (call: string, result: string): boolean => {
    const saved = SAVED.exec(result);
    if (call === "save_artifact" && saved !== null) {
      const artifact = listed.get(saved[1] ?? "");
      return artifact !== undefined && artifact.version >= Number(saved[2]);
    }
    const staged = STAGED.exec(result);
    if (call === "stage_context" && staged !== null && !result.includes("[L1 REFUSED]")) {
      const id = staged[1] ?? "";
      return !inL1.has(id) && cited.has(id.replace(LINES, ""));
    }
    return false;
  };
  const last = lastPair(history);
  const out: Turn[] = [];
  for (let i = 0; i < history.length; i++) {
    const turn = history[i] as Turn;
    const next = history[i + 1];
    const calls = turn.role === "assistant" ? (turn.tool_calls ?? []) : [];
    const [call] = calls;
    if (
      i !== last &&
      call !== undefined &&
      calls.length === 1 &&
      next?.role === "tool" &&
      next.tool_call_id === call.id &&
      settled(call.function.name, next.content)
    ) {
      i++;
      continue;
    }
    out.push(turn);
  }
  return out;
}

/** The index of the newest assistant turn that calls a tool answered by the next turn, or -1. */
function lastPair(history: readonly Turn[]): number {
  for (let i = history.length - 2; i >= 0; i--) {
    const turn = history[i];
    const next = history[i + 1];
    if (turn?.role === "assistant" && (turn.tool_calls ?? []).length > 0 && next?.role === "tool") {
      return i;
    }
  }
  return -1;
}
