// Tool output read as statements (shared/compress/tool-lines.ts, tool-tables.ts):
// key/value fields, JSON change records, table rows (markdown, CSV, aligned) and
// change-log lines that name a subject the prose talks about become "The X is
// `V` (was `A`)." lines; unrelated keys and source code do not; end to end, a
// value changed inside tool output supersedes the prose value before it.
import { describe, it } from "vitest";
import {
  compressConversation,
  knownPhrases,
  MAX_TOOL_STATEMENTS,
  toolStatements,
} from "../../../shared/compress/index.ts";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { compressLocally } from "./summariser.ts";

const prose = [
  "The kiln firing temperature is 1220 C.",
  "Remember the glaze batch size, it matters for the order.",
  "We also track the studio rent per month.",
  "The kiln firing temperature for the test tiles is 1180 C.",
  "Who is the shop owner these days?",
];
const known = knownPhrases([], prose);

describe("tool output as statements", () => {
  it("reads JSON fields and YAML / env lines whose key is a subject the prose names", ({
    expect,
  }) => {
    expect(
      toolStatements(
        JSON.stringify({ ok: true, settings: { "glaze batch size": "14 l", colour: "ochre" } }),
        known,
      ),
    ).toEqual(["The glaze batch size is `14 l`."]);
    expect(toolStatements("status: held\nstudio_rent_per_month: 900 EUR\nid: 77", known)).toEqual([
      "The studio rent per month is `900 EUR`.",
    ]);
    // An environment variable is some process's setting, not the conversation's.
    expect(toolStatements("GLAZE_BATCH_SIZE=16\nglaze_batch_size: 17 l", known)).toEqual([
      "The glaze batch size is `17 l`.",
    ]);
    // A record naming its item states "<field> of <item>" / "<item> <field>".
    expect(
      toolStatements('[{"name": "kiln", "firing temperature": "1250 C", "id": 4}]', known),
    ).toEqual(["The kiln firing temperature is `1250 C`."]);
  });

  it("ends a field's value at its comment, and reads a minute's motion by its verb", ({
    expect,
  }) => {
    expect(
      toolStatements("glaze batch size: 18 l    # set by the studio lead, spring term", known),
    ).toEqual(["The glaze batch size is `18 l`."]);
    // The ";" inside the brackets belongs to the aside: the motion's clause names the subject.
    expect(
      toolStatements(
        "3.2 The board confirmed the studio rent per month as 950 EUR (proposed: Ana; seconded: Ines).",
        known,
      ),
    ).toEqual([
      "3.2 The board confirmed the studio rent per month as 950 EUR (proposed: Ana; seconded: Ines).",
    ]);
  });

  it("reads forms of records and messages the prose need not name first", ({ expect }) => {
    const nothing = knownPhrases([], ["Nothing to say."]);
    // A quoted CSV row: its first cell in words (an "&" inside a word) names the field;
    // "March 12" is a date, no field.
    const p = knownPhrases([], ["The P&T review date for the switch is May 1."]);
    expect(toolStatements('"P&T review date for the switch","March 12","2026-11-07"', p)).toEqual([
      "The p&t review date for the switch is `March 12`.",
    ]);
    // A list item of a record's notes, a field in words and an amount.
    expect(
      toolStatements(
        "title: The Salt Archive\nnotes:\n  - permissions fee for the epigraph: £225",
        nothing,
      ),
    ).toEqual(["The permissions fee for the epigraph is `£225`."]);
    // A "that" clause or a chat line opening on the subject states it.
    expect(
      toolStatements(
        "Confirming per our call that the max dose alert for IV acetaminophen will be 2800 mg per day.",
        nothing,
      ),
    ).toHaveLength(1);
    expect(
      toolStatements(
        "[10:21] Devi: max dose alert for IV acetaminophen is 2800 mg per day, ok",
        nothing,
      ),
    ).toHaveLength(1);
    // A record of a setting keeps the words the conversation uses ("default …").
    expect(
      toolStatements(
        '{"setting": "default bolus volume in the order set", "value": "20 mL/kg"}',
        nothing,
      ),
    ).toEqual(["The default bolus volume in the order set is `20 mL/kg`."]);
    // A word in front of a known key makes another subject: "overflow room block" is no "room block".
    const r = knownPhrases([], ["The room block is 23 rooms."]);
    expect(toolStatements("status: held\noverflow room block: 38 rooms\nid: 7", r)).toEqual([
      "The overflow room block is `38 rooms`.",
    ]);
    // "Agreed: X at V": a number ending the line after "at" is X's value.
    const e = knownPhrases([], ["The embargo time for the launch is 07:00 GMT."]);
    expect(
      toolStatements("Production sync. Agreed: embargo time for the launch at 06:00 GMT", e),
    ).toEqual(["The embargo time for the launch is `06:00 GMT`."]);
  });

  it("reads a change record by its shape, even for a field the prose never named", ({ expect }) => {
    const out = toolStatements(
      [
        '{"field": "kiln firing temperature", "from": "1220 C", "to": "1240 C", "by": "Ines"}',
        '{"field": "delivery slot", "old": "Tue", "new": "Thu"}',
      ].join("\n"),
      known,
    );
    expect(out).toEqual([
      "The kiln firing temperature is `1240 C` (was `1220 C`).",
      "The delivery slot is `Thu` (was `Tue`).",
    ]);
  });

  it("reads a short record card's spaced keys even before the prose names the field", ({
    expect,
  }) => {
    expect(
      toolStatements("state: booked\nfiring slot: Thu 08:00\nkiln_id: k2\nnotes: none", known),
    ).toEqual(["The firing slot is `Thu 08:00`."]);
    // A long listing is not a card.
    const listing = Array.from({ length: 30 }, (_, i) => `item ${i} name: thing ${i}`).join("\n");
    expect(toolStatements(listing, knownPhrases([], []))).toEqual([]);
  });

  it("reads table rows: the new/now column, the old/was column, CSV quotes, aligned columns", ({
    expect,
  }) => {
    expect(
      toolStatements(
        [
          "| field | was | now | who |",
          "|---|---|---|---|",
          "| glaze batch size | 14 l | 18 l | Ines |",
          "| mug handles | 40 | 44 | Ola |",
        ].join("\n"),
        known,
      ),
    ).toEqual([
      "The glaze batch size is `18 l` (was `14 l`).",
      // Under a "now" column a row written in words states its field, named before or not.
      "The mug handles is `44` (was `40`).",
    ]);
    expect(
      toolStatements(
        'item,value,status\nstudio rent per month,"1,050 EUR",paid\nclay order,"2 t",open',
        known,
      ),
    ).toEqual(["The studio rent per month is `1,050 EUR`.", "The clay order is `2 t`."]);
    // "| kiln | 1230 C |" under "| name | firing temperature |" is the kiln firing temperature.
    expect(
      toolStatements(
        "NAME    FIRING TEMPERATURE    STATE\nkiln    1230 C    idle\ndryer    60 C    on",
        known,
      ),
    ).toEqual(["The kiln firing temperature is `1230 C`."]);
  });

  it("reads psql and box tables, and a record named by its first text field", ({ expect }) => {
    const shop = knownPhrases(["kiln firing temperature", "clay stock of north shelf"], prose);
    expect(
      toolStatements(
        " name | firing temperature\n------+-------------------\n kiln | 1260 C\n dryer | 60 C\n(2 rows)",
        shop,
      ),
    ).toEqual(["The kiln firing temperature is `1260 C`."]);
    expect(
      toolStatements(
        "+-------------+------------+\n| shelf       | clay stock |\n+-------------+------------+\n| north shelf | 120 kg     |\n+-------------+------------+",
        shop,
      ),
    ).toEqual(["The clay stock of north shelf is `120 kg`."]);
    expect(
      toolStatements('[{"shelf": "north shelf", "clay stock": "130 kg", "aisle": 3}]', shop),
    ).toEqual(["The clay stock of north shelf is `130 kg`."]);
  });

  it("reads a key as '<item> <key>' when the call named the item, and box-drawing tables", ({
    expect,
  }) => {
    const shop = knownPhrases(["north kiln firing temperature", "clay stock of north shelf"], []);
    expect(toolStatements("state: idle\nfiring temperature: 1270 C", shop, ["north kiln"])).toEqual(
      ["The north kiln firing temperature is `1270 C`."],
    );
    expect(toolStatements("firing temperature: 1270 C", shop, [])).toEqual([]);
    expect(
      toolStatements(
        "┌─────────────┬────────────┐\n│ shelf       │ clay stock │\n├─────────────┼────────────┤\n│ north shelf │ 140 kg     │\n└─────────────┴────────────┘",
        shop,
      ),
    ).toEqual(["The clay stock of north shelf is `140 kg`."]);
  });

  it("reads a key ending in a unit as the subject without it, the value with it", ({ expect }) => {
    const shop = knownPhrases(["kiln cooldown", "shelf fill"], []);
    expect(toolStatements('{"kiln_cooldown_hours": 7, "shelf_fill_pct": 82}', shop)).toEqual([
      "The kiln cooldown is `7 h`.",
      "The shelf fill is `82%`.",
    ]);
    expect(toolStatements("kiln_cooldown_hours: 8\nKILN_COOLDOWN_HOURS=9", shop)).toEqual([
      "The kiln cooldown is `8 h`.",
    ]);
  });

  it("reads change-log lines: arrows, 'from A to B', 'set X to V'", ({ expect }) => {
    expect(
      toolStatements(
        [
          "9f8e7d6 studio: glaze batch size 14 l -> 20 l",
          "2026-05-02 changed studio rent per month from 900 EUR to 950 EUR",
          "ops bot: set the shop owner to Ines Duarte",
        ].join("\n"),
        knownPhrases(["shop owner"], prose),
      ),
    ).toEqual([
      "The glaze batch size is `20 l` (was `14 l`).",
      "The studio rent per month is `950 EUR` (was `900 EUR`).",
      "The shop owner is `Ines Duarte`.",
    ]);
  });

  it("keeps look-alikes apart and leaves code, logs and unknown keys alone", ({ expect }) => {
    // The longer known subject wins inside a line.
    expect(toolStatements("kiln firing temperature for the test tiles: 1190 C", known)).toEqual([
      "The kiln firing temperature for the test tiles is `1190 C`.",
    ]);
    expect(
      toolStatements(
        "function fire(t) {\n  return t * 2;\n}\nPASS tests/kiln.test.ts (12 tests)\nretries: 3",
        known,
      ),
    ).toEqual([]);
  });

  it("is bounded: at most MAX_TOOL_STATEMENTS per result, long lines skipped, 5 MB fast", ({
    expect,
  }) => {
    const many = Array.from({ length: 40 }, (_, i) => `glaze batch size: ${i} l`).join("\n");
    expect(toolStatements(many, known).length).toBeLessThanOrEqual(MAX_TOOL_STATEMENTS);
    const started = performance.now();
    const huge = `${"x".repeat(5_000_000)}\n${"a,b\n".repeat(100_000)}`;
    expect(toolStatements(huge, known)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it(
    "hostile: a 5 MB tool result and 20,000 small ones stay typed and fast",
    { timeout: 60_000 },
    async ({ expect }) => {
      const tokenizer = await loadTokenizer("gpt-4o");
      const call = (id: string): ChatMessage => ({
        role: "assistant",
        content: null,
        tool_calls: [{ id, type: "function", function: { name: "read", arguments: "{}" } }],
      });
      const messages: ChatMessage[] = [
        { role: "user", content: "The glaze batch size is 14 l." },
        call("big"),
        {
          role: "tool",
          tool_call_id: "big",
          content: `glaze batch size: 15 l\n${"| a | b |\n".repeat(500_000)}`,
        },
        ...Array.from({ length: 10_000 }, (_, i): ChatMessage[] => [
          call(`c${i}`),
          { role: "tool", tool_call_id: `c${i}`, content: `{"glaze batch size": "${i} l"}` },
        ]).flat(),
        { role: "user", content: "Which batch size now?" },
        { role: "assistant", content: "Checking." },
        { role: "user", content: "Thanks." },
      ];
      const started = performance.now();
      const result = await compressConversation(messages, { tokenizer, budget: { ratio: 0.1 } });
      expect(result.ok).toBe(true);
      expect(performance.now() - started).toBeLessThan(30_000);
      if (result.ok) {
        expect(result.value.budget.met).toBe(true);
      }
    },
  );

  it("end to end: a value changed in tool output supersedes the prose value", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const messages: ChatMessage[] = [
      { role: "system", content: "You help run a pottery studio." },
      {
        role: "user",
        content: "The glaze batch size is 14 l. The studio rent per month is 900 EUR.",
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "read_sheet", arguments: "{}" } },
        ],
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content:
          "| setting | value | note |\n| --- | --- | --- |\n| glaze batch size | 18 l | changed |\n| studio rent per month | 900 EUR | unchanged |",
      },
      { role: "assistant", content: "The sheet has one change." },
      ...Array.from({ length: 12 }, (_, i): ChatMessage[] => [
        { role: "user", content: `Let us talk about the opening hours once more, round ${i}.` },
        { role: "assistant", content: "Sure, they stay as they were; nothing to change there." },
      ]).flat(),
      { role: "user", content: "Thanks. What is next on the list?" },
      { role: "assistant", content: "Ordering clay." },
      { role: "user", content: "Go ahead." },
    ];
    const run = await compressLocally(messages, tokenizer);
    const current = run.bullets.map((b) => b.text).join("\n");
    expect(current).toContain("The glaze batch size is `18 l`.");
    expect(current).not.toContain("14 l");
    // Cited by the tool result's turn, whose full text stays behind its ref.
    const bullet = run.bullets.find((b) => b.text.includes("18 l"));
    expect(bullet?.turns).toEqual([4]);
    expect(run.summary).not.toContain("| glaze batch size |");
    expect(run.report.losses.join("\n")).toMatch(/superseded: "glaze batch size"/);
  });
});
