// Config changes shown as code (shared/compress/config-lines.ts): `.env`, YAML,
// TOML and `export` lines and diff hunks read as statements, source code does not,
// and a key reads as the conversation's own phrase for it when one phrase is the
// one it spells; end to end, a diff supersedes the prose value it changes.
import { describe, it } from "vitest";
import {
  configStatements,
  phraseForKey,
  proseOf,
  resolveConfigKeys,
} from "../../../shared/compress/index.ts";
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { loadTokenizer } from "../../../shared/context/tokens.ts";
import { compressLocally } from "./summariser.ts";

describe("config lines as statements", () => {
  it("reads .env, export, YAML and TOML assignments, with their '# was' history", ({ expect }) => {
    expect(configStatements(["KILN_RAMP_C_PER_H=90  # was 75"])).toEqual([
      "`KILN_RAMP_C_PER_H` is `90` (was `75`).",
    ]);
    expect(configStatements(["export GLAZE_BATCH_LITRES=12"])).toEqual([
      "`GLAZE_BATCH_LITRES` is `12`.",
    ]);
    expect(configStatements(["# kiln", 'kiln_cooldown: "6 h"  # previously 4 h'])).toEqual([
      "`kiln_cooldown` is `6 h` (was `4 h`).",
    ]);
    expect(configStatements(["[kiln]", 'cone_target = "cone 6"'])).toEqual([
      "`cone_target` is `cone 6`.",
    ]);
  });

  it("reads a diff hunk as the new value replacing the removed one", ({ expect }) => {
    expect(
      configStatements([
        "--- a/.env",
        "+++ b/.env",
        "@@ -3 +3 @@",
        "-KILN_MAX_C=1180",
        "+KILN_MAX_C=1240",
      ]),
    ).toEqual(["`KILN_MAX_C` is `1240` (was `1180`)."]);
  });

  it("reads nothing in source code, logs or long files", ({ expect }) => {
    expect(configStatements(["const limit = parse(raw);", "return limit;"])).toEqual([]);
    expect(configStatements(["limit: z.number().int()", "name: z.string()"])).toEqual([]);
    expect(configStatements([" ✓ tests/kiln.test.ts (4 tests) 20ms"])).toEqual([]);
    expect(configStatements(Array.from({ length: 40 }, (_, i) => `K${i}=${i}`))).toEqual([]);
  });

  it("puts the statements of a fenced block after its code note", ({ expect }) => {
    const prose = proseOf("Pushed it:\n```diff\n-KILN_MAX_C=1180\n+KILN_MAX_C=1240\n```\nThanks.");
    expect(prose.split("\n")).toEqual([
      "Pushed it:",
      "(code: 4 lines, full text by ref)",
      "`KILN_MAX_C` is `1240` (was `1180`).",
      "Thanks.",
    ]);
  });
});

describe("the phrase a key spells", () => {
  const phrases = [
    "north greenhouse humidity target",
    "south greenhouse humidity target",
    "greenhouse fan speed",
  ];
  it("picks the one phrase whose words the key spells, abbreviations included", ({ expect }) => {
    expect(phraseForKey("GREENHOUSE_NORTH_HUMIDITY_PCT", phrases)).toBe(
      "north greenhouse humidity target",
    );
    expect(phraseForKey("GREENHOUSE_FAN_RPM", ["greenhouse fan speed", "fan speed dial"])).toBe(
      "greenhouse fan speed",
    );
    expect(
      phraseForKey("kiln_temp_ceiling", [
        "kiln temperature ceiling",
        "kiln door seal",
        "glaze temperature ceiling",
      ]),
    ).toBe("kiln temperature ceiling");
  });
  it("reads the phrase out of a clause that goes on ('the X looks fine'), and prefers a subject that stands alone", ({
    expect,
  }) => {
    expect(
      phraseForKey("KILN_DOOR_SEAL_TEMP", ["kiln door seal temperature looks fine", "kiln door"]),
    ).toBe("kiln door seal temperature");
    expect(
      phraseForKey(
        "GLAZE_API_VERSION",
        ["glaze api version", "pinned glaze api version"],
        new Map([["pinned glaze api version", 3]]),
      ),
    ).toBe("pinned glaze api version");
  });
  it("reads an initialism and leaves the key's function words out", ({ expect }) => {
    expect(
      phraseForKey("FD_NORTH_THIS_SHIFT", [
        "north fire duty lead this shift",
        "south fire duty lead this shift",
      ]),
    ).toBe("north fire duty lead this shift");
  });
  it("names none when two look-alikes tie or none matches enough", ({ expect }) => {
    expect(phraseForKey("GREENHOUSE_HUMIDITY_PCT", phrases)).toBeUndefined();
    expect(phraseForKey("SMTP_RELAY_HOST", phrases)).toBeUndefined();
    expect(
      phraseForKey("greenhouse_north_humidity_pct", ["greenhouse_north_humidity_pct"]),
    ).toBeUndefined();
  });
  it("rewrites a key statement with a declared or spelled phrase, and leaves others", ({
    expect,
  }) => {
    const turns = [
      { turn: 1, text: "`KILN_MAX_C` is `1240` (was `1180`)." },
      { turn: 2, text: "`SMTP_RELAY_HOST` is `mx2`." },
    ];
    const raw = ["The `KILN_MAX_C` setting (the kiln temperature ceiling) matters."];
    expect(
      resolveConfigKeys(turns, raw, () => ({ subjects: [], solo: new Map() })).map((t) => t.text),
    ).toEqual([
      "The kiln temperature ceiling is `1240` (was `1180`, config `KILN_MAX_C`).",
      "`SMTP_RELAY_HOST` is `mx2`.",
    ]);
  });
});

describe("a config change in a conversation", () => {
  it("supersedes the prose value it changes; the old one is never shown as current", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer("gpt-4o");
    const chatter = "I am reading the firing logs from last week and comparing the curves by hand.";
    const messages: ChatMessage[] = [{ role: "system", content: "You help run a pottery studio." }];
    for (let i = 0; i < 40; i++) {
      const content =
        i === 3
          ? `${chatter} The north greenhouse humidity target is 55%.`
          : i === 20
            ? `Changed it:\n\`\`\`diff\n-GREENHOUSE_NORTH_HUMIDITY_PCT=55%\n+GREENHOUSE_NORTH_HUMIDITY_PCT=62%\n\`\`\`\n${chatter}`
            : i === 25
              ? `${chatter} The south greenhouse humidity target is 48%.`
              : `${chatter} ${chatter}`;
      messages.push({ role: i % 2 === 0 ? "user" : "assistant", content });
    }
    const run = await compressLocally(messages, tokenizer);
    const current = run.bullets.map((b) => b.text).join("\n");
    expect(current).toContain("north greenhouse humidity target is `62%`");
    expect(current).not.toMatch(/north greenhouse humidity target is 55%/);
    expect(current).toContain("south greenhouse humidity target is 48%");
    expect(run.report.losses.join("\n")).toMatch(/superseded: "north greenhouse humidity target"/);
  });
});
