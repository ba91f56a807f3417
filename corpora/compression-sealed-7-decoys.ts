// What the "sealed-7" compression family plants after a fact's latest value: a
// re-printed old workflow log showing a replaced value (followed later by the
// current value restated, so the latest statement stays current), restatements in
// prose or in a settings dataframe, the look-alike (another sample, stage or tier
// one word apart, with its own value) in prose or as a LIMS CSV row, a proposed
// value that is turned down, and mentions that name a subject with no value.
// Used by corpora/compression-sealed-7.ts.
import { assistant, toolPair, user, type Beat, type Rng } from "./compression-sealed-7-beats.ts";
import type { FormCtx } from "./compression-sealed-7-forms.ts";
import { settingsCsv, settingsFrame, workflowLog } from "./compression-sealed-7-tools.ts";

/** A post form also knows the look-alike's value. */
export interface PostCtx extends FormCtx {
  alike: string;
}

export interface PostForm {
  name: string;
  render(c: PostCtx): Beat;
}

const at = (c: FormCtx, sentence: string, index = c.index) => ({
  sentence,
  fact: c.fact,
  value: index,
});

/** Archived runs from before the changes: name, launch day, why it is printed again. */
const ARCHIVED: readonly (readonly [string, string, string])[] = [
  [
    "pilot_rosalind",
    "2026-03-02",
    "Can you pull up the log of the very first pilot run again? I want to compare task durations.",
  ],
  [
    "run_07",
    "2026-03-04",
    "Print the archived log of run_07 once more, the core is asking how long the alignment took back then.",
  ],
  [
    "dry_run_mendel",
    "2026-03-03",
    "Show me the old dry-run log again, I need its start-up lines for the methods.",
  ],
  [
    "run_11",
    "2026-03-06",
    "Re-print run_11's log, I want to see which tasks retried before we moved clusters.",
  ],
];

/** An archived log printed again: it shows `old` (index oldIndex), not the current value. */
export const REPRINT: PostForm = {
  name: "reprint-old-log",
  render: (c) => {
    const [run, day, ask] = c.rng.pick(ARCHIVED);
    const log = workflowLog(c.rng, day, run, [(t) => `${t} INFO  param ${c.def.subject}=${c.old}`]);
    return [
      user(ask),
      ...toolPair(
        c.ids,
        "workflow.log",
        { run, archived: true },
        [`(archived run, launched ${day})`, ...log.lines],
        [at(c, log.plantedLines[0] ?? "", c.oldIndex)],
      ),
      assistant(
        c.rng.pick([
          "Alignment took about the same per sample back then; the retries were all memory kills.",
          "That run predates the cluster move, so the durations are not comparable one to one.",
          "Nothing unusual in it besides the retry wave in the middle.",
        ]),
      ),
    ];
  },
};

/** The current value again, after a re-printed old log: in prose or in a settings print. */
export const RESTATE: readonly PostForm[] = [
  {
    name: "restate-prose",
    render: (c) => {
      const s = c.rng.pick([
        `For the record, the ${c.def.subject} is still ${c.value}; that archived log predates the change.`,
        `Just so nobody copies from the old log: the ${c.def.subject} stays ${c.value}.`,
      ]);
      return [assistant(s, [at(c, s)])];
    },
  },
  {
    name: "restate-dataframe",
    render: (c) => {
      const f = settingsFrame(c.rng, [[c.def.subject, c.value]], c.day);
      return [
        user("Print the live settings so we're sure which values the next run gets."),
        ...toolPair(
          c.ids,
          "notebook.run",
          { cell: "print(lims.settings('HOL-RNA-07', as_frame=True))" },
          f.lines,
          [at(c, f.rows[0] ?? "")],
        ),
      ];
    },
  },
];

/** The current value restated in passing, between its statement and later ones. */
export const RESTATE_PLAIN: PostForm = {
  name: "restate-plain",
  render: (c) => {
    const s = c.rng.pick([
      `Launching with the ${c.def.subject} at ${c.value}, as agreed.`,
      `Reminder for the methods draft: the ${c.def.subject} is ${c.value}.`,
    ]);
    return [assistant(s, [at(c, s)]), user("👍")];
  },
};

/** The look-alike with its own value: prose, or a row of another project's settings export. */
export const LOOK_ALIKE: readonly PostForm[] = [
  {
    name: "look-alike-prose",
    render: (c) => {
      const s = c.rng.pick([
        `Heads-up, the ${c.def.lookAlike} is ${c.alike}; don't mix the two up.`,
        `Side note: the ${c.def.lookAlike} is ${c.alike}.`,
      ]);
      return [
        user(
          `${s} ${c.rng.pick(["The core asked me twice this week.", "That one is theirs, not ours.", "Came up in the core's stand-up.", ""])}`.trim(),
        ),
        assistant(
          c.rng.pick(["Noted, I'll keep them apart.", "Understood.", "Thanks, noted separately."]),
        ),
      ];
    },
  },
  {
    name: "look-alike-row",
    render: (c) => {
      const row = `${c.def.lookAlike},${c.alike},core-admin,${c.day}`;
      return [
        user(
          "What does the core's side project have in its settings? They share some of our reagents.",
        ),
        ...toolPair(
          c.ids,
          "lims.export_settings",
          { project: "CORE-VAL-03", format: "csv" },
          settingsCsv(c.rng, [row], c.day).map((l) => l.replace("HOL-RNA-07", "CORE-VAL-03")),
        ),
      ];
    },
  },
];

/** A value proposed and turned down; the fact keeps its current value. */
export const REJECTED: PostForm = {
  name: "rejected-proposal",
  render: (c) => [
    assistant(
      c.rng.pick([
        `Should I try ${c.spare} for the ${c.def.subject} on a subset, to see if it rescues the low samples?`,
        `One option is ${c.spare} for the ${c.def.subject}; want me to test it?`,
      ]),
    ),
    user(
      c.rng.pick([
        "No, leave it as it is.",
        "Not now; keep what we have.",
        "No thanks, too risky this close to the deadline.",
      ]),
    ),
  ],
};

/** A subject named with no value: the transcript talks about facts between statements. */
export function mention(rng: Rng, subject: string): string {
  return rng.pick([
    `I'll double-check the ${subject} with the core before we publish anything.`,
    `Remind me later why we picked the ${subject} we did; reviewers will ask.`,
    `The methods section needs the ${subject} spelled out.`,
    `Is the ${subject} written down anywhere besides this chat?`,
  ]);
}

/** Names of every form that plants something after the latest value. */
export const POST_FORM_NAMES: readonly string[] = [
  REPRINT.name,
  RESTATE_PLAIN.name,
  ...RESTATE.map((f) => f.name),
  ...LOOK_ALIKE.map((f) => f.name),
  REJECTED.name,
];
