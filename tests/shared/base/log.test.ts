import { afterEach, describe, it, vi } from "vitest";
import { createLogger, scrubLogValue } from "../../../shared/base/log.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createLogger", () => {
  it("writes one JSON line with the context of a child logger", ({ expect }) => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => lines.push(line));
    createLogger("loop")
      .with({ requestId: "r-1", hive: "h", session: "s-1", step: 4 })
      .info("step.committed", { ms: 12 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: "info",
      component: "loop",
      event: "step.committed",
      requestId: "r-1",
      hive: "h",
      session: "s-1",
      step: 4,
      ms: 12,
    });
  });

  it("never writes a secret: credential fields dropped, secrets in text redacted", ({ expect }) => {
    const scrubbed = JSON.stringify(
      scrubLogValue({
        authorization: "Bearer lethe_h_0123456789abcdef",
        apiKey: "sk-live",
        nested: { note: "key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789 in text" },
      }),
    );
    expect(scrubbed).not.toContain("lethe_h_0123456789abcdef");
    expect(scrubbed).not.toContain("sk-live");
    expect(scrubbed).not.toContain("sk-proj-abcdefghijklmnopqrstuvwxyz0123456789");
  });
});
