// Word handling shared by the local model's policies (router overlap, summary
// keys, mission keywords): content words, lower-cased and lightly stemmed.
import { identifierParts, lexicalTokens } from "../../../shared/embed/lexical.ts";

/** Function words that carry no topic; overlap on them would route everything everywhere. */
const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if then else of to in on at by for with from into onto over under " +
    "is are was were be been being am do does did done have has had having it its this that " +
    "these those there here i me my we our you your he she they them their his her what which " +
    "who whom whose when where why how all any some each every no not nor only own same so " +
    "than too very can could will would shall should may might must just also as about up out " +
    "please let lets us now new get got make made need needs want wants like one two"
  ).split(" "),
);

/** A light suffix stemmer: enough that `files`/`file` and `searching`/`search` meet. */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) {
    return word.slice(0, -3);
  }
  if (word.length > 4 && word.endsWith("ies")) {
    return `${word.slice(0, -3)}y`;
  }
  if (word.length > 4 && word.endsWith("ed")) {
    return word.slice(0, -2);
  }
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) {
    return word.slice(0, -1);
  }
  return word;
}

/** Distinct content stems of a text, identifiers split into their parts, in order of appearance. */
export function contentStems(text: string): string[] {
  const seen = new Set<string>();
  for (const token of lexicalTokens(text)) {
    for (const part of [token.toLowerCase(), ...identifierParts(token)]) {
      if (part.length < 2 || STOPWORDS.has(part) || /^\d+$/.test(part)) {
        continue;
      }
      seen.add(stem(part));
    }
  }
  return [...seen];
}
