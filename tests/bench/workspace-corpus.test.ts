// The held-out query sets of `npm run bench:workspace` (bench/workspace-heldout.ts):
// they avoid the corpus generator's words and point at real files.
import { describe, it } from "vitest";
import { CORPUS_WORDS, generate, querySets } from "../../bench/workspace-corpus.ts";

describe("the workspace bench's held-out queries", () => {
  it("use no corpus word (paraphrase, task) and every query names a generated file", ({
    expect,
  }) => {
    const { files, symbols } = generate();
    const sets = querySets(symbols);
    const heldOut = sets.filter((s) => s.kind.startsWith("held-out"));
    expect(heldOut.map((s) => s.kind)).toEqual([
      "held-out paraphrase",
      "held-out task description",
      "held-out misspelled identifier",
    ]);
    for (const set of sets) {
      expect(set.queries.length).toBe(300);
      for (const q of set.queries) {
        expect(files[q.path]).toBeDefined();
      }
    }
    for (const set of heldOut.slice(0, 2)) {
      for (const q of set.queries) {
        const words = q.text.toLowerCase().split(/[^a-z]+/);
        expect(words.filter((w) => CORPUS_WORDS.has(w))).toEqual([]);
      }
    }
    const typos = heldOut[2]?.queries ?? [];
    const names = new Set(symbols.map((s) => s.name));
    expect(typos.every((q) => !names.has(q.text))).toBe(true);
  });
});
