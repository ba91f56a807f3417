// Self-describing fields in tool output (shared/compress/tool-fields.ts): lines
// that name what they set in words state a value even when the conversation's
// prose never named that subject; env keys, paths, single words and removed diff
// lines state nothing.
import { describe, expect, it } from "vitest";
import {
  assignedField,
  changedField,
  commentedField,
  describedSubject,
  flowMapping,
  knownPhrases,
  logfmtRecord,
  requestedField,
  toolStatements,
} from "../../../shared/compress/index.ts";

const nothingKnown = knownPhrases([], []);

describe("a field named in words", () => {
  it("is two to eight words, not an env key, a path or one word", () => {
    expect(describedSubject("Queue flush interval")).toBe("queue flush interval");
    expect(describedSubject("queue_flush_interval")).toBe("queue flush interval");
    expect(describedSubject("EUR/USD hedge ratio")).toBe("eur/usd hedge ratio");
    expect(describedSubject("QUEUE_FLUSH_INTERVAL")).toBeUndefined();
    expect(describedSubject("/var/lib/queue")).toBeUndefined();
    expect(describedSubject("interval")).toBeUndefined();
    expect(describedSubject("a b c d e f g h i j")).toBeUndefined();
  });

  it("reads a comment that says what a field is (YAML, TOML, INI)", () => {
    expect(commentedField("pool_size: 12   # worker pool size")).toMatchObject({
      subject: "worker pool size",
      value: "12",
    });
    expect(commentedField("flush = 30s ; queue flush interval")).toMatchObject({
      subject: "queue flush interval",
      value: "30s",
    });
    expect(commentedField("pool_size: 12")).toBeUndefined();
  });

  it("reads a logged assignment past its stamp, level, tag and verb", () => {
    expect(
      assignedField(
        "2026-01-02T03:04:05Z INFO svc.boot loaded queue flush interval=30 s source=defaults",
      ),
    ).toEqual({ subject: "queue flush interval", value: "30 s" });
    expect(assignedField("INFO worker restarted")).toBeUndefined();
  });

  it("reads a logged or chatted change, with the value it replaced", () => {
    expect(changedField("[deploy-bot] primary region resolved to eu-west-2")).toMatchObject({
      subject: "primary region",
      value: "eu-west-2",
    });
    expect(
      changedField("[09:12] Ana Costa: heads up, retry budget moved to 7 (was 5)"),
    ).toMatchObject({
      subject: "retry budget",
      value: "7",
      was: "5",
    });
    expect(changedField("ok final call, archive window goes to 4 days from today")).toMatchObject({
      subject: "archive window",
      value: "4 days",
    });
  });

  it("reads a request to use a value as a field", () => {
    expect(
      requestedField("Going forward, please use zstd as the archive codec for the nightly export."),
    ).toEqual({ subject: "archive codec", value: "zstd" });
    expect(requestedField("Please use your judgement.")).toBeUndefined();
  });

  it("parses a YAML flow mapping and a logfmt line; a removed diff line is none", () => {
    expect(flowMapping('  - { name: cache warmup window, value: "15 min", owner: ops }')).toEqual({
      name: "cache warmup window",
      value: "15 min",
      owner: "ops",
    });
    expect(flowMapping('- - { name: cache warmup window, value: "10 min" }')).toBeUndefined();
    expect(logfmtRecord('setting="cache warmup window" value="15 min" env=prod rev=4')).toEqual({
      setting: "cache warmup window",
      value: "15 min",
      env: "prod",
      rev: "4",
    });
    expect(logfmtRecord("worker 3 restarted after 2 retries (pid=44)")).toBeUndefined();
  });
});

describe("tool output with fields nobody named before", () => {
  it("states each as 'The X is `V`.'", () => {
    const output = [
      '  - { name: cache warmup window, value: "15 min", owner: ops }',
      'setting="archive window" value="4 days" env=prod',
      '{"label": "retry budget", "value": "7", "source": "runbook"}',
      "pool_size: 12   # worker pool size",
    ].join("\n");
    expect(toolStatements(output, nothingKnown)).toEqual([
      "The cache warmup window is `15 min`.",
      "The archive window is `4 days`.",
      "The retry budget is `7`.",
      "The worker pool size is `12`.",
    ]);
    // A sentence in a JSON text field, a dotted leader, an arrowed plan line.
    const more = [
      '{"id": 7, "description": "Resolved after the archive window was set to 5 days"}',
    ].join("\n");
    expect(toolStatements(more, nothingKnown)).toEqual(["The archive window is `5 days`."]);
    expect(
      toolStatements(
        "cache warmup window ............ 20 min\n~ retry budget: 7 -> 9",
        nothingKnown,
      ),
    ).toEqual(["The cache warmup window is `20 min`.", "The retry budget is `9` (was `7`)."]);
  });

  it("reads a table's subject from its name column and its value from its value column", () => {
    const psql = [
      " sku     | param_name               | param_value | updated_on",
      "---------+--------------------------+-------------+------------",
      " AB-1    | cache warmup window      | 15 min      | 2026-01-02",
      " AB-2    | archive window           | 4 days      | 2026-01-02",
    ].join("\n");
    expect(toolStatements(psql, nothingKnown)).toEqual([
      "The cache warmup window is `15 min`.",
      "The archive window is `4 days`.",
    ]);
  });

  it("reads a tagged 'X: V' line and an experiment row's winning value", () => {
    expect(
      toolStatements("[preflight] retry budget: 9 (from live-config@3d9f)", nothingKnown),
    ).toEqual(["The retry budget is `9`."]);
    const experiment = [
      "| knob | control | variant | result |",
      "|---|---|---|---|",
      "| archive window | control 5 days | variant 3 days | winner: variant (p=0.02) |",
    ].join("\n");
    expect(toolStatements(experiment, nothingKnown)).toEqual(["The archive window is `3 days`."]);
  });
});
