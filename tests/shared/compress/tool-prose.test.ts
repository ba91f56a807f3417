// Tool output lines that are not plain fields (shared/compress/tool-prose.ts,
// tool-lines.ts, tool-tables.ts): diff-marked plan lines, a quoted log message,
// "who set field "X" to V", an annotation under an aligned listing, an aligned
// row whose value fills its column, sentences of a chat or mail thread, a key
// whose own words say more than the subject ("default X"); then end to end: a
// value changed that way supersedes the prose value before it.
import { describe, it } from "vitest";
import {
  knownPhrases,
  messageStamp,
  proseStatement,
  toolStatements,
  unwrappedLines,
} from "../../../shared/compress/index.ts";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { compressLocally } from "./summariser.ts";

const prose = [
  "The harbour crane lift limit is 40 t.",
  "Who keeps the berth allocation owner list up to date?",
  "The tug fleet standby count is 3.",
  "Check the default mooring line tension for the east quay before the storm.",
];
const known = knownPhrases([], prose);

describe("tool output lines that are not plain fields", () => {
  it("reads a plan's added and changed fields under their diff markers", ({ expect }) => {
    expect(unwrappedLines('  + "harbour crane lift limit" = "45 t"')).toContain(
      '  "harbour crane lift limit" = "45 t"',
    );
    expect(
      toolStatements(
        [
          'resource "port_config" "east" {',
          '    + "harbour crane lift limit" = "45 t"',
          '    ~ "tug fleet standby count"  = "3" -> "4"',
          "    # (2 unchanged attributes hidden)",
          "}",
        ].join("\n"),
        known,
      ),
    ).toEqual([
      "The harbour crane lift limit is `45 t`.",
      "The tug fleet standby count is `4` (was `3`).",
    ]);
    // A removed line ("-") states no value.
    expect(toolStatements('    - "harbour crane lift limit" = "45 t"', known)).toEqual([]);
  });

  it("reads a log line's quoted message and a ticket's 'set field' history line", ({ expect }) => {
    expect(
      toolStatements(
        'level=info ts=17 component=agent msg="applied harbour crane lift limit = 50 t" rev=ab12',
        known,
      ),
    ).toEqual(["The harbour crane lift limit is `50 t`."]);
    expect(
      toolStatements('history:\n  ines set field "tug fleet standby count" to 5\n', known),
    ).toEqual(["The tug fleet standby count is `5`."]);
    // A log message assigning a field named in words states it, named before or not.
    expect(toolStatements('level=info msg="applied cache warmup = on"', known)).toEqual([
      "The cache warmup is `on`.",
    ]);
    // A log message with no field in words states nothing.
    expect(toolStatements('level=info msg="worker 3 restarted after 2 retries"', known)).toEqual(
      [],
    );
  });

  it("reads an annotation line inside an aligned listing, and an aligned row cut at the header's columns", ({
    expect,
  }) => {
    expect(
      toolStatements(
        [
          "Name:          quay-east",
          "Labels:        app=quay",
          "Annotations:   revision: 12",
          "               change-cause: set harbour crane lift limit to 42 t (CHG-1)",
          "Selector:      app=quay",
        ].join("\n"),
        known,
      ),
    ).toEqual(["The harbour crane lift limit is `42 t`."]);
    const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));
    expect(
      toolStatements(
        [
          `${pad("setting", 30)}${pad("value", 16)}${pad("source", 10)}who`,
          // The value fills its column: one space before the next.
          `${pad("berth allocation owner", 30)}${pad("Ana Maria Lopes", 16)}${pad("sheet", 10)}ines`,
          `${pad("tide_mode", 30)}${pad("auto", 16)}${pad("helm", 10)}bot`,
        ].join("\n"),
        known,
      ),
    ).toEqual(["The berth allocation owner is `Ana Maria Lopes`.", "The tide mode is `auto`."]);
  });

  it("shows a thread's sentence about a known subject as it is; a question or chatter is not", ({
    expect,
  }) => {
    expect(proseStatement("  heads up, the tug fleet standby count is 6 as of today", known)).toBe(
      "heads up, the tug fleet standby count is 6 as of today.",
    );
    expect(
      proseStatement("> Per the port authority, the harbour crane lift limit is 38 t.", known),
    ).toBe("Per the port authority, the harbour crane lift limit is 38 t.");
    expect(proseStatement("> Is the harbour crane lift limit 38 t?", known)).toBeUndefined();
    // A sentence that opens on its subject states it, named before or not (an e-mail's "The X is V").
    expect(proseStatement("The quay party is on Friday at 18:00.", known)).toBe(
      "The quay party is on Friday at 18:00.",
    );
    expect(
      proseStatement("Lovely light over the quay this morning, 18 boats out.", known),
    ).toBeUndefined();
    expect(messageStamp("[2026-03-03 10:12] Marek:")).toBe("2026-03-03 10:12");
    expect(messageStamp("Date: 2026-03-03")).toBe("2026-03-03 00:00");
    expect(messageStamp("the tug fleet standby count is 6")).toBeUndefined();
    const thread = [
      'Thread: "quay limits" (chat #ops, 3 messages)',
      "[2026-03-02 09:10] Ines:",
      "  Can we get the storm roster before Thursday?",
      "",
      "[2026-03-03 10:12] Marek:",
      "  heads up, the tug fleet standby count is 6 as of today",
    ].join("\n");
    expect(toolStatements(thread, known)).toEqual([
      "heads up, the tug fleet standby count is 6 as of today.",
    ]);
  });

  it("reads a thread returned newest first in the order of its messages' dates", ({ expect }) => {
    const newestFirst = [
      "[2026-03-07 16:40] Marek:",
      "  update: the tug fleet standby count is 7 from tonight",
      "",
      "[2026-03-02 09:10] Ines:",
      "  for now the tug fleet standby count is 4",
    ].join("\n");
    expect(toolStatements(newestFirst, known)).toEqual([
      "for now the tug fleet standby count is 4.",
      "the tug fleet standby count is 7 from tonight.",
    ]);
    // Oldest first stays as it is (the "update:" label, like a speaker's, is not shown).
    const lines = newestFirst.split("\n");
    const oldestFirst = [...lines.slice(3), "", ...lines.slice(0, 2)];
    expect(toolStatements(oldestFirst.join("\n"), known)).toEqual([
      "for now the tug fleet standby count is 4.",
      "the tug fleet standby count is 7 from tonight.",
    ]);
  });

  it("writes the subject as the output does when that says more ('default X')", ({ expect }) => {
    expect(
      toolStatements(
        "setting,value,changed_by\ndefault mooring line tension for the east quay,12 kN,ines",
        known,
      ),
    ).toEqual(["The default mooring line tension for the east quay is `12 kN`."]);
    expect(
      toolStatements(
        '{"settings": {"default mooring line tension for the east quay": "14 kN"}}',
        known,
      ),
    ).toEqual(["The default mooring line tension for the east quay is `14 kN`."]);
  });

  it("end to end: a value set in a ticket's history supersedes the prose value", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const messages: ChatMessage[] = [
      { role: "system", content: "You help run a harbour." },
      {
        role: "user",
        content: "The harbour crane lift limit is 40 t. The tug fleet standby count is 3.",
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "tickets", arguments: "{}" } },
        ],
      },
      {
        role: "tool",
        tool_call_id: "c1",
        content:
          'CHG-12  [done]  quay change\nrequester: ines   approver: marek\nhistory:\n  ines opened the change\n  marek set field "harbour crane lift limit" to 44 t\n  ines closed the change',
      },
      { role: "assistant", content: "The ticket has the change." },
      ...Array.from({ length: 12 }, (_, i): ChatMessage[] => [
        { role: "user", content: `Let us go over the night shift roster once more, round ${i}.` },
        { role: "assistant", content: "Sure, it stays as it was; nothing to change there." },
      ]).flat(),
      { role: "user", content: "Thanks. What is next?" },
      { role: "assistant", content: "The storm checklist." },
      { role: "user", content: "Go ahead." },
    ];
    const run = await compressLocally(messages, tokenizer);
    const current = run.bullets.map((b) => b.text).join("\n");
    expect(current).toContain("The harbour crane lift limit is `44 t`.");
    expect(current).not.toContain("40 t");
  });
});
