// Stand-in rule: a question about which files call or import X, in whatever words
// the intent classifier reads (shared/governance/mission-intent.ts), is answered by the
// structural tools (find_imports with importers, find_callers), and the answer
// lists exactly the paths those tools listed: nothing is read from a query's words.
import type { Move } from "../../../../shared/driver/move.ts";
import { missionIntent } from "../../../../shared/governance/mission-intent.ts";
import type { VisibleState } from "../visible-state.ts";
import { refusal } from "./refusal.ts";
import {
  PATH_SOURCE,
  finishMove,
  listedPaths,
  movesOf,
  offered,
  refusalLine,
  refused,
} from "./kit.ts";

const IS_PATH = new RegExp(String.raw`^${PATH_SOURCE}$`);

export function structuralQuestionMove(state: VisibleState): Move | null {
  const ask = missionIntent(state.mission).files;
  if (ask === null) {
    return null;
  }
  const verb = ask.relation;
  const target = ask.target;
  const imports = offered(state, "find_imports");
  const callers = offered(state, "find_callers");
  const definitions = offered(state, "find_definitions");
  if (verb === "import" && imports) {
    // A path is asked about directly; a symbol through the file that defines it.
    let path = IS_PATH.test(target) ? target : undefined;
    if (path === undefined) {
      const found = movesOf(state, "find_definitions").find((d) => d.args.symbol === target);
      if (found === undefined && definitions) {
        return {
          kind: "tool",
          tool: definitions.name,
          args: { symbol: target },
          rationale: `find the file that defines ${target}`,
        };
      }
      path = found ? listedPaths(found.result)[0] : undefined;
      if (path === undefined) {
        return finishMove(
          state,
          "not_achieved",
          `no definition of ${target} was found to ask about`,
        );
      }
    }
    const asked = movesOf(state, "find_imports").find((d) => d.args.path === path);
    if (asked === undefined) {
      return {
        kind: "tool",
        tool: imports.name,
        args: { path, direction: "importers" },
        rationale: `list the files that import ${path}`,
      };
    }
    return answer(state, asked.result, `import ${path}`, /^[ \t]*([\w./-]+\.\w+) \(as /gm);
  }
  if (verb === "call" && callers) {
    const asked = movesOf(state, "find_callers").find((d) => d.args.symbol === target);
    if (asked === undefined) {
      return {
        kind: "tool",
        tool: callers.name,
        args: { symbol: target },
        rationale: `list the call sites of ${target} through the call graph`,
      };
    }
    return answer(state, asked.result, `call ${target}`, null);
  }
  // A structural question without the structural tool: said plainly, not answered from other facts.
  const needed = verb === "import" ? "find_imports" : "find_callers";
  return refusal(
    state,
    `which files ${verb} ${target} needs ${needed}, which this step did not offer`,
  );
}

function answer(state: VisibleState, result: string, what: string, lines: RegExp | null): Move {
  if (refused(result)) {
    return finishMove(state, "not_achieved", `the structural query failed: ${refusalLine(result)}`);
  }
  const paths =
    lines === null
      ? listedPaths(result)
      : [...new Set([...result.matchAll(lines)].map((x) => x[1] ?? ""))].filter(Boolean);
  return finishMove(
    state,
    "achieved",
    paths.length === 0
      ? `no file ${what.replace(/^(\w+)/, "$1s")}`
      : `${paths.length} file(s) ${what}: ${paths.join(", ")}`,
  );
}
