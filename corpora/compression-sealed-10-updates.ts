// Later values of the "sealed-10" family's planted facts: twelve update forms, each
// used once per transcript (a "now" from the bridge call, the agent's own change told
// with a verb, a correction that names the wrong value, a proposal the user accepts
// with "ok do it", a change seen only in re-read live state, a Terraform plan and
// apply, a CAB ticket comment, a vendor e-mail revision, an on-call chat line, an
// applied-change log line, a resolved alert, a git diff of the YAML). Used by
// corpora/compression-sealed-10.ts.
import {
  clock,
  HANDLES,
  intIn,
  leaderRow,
  PEOPLE,
  pickOf,
  stamp,
  toolBeat,
  UNPLANTED_ROWS,
  type Form,
} from "./compression-sealed-10-beat.ts";

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "user-now",
    make: ({ fact, value }) => {
      const sentence = `the ${fact.subject} is now ${value}.`;
      return {
        form: "user-now",
        messages: [
          {
            role: "user",
            content: `Heads up from the bridge call: ${sentence} Carry on from there.`,
          },
          { role: "assistant", content: "Understood, I'll use that from here on." },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "agent-verb",
    make: ({ fact, value, rnd }) => {
      const verb = pickOf(rnd)(["bumped", "moved", "switched", "brought"]);
      const sentence = `I ${verb} the ${fact.subject} to ${value} and the device accepted it.`;
      return {
        form: "agent-verb",
        messages: [
          {
            role: "call",
            content: null,
            tool: "shell",
            args: { cmd: `netctl set ${fact.key} --site fra2 --commit` },
          },
          {
            role: "tool",
            content: `commit c-${intIn(rnd, 10000, 99999)} ok (1 device changed, 0 failed)`,
          },
          { role: "assistant", content: `Done. ${sentence} No alarms so far.` },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "correction",
    make: ({ fact, value, old }) => {
      const sentence = `The ${fact.subject} should be ${value}, not ${old}.`;
      return {
        form: "correction",
        messages: [
          {
            role: "user",
            content: `Sorry, I misread the MOP earlier. ${sentence} Please work from that.`,
          },
          { role: "assistant", content: "Thanks for catching it; updating my notes." },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "accepted-proposal",
    make: ({ fact, value, rnd }) => {
      const sentence = `I'd propose setting the ${fact.subject} to ${value}.`;
      return {
        form: "accepted-proposal",
        messages: [
          {
            role: "assistant",
            content: `Looking at the last hour of graphs and the MOP notes, the current setting won't hold up tonight. ${sentence} Shall I push it?`,
          },
          { role: "user", content: "ok do it" },
          {
            role: "call",
            content: null,
            tool: "shell",
            args: { cmd: `netctl apply --from-proposal p-${intIn(rnd, 100, 999)}` },
          },
          { role: "tool", content: "Applied 1 change(s) to fra2. Verification: OK." },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "live-state-only",
    make: ({ fact, value, rnd }) => {
      const row = leaderRow(fact.subject, value);
      const other = pickOf(rnd)(UNPLANTED_ROWS);
      return toolBeat(
        "live-state-only",
        {
          content: "Re-reading live state after the vendor's work.",
          tool: "shell",
          args: { cmd: "netctl show facts --site fra2" },
        },
        ["site fra2 (live, read from devices)", row, leaderRow(other[0], other[1])].join("\n"),
        [{ sentence: row, value }],
      );
    },
  },
  {
    name: "terraform-plan-apply",
    make: ({ fact, value, old, rnd }) => {
      const line = `  ~ ${fact.subject}: ${old} -> ${value}`;
      return {
        form: "terraform-plan-apply",
        messages: [
          {
            role: "call",
            content: null,
            tool: "shell",
            args: { cmd: "./tf.sh plan -target=module.edge" },
          },
          {
            role: "tool",
            content: [
              "module.edge.aws_lb_target_group.main: Refreshing state... [id=arn:aws:elasticloadbalancing:eu-west-1:tg/edge]",
              "",
              "Terraform will perform the following actions:",
              "",
              "  # module.edge.netctl_param.main will be updated in-place",
              '  ~ resource "netctl_param" "main" {',
              `      ~ ${fact.key} = "${old}" -> "${value}"`,
              "        # (4 unchanged attributes hidden)",
              "    }",
              "",
              "Plan: 0 to add, 1 to change, 0 to destroy.",
              "",
              "Change summary (tf.sh):",
              line,
            ].join("\n"),
          },
          {
            role: "call",
            content: "Plan is as expected; applying.",
            tool: "shell",
            args: { cmd: "./tf.sh apply -auto-approve -target=module.edge" },
          },
          {
            role: "tool",
            content: `module.edge.netctl_param.main: Modifying...\nmodule.edge.netctl_param.main: Modifications complete after ${intIn(rnd, 2, 9)}s\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.`,
          },
        ],
        statements: [{ sentence: line.trim(), value }],
      };
    },
  },
  {
    name: "ticket-comment",
    make: ({ fact, value, ticket, rnd }) => {
      const pick = pickOf(rnd);
      const line = `#${intIn(rnd, 4, 12)} ${pick(PEOPLE)} (${clock(rnd)}): CAB agreed on the call, the ${fact.subject} changes to ${value}.`;
      return toolBeat(
        "ticket-comment",
        { content: null, tool: "ticket", args: { action: "comments", id: ticket, last: 2 } },
        [
          `${ticket} comments (newest last)`,
          `#3 ${pick(PEOPLE)} (${clock(rnd)}): MOP attached, v3.`,
          line,
        ].join("\n"),
        [{ sentence: line, value }],
      );
    },
  },
  {
    name: "vendor-revision",
    make: ({ fact, value, rnd }) => {
      const sentence = `Please note the ${fact.subject} has been revised to ${value} with immediate effect.`;
      return {
        form: "vendor-revision",
        messages: [
          {
            role: "user",
            content: [
              "Another mail from the vendor, just now:",
              "> From: noc@lumen-partners.example",
              `> Sent: Fri 27 Nov ${clock(rnd)}`,
              "> Subject: RE: RE: planned work, ref LUM-22871",
              ">",
              `> ${sentence}`,
              "> Apologies for the late notice.",
            ].join("\n"),
          },
          { role: "assistant", content: "Got it. I'll reflect that in the ticket." },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "chat-flip",
    make: ({ fact, value, rnd }) => {
      const pick = pickOf(rnd);
      const line = `[${clock(rnd)}] ${pick(HANDLES)}: heads up, the ${fact.subject} got flipped to ${value}, please don't revert`;
      return toolBeat(
        "chat-flip",
        {
          content: null,
          tool: "chat",
          args: { action: "history", channel: "#netops-oncall", limit: 2 },
        },
        [line, `[${clock(rnd)}] ${pick(HANDLES)}: 👍`].join("\n"),
        [{ sentence: line, value }],
      );
    },
  },
  {
    name: "applied-log",
    make: ({ fact, value, old, rnd }) => {
      const line = `${stamp(rnd)} INFO netctl.change: applied ${fact.subject} ${old} -> ${value} (by automation)`;
      return toolBeat(
        "applied-log",
        {
          content: null,
          tool: "shell",
          args: { cmd: "journalctl -u netctl --since -30m | grep applied" },
        },
        [line, `${stamp(rnd)} INFO netctl.change: applied 1 change, verification OK`].join("\n"),
        [{ sentence: line, value }],
        "Automation has already applied that one; nothing for me to do there.",
      );
    },
  },
  {
    name: "resolved-alert",
    make: ({ fact, value, rnd }) => {
      const line = `      "description": "Resolved after the ${fact.subject} was set to ${value}",`;
      return toolBeat(
        "resolved-alert",
        {
          content: null,
          tool: "http",
          args: { method: "GET", url: "http://alertmanager:9093/api/v2/alerts?silenced=false" },
        },
        [
          "[",
          "  {",
          '    "labels": {"alertname": "NetParamDrift", "severity": "warning", "site": "fra2"},',
          '    "annotations": {',
          line,
          '      "summary": "drift cleared"',
          "    },",
          `    "endsAt": "${stamp(rnd)}",`,
          '    "status": {"state": "resolved"}',
          "  }",
          "]",
        ].join("\n"),
        [{ sentence: line.trim(), value }],
      );
    },
  },
  {
    name: "yaml-diff",
    make: ({ fact, value, old, rnd }) => {
      const minus = `-  ${fact.key}: ${old}  # ${fact.subject}`;
      const plus = `+  ${fact.key}: ${value}  # ${fact.subject}`;
      return toolBeat(
        "yaml-diff",
        {
          content: "Committing the vars change.",
          tool: "shell",
          args: { cmd: "git diff --cached ansible/group_vars/edge.yml" },
        },
        [
          "diff --git a/ansible/group_vars/edge.yml b/ansible/group_vars/edge.yml",
          `index ${intIn(rnd, 1000000, 9999999).toString(16)}..${intIn(rnd, 1000000, 9999999).toString(16)} 100644`,
          "--- a/ansible/group_vars/edge.yml",
          "+++ b/ansible/group_vars/edge.yml",
          "@@ -3,7 +3,7 @@ edge:",
          "   site: fra2",
          minus,
          plus,
          "   managed: true",
        ].join("\n"),
        [
          { sentence: minus, value: old },
          { sentence: plus, value },
        ],
      );
    },
  },
];
