// Stand-in rule: a question about a file "as it was" / "before the last change".
// Reads the file now (its page tells the workspace version), then the version
// before, and saves the numbers it shows then and now, each citing its version.
import type { Move } from "../../../../shared/driver/move.ts";
import { factsOn } from "../page-facts.ts";
import type { VisibleState } from "../visible-state.ts";
import {
  currentPages,
  finishMove,
  movesOf,
  offered,
  pagePath,
  pageVersion,
  savedKeys,
  toolMove,
} from "./kit.ts";
import { pathsInText } from "../../../../shared/model/paths-in-text.ts";

const PAST =
  /\b(?:before the (?:last|latest|most recent) (?:change|commit|edit|fix|update)|as it (?:was|used to be)|(?:previous|earlier|prior|older) version)\b/i;

export function pastVersionMove(state: VisibleState): Move | null {
  const path = pathsInText(state.mission)[0];
  if (!PAST.test(state.mission) || path === undefined) {
    return null;
  }
  const stage = offered(state, "stage_context");
  const save = offered(state, "save_artifact");
  const reads = movesOf(state, "stage_context").filter((d) => d.args.path === path);
  const headReads = reads.filter((d) => d.args.version === undefined);
  const pastRead = reads.find((d) => d.args.version !== undefined);
  const saved = savedKeys(state);
  if (!stage || !save) {
    return finishMove(
      state,
      "not_achieved",
      "reading a past version needs stage_context and save_artifact",
    );
  }
  if (headReads.length === 0) {
    return toolMove(stage, { path }, `read ${path} now, to learn its workspace version`);
  }
  if (pastRead === undefined) {
    const head = currentPages(state, path)[0];
    const version = head ? pageVersion(head) : undefined;
    if (version === undefined) {
      return headReads.length < 2
        ? toolMove(stage, { path }, `read ${path} again: its version is not in L1`)
        : finishMove(state, "not_achieved", `${path} could not be read into L1`);
    }
    if (version <= 1) {
      return finishMove(state, "not_achieved", `${path} has no version before ${version}`);
    }
    return {
      kind: "tool",
      tool: stage.name,
      args: { path, version: version - 1 },
      rationale: `read ${path} as it was at workspace version ${version - 1}`,
    };
  }
  // The past page (`path@vK`): its facts are saved under `<name>.v<K>`.
  const past = state.pages.find(
    (p) => p.kind === "file" && /@v\d+/.test(p.id) && pagePath(p) === path,
  );
  const pastVersion = Number(/@v(\d+)/.exec(past?.id ?? "")?.[1] ?? pastRead.args.version);
  const then = past ? factsOn(past.content, past.id, state.mission) : [];
  const pendingThen = then.find((f) => !saved.has(`${f.key}.v${pastVersion}`));
  if (pendingThen) {
    return toolMove(
      save,
      {
        key: `${pendingThen.key}.v${pastVersion}`,
        value: pendingThen.value,
        kind: "fact",
        evidence: [pendingThen.evidence],
      },
      `record ${pendingThen.key} as it was at version ${pastVersion}`,
    );
  }
  const thenKeys = [...saved].filter((k) => k.endsWith(`.v${pastVersion}`));
  // Then the same names now, for the contrast.
  const head = currentPages(state, path)[0];
  const now = head ? factsOn(head.content, head.id, state.mission) : [];
  const pendingNow = now.find((f) => !saved.has(f.key));
  if (pendingNow) {
    return toolMove(
      save,
      {
        key: pendingNow.key,
        value: pendingNow.value,
        kind: "fact",
        evidence: [pendingNow.evidence],
      },
      `record ${pendingNow.key} as it is now`,
    );
  }
  const nowKeys = thenKeys
    .map((k) => k.slice(0, -`.v${pastVersion}`.length))
    .filter((k) => saved.has(k));
  if (thenKeys.length > 0 && nowKeys.length === 0 && headReads.length < 2 && !head) {
    return toolMove(stage, { path }, `read ${path} again to compare with version ${pastVersion}`);
  }
  const values = (key: string) =>
    movesOf(state, "save_artifact").find((d) => d.args.key === key)?.args.value;
  if (thenKeys.length === 0) {
    return finishMove(
      state,
      "not_achieved",
      `no value the mission names was found in ${path} at version ${pastVersion}`,
    );
  }
  const summary = [
    `at workspace version ${pastVersion}: ${thenKeys.map((k) => `${k} = ${String(values(k))}`).join(", ")}`,
    nowKeys.length > 0
      ? `now: ${nowKeys.map((k) => `${k} = ${String(values(k))}`).join(", ")}`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
  return finishMove(state, "achieved", `${path} as it was, ${summary}`);
}
