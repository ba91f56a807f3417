// How the "sealed-9" compression family states a planted value: first statements
// (user prose, an assistant summary, or a tool's JSON, YAML, CSV, markdown table, log
// line, HTTP response, logfmt, ticket or chat export) and updates (a "now", an
// "effective Monday", a different verb, a "scratch that" correction, a value changed
// only inside a later tool result, a switch of unit or format, a chat or ticket
// update, a bare restatement). Used by corpora/compression-sealed-9.ts.
import {
  cap,
  MERCH_LEAD,
  type Beat,
  type Fact,
  type Rng,
  type Step,
} from "./compression-sealed-9-beats.ts";
import { chatter } from "./compression-sealed-9-filler.ts";
import {
  readTool,
  toolArgs,
  toolFor,
  valueOutput,
  type OutputFormat,
} from "./compression-sealed-9-outputs.ts";

/** A way to state value `v` of a fact as a beat. */
export interface Form {
  name: string;
  build(fact: Fact, v: number, rnd: Rng): Beat;
}

/** A prose message with the statement among chatter. */
function prose(
  role: "user" | "assistant",
  sentence: string,
  fact: Fact,
  v: number,
  rnd: Rng,
  form: string,
): Beat {
  const before = rnd.next() < 0.6 ? `${chatter(rnd, role, 1)} ` : "";
  const after = rnd.next() < 0.5 ? ` ${chatter(rnd, role, 1)}` : "";
  return {
    steps: [{ kind: role, text: `${before}${sentence}${after}` }],
    statements: [{ sentence, fact: fact.index, value: v }],
    form,
  };
}

/** A tool read whose output states the value on one line. */
function toolRead(
  format: OutputFormat,
  fact: Fact,
  v: number,
  rnd: Rng,
  form: string,
  preface?: string,
): Beat {
  const { output, line } = valueOutput(format, fact, fact.subject, fact.values[v] ?? "", rnd);
  const step: Step = {
    kind: "tool",
    name: toolFor(format, fact),
    args: toolArgs(format, fact, rnd),
    output,
  };
  if (preface !== undefined) {
    step.preface = preface;
  }
  return { steps: [step], statements: [{ sentence: line, fact: fact.index, value: v }], form };
}

const toolForm = (format: OutputFormat): Form => ({
  name: `first-${format}`,
  build: (fact, v, rnd) => toolRead(format, fact, v, rnd, `first-${format}`),
});

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-user-prose",
    build: (fact, v, rnd) => {
      const s = fact.subject;
      const val = fact.values[v] ?? "";
      const sentence = rnd.pick([
        `For context, the ${s} is ${val} at the moment.`,
        `Per the merch plan, the ${s} is ${val}.`,
        `One thing you'll need later: we run the ${s} at ${val}.`,
      ]);
      return prose("user", sentence, fact, v, rnd, "first-user-prose");
    },
  },
  {
    name: "first-assistant-summary",
    build: (fact, v, rnd) => {
      const sentence = `- ${fact.subject}: ${fact.values[v] ?? ""} (checked in ${fact.template.system})`;
      const text = [
        "Where things stand:",
        `- catalogue sync: ${rnd.int(200, 600)} SKUs refreshed, ${rnd.int(2, 6)} rejected for missing images`,
        sentence,
        "- open: two price overrides waiting on Ruth",
      ].join("\n");
      return {
        steps: [{ kind: "assistant", text }],
        statements: [{ sentence, fact: fact.index, value: v }],
        form: "first-assistant-summary",
      };
    },
  },
  ...(
    ["json", "yaml", "csv", "table", "log", "http", "logfmt", "ticket", "chat", "sql"] as const
  ).map(toolForm),
];

/** A beat with one prose statement by `role`. */
function said(
  role: "user" | "assistant",
  form: string,
  sentence: (s: string, val: string) => string,
): Form {
  return {
    name: form,
    build: (fact, v, rnd) =>
      prose(role, sentence(fact.subject, fact.values[v] ?? ""), fact, v, rnd, form),
  };
}

export const UPDATE_FORMS: readonly Form[] = [
  said("user", "update-now", (s, val) => `Heads up: the ${s} is now ${val}.`),
  said(
    "user",
    "update-effective-monday",
    (s, val) =>
      `${MERCH_LEAD} signed it off this morning, so effective Monday the ${s} becomes ${val}.`,
  ),
  said(
    "user",
    "update-correction",
    (s, val) =>
      `Scratch that number from before, it came off last season's sheet: the ${s} is ${val}.`,
  ),
  said("user", "update-restated", (s, val) => `${cap(s)}: ${val}.`),
  {
    name: "update-other-verb",
    build: (fact, v, rnd) => {
      const val = fact.values[v] ?? "";
      const write: Step = {
        kind: "tool",
        name: readTool(fact).replace(/\.get_\w+|\.describe/, ".update"),
        args: { sku: fact.template.sku, field: fact.subject.replace(/\W+/g, "_"), value: val },
        output: JSON.stringify({ ok: true, rev: rnd.int(100, 200), queued_publish: true }),
        preface: "Applying the change you asked for.",
      };
      const ask: Step = {
        kind: "user",
        text: `${MERCH_LEAD}'s email about the ${fact.template.item} came in; please apply her change and tell me what you set.`,
      };
      const sentence = `Done, I've re-pointed the ${fact.subject} to ${val}; the publish job is queued.`;
      const said = prose("assistant", sentence, fact, v, rnd, "update-other-verb");
      return { ...said, steps: [ask, write, ...said.steps] };
    },
  },
  {
    name: "update-tool-only",
    build: (fact, v, rnd) =>
      toolRead(
        rnd.pick(["json", "logfmt", "http"] as const),
        fact,
        v,
        rnd,
        "update-tool-only",
        "Re-reading the live record before I touch the listings.",
      ),
  },
  {
    name: "update-unit-change",
    build: (fact, v, rnd) => {
      const note = fact.template.altNote ?? "the format changed";
      const sentence = `Going forward the ${fact.subject} is ${fact.values[v] ?? ""}.`;
      const beat = prose("assistant", sentence, fact, v, rnd, "update-unit-change");
      const step = beat.steps[0];
      if (step !== undefined && step.kind === "assistant") {
        step.text = `Note that ${note}. ${step.text}`;
      }
      return beat;
    },
  },
  {
    name: "update-diff",
    build: (fact, v, rnd) => {
      const entry = (val: string) => `{ name: ${fact.subject}, value: "${val}" }`;
      const removed = `-  - ${entry(fact.values[v - 1] ?? "")}`;
      const added = `+  - ${entry(fact.values[v] ?? "")}`;
      const file = `settings/${fact.template.system}.yaml`;
      const at = rnd.int(8, 40);
      const output = [
        `commit ${rnd.int(0x1000000, 0xfffffff).toString(16)}a${rnd.int(100, 999)} (merged by ${MERCH_LEAD})`,
        `diff --git a/${file} b/${file}`,
        `@@ -${at},3 +${at},3 @@ settings:`,
        '   - { name: status, value: "active" }',
        removed,
        added,
        '   - { name: review state, value: "approved" }',
      ].join("\n");
      return {
        steps: [
          {
            kind: "tool",
            name: "git.show",
            args: { repo: "merch-config", ref: "HEAD" },
            output,
            preface: "Checking what the merged config change did.",
          },
        ],
        statements: [
          { sentence: removed, fact: fact.index, value: v - 1 },
          { sentence: added, fact: fact.index, value: v },
        ],
        form: "update-diff",
      };
    },
  },
  {
    name: "update-chat",
    build: (fact, v, rnd) => {
      const line = `[${rnd.int(14, 17)}:${rnd.int(10, 59)}] ${MERCH_LEAD}: ok final call, ${fact.subject} goes to ${fact.values[v] ?? ""} from today`;
      const output = [
        "#merch-ops (last 3 messages)",
        `[14:0${rnd.int(1, 9)}] Ruth Adeyemi: margin sheet updated`,
        line,
        `[17:${rnd.int(10, 59)}] Ruth Adeyemi: 👍`,
      ].join("\n");
      return {
        steps: [
          { kind: "tool", name: "chat.history", args: { channel: "#merch-ops", limit: 3 }, output },
        ],
        statements: [{ sentence: line, fact: fact.index, value: v }],
        form: "update-chat",
      };
    },
  },
  {
    name: "update-ticket",
    build: (fact, v, rnd) => {
      const why = {
        pim: "after the supplier resent the spec sheet",
        pricing: "after the pricing committee on Thursday",
        warehouse: "after Friday's cycle count",
        search: "after the relevance review",
        support: "after the support leads' sync",
        flags: "after the release review",
      }[fact.template.system];
      const line = `Update from Jonas: the ${fact.subject} changed to ${fact.values[v] ?? ""} ${why}.`;
      const output = [
        `Ticket SUP-${rnd.int(4000, 4999)} (internal, updated)`,
        `Subject: ${fact.template.item} data check`,
        "",
        "Comments (newest first):",
        line,
        "Earlier: opened by the warehouse team for a data check.",
      ].join("\n");
      return {
        steps: [
          {
            kind: "tool",
            name: "support.get_ticket",
            args: { queue: "internal", search: fact.template.item },
            output,
          },
        ],
        statements: [{ sentence: line, fact: fact.index, value: v }],
        form: "update-ticket",
      };
    },
  },
];

/** A later restatement of an unchanged value, in one of the tool formats. */
export const RESTATE_SAME: Form = {
  name: "restate-same",
  build: (fact, v, rnd) =>
    toolRead(rnd.pick(["json", "csv", "table", "yaml"] as const), fact, v, rnd, "restate-same"),
};
