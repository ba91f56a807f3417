// The planting forms of the "sealed-6" compression family: the ways a mobile release
// session states a fact's first value and updates it (prose, chat log, config diff, a
// proposal answered "yes, do that", a typo and its correction, JSON, table and log
// lines). Each form writes messages and records its statements. Used by
// corpora/compression-sealed-6.ts and corpora/compression-sealed-6-echoes.ts.
import type { App, FactDef, Rng } from "./compression-sealed-6-facts.ts";
import {
  PEOPLE,
  around,
  aroundStamped,
  auditLines,
  chatLines,
  checklistRows,
  logLines,
  trackerRows,
  yamlLines,
} from "./compression-sealed-6-lines.ts";
import type { Script } from "./compression-sealed-6-script.ts";

/** One fact being planted: where, which fact, and its values in order. */
export interface Planting {
  s: Script;
  rng: Rng;
  app: App;
  def: FactDef;
  fact: number;
  values: readonly string[];
}

/** States value `at` (and, for "typo-fix", value `at + 1`). */
export type Form = (p: Planting, at: number) => void;
/** States nothing planted: writes a value that is not one of the fact's. */
export type Distractor = (p: Planting, other: string) => void;

export const v = (p: Planting, at: number) => p.values[at] ?? "";

/** The agent's short reading of a tool output, naming no value. */
export const ack = (p: Planting) =>
  p.rng.pick([
    "Checked; that matches what the tracker says.",
    "Nothing unexpected in there.",
    "Ok, noted for the go/no-go summary.",
    "That's the current state; no action needed from us.",
  ]);

/** Writes a multi-line message around `line` and records `line` as value `at`. */
export function stateIn(p: Planting, index: number, line: string, at: number) {
  p.s.state(index, line, p.fact, at);
}

// ---- first statements ----------------------------------------------------------

const proseFirst: Form = (p, at) => {
  const S = p.def.subject;
  const line = p.rng.pick([
    `Quick context before we go further: the ${S} is ${v(p, at)} for this release.`,
    `For ${p.app.version}, the ${S} is ${v(p, at)}, that came out of Monday's planning.`,
    `Noting it so it doesn't get lost: ${S} = ${v(p, at)}.`,
    `From the release brief: ${S} ${v(p, at)}.`,
  ]);
  const i = p.s.user(
    [
      p.rng.pick(["One more thing from the planning doc.", "Adding to the checklist.", "FYI."]),
      line,
      p.rng.pick(["Nothing else changed there.", "Ping me if that looks off.", ""]),
    ]
      .filter((l) => l !== "")
      .join("\n"),
  );
  stateIn(p, i, line, at);
  p.s.assistant(p.rng.pick(["Noted.", "Got it, added to my notes.", "Understood."]));
};

const jsonField: Form = (p, at) => {
  const line = `{ "label": "${p.def.subject}", "value": "${v(p, at)}", "source": "release-brief" },`;
  const out = [
    "{",
    `  "app": "com.${p.app.brand}.${p.app.product}",`,
    `  "version": "${p.app.version}",`,
    '  "checklist": [',
    ...around(p.rng, `    ${line}`, p.rng.int(6, 10), checklistRows(p.rng, p.app)),
    '    { "label": "go/no-go", "value": "pending", "source": "pm" }',
    "  ],",
    `  "fetched_at": "2026-11-${10 + p.rng.int(0, 9)}T0${p.rng.int(1, 9)}:12:44Z"`,
    "}",
  ].join("\n");
  const i = p.s.tool(
    "release_checklist_get",
    { version: p.app.version },
    out,
    "Pulling the release checklist.",
  );
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

const yamlComment: Form = (p, at) => {
  const line = `${p.def.key}: "${v(p, at)}"   # ${p.def.subject}`;
  const out = [
    "# config/release.yml, read by the release lanes",
    "app:",
    `  name: ${p.app.display}`,
    `  version: ${p.app.version}`,
    ...around(p.rng, `  ${line}`, p.rng.int(9, 16), yamlLines(p.rng)),
    "lanes:",
    "  beta: { testflight: true, notify: '#release-train' }",
    "  store: { submit: false, phased: true }",
  ].join("\n");
  const i = p.s.tool("repo_read_file", { path: "config/release.yml" }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

const tableRow: Form = (p, at) => {
  const line = `| ${p.def.subject} | ${v(p, at)} | ${p.rng.pick(PEOPLE)} | planning |`;
  const out = [
    "| item | value | owner | source |",
    "|------|-------|-------|--------|",
    ...around(p.rng, line, p.rng.int(5, 9), trackerRows(p.rng)),
  ].join("\n");
  const i = p.s.tool("tracker_table", { board: "release-train", version: p.app.version }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

const logLine: Form = (p, at) => {
  const line = `[release-config] ${p.def.subject} resolved to ${v(p, at)}`;
  const out = [
    `[00:00:01] Running lane 'prepare' on runner mac-m2-${p.rng.int(10, 40)}`,
    "[00:00:03] bundle exec fastlane prepare",
    ...aroundStamped(p.rng, line, p.rng.int(10, 14), logLines(p.rng)),
    "Lane 'prepare' finished",
  ].join("\n");
  const i = p.s.tool("ci_build_log", { pipeline: "prepare", tail: 200 }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

export const FIRST_FORMS: Record<string, Form> = {
  "prose-first": proseFirst,
  "json-field": jsonField,
  "yaml-comment": yamlComment,
  "table-row": tableRow,
  "log-line": logLine,
};

// ---- updates -------------------------------------------------------------------

const bumpTo: Form = (p, at) => {
  const S = p.def.subject;
  const line = p.rng.pick([
    `Let's bump the ${S} to ${v(p, at)}.`,
    `Bump the ${S} to ${v(p, at)}, the numbers look fine.`,
    `Change of plan, take the ${S} to ${v(p, at)}.`,
  ]);
  const i = p.s.user(line);
  stateIn(p, i, line, at);
  p.s.assistant(p.rng.pick(["Done.", "Updated.", "On it, I'll update the tracker too."]));
};

const goingWith: Form = (p, at) => {
  const line = `After the sync with product we're going with ${v(p, at)} for the ${p.def.subject}.`;
  const i = p.s.user(
    [
      "Long call, sorry for the delay.",
      "We went back and forth on it for a while.",
      line,
      "Marketing is fine with it.",
    ].join("\n"),
  );
  stateIn(p, i, line, at);
  p.s.assistant("Thanks, I'll carry that through the checklist.");
};

const movedToChat: Form = (p, at) => {
  const who = p.rng.pick(PEOPLE);
  const line = `${who}: heads up, ${p.def.subject} moved to ${v(p, at)} (was ${v(p, at - 1)})`;
  const n = p.rng.int(6, 12);
  const out = [
    "#release-train, latest messages",
    ...aroundStamped(p.rng, line, n, chatLines(p.rng)),
  ].join("\n");
  const i = p.s.tool("chat_read_channel", { channel: "release-train", limit: n + 1 }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

const configDiff: Form = (p, at) => {
  const was = `${p.def.key}: "${v(p, at - 1)}"   # ${p.def.subject}`;
  const now = `${p.def.key}: "${v(p, at)}"   # ${p.def.subject}`;
  const yaml = yamlLines(p.rng);
  const context = Array.from({ length: 5 }, (_, k) => yaml(k));
  const out = [
    "diff --git a/config/release.yml b/config/release.yml",
    "index 3f1c2a9..8be07d4 100644",
    "--- a/config/release.yml",
    "+++ b/config/release.yml",
    "@@ -2,9 +2,9 @@ app:",
    `   name: ${p.app.display}`,
    `   version: ${p.app.version}`,
    ...context.slice(0, 2).map((l) => ` ${l}`),
    `-  ${was}`,
    `+  ${now}`,
    ...context.slice(2, 5).map((l) => ` ${l}`),
    "@@ -31,6 +31,7 @@ lanes:",
    "   beta: { testflight: true, notify: '#release-train' }",
    "   store: { submit: false, phased: true }",
    "+  smoke: { devices: [iPhone 15, Pixel 8], timeout_min: 20 }",
    "   nightly: { cron: '0 3 * * *' }",
  ].join("\n");
  const i = p.s.tool(
    "repo_diff",
    { ref: "HEAD~1..HEAD", path: "config/release.yml" },
    out,
    "Checking what the last commit changed.",
  );
  stateIn(p, i, was, at - 1);
  stateIn(p, i, now, at);
  p.s.assistant(ack(p));
};

const yesDoThat: Form = (p, at) => {
  const line = `Want me to set the ${p.def.subject} to ${v(p, at)}?`;
  const i = p.s.assistant(
    [p.rng.pick(["The last 24 hours look clean.", "Nothing new in the crash feed."]), line].join(
      "\n",
    ),
  );
  stateIn(p, i, line, at);
  p.s.user(p.rng.pick(["yes, do that", "Yes, do that.", "yep, do that please"]));
  p.s.tool(
    "release_config_set",
    { key: p.def.key, value: v(p, at) },
    '{ "status": "applied", "audit_id": "a-' + p.rng.int(1000, 9999) + '" }',
  );
  p.s.assistant("Applied.");
};

const typoFix: Form = (p, at) => {
  const S = p.def.subject;
  const first = `Update: the ${S} is now ${v(p, at)}.`;
  const i = p.s.user(first);
  stateIn(p, i, first, at);
  p.s.assistant("Noted.");
  const fix = p.rng.pick([
    `Sorry, typo, the ${S} is ${v(p, at + 1)}, not ${v(p, at)}.`,
    `Correction: ${S} should read ${v(p, at + 1)}, I fat-fingered it.`,
  ]);
  const j = p.s.user(fix);
  stateIn(p, j, fix, at + 1);
  p.s.assistant("Fixed in my notes.");
};

const jsonUpdate: Form = (p, at) => {
  const line = `    { "label": "${p.def.subject}", "from": "${v(p, at - 1)}", "to": "${v(p, at)}", "by": "${p.rng.pick(PEOPLE)}" }`;
  const out = [
    "{",
    '  "ok": true,',
    `  "window": "24h",`,
    '  "updated": [',
    `    { "label": "review notes", "from": "draft", "to": "final", "by": "${p.rng.pick(PEOPLE)}" },`,
    `${line},`,
    `    { "label": "screenshots (6 locales)", "from": "pending", "to": "uploaded", "by": "${p.rng.pick(PEOPLE)}" }`,
    "  ],",
    `  "revision": ${p.rng.int(200, 900)}`,
    "}",
  ].join("\n");
  const i = p.s.tool("release_config_history", { limit: 1 }, out);
  stateIn(p, i, line.trim(), at);
  p.s.assistant(ack(p));
};

const tableUpdate: Form = (p, at) => {
  const line = `| ${p.def.subject} | ${v(p, at)} | ${p.rng.pick(PEOPLE)} | changed today |`;
  const out = [
    "| item | value | owner | source |",
    "|------|-------|-------|--------|",
    ...around(p.rng, line, p.rng.int(5, 9), trackerRows(p.rng)),
  ].join("\n");
  const i = p.s.tool("tracker_table", { board: "release-train", changed: "today" }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

const logUpdate: Form = (p, at) => {
  const line = `2026-11-2${p.rng.int(0, 7)}T1${p.rng.int(0, 9)}:31:07Z audit config.set actor=${p.rng.pick(PEOPLE)} msg="${p.def.subject} changed to ${v(p, at)}"`;
  const out = [...around(p.rng, line, p.rng.int(8, 16), auditLines(p.rng))].join("\n");
  const i = p.s.tool("audit_log", { since: "24h" }, out);
  stateIn(p, i, line, at);
  p.s.assistant(ack(p));
};

export const UPDATE_FORMS: Record<string, Form> = {
  "bump-to": bumpTo,
  "going-with": goingWith,
  "moved-to-chat": movedToChat,
  "config-diff": configDiff,
  "yes-do-that": yesDoThat,
  "typo-fix": typoFix,
  "json-update": jsonUpdate,
  "table-update": tableUpdate,
  "log-update": logUpdate,
};
