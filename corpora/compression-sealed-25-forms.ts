// The statement forms of the "sealed-25" compression family (corpora/compression-sealed-25.ts):
// how a water plant's people and tools state a setting's first value, change it, re-print an
// old sheet, confirm the current value, name the look-alike setting, float a value nobody
// adopts and mention a setting without a value. Each form returns its text and the one line
// that carries the value (the statement line the bench scores).

/** What a form needs to write one statement. */
export interface FormInput {
  subject: string;
  value: string;
  /** The value being replaced ("" for a first value). */
  old: string;
  tag: string;
  /** A person's name for signatures and chat handles. */
  who: string;
  /** A small number for work orders, times and row ids. */
  n: number;
}

/** A written statement: the message text, the value line, and an optional old-value line. */
export interface FormOutput {
  text: string;
  line: string;
  /** A line in the same text that states `old` (a diff's removed line), declared first. */
  staleLine?: string;
}

/** A statement form: prose goes in a user or assistant turn, tool forms are a tool result. */
export interface StatementForm {
  name: string;
  kind: "prose" | "tool";
  /** The tool whose result carries a tool form. */
  tool?: string;
  render(input: FormInput): FormOutput;
}

const hh = (n: number) => String(n % 24).padStart(2, "0");
const mm = (n: number) => String((n * 7) % 60).padStart(2, "0");

const prose = (name: string, write: (i: FormInput) => string): StatementForm => ({
  name,
  kind: "prose",
  render: (i) => {
    const line = write(i);
    return { text: line, line };
  },
});

/** First statements of a setting. */
export const FIRST_FORMS: readonly StatementForm[] = [
  prose(
    "memo-prose",
    (i) => `Renata's standing order from the spring memo: the ${i.subject} is ${i.value}.`,
  ),
  prose(
    "operator-shorthand",
    (i) => `fwiw ${i.subject} = ${i.value} on my sheet, same as the binder`,
  ),
  prose(
    "lab-chat",
    (i) =>
      `[LIMS chat] ${i.who}: heads up, we're reading the ${i.subject} as ${i.value} when we QC`,
  ),
  {
    name: "setpoint-csv",
    kind: "tool",
    tool: "export_setpoint_sheet",
    render: (i) => {
      const line = `${i.tag},${i.subject},${i.value},approved,R. Solis`;
      const text = [
        "tag,description,setpoint,status,approved_by",
        "RAW_FLOW_SP,raw water flow demand,14.2 MGD,approved,R. Solis",
        line,
        "CCB_INLET_SP,contact basin inlet valve,62 %open,approved,J. Farrell",
        "SLUDGE_PMP2,sludge pump 2 speed,38 Hz,draft,P. Natarajan",
      ].join("\n");
      return { text, line };
    },
  },
  {
    name: "plc-json",
    kind: "tool",
    tool: "read_plc_tag_config",
    render: (i) => {
      const line = `    { "tag": "${i.tag}", "desc": "${i.subject}", "value": "${i.value}", "rw": true },`;
      const text = [
        "{",
        '  "controller": "PLC-02 (filters / chemical building)",',
        '  "exported": "2026-06-03T05:40:12Z",',
        '  "tags": [',
        '    { "tag": "FLT_HDR_PRESS", "desc": "filter header pressure", "value": "9.8 psi", "rw": false },',
        line,
        '    { "tag": "BLDG_TEMP", "desc": "chem building temperature", "value": "61 F", "rw": false }',
        "  ]",
        "}",
      ].join("\n");
      return { text, line };
    },
  },
  {
    name: "regulator-letter",
    kind: "tool",
    tool: "search_mailbox",
    render: (i) => {
      const line = `As discussed on our call, the ${i.subject} for your system is ${i.value} until further notice.`;
      const text = [
        "From: district.engineer@health.state.example",
        "To: rsolis@cityofmarlow.example",
        "Subject: RE: Operating plan review, PWSID 4102017",
        "",
        "Ms. Solis,",
        "",
        line,
        "Please keep the monthly operating report format unchanged.",
        "",
        "Regards,",
        "District Engineer, Drinking Water Program",
      ].join("\n");
      return { text, line };
    },
  },
];

/** Changes of a setting: restated, "now", a correction, a pronoun, a log, a diff, going forward. */
export const UPDATE_FORMS: readonly StatementForm[] = [
  prose(
    "now-update",
    (i) => `Update from the morning meeting: the ${i.subject} is now ${i.value}.`,
  ),
  prose(
    "correction",
    (i) =>
      `Sorry, I meant ${i.value} for the ${i.subject}, not ${i.old} — my mistake in the handover.`,
  ),
  prose(
    "pronoun-after-name",
    (i) => `I talked to ${i.who} about the ${i.subject}. It's ${i.value} starting next shift.`,
  ),
  prose(
    "going-forward",
    (i) => `Going forward, run the ${i.subject} at ${i.value}; Renata signed the change form.`,
  ),
  {
    name: "scada-change-log",
    kind: "tool",
    tool: "query_scada_events",
    render: (i) => {
      const line = `2026-07-${String(10 + (i.n % 18)).padStart(2, "0")} ${hh(i.n)}:${mm(i.n)}:14  SP CHANGE  ${i.tag}  "${i.subject}"  ${i.old} -> ${i.value}  user=jfarrell`;
      const text = [
        "time                 type       tag            detail",
        `2026-07-09 23:58:02  ALM ACK    HSP2_VIB_HI    ack by pnatarajan`,
        line,
        `2026-07-09 23:59:40  ALM RTN    RAW_TURB_HI    returned to normal`,
      ].join("\n");
      return { text, line };
    },
  },
  {
    name: "plc-diff",
    kind: "tool",
    tool: "git_diff_plc_config",
    render: (i) => {
      const staleLine = `-    { "tag": "${i.tag}", "desc": "${i.subject}", "value": "${i.old}", "rw": true },`;
      const line = `+    { "tag": "${i.tag}", "desc": "${i.subject}", "value": "${i.value}", "rw": true },`;
      const text = [
        "diff --git a/plc02/tags.json b/plc02/tags.json",
        "--- a/plc02/tags.json",
        "+++ b/plc02/tags.json",
        "@@ -41,7 +41,7 @@",
        '     { "tag": "FLT_HDR_PRESS", "desc": "filter header pressure", "value": "9.8 psi", "rw": false },',
        staleLine,
        line,
        '     { "tag": "BLDG_TEMP", "desc": "chem building temperature", "value": "61 F", "rw": false }',
      ].join("\n");
      return { text, line, staleLine };
    },
  },
  {
    name: "handover-note",
    kind: "tool",
    tool: "read_shift_log",
    render: (i) => {
      const line = `- ${i.subject} changed to ${i.value} at ${hh(i.n)}:${mm(i.n)} (WO-${5100 + i.n})`;
      const text = [
        "SHIFT HANDOVER — B shift to C shift",
        "Operator out: P. Natarajan   Operator in: J. Farrell",
        "- Raw pumps 1 and 3 running, 2 in standby",
        line,
        "- Chlorinator room exhaust fan noisy, WO opened",
        "- No customer complaints",
      ].join("\n");
      return { text, line };
    },
  },
  {
    name: "regulator-approval",
    kind: "tool",
    tool: "search_mailbox",
    render: (i) => {
      const line = `This letter confirms approval to change the ${i.subject} to ${i.value}.`;
      const text = [
        "From: district.engineer@health.state.example",
        "Subject: Approval of requested operational change",
        "",
        line,
        "The change takes effect on receipt. Document it in the next MOR.",
      ].join("\n");
      return { text, line };
    },
  },
];

/** An old sheet printed again after the change: it states a replaced value. */
export const STALE_FORM: StatementForm = {
  name: "archived-sheet",
  kind: "tool",
  tool: "open_document",
  render: (i) => {
    const line = `| ${i.subject} | ${i.value} | rev B (superseded) |`;
    const text = [
      "(archived) Operations Plan, Appendix C — Setpoints, rev B, March",
      "| Setting | Value | Revision |",
      "|---|---|---|",
      "| raw water flow demand | 13.8 MGD | rev B (superseded) |",
      line,
      "| sludge pump 2 speed | 35 Hz | rev B (superseded) |",
    ].join("\n");
    return { text, line };
  },
};

/** A confirmation of the current value after a stale copy or later in the day. */
export const RESTATE_FORMS: readonly StatementForm[] = [
  prose(
    "still-current",
    (i) => `Ignore that appendix, it's the old revision — the ${i.subject} is still ${i.value}.`,
  ),
  prose("terse-confirm", (i) => `ok confirmed, ${i.subject} stays ${i.value}`),
  {
    name: "register-row",
    kind: "tool",
    tool: "read_setpoint_register",
    render: (i) => {
      const line = `${i.subject} | ${i.value} | current | verified by ${i.who}`;
      const text = [
        "setting | value | state | verified",
        "raw water flow demand | 14.2 MGD | current | verified by R. Solis",
        line,
      ].join("\n");
      return { text, line };
    },
  },
];

/** The look-alike setting with a value of its own. */
export const LOOK_ALIKE_FORMS: readonly ((lookAlike: string, value: string) => string)[] = [
  (l, v) => `Separate thing: the ${l} stays at ${v}.`,
  (l, v) => `Don't mix it up with the ${l}, which is ${v}.`,
  (l, v) => `The ${l} is ${v} per the contractor's sheet.`,
];

/** A value someone floats and nobody adopts, or a what-if. */
export const REJECTED_FORMS: readonly ((subject: string, value: string, who: string) => string)[] =
  [
    (s, v, who) => `${who} floated taking the ${s} to ${v}, but Renata said not now.`,
    (s, v) => `What if the ${s} were ${v}? Just asking, not proposing it.`,
    (s, v) => `We considered ${v} for the ${s} last year and dropped it.`,
  ];

/** A mention of a setting with no value. */
export const MENTION_FORMS: readonly ((subject: string) => string)[] = [
  (s) => `Can you pull the trend behind the ${s} for the weekly review?`,
  (s) => `Who owns sign-off on the ${s} these days?`,
  (s) => `Add the ${s} to the list for the sanitary survey binder.`,
];
