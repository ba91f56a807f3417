// The echo forms of the "sealed-27" compression family: old copies of a value that
// tools print again after it changed, restatements of the current value, proposals
// and what-ifs with values nobody adopted, look-alike statements and mentions that
// name a subject without a value. Used by corpora/compression-sealed-27.ts.
import { exchange, toolEpisode, type Episode } from "./compression-sealed-27-episode.ts";
import type { Form, FormInput } from "./compression-sealed-27-forms.ts";

/** A stale re-print: `v` is the old value printed again, `old` the current one. */
export interface StaleForm {
  name: string;
  make(input: FormInput, confirmInRecap: boolean): Episode;
}

const recapFor = (input: FormInput, confirm: boolean, plain: string) =>
  confirm
    ? {
        text: `Careful, that copy predates the change: the live ${input.fact.subject} is ${input.old}.`,
        value: input.old,
      }
    : { text: plain, value: "" };

export const STALE_FORMS: readonly StaleForm[] = [
  {
    name: "stale-cached-export",
    make: (input, confirm) => {
      const { fact, v, ids } = input;
      const row = `${fact.key},${fact.subject},${v},econ-design,2026-11-14`;
      const recap = recapFor(input, confirm, "That's the cached snapshot from the sheet mirror.");
      return toolEpisode(
        ids,
        "Grab the economy sheet again, the mirror one the BI job reads.",
        "sheets.export_csv",
        { spreadsheet: "Frostfall Economy (BI mirror)", tab: "event_tuning", cached: true },
        [
          "# snapshot 2026-11-14 03:00 UTC (mirror, refreshed weekly)",
          "item_id,label,value,owner,last_edit",
          row,
          "ff_map_skin,Frozen harbor map skin rarity,epic,art-econ,2026-11-08",
        ].join("\n"),
        recap.text,
        {
          inOutput: [{ at: 2, text: row, value: v }],
          inRecap: recap.value === "" ? [] : [{ at: 3, ...recap }],
        },
      );
    },
  },
  {
    name: "stale-slack-search",
    make: (input, confirm) => {
      const { fact, v, ids } = input;
      const hit = `#liveops-frostfall  Nov 13  mika: ${fact.subject} locked at ${v}, don't touch`;
      const recap = recapFor(input, confirm, "Only one hit, and it's an old message.");
      return toolEpisode(
        ids,
        `Search Slack for anything about ${fact.key}.`,
        "slack.search",
        { query: fact.key, channels: ["liveops-frostfall", "econ"] },
        ["1 result", hit, "  (thread: 4 replies, last reply Nov 13)"].join("\n"),
        recap.text,
        {
          inOutput: [{ at: 2, text: hit, value: v }],
          inRecap: recap.value === "" ? [] : [{ at: 3, ...recap }],
        },
      );
    },
  },
  {
    name: "stale-patch-notes",
    make: (input, confirm) => {
      const { fact, v, ids } = input;
      const line = `  * ${fact.subject}: ${v}`;
      const recap = recapFor(
        input,
        confirm,
        "That's draft v1 of the notes; nobody has edited it since.",
      );
      return toolEpisode(
        ids,
        "Open the patch notes draft, I need the internal appendix.",
        "docs.read",
        { doc: "Frostfall patch notes (internal appendix)", revision: "v1" },
        [
          "FROSTFALL PATCH NOTES - INTERNAL APPENDIX (draft v1, Nov 12)",
          "Tuning summary:",
          line,
          "  * new map: Frozen Harbor",
          "Known issues: see LIVEOPS board",
        ].join("\n"),
        recap.text,
        {
          inOutput: [{ at: 2, text: line, value: v }],
          inRecap: recap.value === "" ? [] : [{ at: 3, ...recap }],
        },
      );
    },
  },
];

/** Restatements of the current value, after an old copy or just before go/no-go. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "restate-go-no-go",
    make: ({ fact, v }) => {
      const line = `For the go/no-go doc I confirmed with econ this morning that the ${fact.subject} is ${v}.`;
      return exchange(line, "Added to the go/no-go doc.", [{ at: 0, text: line, value: v }]);
    },
  },
  {
    name: "restate-config-check",
    make: ({ fact, v, ids }) => {
      const line = `${fact.key} = "${v}"   (desc: ${fact.subject}; last write by ravi.k)`;
      return toolEpisode(
        ids,
        "Double-check prod for me before the rollout call.",
        "remote_config.get",
        { key: fact.key, env: "prod" },
        line,
        "Prod matches what we agreed.",
        {
          inOutput: [{ at: 2, text: line, value: v }],
        },
      );
    },
  },
];

/** Values floated and turned down: no statement, the subject named with a value never adopted. */
export const REJECTED_FORMS: readonly Form[] = [
  {
    name: "what-if",
    make: ({ fact, alt }) =>
      exchange(
        `What if we pushed the ${fact.subject} to ${alt} instead? ...actually no, whales would notice mid-event. Leave it.`,
        "Agreed, not worth the churn this close to launch.",
      ),
  },
  {
    name: "rejected-ticket",
    make: ({ fact, alt, rnd, ids }) => {
      const key = `LIVEOPS-${6000 + Math.floor(rnd() * 900)}`;
      return toolEpisode(
        ids,
        `What happened with ${key}?`,
        "jira.get_issue",
        { key },
        [
          `${key}  Proposal: set the ${fact.subject} to ${alt}`,
          "Status: Closed   Resolution: Won't Do",
          "[comment] marta: keeping the current tuning for this season.",
        ].join("\n"),
        "Closed as won't do, so nothing changes.",
      );
    },
  },
  {
    name: "sim-what-if",
    make: ({ fact, alt }) =>
      exchange(
        "Did you try the alternative tuning in the sim?",
        `I ran the economy sim with the ${fact.subject} at ${alt}: the shard sink gets noticeably weaker, so I'm not recommending it.`,
      ),
  },
];

/** The look-alike with its own value. */
export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-slack",
    make: ({ fact, alt }) =>
      exchange(
        `unrelated but don't mix them up: the ${fact.lookAlike} stays at ${alt}`,
        "Understood, that one is separate.",
      ),
  },
  {
    name: "alike-config",
    make: ({ fact, alt, ids }) =>
      toolEpisode(
        ids,
        "Any overrides on top of the prod value?",
        "remote_config.overrides",
        { key: fact.key },
        [
          `OVERRIDE                 VALUE`,
          `${fact.key}@segment   "${alt}"   # ${fact.lookAlike}`,
          "(1 override)",
        ].join("\n"),
        "One segment override, scoped to its own segment.",
      ),
  },
  {
    name: "alike-agent",
    make: ({ fact, alt }) =>
      exchange(
        "Is there a second value we need to care about?",
        `Yes: the ${fact.lookAlike} is tuned on its own and sits at ${alt}.`,
      ),
  },
];

/** The subject named without a value. */
export const MENTION_FORMS: readonly Form[] = [
  {
    name: "mention-ask",
    make: ({ fact }) =>
      exchange(
        `Who last touched the ${fact.subject} in remote config? I want them on the launch call.`,
        "I'll check the audit log and ping them.",
      ),
  },
  {
    name: "mention-board",
    make: ({ fact, ids }) =>
      toolEpisode(
        ids,
        "What's still open on the LIVEOPS board for Frostfall?",
        "jira.search",
        { jql: "project = LIVEOPS AND labels = frostfall AND status != Done" },
        [
          `LIVEOPS-5007  Open         QA: verify ${fact.subject} on device farm`,
          "LIVEOPS-5011  In Progress  Store listing screenshots (winter set)",
          "LIVEOPS-5019  Open         CS macro: event FAQ",
        ].join("\n"),
        "Three open; the QA one is the blocker.",
      ),
  },
];
