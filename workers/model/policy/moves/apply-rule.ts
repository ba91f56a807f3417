// Stand-in rule: "discover the rule (or formula) in one file and apply it to the
// data in another". A formula line (`name = a * b + c`) becomes a decision
// artifact; the data's numbers become facts; calculate applies the saved rule.
import type { Move } from "../../../../shared/driver/move.ts";
import type { VisiblePage, VisibleState } from "../visible-state.ts";
import {
  finishMove,
  movesOf,
  offered,
  pageFacts,
  pageFirstLine,
  refusalLine,
  refused,
  savedKeys,
  toolMove,
} from "./kit.ts";
import { pathsInText } from "../../../../shared/model/paths-in-text.ts";

const ASKS_FOR_RULE = /\b(?:rule|formula)\b/i;
/** `name = a * b + c` alone on a line (prose or a list item): arithmetic over names, no statement. */
const FORMULA =
  /^[ \t]*(?:[-*][ \t]+)?`?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*([A-Za-z_(][A-Za-z0-9_ \t+\-*/().]*[A-Za-z0-9_)])`?[ \t]*$/gm;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/g;
const STATEMENT = /\b(?:const|let|var|return|def|function|import|export)\b/;

interface Formula {
  name: string;
  expression: string;
  variables: string[];
  evidence: string;
}

function formulasOn(page: VisiblePage): Formula[] {
  const first = pageFirstLine(page);
  const source = page.id.replace(/:\d+-\d+$/, "");
  return [...page.content.matchAll(FORMULA)]
    .filter((m) => /[+\-*/]/.test(m[2] ?? "") && !STATEMENT.test(m[0]))
    .map((m) => ({
      name: (m[1] ?? "").toLowerCase(),
      expression: (m[2] ?? "").trim(),
      variables: [...new Set((m[2] ?? "").match(NAME) ?? [])],
      evidence: `${source}:${first + page.content.slice(0, m.index).split("\n").length - 1}`,
    }));
}

export function applyRuleMove(state: VisibleState): Move | null {
  if (!ASKS_FOR_RULE.test(state.mission)) {
    return null;
  }
  const stage = offered(state, "stage_context");
  const save = offered(state, "save_artifact");
  const calculate = offered(state, "calculate");
  if (!stage || !save || !calculate) {
    return null;
  }
  const paths = [...new Set(pathsInText(state.mission))];
  const staged = new Set(movesOf(state, "stage_context").map((d) => String(d.args.path ?? "")));
  const nextPath = paths.find((p) => !staged.has(p));
  const saves = movesOf(state, "save_artifact");
  const saved = savedKeys(state);
  const files = state.pages.filter((p) => p.kind === "file");
  // 1. The rule, saved once as a decision with the line it was read from.
  const ruleSave = saves.find(
    (d) => String(d.args.key ?? "").startsWith("rule.") && !refused(d.result),
  );
  if (ruleSave === undefined) {
    const formula = files.flatMap(formulasOn)[0];
    if (formula) {
      return toolMove(
        save,
        {
          key: `rule.${formula.name}`,
          value: formula.expression,
          kind: "decision",
          evidence: [formula.evidence],
        },
        `record the rule for ${formula.name} where it is written`,
      );
    }
    return nextPath !== undefined
      ? toolMove(stage, { path: nextPath }, `look for the rule in ${nextPath}`)
      : null;
  }
  const ruleKey = String(ruleSave.args.key);
  const variables = [...new Set(String(ruleSave.args.value).match(NAME) ?? [])];
  // 2. A number for every variable of the rule, saved as a fact with its line.
  const known = new Set([...saved, ...state.known.map((k) => k.key)]);
  const missing = variables.filter((v) => !known.has(v.toLowerCase()));
  if (missing.length > 0) {
    const fact = files
      .flatMap(pageFacts)
      .find((f) => missing.some((v) => v.toLowerCase() === f.name.toLowerCase()));
    if (fact) {
      return toolMove(
        save,
        {
          key: fact.name.toLowerCase(),
          value: fact.value,
          kind: "fact",
          evidence: [fact.evidence],
        },
        `record ${fact.name}, a variable of ${ruleKey}`,
      );
    }
    if (nextPath !== undefined) {
      return toolMove(stage, { path: nextPath }, `look for ${missing.join(", ")} in ${nextPath}`);
    }
    // A page leaves L1 once a fact is saved from it: the data file is read again.
    const reads = movesOf(state, "stage_context");
    const dataPath = reads.map((d) => String(d.args.path ?? "")).findLast((p) => paths.includes(p));
    const readCount = reads.filter((d) => d.args.path === dataPath).length;
    if (dataPath !== undefined && readCount <= variables.length) {
      return toolMove(
        stage,
        { path: dataPath },
        `read ${dataPath} again for ${missing.join(", ")}`,
      );
    }
    return finishMove(
      state,
      "partially_achieved",
      `${ruleKey} is saved, but no value was found for ${missing.join(", ")}`,
    );
  }
  // 3. The saved rule applied by calculate, then the answer.
  const applied = movesOf(state, "calculate").at(-1);
  if (applied === undefined) {
    return toolMove(
      calculate,
      {
        expression: `rule:${ruleKey}`,
        values: Object.fromEntries(variables.map((v) => [v, v.toLowerCase()])),
      },
      `apply ${ruleKey} to the saved values`,
    );
  }
  return refused(applied.result)
    ? finishMove(
        state,
        "not_achieved",
        `applying ${ruleKey} failed: ${refusalLine(applied.result)}`,
      )
    : finishMove(state, "achieved", `by ${ruleKey}: ${applied.result.split("\n")[0] ?? ""}`);
}
