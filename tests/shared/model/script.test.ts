import { describe, it } from "vitest";
import { completeChat } from "../../../workers/model/endpoint.ts";
import { encodeScript, SCRIPT_METADATA_KEY } from "../../../shared/model/script.ts";

const conversation = (assistantTurns: number) => ({
  model: "lethe-local",
  messages: [
    { role: "user", content: "go" },
    ...Array.from({ length: assistantTurns }, (_, i) => [
      { role: "assistant", content: `move ${i}` },
      { role: "user", content: `result ${i}` },
    ]).flat(),
  ],
});

describe("scripted mode", () => {
  const script = encodeScript([
    "<think>hmm</think>{tool: 'search', args: {query: 'x'},}",
    { tool_calls: [{ name: "finish", arguments: { summary: "done" } }] },
    { error: { status: 503, message: "overloaded" } },
    { empty_choices: true },
  ]);

  it("answers the n-th model call of a conversation with the n-th entry, verbatim", ({
    expect,
  }) => {
    const first = completeChat(conversation(0), { header: script });
    expect(first).toMatchObject({
      ok: true,
      value: {
        completion: {
          choices: [
            { message: { content: "<think>hmm</think>{tool: 'search', args: {query: 'x'},}" } },
          ],
        },
      },
    });
    const second = completeChat(conversation(1), { header: script });
    expect(second).toMatchObject({
      ok: true,
      value: {
        completion: {
          choices: [
            {
              finish_reason: "tool_calls",
              message: {
                tool_calls: [{ function: { name: "finish", arguments: '{"summary":"done"}' } }],
              },
            },
          ],
        },
      },
    });
  });

  it("plays scripted HTTP errors and empty choice lists", ({ expect }) => {
    expect(completeChat(conversation(2), { header: script })).toMatchObject({
      ok: false,
      status: 503,
    });
    expect(completeChat(conversation(3), { header: script })).toMatchObject({
      ok: true,
      value: { completion: { choices: [] } },
    });
  });

  it("takes the script from metadata and an explicit index", ({ expect }) => {
    const body = {
      ...conversation(0),
      metadata: { [SCRIPT_METADATA_KEY]: JSON.stringify(["a", "b"]), lethe_script_index: "1" },
    };
    expect(completeChat(body)).toMatchObject({
      ok: true,
      value: { completion: { choices: [{ message: { content: "b" } }] } },
    });
  });

  it("refuses an exhausted or malformed script with a typed error", ({ expect }) => {
    expect(completeChat(conversation(9), { header: script })).toMatchObject({
      ok: false,
      status: 400,
      body: { error: { code: "script_exhausted" } },
    });
    expect(completeChat(conversation(0), { header: "%%%" })).toMatchObject({
      ok: false,
      body: { error: { code: "invalid_script" } },
    });
    expect(completeChat(conversation(0), { header: encodeScript([]) })).toMatchObject({
      ok: false,
      body: { error: { code: "invalid_script" } },
    });
  });
});
