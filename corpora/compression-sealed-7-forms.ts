// How the "sealed-7" compression family first states a planted value: the form
// type and its context, the helpers the forms share, and the first-statement forms
// (prose by the scientist or the agent, a params.yaml line, a LIMS CSV row, a
// workflow log line, a dataframe cell, an e-mail, a LIMS project card). Each form
// renders a beat and marks its planted sentences. Used by corpora/compression-sealed-7.ts,
// corpora/compression-sealed-7-updates.ts and corpora/compression-sealed-7-decoys.ts.
import {
  assistant,
  toolPair,
  user,
  type Beat,
  type Ids,
  type Planted,
  type Rng,
} from "./compression-sealed-7-beats.ts";
import type { FactDef } from "./compression-sealed-7-facts.ts";
import {
  email,
  paramsYaml,
  settingsCsv,
  settingsFrame,
  workflowLog,
  PEOPLE,
} from "./compression-sealed-7-tools.ts";

/** What a form knows about the statement it renders. */
export interface FormCtx {
  rng: Rng;
  ids: Ids;
  fact: number;
  def: FactDef;
  /** The value this form makes current, and its index in the fact's values. */
  value: string;
  index: number;
  /** The value it replaces (for a correction: the mistaken one), and its index. */
  old: string;
  oldIndex: number;
  /** A value of the fact's pool never stated (a rejected alternative). */
  spare: string;
  day: string;
}

export interface Form {
  name: string;
  render(c: FormCtx): Beat;
}

export const at = (c: FormCtx, sentence: string, index = c.index): Planted => ({
  sentence,
  fact: c.fact,
  value: index,
});
export const runName = (rng: Rng) =>
  `${rng.pick(["sleepy", "brave", "tender", "fervent", "golden", "sharp"])}_${rng.pick(["curie", "franklin", "mendel", "sanger", "mcclintock", "crick"])}`;
export const yamlLine = (c: FormCtx, sign: string, v: string) =>
  `${sign}${c.def.key}: ${v}    # ${c.def.subject}`;

const LEADS = [
  "Morning.",
  "Okay, next thing.",
  "One more thing before I forget.",
  "One more for the notes.",
  "Quick one.",
  "",
];
export const lead = (rng: Rng) => {
  const l = rng.pick(LEADS);
  return l === "" ? "" : `${l} `;
};

/** Mails that state a first value: sender, title, search, greeting, the value's source, signature. */
const MAILS: readonly (readonly [string, string, string, string, string, string])[] = [
  [
    "seqcore@seqcore.example.org",
    "Cohort B submission confirmed",
    "cohort B submission",
    "Hi Dana,",
    "as on the submission form",
    "Best, the sequencing core",
  ],
  [
    "e.hollis@hollislab.example.org",
    "kickoff notes",
    "kickoff",
    "Dana,",
    "as we agreed at kickoff",
    "E.",
  ],
  [
    "bioinf-core@seqcore.example.org",
    "pipeline set-up for HOL-RNA-07",
    "pipeline set-up",
    "Hello Dana,",
    "per the project intake sheet",
    "Bioinformatics core",
  ],
];

/** Forms of a fact's first statement. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-user-prose",
    render: (c) => {
      const s = c.rng.pick([
        `The ${c.def.subject} for cohort B is ${c.value}.`,
        `For this project the ${c.def.subject} is ${c.value}.`,
        `We're using ${c.value} as the ${c.def.subject}.`,
      ]);
      return [user(`${lead(c.rng)}${s} Keep that in mind when you set up the run.`, [at(c, s)])];
    },
  },
  {
    name: "first-assistant-recap",
    render: (c) => {
      const s = c.rng.pick([
        `From the kickoff notes, the ${c.def.subject} is ${c.value}.`,
        `Noting the ${c.def.subject} as ${c.value} for this analysis.`,
      ]);
      return [
        user(
          c.rng.pick([
            "Can you pull what we agreed at kickoff into your notes?",
            "What did the intake meeting settle? Put it in your notes.",
            "Go through the kickoff doc and note anything the runs depend on.",
          ]),
        ),
        assistant(`${s} I'll use it for every run unless you tell me otherwise.`, [at(c, s)]),
      ];
    },
  },
  {
    name: "first-yaml",
    render: (c) => {
      const s = yamlLine(c, "", c.value);
      return [
        user("Show me the params file the pipeline will use."),
        ...toolPair(c.ids, "workflow.cat", { path: "conf/params.yaml" }, paramsYaml(c.rng, [s]), [
          at(c, s),
        ]),
      ];
    },
  },
  {
    name: "first-csv-row",
    render: (c) => {
      const s = `${c.def.subject},${c.value},${c.rng.pick(PEOPLE)},${c.day}`;
      return toolPair(
        c.ids,
        "lims.export_settings",
        { project: "HOL-RNA-07", format: "csv" },
        settingsCsv(c.rng, [s], c.day),
        [at(c, s)],
        "Pulling the project settings from the LIMS.",
      );
    },
  },
  {
    name: "first-log-param",
    render: (c) => {
      const log = workflowLog(c.rng, c.day, runName(c.rng), [
        (t) => `${t} INFO  param ${c.def.subject}=${c.value}`,
      ]);
      return toolPair(c.ids, "workflow.log", { run: "latest", tail: 40 }, log.lines, [
        at(c, log.plantedLines[0] ?? ""),
      ]);
    },
  },
  {
    name: "first-dataframe",
    render: (c) => {
      const f = settingsFrame(c.rng, [[c.def.subject, c.value]], c.day);
      return toolPair(
        c.ids,
        "notebook.run",
        { cell: "settings = lims.settings('HOL-RNA-07', as_frame=True)\nprint(settings)" },
        f.lines,
        [at(c, f.rows[0] ?? "")],
      );
    },
  },
  {
    name: "first-email",
    render: (c) => {
      const [from, title, query, hello, body, sign] = c.rng.pick(MAILS);
      const s = `The ${c.def.subject} is ${c.value}, ${body}.`;
      return toolPair(
        c.ids,
        "email.read",
        { folder: "inbox", query },
        email(from, title, c.day, [
          hello,
          "",
          s,
          "Let us know if anything changes before loading.",
          "",
          sign,
        ]),
        [at(c, s)],
      );
    },
  },
  {
    name: "first-project-card",
    render: (c) => {
      const s = `${c.def.subject}: ${c.value}`;
      const lines = [
        "project: HOL-RNA-07 (cohort B bulk RNA-seq)",
        "pi: Dr. E. Hollis",
        `created: ${c.day}`,
        "samples: 48 registered, 46 passed intake QC",
        s,
        "status: active",
      ];
      return toolPair(c.ids, "lims.get_project", { id: "HOL-RNA-07" }, lines, [at(c, s)]);
    },
  },
];
