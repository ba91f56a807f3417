// Unicode look-alike defence for knowledge subjects: NFKC, lower case, and a
// skeleton that maps the Cyrillic and Greek letters drawn like Latin ones to
// Latin, so "сonfig" (Cyrillic с) cannot sit beside "config" as another subject.
// Used by validate.ts before a candidate reaches the store.

/** Letters of other scripts rendered identically to Latin in common fonts (subset of Unicode's confusables). */
const CONFUSABLES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ј: "j",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};

/** The comparison key of a subject or predicate: NFKC, lower case, spaces collapsed. */
export function nameKey(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** nameKey with confusable letters folded to Latin. */
export function skeleton(text: string): string {
  let out = "";
  for (const ch of nameKey(text)) {
    out += CONFUSABLES[ch] ?? ch;
  }
  return out;
}

/** Letters from more than one of Latin, Cyrillic and Greek in one name. */
export function mixedScript(text: string): boolean {
  const scripts = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
  return scripts.filter((s) => s.test(text)).length > 1;
}
