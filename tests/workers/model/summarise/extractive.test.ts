// The local stand-in summariser (workers/model/summarise/extractive.ts): it reads
// structured key-values only, lets the latest turn win, and never answers a value
// as current when a later turn speaks of its key in a way it cannot read.
import { describe, it } from "vitest";
import { extractiveSummary } from "../../../../workers/model/summarise/extractive.ts";
import {
  formatSummariseRequest,
  SummaryAnswerSchema,
  type NumberedTurn,
  type SummaryFact,
} from "../../../../shared/model/summarise-contract.ts";

const turn = (n: number, role: string, text: string): NumberedTurn => ({ turn: n, role, text });
const answer = (turns: NumberedTurn[], known: SummaryFact[] = [], maxTokens?: number) =>
  SummaryAnswerSchema.parse(
    JSON.parse(extractiveSummary(formatSummariseRequest(known, turns), maxTokens)),
  );
const facts = (turns: NumberedTurn[], known: SummaryFact[] = []) =>
  answer(turns, known).facts.map((f) => `${f.subject}=${f.value} ${f.status} ${f.turns.join(",")}`);

describe("extractiveSummary", () => {
  it("answers the contract: the latest structured value current, older ones superseded", ({
    expect,
  }) => {
    expect(
      facts([
        turn(2, "tool", '{"pool_max": 20, "region": "eu-west-3"}'),
        turn(3, "user", "Thanks, looks right."),
        turn(5, "tool", "```diff\n-pool_max=20\n+pool_max=30\n```"),
      ]),
    ).toEqual(["pool_max=20 superseded 2", "pool_max=30 current 5", "region=eu-west-3 current 2"]);
  });

  it("leaves a value unsettled when a later turn speaks of it in prose", ({ expect }) => {
    const turns = [
      turn(2, "tool", "POOL_MAX=20"),
      turn(4, "user", "We moved the pool max to 30 this morning."),
    ];
    expect(facts(turns)).toEqual(["POOL_MAX=20 current 2", "POOL_MAX=20 unsettled 4"]);
  });

  it("leaves it open at any later mention it cannot read, a question or one word of the key", ({
    expect,
  }) => {
    const asked = [turn(2, "tool", "POOL_MAX=20"), turn(4, "user", "Is the pool max documented?")];
    expect(facts(asked)).toEqual(["POOL_MAX=20 current 2", "POOL_MAX=20 unsettled 4"]);
    const oneWord = [
      turn(2, "tool", "key,value\nauth_method,CAS"),
      turn(6, "user", "Which login method do we use?"),
    ];
    expect(facts(oneWord)).toContain("auth_method=CAS unsettled 6");
    const unrelated = [turn(2, "tool", "POOL_MAX=20"), turn(4, "user", "Lunch at noon?")];
    expect(facts(unrelated)).toEqual(["POOL_MAX=20 current 2"]);
  });

  it("reads no clause before a colon as a key: a value is three words at most", ({ expect }) => {
    const turns = [turn(2, "assistant", "Setting this up: the no-show fee is $35.")];
    expect(facts(turns)).toEqual([]);
  });

  it("gives both values as current when one came back after another (a conflict)", ({ expect }) => {
    const turns = [
      turn(2, "tool", "ttl: 5s"),
      turn(3, "tool", "ttl: 10s"),
      turn(4, "tool", "ttl: 5s"),
    ];
    expect(facts(turns)).toEqual(["ttl=5s current 2,4", "ttl=10s current 3"]);
  });

  it("says nothing new of a known fact these turns leave alone, and opens one they speak of", ({
    expect,
  }) => {
    const known: SummaryFact[] = [
      { subject: "pool_max", value: "20", status: "current", turns: [2] },
      { subject: "region", value: "eu-west-3", status: "current", turns: [3] },
    ];
    const turns = [
      turn(10, "user", "Ops bumped the pool max to 25."),
      turn(11, "assistant", "Noted."),
    ];
    expect(facts(turns, known)).toEqual(["pool_max=20 current 2", "pool_max=20 unsettled 10"]);
  });

  it("reads no tool-call arguments: they ask, they state nothing", ({ expect }) => {
    const turns = [turn(2, "assistant", '[tool call read_config] {"format": "json"}')];
    expect(facts(turns)).toEqual([]);
  });

  it("fits max_tokens, dropping superseded values first", ({ expect }) => {
    const many = Array.from({ length: 200 }, (_, i) => `key_${i}=${i}`).join("\n");
    const full = answer([turn(2, "tool", many)]);
    const small = answer([turn(2, "tool", many)], [], 200);
    expect(full.facts).toHaveLength(200);
    expect(JSON.stringify(small).length).toBeLessThanOrEqual(800);
  });

  it("writes no narrative: prose it cannot read stays cited by ref", ({ expect }) => {
    const said = answer([turn(2, "user", "The pool max is 20."), turn(3, "assistant", "ok")]);
    expect(said.narrative).toEqual([]);
  });
});
