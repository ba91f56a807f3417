// How the "sealed-19" family (a mobile app release session) states its planted
// values: first statements, updates, restatements, stale re-prints by tools,
// look-alikes, rejected proposals and plain mentions. Each form renders one message
// (user, assistant or tool output) and names the lines in it that state a value.
// Used by corpora/compression-sealed-19.ts.

export interface FormContext {
  rnd: () => number;
  speaker: () => string;
  /** A wall-clock time such as "14:03". */
  clock: () => string;
}

export type Channel = "user" | "assistant" | "tool";

/** One rendered message; `stated` lists its lines that state a value ("new" or "old"). */
export interface Planted {
  channel: Channel;
  text: string;
  stated: { line: string; which: "new" | "old" }[];
  tool?: { name: string; args: Record<string, unknown> };
}

export interface Form {
  name: string;
  /** The form prints the replaced value too, so it cannot be a fact's last statement. */
  carriesOld?: boolean;
  render(s: string, v: string, old: string, ctx: FormContext): Planted;
}

const say = (channel: Channel, line: string, before = "", after = ""): Planted => ({
  channel,
  text: [before, line, after].filter((p) => p !== "").join(" "),
  stated: [{ line, which: "new" }],
});

function slack(channel: string, ctx: FormContext, planted: string, which: "new" | "old" = "new") {
  const chatter = [
    "anyone else seeing the TestFlight processing stuck?",
    "QA sign-off on the smoke pass is in the sheet",
    "ok",
    "🙏",
    "can we get the screenshots regenerated for the 6.7in display",
    "the Android bundle is uploading now",
    "ping me when the build is green",
  ];
  const rows = Array.from({ length: 4 }, () => {
    const line = chatter[Math.floor(ctx.rnd() * chatter.length)] ?? "ok";
    return `[${ctx.clock()}] ${ctx.speaker()}: ${line}`;
  });
  const at = 1 + Math.floor(ctx.rnd() * 3);
  const lines = [`#${channel} — last 5 messages`, ...rows.slice(0, at), planted, ...rows.slice(at)];
  return {
    channel: "tool" as const,
    text: lines.join("\n"),
    stated: [{ line: planted, which }],
    tool: { name: "slack_history", args: { channel, limit: 5 } },
  };
}

function jira(key: string, ctx: FormContext, comment: string, which: "new" | "old" = "new") {
  const lines = [
    `${key}  [Story]  Release train checklist`,
    `Status: In Progress    Assignee: ${ctx.speaker()}    Fix Version: next`,
    `Labels: release, mobile`,
    `--- Comments (3) ---`,
    `${ctx.speaker()} · 2 days ago: Linked the Crashlytics issue and the QA matrix.`,
    comment,
    `${ctx.speaker()} · 1 hour ago: Moving to In Review once QA is done.`,
  ];
  return {
    channel: "tool" as const,
    text: lines.join("\n"),
    stated: [{ line: comment, which }],
    tool: { name: "jira_get_issue", args: { key } },
  };
}

function fastlane(lane: string, ctx: FormContext, planted: string) {
  const t = ctx.clock();
  const lines = [
    `[${t}:02]: ------------------------------`,
    `[${t}:02]: --- Step: ${lane} ---`,
    `[${t}:02]: ------------------------------`,
    `[${t}:04]: Login to App Store Connect (release-bot@acme.example)`,
    `[${t}:06]: Login successful`,
    `[${t}:09]: ${planted}`,
    `[${t}:11]: Successfully finished the upload to App Store Connect`,
    ``,
    `+------+------------------+-------------+`,
    `|           fastlane summary            |`,
    `+------+------------------+-------------+`,
    `| Step | Action           | Time (in s) |`,
    `| 1    | default_platform | 0           |`,
    `| 2    | ${lane.padEnd(16)} | ${10 + Math.floor(ctx.rnd() * 80)}          |`,
    `+------+------------------+-------------+`,
  ];
  return {
    channel: "tool" as const,
    text: lines.join("\n"),
    stated: [{ line: `[${t}:09]: ${planted}`, which: "new" as const }],
    tool: { name: "run_shell", args: { cmd: `bundle exec fastlane ios ${lane}` } },
  };
}

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "user-briefing",
    render: (s, v) =>
      say(
        "user",
        `For this train the ${s} is ${v}.`,
        "Some context before we start on the checklist.",
      ),
  },
  {
    name: "assistant-checklist-readback",
    render: (s, v) =>
      say(
        "assistant",
        `Reading the release checklist back to you: the ${s} is ${v}, and I'll plan the remaining steps around it.`,
      ),
  },
  {
    name: "slack-announcement",
    render: (s, v, _o, ctx) =>
      slack(
        "mobile-release",
        ctx,
        `[${ctx.clock()}] ${ctx.speaker()}: fyi the ${s} is ${v} for this cycle`,
      ),
  },
  {
    name: "checklist-markdown",
    render: (s, v) => {
      const line = `- [x] ${s}: ${v} (signed off at the go/no-go)`;
      return {
        channel: "tool",
        text: [
          "# Release checklist",
          "",
          "- [x] QA smoke pass on iPhone 15 / Pixel 8",
          line,
          "- [ ] Screenshots for 6.7in and 12.9in displays",
          "- [ ] Release notes reviewed by localisation",
        ].join("\n"),
        stated: [{ line, which: "new" }],
        tool: { name: "read_file", args: { path: "docs/release/CHECKLIST.md" } },
      };
    },
  },
  {
    name: "jira-description",
    render: (s, v, _o, ctx) =>
      jira("MOB-4200", ctx, `${ctx.speaker()} · 3 days ago: Agreed in planning, the ${s} is ${v}.`),
  },
  {
    name: "user-pronoun-same-line",
    render: (s, v) =>
      say(
        "user",
        `About the ${s}: we settled it yesterday, it's ${v}.`,
        "One more thing from the planning call.",
      ),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "user-now",
    render: (s, v) => say("user", `Heads up, the ${s} is now ${v}.`, "Change of plan."),
  },
  {
    name: "assistant-from-to",
    carriesOld: true,
    render: (s, v, old) =>
      say(
        "assistant",
        `Done: I changed the ${s} from ${old} to ${v}, and the console shows the new value.`,
      ),
  },
  {
    name: "fastlane-set",
    render: (s, v, _o, ctx) => fastlane("submit_review", ctx, `Updating ${s} to ${v}`),
  },
  {
    name: "slack-scratch",
    render: (s, v, _o, ctx) =>
      slack(
        "mobile-release",
        ctx,
        `[${ctx.clock()}] ${ctx.speaker()}: scratch what I said this morning, the ${s} should be ${v}`,
      ),
  },
  {
    name: "jira-comment-moved",
    render: (s, v, _o, ctx) =>
      jira(
        "MOB-4200",
        ctx,
        `${ctx.speaker()} · 20 minutes ago: Release council moved the ${s} to ${v}.`,
      ),
  },
  {
    name: "user-decision",
    render: (s, v) =>
      say(
        "user",
        `Go/no-go outcome: ${v} for the ${s}, effective immediately.`,
        "Back from the meeting.",
      ),
  },
  {
    name: "notes-diff",
    carriesOld: true,
    render: (s, v, old) => {
      const minus = `-The ${s} is ${old}.`;
      const plus = `+The ${s} is ${v}.`;
      return {
        channel: "tool",
        text: [
          "diff --git a/docs/release/PLAN.md b/docs/release/PLAN.md",
          "--- a/docs/release/PLAN.md",
          "+++ b/docs/release/PLAN.md",
          "@@ -12,7 +12,7 @@ ## Train parameters",
          " Owner sign-off is required before submission.",
          minus,
          plus,
          " Staged rollout halts automatically on a crash spike.",
        ].join("\n"),
        stated: [
          { line: minus, which: "old" },
          { line: plus, which: "new" },
        ],
        tool: { name: "run_shell", args: { cmd: "git diff HEAD~1 -- docs/release/PLAN.md" } },
      };
    },
  },
  {
    name: "assistant-double-checked",
    render: (s, v) =>
      say("assistant", `On the ${s}, I double-checked with QA and it's ${v} now.`, "Quick status."),
  },
];

/** A typo then its correction in one message; `decoy` is a value the fact never takes. */
export function correctionForm(decoy: string): Form {
  return {
    name: "user-typo-correction",
    render: (s, v) => {
      const wrong = `The ${s} is ${decoy}.`;
      const line = `Sorry, misread the console: the ${s} is ${v}, not ${decoy}.`;
      return { channel: "user", text: `${wrong}\n${line}`, stated: [{ line, which: "new" }] };
    },
  };
}

/** The current value again, with nothing old beside it. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "assistant-still",
    render: (s, v) => say("assistant", `Confirmed again in the console: the ${s} is still ${v}.`),
  },
  {
    name: "user-standup",
    render: (s, v) => say("user", `For the standup notes, the ${s} stays at ${v}.`),
  },
  {
    name: "readiness-report",
    render: (s, v, _o, ctx) => {
      const line = `  ${s} ........ ${v}  (verified ${ctx.clock()})`;
      return {
        channel: "tool",
        text: [
          "Release readiness report",
          "========================",
          "  QA regression ........ passed",
          line,
          "  Store listing ........ in review",
        ].join("\n"),
        stated: [{ line, which: "new" }],
        tool: { name: "release_dashboard", args: { view: "readiness" } },
      };
    },
  },
];

/** A tool re-prints a replaced value after the current one was stated. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "stale-git-show",
    render: (s, _v, old) => {
      const line = `The ${s} is ${old}.`;
      return {
        channel: "tool",
        text: [
          "commit 3f9e1c2 (tag: plan-snapshot-monday)",
          "",
          "## Train parameters",
          "Owner sign-off is required before submission.",
          line,
        ].join("\n"),
        stated: [{ line, which: "old" }],
        tool: {
          name: "run_shell",
          args: { cmd: "git show plan-snapshot-monday:docs/release/PLAN.md" },
        },
      };
    },
  },
  {
    name: "stale-slack-search",
    render: (s, _v, old, ctx) => {
      const line = `[Mon ${ctx.clock()}] ${ctx.speaker()}: the ${s} is ${old}`;
      return slack("mobile-release (search results, oldest first)", ctx, line, "old");
    },
  },
];

export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "user-separate-thing",
    render: (a, v) => say("user", `Separate thing, don't mix them up: the ${a} is ${v}.`),
  },
  {
    name: "slack-lookalike",
    render: (a, v, _o, ctx) =>
      slack("mobile-platform", ctx, `[${ctx.clock()}] ${ctx.speaker()}: reminder the ${a} is ${v}`),
  },
  {
    name: "assistant-lookalike",
    render: (a, v) => say("assistant", `Note the ${a} is ${v}; that one is configured separately.`),
  },
];

/** Proposals and what-ifs naming a value the fact never takes. */
export const DECOY_FORMS: readonly Form[] = [
  {
    name: "rejected-proposal",
    render: (s, d) =>
      say("user", `Marketing asked whether the ${s} could be ${d}; the release council said no.`),
  },
  {
    name: "what-if",
    render: (s, d) =>
      say(
        "assistant",
        `If we went with ${d} for the ${s} we would need a new review, so I'm not proposing it.`,
      ),
  },
  {
    name: "jira-wont-do",
    render: (s, d, _o, ctx) =>
      jira(
        "MOB-4377",
        ctx,
        `${ctx.speaker()} · yesterday: Proposal to set the ${s} to ${d}. Resolution: Won't Do.`,
      ),
  },
];

export const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Can you check the ${s} in the console again before the go/no-go?`,
  (s) => `Where is the ${s} tracked, the Fastfile or the release plan?`,
  (s) => `Let's not touch the ${s} until QA finishes the regression pass.`,
];
