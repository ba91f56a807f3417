// The statement forms of the "sealed-27" compression family: how the live-ops team,
// their tools and the agent state an event value for the first time, change it,
// re-print an old copy of it, restate it, float values that are turned down, and
// name the look-alike. Used by corpora/compression-sealed-27.ts.
import type { LiveOpsFact } from "./compression-sealed-27-facts.ts";
import {
  exchange,
  pickFrom,
  toolEpisode,
  type CallIds,
  type Episode,
} from "./compression-sealed-27-episode.ts";

export interface FormInput {
  fact: LiveOpsFact;
  /** The value this form states (the old one, for a stale re-print). */
  v: string;
  /** The value it replaces, or the current one for a stale re-print. */
  old: string;
  /** A value nobody adopted, or the look-alike's own value. */
  alt: string;
  rnd: () => number;
  ids: CallIds;
}

export interface Form {
  name: string;
  make(input: FormInput): Episode;
}

const HANDLES = ["mika", "ravi.k", "ines", "bram", "kofi.a", "yuki", "marta"];
const DAYS = ["17", "18", "19", "20", "21", "24", "25", "26"];
const leaf = (f: LiveOpsFact) => f.key.split(".").at(-1) ?? f.key;
const file = (f: LiveOpsFact) => `tuning/${f.key.split(".")[0] ?? "event"}.yaml`;
const ticket = (rnd: () => number) => `LIVEOPS-${5000 + Math.floor(rnd() * 900)}`;

const OTHER_ROWS = [
  "ff_frame_aurora,Aurora avatar frame sell-back,40 gold,art-econ,2026-11-10",
  "ff_emote_snowman,Snowman emote unlock tier,tier 12,econ-design,2026-11-09",
  "ff_sticker_pack,Sticker pack contents,6 stickers,econ-design,2026-11-12",
  "ff_lantern_cost,Lantern crafting cost,3 wicks + 2 frost glass,econ-design,2026-11-11",
  "ff_map_skin,Frozen harbor map skin rarity,epic,art-econ,2026-11-08",
];

const CONFIG_ROWS = [
  'ui.frostfall.banner_variant      "aurora_b"           yuki     # hub banner art',
  "modes.snowball.team_size         3                    bram     # 3v3 queue",
  "telemetry.sample_rate            0.25                 kofi.a   # client event sampling",
  'store.frostfall.hero_sku         "ff_bundle_hero_01"  marta    # storefront hero slot',
];

const SYNC_BULLETS = [
  "- art lock for the hub banner moves to next week",
  "- QA wants a device farm pass before any rollout",
  "- nobody owns the patch notes yet, will sort it in standup",
  "- CS asks for the event FAQ two days before launch",
  "- BI dashboard for event funnels is ready for review",
  "- community team gets the teaser assets on Friday",
];
const TUNING_TITLES = [
  "Tune event values for launch",
  "Lock launch tuning",
  "Event config review before code freeze",
  "Mirror sheet values into remote config",
];

/** First statements of a value. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "slack-paste",
    make: ({ fact, v, rnd }) => {
      const who = pickFrom(rnd)(HANDLES);
      const why = pickFrom(rnd)([
        "per econ review",
        "after the sync",
        "signed off by the producer",
      ]);
      const line = `${who} in #liveops-frostfall: "${fact.subject} locked at ${v} ${why}"`;
      return exchange(
        `Pasting from Slack so it's in one place:\n${line}\nCan you make sure prod config agrees before QA starts?`,
        "Noted. I'll compare it with remote config on the next pass.",
        [{ at: 0, text: line, value: v }],
      );
    },
  },
  {
    name: "sheet-export",
    make: ({ fact, v, rnd, ids }) => {
      const row = `${fact.key},${fact.subject},${v},econ-design,2026-11-${pickFrom(rnd)(DAYS)}`;
      const rows = [...OTHER_ROWS].sort(() => rnd() - 0.5).slice(0, 3);
      rows.splice(Math.floor(rnd() * 4), 0, row);
      const output = ["item_id,label,value,owner,last_edit", ...rows].join("\n");
      return toolEpisode(
        ids,
        "Export the Frostfall tab of the economy sheet, I want the tuning values in the thread.",
        "sheets.export_csv",
        { spreadsheet: "Frostfall Economy v7", tab: "event_tuning" },
        output,
        "Exported. Four rows on that tab, all owned by econ-design or art-econ.",
        { inOutput: [{ at: 2, text: row, value: v }] },
      );
    },
  },
  {
    name: "config-listing",
    make: ({ fact, v, rnd, ids }) => {
      const who = pickFrom(rnd)(HANDLES);
      const row = `${fact.key.padEnd(32)} ${`"${v}"`.padEnd(20)} ${who.padEnd(8)} # ${fact.subject}`;
      const rows = [...CONFIG_ROWS].sort(() => rnd() - 0.5).slice(0, 3);
      rows.splice(Math.floor(rnd() * 4), 0, row);
      return toolEpisode(
        ids,
        "What does prod remote config have for the event right now?",
        "remote_config.list",
        { env: "prod", prefix: fact.key.split(".")[0] },
        [
          `KEY${" ".repeat(30)}VALUE  UPDATED_BY NOTE`,
          ...rows,
          "(4 keys, env=prod, etag 9c1e07)",
        ].join("\n"),
        "That's the prod view; nothing pending in the draft channel.",
        { inOutput: [{ at: 2, text: row, value: v }] },
      );
    },
  },
  {
    name: "jira-acceptance",
    make: ({ fact, v, rnd, ids }) => {
      const key = ticket(rnd);
      const line = `- ${fact.subject} is ${v} in prod config`;
      const output = [
        `${key}  [Frostfall] ${pickFrom(rnd)(TUNING_TITLES)}`,
        "Status: In Progress   Assignee: econ-design   Sprint: LO 26.48",
        "Acceptance criteria:",
        line,
        "- values mirrored in the economy sheet",
        "- QA sign-off on device farm run",
      ].join("\n");
      return toolEpisode(
        ids,
        `Pull up ${key}, I think it has the acceptance list.`,
        "jira.get_issue",
        { key },
        output,
        "Got the ticket. The acceptance list is short; the QA sign-off is still open.",
        { inOutput: [{ at: 2, text: line, value: v }] },
      );
    },
  },
  {
    name: "meeting-notes",
    make: ({ fact, v, rnd }) => {
      const line = `- agreed: ${fact.subject} ${v}`;
      const bullets = [...SYNC_BULLETS].sort(() => rnd() - 0.5).slice(0, 3);
      bullets.splice(Math.floor(rnd() * 4), 0, line);
      return exchange(
        [`notes from the event sync (${pickFrom(rnd)(["Mon", "Tue", "Thu"])}):`, ...bullets].join(
          "\n",
        ),
        "Thanks, I'll keep these next to the ticket list.",
        [{ at: 0, text: line, value: v }],
      );
    },
  },
  {
    name: "agent-baseline",
    make: ({ fact, v }) => {
      const line = `Per the event brief, the ${fact.subject} is ${v}; I'll treat that as the baseline.`;
      return exchange(
        "Before we touch anything, what's the baseline we're checking against?",
        `${line} I'll flag anything in config that disagrees.`,
        [{ at: 1, text: line, value: v }],
      );
    },
  },
];

/** Later values: "now", a pronoun after the naming clause, paraphrase, correction, tool output. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "slack-now",
    make: ({ fact, v, rnd }) => {
      const line = `${pickFrom(rnd)(HANDLES)} just posted: ${fact.subject} is now ${v}, old number is dead`;
      return exchange(`${line}. Can you update whatever you're tracking?`, "Updated my notes.", [
        { at: 0, text: line, value: v },
      ]);
    },
  },
  {
    name: "pronoun",
    make: ({ fact, v }) => {
      const line = `Re the ${fact.subject}: it changed again after the playtest review, it's ${v} from today.`;
      return exchange(
        `${line} Sheet will catch up tonight.`,
        "OK, I'll use the new one from here.",
        [{ at: 0, text: line, value: v }],
      );
    },
  },
  {
    name: "paraphrase",
    make: ({ fact, v }) => {
      const line = `After the review we're going with ${v} for the ${fact.subject} instead.`;
      return exchange(
        "So where did we land after the sim review?",
        `${line} The other tuning rows stay as they are.`,
        [{ at: 1, text: line, value: v }],
      );
    },
  },
  {
    name: "correction",
    make: ({ fact, v, old }) => {
      const line = `correction to what I said before: the ${fact.subject} is ${v}, not ${old}, I read the wrong tab`;
      return exchange(`${line} sorry`, "No problem, corrected on my side.", [
        { at: 0, text: line, value: v },
      ]);
    },
  },
  {
    name: "tuning-diff",
    make: ({ fact, v, old, rnd, ids }) => {
      const key = ticket(rnd);
      const line = `+  ${leaf(fact)}: "${v}"   # ${fact.subject}, ${key}`;
      const output = [
        `diff --git a/${file(fact)} b/${file(fact)}`,
        "index 3f2a9c1..8b7d0e4 100644",
        `--- a/${file(fact)}`,
        `+++ b/${file(fact)}`,
        "@@ -41,7 +41,7 @@ frostfall:",
        "   theme: frostfall_2026",
        `-  ${leaf(fact)}: "${old}"`,
        line,
        "   enabled: true",
      ].join("\n");
      return toolEpisode(
        ids,
        "What's in the tuning PR bram opened?",
        "git.diff",
        { ref: "origin/tuning/frostfall-retune" },
        output,
        "One-line change in the tuning file, nothing else in the PR.",
        {
          inOutput: [{ at: 2, text: line, value: v }],
        },
      );
    },
  },
  {
    name: "config-history",
    make: ({ fact, v, old, rnd, ids }) => {
      const who = pickFrom(rnd)(HANDLES);
      const line = `v15      "${v}"   ${who}   2026-11-${pickFrom(rnd)(DAYS)} 16:40   # ${fact.subject} retuned for launch`;
      const output = [
        "VERSION  VALUE   AUTHOR  WHEN",
        `v14      "${old}"   mika   2026-11-12 09:12`,
        line,
      ].join("\n");
      return toolEpisode(
        ids,
        `Show me the change history on ${fact.key}.`,
        "remote_config.history",
        { key: fact.key, env: "prod" },
        output,
        "v15 is live in prod, pushed through the normal approval.",
        {
          inOutput: [{ at: 2, text: line, value: v }],
        },
      );
    },
  },
  {
    name: "jira-comment",
    make: ({ fact, v, rnd, ids }) => {
      const key = ticket(rnd);
      const line = `[comment] ravi.k: prod updated, the ${fact.subject} now reads ${v}. Closing once QA confirms.`;
      const output = [
        `${key}  [Frostfall] Retune after playtest`,
        "Status: QA   Assignee: ravi.k",
        "[comment] ines: playtest numbers attached",
        line,
      ].join("\n");
      return toolEpisode(
        ids,
        `Any movement on ${key}?`,
        "jira.get_issue",
        { key, comments: true },
        output,
        "It's in QA now; only waiting on the device farm run.",
        {
          inOutput: [{ at: 2, text: line, value: v }],
        },
      );
    },
  },
  {
    name: "meeting-decision",
    make: ({ fact, v, old }) => {
      const line = `- DECISION: move the ${fact.subject} to ${v} (was ${old})`;
      return exchange(
        [
          "go/no-go prep, quick notes:",
          line,
          "- store screenshots still pending from art",
          "- CS macros for the event are drafted",
        ].join("\n"),
        "Thanks, recorded the decision.",
        [{ at: 0, text: line, value: v }],
      );
    },
  },
];
