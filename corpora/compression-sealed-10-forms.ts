// First statements of the "sealed-10" family's planted facts: twelve forms, each how
// a network change session would first show a value (the user's brief, the agent's
// baseline list, a change ticket's field, a Terraform variable's comment, Ansible
// YAML, a NetBox-style JSON API, the `netctl show facts` listing, a vendor e-mail, the
// on-call chat, an audit log line, a markdown table, an alert payload). Used by
// corpora/compression-sealed-10.ts.
import {
  cap,
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

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "user-brief",
    make: ({ fact, value, ticket }) => {
      const sentence = `The ${fact.subject} is ${value} going in, per last week's audit.`;
      return {
        form: "user-brief",
        messages: [
          {
            role: "user",
            content: `Some context for ${ticket} before you touch anything. ${sentence} Don't change it unless I say so.`,
          },
          { role: "assistant", content: "Noted. I'll treat that as the baseline." },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "baseline-bullets",
    make: ({ fact, value, ticket, rnd }) => {
      const sentence = `${cap(fact.subject)}: ${value}`;
      const row = pickOf(rnd)(UNPLANTED_ROWS);
      return {
        form: "baseline-bullets",
        messages: [
          {
            role: "assistant",
            content: [
              "Baseline captured before the window opens:",
              `- ${sentence}`,
              `- ${cap(row[0])}: ${row[1]}`,
              `- Change ticket: ${ticket} (state: Scheduled)`,
              "- Rollback owner: whoever holds the pager",
            ].join("\n"),
          },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "ticket-field",
    make: ({ fact, value, ticket, rnd }) => {
      const sentence = `${cap(fact.subject)}: ${value}`;
      const pick = pickOf(rnd);
      return toolBeat(
        "ticket-field",
        { content: null, tool: "ticket", args: { action: "get", id: ticket } },
        [
          `Change:        ${ticket}`,
          "Type:          Normal",
          "State:         Scheduled",
          `Requested by:  ${pick(PEOPLE)}`,
          "Risk:          Medium",
          "Affected CIs:  edge-lb, border-rtr-1, border-rtr-2, dns-primary",
          "Parameters:",
          `  ${sentence}`,
          "Implementation plan: see attached MOP v3",
        ].join("\n"),
        [{ sentence, value }],
      );
    },
  },
  {
    name: "hcl-comment",
    make: ({ fact, value }) => {
      const sentence = `  ${fact.key} = "${value}" # ${fact.subject}`;
      return toolBeat(
        "hcl-comment",
        {
          content: "Reading the Terraform variables first.",
          tool: "read_file",
          args: { path: "infra/network/terraform.tfvars" },
        },
        [
          "# managed by terraform; edit through a change ticket",
          "edge = {",
          '  region      = "eu-west-1"',
          sentence,
          '  owner       = "netops"',
          "}",
        ].join("\n"),
        [{ sentence: sentence.trim(), value }],
      );
    },
  },
  {
    name: "yaml-comment",
    make: ({ fact, value }) => {
      const line = `  ${fact.key}: ${value}  # ${fact.subject}`;
      return toolBeat(
        "yaml-comment",
        { content: null, tool: "read_file", args: { path: "ansible/group_vars/edge.yml" } },
        ["---", "edge:", "  site: fra2", line, "  managed: true", "  notify: netops-oncall"].join(
          "\n",
        ),
        [{ sentence: line.trim(), value }],
        "That's the Ansible side; it matches what the ticket assumes.",
      );
    },
  },
  {
    name: "json-api",
    make: ({ fact, value, rnd }) => {
      const line = `    {"key": "${fact.key}", "label": "${fact.subject}", "value": "${value}", "source": "netbox"},`;
      return toolBeat(
        "json-api",
        {
          content: null,
          tool: "http",
          args: { method: "GET", url: "https://netbox.corp/api/plugins/params/?site=fra2" },
        },
        [
          "HTTP/1.1 200 OK",
          "content-type: application/json",
          "",
          "{",
          `  "count": ${intIn(rnd, 3, 9)},`,
          '  "results": [',
          line,
          '    {"key": "mtu", "label": "MTU on the core uplinks", "value": "9216", "source": "netbox"}',
          "  ]",
          "}",
        ].join("\n"),
        [{ sentence: line.trim(), value }],
      );
    },
  },
  {
    name: "netctl-listing",
    make: ({ fact, value, rnd }) => {
      const row = leaderRow(fact.subject, value);
      const others = [...UNPLANTED_ROWS].sort(() => rnd() - 0.5).slice(0, 3);
      return toolBeat(
        "netctl-listing",
        {
          content: "Pulling the live parameters.",
          tool: "shell",
          args: { cmd: "netctl show facts --site fra2" },
        },
        [
          "site fra2 (live, read from devices)",
          leaderRow(others[0]?.[0] ?? "", others[0]?.[1] ?? ""),
          row,
          leaderRow(others[1]?.[0] ?? "", others[1]?.[1] ?? ""),
          leaderRow(others[2]?.[0] ?? "", others[2]?.[1] ?? ""),
        ].join("\n"),
        [{ sentence: row, value }],
      );
    },
  },
  {
    name: "vendor-email",
    make: ({ fact, value, rnd }) => {
      const sentence = `For the avoidance of doubt, the ${fact.subject} is ${value} for this change.`;
      return {
        form: "vendor-email",
        messages: [
          {
            role: "user",
            content: [
              "Pasting the mail thread so you have it:",
              "> From: noc@lumen-partners.example",
              `> Sent: Fri 27 Nov ${clock(rnd)}`,
              "> Subject: RE: planned work, ref LUM-22871",
              ">",
              `> ${sentence}`,
              "> Our field team will be on standby during your window.",
            ].join("\n"),
          },
        ],
        statements: [{ sentence, value }],
      };
    },
  },
  {
    name: "oncall-chat",
    make: ({ fact, value, rnd }) => {
      const pick = pickOf(rnd);
      const line = `[${clock(rnd)}] ${pick(HANDLES)}: fyi the ${fact.subject} is ${value} right now, don't be surprised`;
      return toolBeat(
        "oncall-chat",
        {
          content: null,
          tool: "chat",
          args: { action: "history", channel: "#netops-oncall", limit: 3 },
        },
        [
          `[${clock(rnd)}] ${pick(HANDLES)}: window starts soon, who has the bridge?`,
          line,
          `[${clock(rnd)}] ${pick(HANDLES)}: ack`,
        ].join("\n"),
        [{ sentence: line, value }],
      );
    },
  },
  {
    name: "audit-log",
    make: ({ fact, value, rnd }) => {
      const line = `${stamp(rnd)} INFO netctl.audit: ${fact.subject}=${value} (source=device, drift=none)`;
      return toolBeat(
        "audit-log",
        {
          content: null,
          tool: "shell",
          args: { cmd: "journalctl -u netctl-audit --since -2h | tail -3" },
        },
        [
          `${stamp(rnd)} INFO netctl.audit: run started (targets=42)`,
          line,
          `${stamp(rnd)} INFO netctl.audit: run finished in ${intIn(rnd, 4, 30)}s`,
        ].join("\n"),
        [{ sentence: line, value }],
      );
    },
  },
  {
    name: "md-table",
    make: ({ fact, value, rnd }) => {
      const row = `| ${fact.subject} | ${value} | read from the device |`;
      const other = pickOf(rnd)(UNPLANTED_ROWS);
      return {
        form: "md-table",
        messages: [
          {
            role: "assistant",
            content: [
              "Here's what I verified so far:",
              "",
              "| parameter | value | source |",
              "|---|---|---|",
              row,
              `| ${other[0]} | ${other[1]} | netbox |`,
            ].join("\n"),
          },
        ],
        statements: [{ sentence: row, value }],
      };
    },
  },
  {
    name: "alert-payload",
    make: ({ fact, value, rnd }) => {
      const line = `      "description": "Baseline check: ${fact.subject} is ${value}",`;
      return toolBeat(
        "alert-payload",
        {
          content: null,
          tool: "http",
          args: { method: "GET", url: "http://alertmanager:9093/api/v2/alerts?filter=team=netops" },
        },
        [
          "[",
          "  {",
          '    "labels": {"alertname": "NetParamBaseline", "severity": "info", "site": "fra2"},',
          '    "annotations": {',
          line,
          '      "runbook": "https://wiki.corp/netops/baseline"',
          "    },",
          `    "startsAt": "${stamp(rnd)}",`,
          '    "status": {"state": "active"}',
          "  }",
          "]",
        ].join("\n"),
        [{ sentence: line.trim(), value }],
      );
    },
  },
];
