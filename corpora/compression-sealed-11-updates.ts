// How a "sealed-11" fact changes: twelve update forms a live-ops session produces —
// "now" after a hotfix, a different verb, a correction, a value that changes only in
// a later tool read, a from/to chat line, a proposal the producer accepts ("ship it"),
// an A/B winner rolled out, a config diff, a patch-note edit, a QA comment, an e-mail
// and a change log line. Each returns its messages and the lines that state a value
// (a diff's removed line states the old one). Used by corpora/compression-sealed-11.ts.
import {
  among,
  assistant,
  clock,
  exchange,
  otherRows,
  PEOPLE,
  PRODUCER,
  splitKey,
  stamp,
  user,
  type Form,
} from "./compression-sealed-11-kit.ts";

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now-after-hotfix",
    make: ({ fact, value }) => {
      const line = `As of the hotfix the ${fact.subject} is now ${value}.`;
      return {
        messages: [
          user(`Heads up. ${line} Hotfix went out at noon.`),
          assistant("Noted, I'll use that from here on."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "other-verb",
    make: ({ fact, value, rng }) => {
      const line = rng.pick([
        `Design retuned the ${fact.subject} to ${value} overnight.`,
        `Econ settled the ${fact.subject} at ${value} after the review.`,
        `We landed on ${value} for the ${fact.subject} in the tuning sync.`,
      ]);
      return {
        messages: [
          user(`${line} Sorry it didn't make the doc.`),
          assistant("Thanks. I'll make the dashboards and the patch notes agree with that."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "correction",
    make: ({ fact, value, old }) => {
      const line = `Correction: the ${fact.subject} is ${value}, not ${old}; the sheet I read from was out of date.`;
      return {
        messages: [
          user(`${line} Please fix anything you noted from it.`),
          assistant("Got it, fixing my notes."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "silent-tool-read",
    make: ({ fact, value, rng }) => {
      const { section, leaf } = splitKey(fact.key);
      const line = `${leaf} = "${value}"    # ${fact.subject}`;
      const rows = otherRows(rng, 3).map(
        (r) => `${splitKey(r.key).leaf} = "${r.value}"    # ${r.label}`,
      );
      return {
        messages: [
          ...exchange(
            "Re-reading the live config before I touch the store.",
            "repo.read_file",
            { path: `live-config/${section.replace(/\./g, "/")}.toml` },
            [
              `# generated ${stamp(rng)} — do not edit by hand`,
              `[${section}]`,
              ...among(rng, rows, line),
              "enabled = true",
            ].join("\n"),
          ),
          assistant("Config loaded; moving on to the store listing."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "from-to-chat",
    make: ({ fact, value, old, rng }) => {
      const line = `[${clock(rng)}] ${PRODUCER}: moving the ${fact.subject} from ${old} to ${value}, effective now`;
      return {
        messages: exchange(
          "Checking the producer channel for anything new.",
          "chat.history",
          { channel: "#frostfall-liveops", limit: 3 },
          [
            `[${clock(rng)}] ${rng.pick(PEOPLE)}: retention dashboard refreshed`,
            line,
            `[${clock(rng)}] ${rng.pick(PEOPLE)}: ack`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "accepted-proposal",
    make: ({ fact, value, rng }) => {
      const line = `Proposal: set the ${fact.subject} to ${value}.`;
      return {
        messages: [
          assistant(
            `Looking at the day-3 funnel, the current setting is hurting us. ${line} It's a one-line change in live-config.`,
          ),
          user(rng.pick(["ship it", "Ship it.", "ok, ship it"])),
          ...exchange(
            "Applying.",
            "live_config.apply",
            { key: fact.key, from: "proposal" },
            `applied 1 change to ${fact.key} (rev ${rng.int(400, 700)}); cache purge queued`,
          ),
          assistant("Done, it's live."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "ab-winner",
    make: ({ fact, value, old, rng }) => {
      const line = `| ${fact.subject} | control ${old} | variant ${value} | winner: variant (p=0.0${rng.int(1, 4)}) |`;
      return {
        messages: [
          ...exchange(
            "Pulling the experiment readout.",
            "experiments.readout",
            { experiment: `ff-${fact.system}-${rng.int(10, 99)}` },
            [
              "| setting | control | variant | result |",
              "|---|---|---|---|",
              line,
              `sample: ${rng.int(40, 90)}k players per arm, ${rng.int(5, 14)} days`,
            ].join("\n"),
          ),
          user("Variant wins. Roll it out to everyone."),
          assistant("Rolled out the variant to 100%."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "config-diff",
    make: ({ fact, value, old, rng }) => {
      const { section, leaf } = splitKey(fact.key);
      const minus = `-${leaf} = "${old}"    # ${fact.subject}`;
      const plus = `+${leaf} = "${value}"    # ${fact.subject}`;
      return {
        messages: [
          ...exchange(
            "Here's the diff of the merged live-config PR.",
            "repo.diff",
            { pr: rng.int(1200, 1900) },
            [
              `--- a/live-config/${section.replace(/\./g, "/")}.toml`,
              `+++ b/live-config/${section.replace(/\./g, "/")}.toml`,
              `@@ -${rng.int(3, 20)},4 +${rng.int(3, 20)},4 @@`,
              ` [${section}]`,
              minus,
              plus,
              " enabled = true",
            ].join("\n"),
          ),
          assistant("Merged and deployed by the pipeline."),
        ],
        said: [
          { line: minus, value: old },
          { line: plus, value },
        ],
      };
    },
  },
  {
    name: "patch-note-edit",
    make: ({ fact, value, old }) => {
      const line = `- The ${fact.subject} is now ${value} (previously ${old}).`;
      return {
        messages: [
          user("Update the patch notes draft for the tuning change."),
          assistant(
            `Updated the draft. The Event section now reads:\n${line}\nI left the fixes section alone.`,
          ),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "qa-comment",
    make: ({ fact, value, rng }) => {
      const id = `FF-${rng.int(200, 900)}`;
      const line = `Comment (${rng.pick(PEOPLE)}, ${clock(rng)}): verified on live, the ${fact.subject} now reads ${value}.`;
      return {
        messages: exchange(
          "QA updated the tuning ticket; reading it.",
          "tracker.get_issue",
          { id },
          [
            `${id}  [Resolved]  Frostfall: retune ${fact.system}`,
            `Assignee: ${rng.pick(PEOPLE)}    Fix version: frostfall-hotfix-2`,
            `Comment (${rng.pick(PEOPLE)}): pushed to live-config`,
            line,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "email-change",
    make: ({ fact, value, rng }) => {
      const line = `Effective the next rotation, the ${fact.subject} changes to ${value}.`;
      return {
        messages: exchange(
          null,
          "mail.read",
          { folder: "inbox", subject: "Frostfall tuning v2" },
          [
            "Subject: Frostfall tuning v2",
            "",
            "Team,",
            "",
            `${line} Community has the announcement queued.`,
            "",
            rng.pick(PEOPLE),
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "change-log",
    make: ({ fact, value, old, rng }) => {
      const line = `${stamp(rng)} NOTICE config-watch: ${fact.subject} changed ${old} -> ${value} (rev ${rng.int(700, 999)})`;
      return {
        messages: exchange(
          "Tailing the config watcher.",
          "logs.tail",
          { service: "config-watch", lines: 3 },
          [
            `${stamp(rng)} INFO config-watch: heartbeat ok`,
            line,
            `${stamp(rng)} INFO config-watch: ${rng.int(2, 9)} clients reloaded`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
];
