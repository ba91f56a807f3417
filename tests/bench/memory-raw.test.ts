// The pure parts of `npm run bench:memory`'s raw-session rows (bench/memory-raw.ts):
// the seeded rendering, the extraction path's reach, the no-shared-word check and the grader.
import { describe, it } from "vitest";
import {
  correctShown,
  coverage,
  extractFacts,
  renderSessions,
  sharesNothing,
  slotOf,
  type Turn,
} from "../../bench/memory-raw.ts";
import { UNLIKE } from "../../bench/memory-unlike.ts";
import { generateWorkload, type Mention, type Question } from "../../bench/memory-workload.ts";

const makeMention = (overrides: Partial<Mention> = {}): Mention => ({
  subject: "alice chen",
  predicate: "works on team",
  object: "payments",
  cardinality: "one",
  at: Date.UTC(2026, 0, 5),
  session: "s01",
  chatter: false,
  ...overrides,
});
const makeQuestion = (overrides: Partial<Question> = {}): Question => ({
  category: "knowledge update",
  text: "Which team is alice chen part of?",
  at: Date.UTC(2026, 3, 1),
  subject: "alice chen",
  predicate: "works on team",
  expect: ["payments"],
  wrong: ["growth"],
  ...overrides,
});
const turnOf = (text: string, form: Turn["form"], mention = makeMention()): Turn => ({
  index: 0,
  session: mention.session,
  at: mention.at,
  text,
  form,
  mention,
});

describe("bench/memory-raw", () => {
  it("renders the same turns for the same seed and other forms for another", ({ expect }) => {
    const w = generateWorkload(21);
    const a = renderSessions(w.mentions, 21);
    expect(renderSessions(w.mentions, 21)).toEqual(a);
    const b = renderSessions(w.mentions, 22);
    expect(b.map((t) => t.form)).not.toEqual(a.map((t) => t.form));
    expect(new Set(a.map((t) => t.form))).toEqual(new Set(["prose", "note", "data", "chatter"]));
  });

  it("extracts notes and data blocks through the steward and no prose or chatter", ({ expect }) => {
    const w = generateWorkload(21);
    const turns = renderSessions(w.mentions, 21);
    const cov = coverage(turns, extractFacts(turns).facts);
    expect(cov.get("prose")?.got).toBe(0);
    expect(cov.get("chatter")?.got).toBe(0);
    expect(cov.get("data")?.got).toBeGreaterThan(0);
    expect(cov.get("note")?.got).toBeGreaterThan(0);
  });

  it("keeps the key as the fact's subject", ({ expect }) => {
    const { facts } = extractFacts([turnOf("alice chen works on team: payments", "note")]);
    expect(facts.map((f) => [f.subject, f.predicate, f.object])).toEqual([
      ["alice_chen_works_on_team", "is", "payments"],
    ]);
  });

  it("tells a question sharing an attribute word from one sharing none", ({ expect }) => {
    const turns = [turnOf("FYI, for Alice Chen the works on team is now payments.", "prose")];
    const q = makeQuestion();
    expect(sharesNothing(q.text, q, turns)).toBe(false);
    expect(sharesNothing(UNLIKE["works on team"]?.replace("{s}", q.subject) ?? "", q, turns)).toBe(
      true,
    );
  });

  it("grades by the slot each shown line states", ({ expect }) => {
    const q = makeQuestion();
    const slot = slotOf(q);
    const line = (object: string) => ({ line: object, at: 0, slot, object });
    expect(correctShown(q, [line("payments")])).toBe(true);
    expect(correctShown(q, [line("payments"), line("growth")])).toBe(false);
    expect(correctShown(q, [{ line: "x", at: 0, slot: null, object: null }])).toBe(false);
    expect(correctShown(makeQuestion({ category: "abstention", expect: [] }), [])).toBe(true);
  });
});
