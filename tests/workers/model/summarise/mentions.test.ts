// When a turn speaks of a key (workers/model/summarise/mentions.ts): its words,
// abbreviations and stems, and values of the same shape.
import { describe, it } from "vitest";
import { mentionWords, shapeOf, TurnWords } from "../../../../workers/model/summarise/mentions.ts";

describe("mentions", () => {
  it("judges a key by its last dotted part (and the one before when that is one word)", ({
    expect,
  }) => {
    expect(mentionWords("settings.db_region")).toEqual(["db", "region"]);
    expect(mentionWords("database.pool.max")).toEqual(["pool", "max"]);
    expect(mentionWords("SESSION_TIMEOUT_MIN")).toEqual(["session", "timeout", "min"]);
  });

  it("names a key by all its words, abbreviations and stems included", ({ expect }) => {
    expect(
      new TurnWords("The session timeout is 30 minutes now.").names("session_timeout_min"),
    ).toBe("all");
    expect(new TurnWords("We had 30-minute slots before.").names("slot_minutes")).toBe("all");
    expect(
      new TurnWords("Four surgeries a day, daily cap holds.").names("max_daily_surgeries"),
    ).toBe("all");
    expect(new TurnWords("The region of the database moved.").names("db_region")).toBe("one");
    expect(new TurnWords("Lunch was great.").names("db_region")).toBe("none");
  });

  it("finds another value of the same shape, never the value itself", ({ expect }) => {
    expect(shapeOf("us-east-2")).toBe("a-a-9");
    expect(new TurnWords("moved to (sa-east-1).").holdsShape("us-east-2")).toBe(true);
    expect(new TurnWords("still us-east-2").holdsShape("us-east-2")).toBe(false);
    expect(new TurnWords("fee is $40 now").holdsShape("$35")).toBe(true);
  });
});
