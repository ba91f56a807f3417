// When a turn speaks of a key (workers/model/summarise/mentions.ts): its words,
// abbreviations and stems (a word that starts with a key word).
import { describe, it } from "vitest";
import { mentionWords, TurnWords } from "../../../../workers/model/summarise/mentions.ts";

describe("mentions", () => {
  it("judges a key by its last dotted part (and the one before when that is one word)", ({
    expect,
  }) => {
    expect(mentionWords("settings.db_region")).toEqual(["db", "region"]);
    expect(mentionWords("database.pool.max")).toEqual(["pool", "max"]);
    expect(mentionWords("SESSION_TIMEOUT_MIN")).toEqual(["session", "timeout", "min"]);
  });

  it("names a key by one of its words, abbreviations and stems included", ({ expect }) => {
    expect(
      new TurnWords("The session timeout is 30 minutes now.").names("session_timeout_min"),
    ).toBe(true);
    expect(new TurnWords("We had 30-minute slots before.").names("slot_minutes")).toBe(true);
    expect(new TurnWords("Four surgeries a day.").names("max_daily_surgeries")).toBe(true);
    expect(new TurnWords("The region of the database moved.").names("db_region")).toBe(true);
    expect(new TurnWords("The fee for a loan went up.").names("ill_fee")).toBe(true);
    expect(new TurnWords("Lunch was great.").names("db_region")).toBe(false);
    expect(new TurnWords("Go to the db now.").names("db_id")).toBe(false);
  });
});
