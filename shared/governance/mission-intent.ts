// What a mission asks for, read from its grammar rather than its phrasing: which
// files stand in a relation to a symbol (an interrogative and a verb of calling or
// importing), a value (an interrogative or an order to find or compute one), an
// operation over found values, a change, or a question about behaviour. Used by the
// outcome check (outcome-check.ts) and the stand-in's moves (workers/model/policy/moves/).
import { operationIn, type Operation } from "../model/arithmetic-words.ts";

export interface FilesAsk {
  /** The relation asked about: callers of a symbol, or importers of a module or symbol. */
  relation: "call" | "import";
  /** The symbol or path the relation points at. */
  target: string;
}

export interface MissionIntent {
  /** "Which files call X", "Who ends up calling X?", "Where is X imported?". */
  files: FilesAsk | null;
  /** An order to change the workspace (rename, add, set, ...). */
  change: boolean;
  /** The mission asks for a value: an interrogative, or an order to find or compute one. */
  asksValue: boolean;
  /** Arithmetic over found values (arithmetic-words.ts), when the mission asks for one. */
  operation: Operation | undefined;
  /** A question about what code does ("what does f return", "why does it fail"): no value to read. */
  behaviour: boolean;
  /** The mission is worded as a question. */
  question: boolean;
}

/** An imperative that asks for a change to the code. */
const CHANGE_VERB =
  /(?:^|[.;:!?]\s|\band\s)\s*(rename|change|set|update|replace|fix|edit|modify|add(?!\s+(?:up|together)\b)|remove|delete|refactor|write|create|implement|patch|move)\b/i;
/** A question or an order that asks for a value. */
const VALUE_ASK =
  /\b(what|how (?:many|much|long|big|large)|which value|compute|calculate|work out|find the value)\b/i;
const INTERROGATIVE = /\b(which|what|who|whom|where|how|why|when|is there|are there)\b/i;
/** Interrogative, then an auxiliary with a subject: the question is about behaviour, not a stated value. */
const BEHAVIOUR = /\b(?:what|why|how)\s+(?:does|do|did|would|will|should|can|could)\b/i;
/** Verbs of the call relation, any inflection; "use" only beside a files noun (a value is "used" too). */
const CALL_VERB = /\b(call(?:s|ed|ing|ers?)?|invok(?:e|es|ed|ing)|invocations?)\b/i;
const USE_VERB = /\b(us(?:e|es|ed|ing)|depend(?:s|ed|ing)? on)\b/i;
const IMPORT_VERB = /\b(import(?:s|ed|ing|ers?)?|requir(?:e|es|ed|ing))\b/i;
const FILES_NOUN = /\b(?:files?|modules?|places?|callers?|importers?|code)\b/i;
/** Runs a code token is made of: backticked, or word, path and call characters. */
const RUN = /`[^`\s]+`|[\w$./-]+(?:\(\))?/g;
const PATH = /^(?:[\w-]+\/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** The word after a verb when no token is written as code: "call main", "import the module utils". */
const WORD_AFTER =
  /^\s+(?:the\s+(?:function|method|module|file|class|symbol)\s+)?["']?([A-Za-z_$][\w$.]*)/i;

/** Tokens written as code: backticked, a path, snake_case, camelCase, or called `f()`. */
function codeTokens(text: string): { token: string; at: number }[] {
  const tokens: { token: string; at: number }[] = [];
  for (const run of text.matchAll(RUN)) {
    const raw = run[0];
    const ticked = raw.startsWith("`");
    const called = raw.endsWith("()");
    let token = raw.replace(/^`|`$/g, "").replace(/\(\)$/, "");
    // A sentence's full stop or a dash after a token is not part of it.
    let end = token.length;
    while (end > 0 && ".-".includes(token.charAt(end - 1))) {
      end--;
    }
    token = token.slice(0, end);
    const code =
      ticked ||
      PATH.test(token) ||
      (IDENTIFIER.test(token) && (called || token.includes("_") || /[a-z][A-Z]/.test(token)));
    if (code && token.length > 0) {
      tokens.push({ token, at: run.index ?? 0 });
    }
  }
  return tokens;
}

/** Words that are never a relation's target ("what X calls and ..." names no callee). */
const FUNCTION_WORDS = new Set([
  "and",
  "or",
  "it",
  "its",
  "them",
  "this",
  "that",
  "these",
  "those",
  "in",
  "on",
  "to",
  "from",
  "by",
  "with",
  "of",
  "for",
]);
/** A passive or participle form ("X is called", "imported by"): the target comes before it. */
const PASSIVE = /^(?:called|invoked|imported|required|used)$/i;

/**
 * The symbol or path a relation verb points at: after an active verb ("who calls X"),
 * before a passive one ("where is X called"); "what X calls" asks for callees, so no target.
 */
function targetOf(sentence: string, verb: RegExpExecArray): string | null {
  const end = verb.index + verb[0].length;
  const tokens = codeTokens(sentence).filter((t) => !verb[0].includes(t.token));
  const after = tokens.find((t) => t.at >= end)?.token;
  if (PASSIVE.test(verb[0])) {
    return after ?? tokens.filter((t) => t.at < verb.index).at(-1)?.token ?? null;
  }
  const word = WORD_AFTER.exec(sentence.slice(end))?.[1];
  return after ?? (word !== undefined && !FUNCTION_WORDS.has(word.toLowerCase()) ? word : null);
}

/** The files-relation a sentence asks about, or null. */
function filesAsk(sentence: string): FilesAsk | null {
  if (!INTERROGATIVE.test(sentence) && !/^\s*(?:list|find|name|show)\b/i.test(sentence)) {
    return null;
  }
  const candidates: [FilesAsk["relation"], RegExpExecArray | null][] = [
    ["import", IMPORT_VERB.exec(sentence)],
    [
      "call",
      CALL_VERB.exec(sentence) ?? (FILES_NOUN.test(sentence) ? USE_VERB.exec(sentence) : null),
    ],
  ];
  for (const [relation, verb] of candidates) {
    // "a constant called X" names X; "where is X called from" asks for its callers.
    const naming =
      verb !== null &&
      /^called$/i.test(verb[0]) &&
      /^\s+(?!from\b|by\b|in\b)\S/i.test(
        sentence.slice(verb.index + verb[0].length).replace(/^\s*[?.!]/, ""),
      );
    const target = verb === null || naming ? null : targetOf(sentence, verb);
    if (target !== null) {
      return { relation, target };
    }
  }
  return null;
}

/** The intent of a mission; each sentence is read on its own for a files question. */
export function missionIntent(mission: string): MissionIntent {
  const sentences = mission.split(/(?<=[?!])\s+|(?<=\.)\s+(?=[A-Z])/);
  const files = sentences.map(filesAsk).find((f) => f !== null) ?? null;
  // An order's own verb is no arithmetic: "Add a parameter" asks for no sum.
  const orders = mission.replace(new RegExp(CHANGE_VERB.source, "gi"), " ");
  return {
    files,
    change: CHANGE_VERB.test(mission),
    asksValue: VALUE_ASK.test(mission),
    operation: operationIn(orders),
    behaviour: BEHAVIOUR.test(mission) && operationIn(mission) === undefined,
    question:
      /\?\s*$/.test(mission) || /^\s*(?:which|what|who|where|how|why|when)\b/i.test(mission),
  };
}
