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

describe("records that say which value is which", () => {
  it("reads a record's description as its name beside a value, never a sentence", () => {
    expect(
      toolStatements(
        [
          "{",
          '  "tags": [',
          '    { "tag": "FLT_HDR_PRESS", "desc": "filter header pressure", "value": "9.8 psi", "rw": false },',
          '    { "tag": "FIN_PH_SP", "desc": "finished water pH setpoint", "value": "pH 8.0", "rw": true }',
          "  ]",
          "}",
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The filter header pressure is `9.8 psi`.",
      "The finished water ph setpoint is `pH 8.0`.",
    ]);
    expect(
      toolStatements(
        '{ "description": "Resolved after the pump was set to 40 Hz", "value": 3 }',
        nothingKnown,
      ),
    ).not.toContainEqual(expect.stringMatching(/resolved after/i));
  });

  it("reads a table's description and setpoint columns", () => {
    expect(
      toolStatements(
        [
          "tag,description,setpoint,status,approved_by",
          "RAW_FLOW_SP,raw water flow demand,14.2 MGD,approved,R. Solis",
          "PAC_FEED_SP,powdered carbon feed rate,12 mg/L,approved,R. Solis",
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The raw water flow demand is `14.2 MGD`.",
      "The powdered carbon feed rate is `12 mg/L`.",
    ]);
  });

  it("reads an unquoted CSV row only when its cells label the new value", () => {
    const rows = [
      "activity_id,activity_name,start,finish,total_float,status",
      "A1000,L4 sprinkler mains,2027-07-11,2027-09-19,5,IP",
      "CHG-63,elevator rail delivery date,was June 15,now May 4,approved",
      "A1040,Generator pad,2027-08-20,2027-07-28,1,IP",
    ];
    expect(toolStatements(rows.join("\n"), nothingKnown)).toEqual([
      "The elevator rail delivery date is `May 4` (was `June 15`).",
    ]);
    // Only the replaced value labelled: nothing current is stated.
    expect(
      toolStatements("CHG-64,elevator rail delivery date,was June 15,pending,open", nothingKnown),
    ).toEqual([]);
  });

  it("reads an unquoted CSV row whose cell is a subject the prose names, and a semicolon record", () => {
    const known = knownPhrases(
      [],
      ["How many custodians are under the litigation hold custodian count?"],
    );
    const csv = "setting,litigation hold custodian count,38 custodians,initial,2026-10-02";
    expect(toolStatements(csv, known)).toEqual([
      "The litigation hold custodian count is `38 custodians`.",
    ]);
    // Nobody named it: a bare CSV row's cells could be anything.
    expect(toolStatements(csv, nothingKnown)).toEqual([]);
    // The value sits before the named cell when the cell after it is a key (`operator=gus`),
    // and who changed the field is no part of its name.
    expect(
      toolStatements(
        [
          'SETPOINT;co2_vols;2.55 vols;"BT-2 carbonation target";operator=gus',
          'SETPOINT_CHANGE;ferm_setpoint;17.5°C;"FV-4 fermentation setpoint changed by wren"',
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The bt-2 carbonation target is `2.55 vols`.",
      "The fv-4 fermentation setpoint is `17.5°C`.",
    ]);
    // Prose with semicolons is no record.
    expect(
      toolStatements("we checked the tank; the gauge read fine; nothing to log", nothingKnown),
    ).toEqual([]);
  });

  it("reads a quoted value whose comment or description names the field, and a registry row", () => {
    expect(
      toolStatements(
        [
          'loot.chest.legendary_pct "0.6%" marta # Snowglobe chest legendary drop rate',
          'release.rollout_pct = "15%" (desc: staged rollout percentage; last write by ravi.k)',
          'v15 "98.8%" kofi.a 2026-11-19 16:40 # crash-free sessions halt threshold retuned for launch',
          '+ client_freeze: "Monday 12:00 PT" # client code freeze deadline, LIVEOPS-5055',
          "event.frostfall.start_utc,Frostfall event start time,Dec 14 15:00 UTC,econ-design,2026-11-25",
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The snowglobe chest legendary drop rate is `0.6%`.",
      "The staged rollout percentage is `15%`.",
      "The crash-free sessions halt threshold is `98.8%`.",
      "The client code freeze deadline is `Monday 12:00 PT`.",
      "The frostfall event start time is `Dec 14 15:00 UTC`.",
    ]);
    // "set point" is part of a field's name; "set by" is what happened to it.
    expect(
      toolStatements(
        [
          'hvac.ch2.sp "6.5 C" ines # chiller 2 supply set point',
          'hvac.ch3.sp "7.0 C" ines # chiller 3 supply temperature set by ines after the audit',
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The chiller 2 supply set point is `6.5 C`.",
      "The chiller 3 supply temperature is `7.0 C`.",
    ]);
    // A quoted string with a comment that is no field name states nothing.
    expect(toolStatements('greeting "hello there" # TODO', nothingKnown)).toEqual([]);
  });

  it("reads a dotted listing's bulleted and numbered lines, and skips a line tagged superseded", () => {
    expect(
      toolStatements(
        [
          "MATTER CALENDAR — Harlow v. Acme",
          "  * CFO deposition date ........ May 12   [SUPERSEDED]",
          "  * CFO deposition date ........ May 5   [ACTIVE]",
          "Line 7   excise return due date ............ February 2",
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual([
      "The cfo deposition date is `May 5`.",
      "The excise return due date is `February 2`.",
    ]);
  });

  it("reads a JSON record whose field names a known subject by the field after it, unless the record is superseded", () => {
    const known = knownPhrases([], ["What is the Fogline target OG this week?"]);
    const current =
      '{"spec_id":"SP-8913","analyte":"Fogline target OG","spec":"1.059","status":"approved","rev":1}';
    expect(toolStatements(current, known)).toEqual(["The fogline target og is `1.059`."]);
    const old =
      '{"spec_id":"SP-8913","analyte":"Fogline target OG","spec":"1.066","status":"superseded","rev":0}';
    expect(toolStatements(old, known)).toEqual([]);
    // A person's name the prose says is no subject: a settings block is read by its keys.
    const settings = knownPhrases(
      [],
      ["Aiko Tanaka owns it now.", "Who is the churn model owner?", "What is the holdout AUC?"],
    );
    const block = JSON.stringify(
      { settings: { "churn model owner": "Aiko Tanaka", "holdout AUC": "0.874" }, status: "open" },
      null,
      2,
    );
    expect(toolStatements(block, settings)).toEqual([
      "The churn model owner is `Aiko Tanaka`.",
      "The holdout auc is `0.874`.",
    ]);
    // The field after it is an id: no value.
    expect(toolStatements('{"analyte":"Fogline target OG","spec_id":"SP-8913"}', known)).toEqual(
      [],
    );
  });

  it("reads a quoted field's change in an event log", () => {
    expect(
      toolStatements(
        [
          "time                 type       tag            detail",
          "2026-07-09 23:58:02  ALM ACK    HSP2_VIB_HI    ack by pnatarajan",
          '2026-07-11 19:25:14  SP CHANGE  PAC_FEED_SP  "powdered carbon feed rate"  8 mg/L -> 6 mg/L  user=jfarrell',
        ].join("\n"),
        nothingKnown,
      ),
    ).toEqual(["The powdered carbon feed rate is `6 mg/L` (was `8 mg/L`)."]);
  });

  it("reads a diff's added lines and never its removed ones", () => {
    const withHeader = [
      "--- a/plc02.json",
      "+++ b/plc02.json",
      "@@ -3,3 +3,3 @@",
      '-    { "tag": "UV_DOSE_MIN", "desc": "UV reactor minimum dose", "value": "32 mJ/cm2", "rw": true },',
      '+    { "tag": "UV_DOSE_MIN", "desc": "UV reactor minimum dose", "value": "28 mJ/cm2", "rw": true },',
    ];
    expect(toolStatements(withHeader.join("\n"), nothingKnown)).toEqual([
      "The uv reactor minimum dose is `28 mJ/cm2`.",
    ]);
    // No header: a "-" line whose key a "+" line also sets is the removed side.
    const known = knownPhrases([], ["We track the core wall concrete strength."]);
    const inline = [
      "SUBMITTAL REGISTER (open and recent)",
      "08 44 13-25  Shop drawings  Approved",
      "+  core wall concrete strength: 8000 psi",
      "-  core wall concrete strength: 5500 psi",
    ];
    expect(toolStatements(inline.join("\n"), known)).toEqual([
      "The core wall concrete strength is `8000 psi`.",
    ]);
  });
});
