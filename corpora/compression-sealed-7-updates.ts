// How the "sealed-7" compression family changes a planted value: twelve update
// forms (switch, the PI wants, going forward, a params.yaml diff, a dataframe cell,
// a log param line, a LIMS CSV row, a terse "ok go with" to a proposal, a change of
// unit, a correction, a rejected alternative, a PI e-mail), each planted once per
// seed. Each renders a beat and marks its planted sentences. Used by
// corpora/compression-sealed-7.ts.
import { assistant, toolPair, user } from "./compression-sealed-7-beats.ts";
import { at, lead, runName, yamlLine, type Form } from "./compression-sealed-7-forms.ts";
import {
  email,
  paramsDiff,
  settingsCsv,
  settingsFrame,
  workflowLog,
  PEOPLE,
} from "./compression-sealed-7-tools.ts";

/** Forms that change a fact's value. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "switch",
    render: (c) => {
      const s = c.rng.pick([
        `Let's switch the ${c.def.subject} to ${c.value}.`,
        `Can we switch the ${c.def.subject} over to ${c.value}?`,
      ]);
      return [
        user(`${lead(c.rng)}${s} The last batch looked off.`, [at(c, s)]),
        assistant("Sure, I'll change it before the next launch."),
      ];
    },
  },
  {
    name: "pi-wants",
    render: (c) => {
      const s = c.rng.pick([
        `The PI wants the ${c.def.subject} at ${c.value} instead of ${c.old}.`,
        `The PI wants ${c.value} for the ${c.def.subject}, not ${c.old}.`,
      ]);
      return [
        user(`Just got out of lab meeting. ${s} Sorry for the churn.`, [at(c, s)]),
        assistant("No problem, I'll carry that into the params for the next run."),
      ];
    },
  },
  {
    name: "going-forward",
    render: (c) => {
      const s = c.rng.pick([
        `Going forward use ${c.value} for the ${c.def.subject}.`,
        `From the next run on, the ${c.def.subject} is ${c.value}.`,
      ]);
      return [user(`${lead(c.rng)}${s}`, [at(c, s)]), assistant("Got it.")];
    },
  },
  {
    name: "yaml-diff",
    render: (c) => {
      const minus = yamlLine(c, "-", c.old);
      const plus = yamlLine(c, "+", c.value);
      return [
        user("Make the change we talked about in params.yaml and show me the diff."),
        ...toolPair(
          c.ids,
          "workflow.diff",
          { path: "conf/params.yaml" },
          paramsDiff(c.rng, minus, plus),
          [at(c, minus, c.oldIndex), at(c, plus)],
          "Edited conf/params.yaml; here is the diff.",
        ),
      ];
    },
  },
  {
    name: "dataframe-cell",
    render: (c) => {
      const f = settingsFrame(c.rng, [[c.def.subject, c.value]], c.day);
      return [
        user(
          "Hollis said she changed something in the LIMS settings last night. Can you print them?",
        ),
        ...toolPair(
          c.ids,
          "notebook.run",
          { cell: "settings = lims.settings('HOL-RNA-07', as_frame=True)\nprint(settings)" },
          f.lines,
          [at(c, f.rows[0] ?? "")],
        ),
      ];
    },
  },
  {
    name: "log-param",
    render: (c) => {
      const log = workflowLog(c.rng, c.day, runName(c.rng), [
        (t) => `${t} INFO  param ${c.def.subject}=${c.value} (changed from the profile default)`,
      ]);
      return [
        user("Did someone relaunch overnight? Show me the newest run's log."),
        ...toolPair(c.ids, "workflow.log", { run: "latest", tail: 40 }, log.lines, [
          at(c, log.plantedLines[0] ?? ""),
        ]),
      ];
    },
  },
  {
    name: "csv-row",
    render: (c) => {
      const s = `${c.def.subject},${c.value},${c.rng.pick(PEOPLE)},${c.day}`;
      return [
        user("Export the LIMS settings again, I think the core edited them."),
        ...toolPair(
          c.ids,
          "lims.export_settings",
          { project: "HOL-RNA-07", format: "csv" },
          settingsCsv(c.rng, [s], c.day),
          [at(c, s)],
        ),
      ];
    },
  },
  {
    name: "terse-confirm",
    render: (c) => {
      const s = c.rng.pick([
        `Looking at the QC, I'd move the ${c.def.subject} from ${c.old} to ${c.value}; shall I?`,
        c.spare === ""
          ? `Should the ${c.def.subject} become ${c.value} for the rerun?`
          : `For the ${c.def.subject} I could use ${c.value} or ${c.spare}, which do you prefer?`,
      ]);
      return [
        assistant(s, [at(c, s)]),
        user(
          c.rng.pick([
            `ok go with ${c.value}`,
            `ok go with ${c.value}`,
            `${c.value} is fine, do it`,
            `yes, ${c.value}`,
          ]),
        ),
        assistant("Done, applied to the params for the next launch."),
      ];
    },
  },
  {
    name: "unit-change",
    render: (c) => {
      const s = c.rng.pick([
        `Bump the ${c.def.subject} to ${c.value}.`,
        `Set the ${c.def.subject} to ${c.value} in the slurm profile.`,
      ]);
      return [
        user(`Three tasks died again overnight. ${s}`, [at(c, s)]),
        assistant("Changed it in conf/slurm.config; the failed tasks will resume from cache."),
      ];
    },
  },
  {
    name: "correction",
    render: (c) => {
      const slip = `For the next run the ${c.def.subject} should be ${c.old}.`;
      const fix = c.rng.pick([
        `Sorry, I meant ${c.value} for the ${c.def.subject}, not ${c.old}.`,
        `Wait, sorry, I meant the ${c.def.subject} is ${c.value}; I read the wrong row.`,
      ]);
      return [
        user(`${lead(c.rng)}${slip}`, [at(c, slip, c.oldIndex)]),
        assistant("Okay, I'll queue that for the next run."),
        user(fix, [at(c, fix)]),
        assistant("Understood, using that instead."),
      ];
    },
  },
  {
    name: "rejected-inline",
    render: (c) => {
      const s = c.rng.pick([
        `We considered ${c.spare} for the ${c.def.subject}, but it dropped too many samples, so it's ${c.value} now.`,
        `I tried ${c.spare} for the ${c.def.subject} and rejected it; we're going with ${c.value}.`,
      ]);
      return [user(s, [at(c, s)]), assistant("Makes sense, I'll use that.")];
    },
  },
  {
    name: "pi-email",
    render: (c) => {
      const s = `Going forward, please use ${c.value} as the ${c.def.subject} for cohort B.`;
      return [
        user("Anything new from Hollis in the inbox?"),
        ...toolPair(
          c.ids,
          "email.read",
          { folder: "inbox", from: "e.hollis@hollislab.example.org", unread: true },
          email("e.hollis@hollislab.example.org", "cohort B analysis", c.day, [
            "Dana,",
            "",
            "I went through the MultiQC report with the core this morning.",
            s,
            "Everything else stays as is. Can we have a first DE table by Friday?",
            "",
            "E.",
          ]),
          [at(c, s)],
        ),
      ];
    },
  },
];
