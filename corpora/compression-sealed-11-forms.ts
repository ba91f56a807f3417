// The first statements of the "sealed-11" facts: fourteen ways a live-ops session
// first shows a value, from the producer's prose and the agent's summaries to TOML,
// INI, JSON records, CSV and TSV exports, dashboard tables, log lines, bug-tracker
// fields, chat history, patch-note drafts, e-mail and CI output. Each returns the
// messages and the exact line that states the value. Used by corpora/compression-sealed-11.ts.
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

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "producer-prose",
    make: ({ fact, value, rng }) => {
      const line = rng.pick([
        `Econ locked the ${fact.subject} at ${value} for launch.`,
        `For Frostfall we're going with ${value} as the ${fact.subject}.`,
        `Design signed off: the ${fact.subject} is ${value}.`,
      ]);
      return {
        messages: [
          user(`Morning. ${line} Can you make sure every tool we touch today agrees with that?`),
          assistant("Will do. I'll cross-check the live config and the dashboards as we go."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "assistant-summary",
    make: ({ fact, value, rng }) => {
      const line = `- ${fact.subject}: ${value}`;
      const rows = otherRows(rng, 3).map((r) => `- ${r.label}: ${r.value}`);
      return {
        messages: [
          user("Before standup, give me a quick recap of the event settings you've confirmed."),
          assistant(
            [
              "Confirmed so far:",
              ...among(rng, rows, line),
              "",
              "Still open: store banner art and the push schedule.",
            ].join("\n"),
          ),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "toml-config",
    make: ({ fact, value, rng }) => {
      const { section, leaf } = splitKey(fact.key);
      const line = `${leaf} = "${value}"    # ${fact.subject}`;
      const rows = otherRows(rng, 3).map(
        (r) => `${splitKey(r.key).leaf} = "${r.value}"    # ${r.label}`,
      );
      return {
        messages: exchange(
          "Reading the event config from the live-config repo.",
          "repo.read_file",
          { path: `live-config/${section.replace(/\./g, "/")}.toml` },
          [
            `# generated ${stamp(rng)} — do not edit by hand`,
            `[${section}]`,
            ...among(rng, rows, line),
            "enabled = true",
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "ini-config",
    make: ({ fact, value, rng }) => {
      const { section, leaf } = splitKey(fact.key);
      const line = `${leaf}=${value} ; ${fact.subject}`;
      const rows = otherRows(rng, 2).map((r) => `${splitKey(r.key).leaf}=${r.value} ; ${r.label}`);
      return {
        messages: exchange(
          null,
          "servers.get_ini",
          { file: `${section}.ini`, env: "live" },
          [
            `; pulled from live at ${stamp(rng)}`,
            `[${section}]`,
            ...among(rng, rows, line),
            "log_level=warn",
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "json-records",
    make: ({ fact, value, rng }) => {
      const record = (label: string, v: string) =>
        `  {"label": "${label}", "value": "${v}", "updated_by": "${rng.pick(PEOPLE)}"}`;
      const line = record(fact.subject, value);
      const rows = otherRows(rng, 3).map((r) => record(r.label, r.value));
      return {
        messages: exchange(
          "Fetching the settings records from the admin API.",
          "admin_api.get",
          { path: `/v2/settings?system=${fact.system}` },
          ["[", among(rng, rows, line).join(",\n"), "]"].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "csv-export",
    make: ({ fact, value, rng }) => {
      const line = `${fact.subject},${value},${rng.pick(PEOPLE)},2026-12-0${rng.int(1, 9)}`;
      const rows = otherRows(rng, 4).map(
        (r) => `${r.label},${r.value},${rng.pick(PEOPLE)},2026-12-0${rng.int(1, 9)}`,
      );
      return {
        messages: exchange(
          "Exporting the tuning sheet as CSV.",
          "sheets.export_csv",
          { sheet: "Frostfall tuning", tab: fact.system },
          ["setting,value,owner,updated", ...among(rng, rows, line)].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "tsv-export",
    make: ({ fact, value, rng }) => {
      const line = `${fact.key}\t${fact.subject}\t${value}\tlive`;
      const rows = otherRows(rng, 3).map((r) => `${r.key}\t${r.label}\t${r.value}\tlive`);
      return {
        messages: exchange(
          null,
          "warehouse.query",
          {
            sql: `select key, label, value, env from live_settings where system = '${fact.system}'`,
            format: "tsv",
          },
          [
            "key\tlabel\tvalue\tenv",
            ...among(rng, rows, line),
            `(${rows.length + 1} rows, ${rng.int(40, 400)} ms)`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "dashboard-table",
    make: ({ fact, value, rng }) => {
      const line = `| ${fact.subject} | ${value} | live | ${rng.pick(PEOPLE)} |`;
      const rows = otherRows(rng, 3).map(
        (r) => `| ${r.label} | ${r.value} | live | ${rng.pick(PEOPLE)} |`,
      );
      return {
        messages: exchange(
          "Checking the live-ops dashboard.",
          "dashboards.render",
          { board: "frostfall-liveops", format: "markdown" },
          [
            "### Frostfall live settings",
            "| setting | value | env | changed by |",
            "|---|---|---|---|",
            ...among(rng, rows, line),
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "log-line",
    make: ({ fact, value, rng }) => {
      const line = `${stamp(rng)} INFO live-config applied: ${fact.subject} = ${value} (rev ${rng.int(100, 400)}, by ${rng.pick(PEOPLE)})`;
      const noise = otherRows(rng, 3).map(
        (r) =>
          `${stamp(rng)} INFO live-config applied: ${r.label} = ${r.value} (rev ${rng.int(100, 400)})`,
      );
      return {
        messages: exchange(
          "Grepping the config-service log for this morning's pushes.",
          "logs.search",
          { service: "live-config", query: "applied", since: "6h" },
          [
            ...among(rng, noise, line),
            `${stamp(rng)} WARN live-config: slow consumer on topic cfg.events (lag ${rng.int(2, 40)}s)`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "bug-field",
    make: ({ fact, value, rng }) => {
      const id = `FF-${rng.int(200, 900)}`;
      const line = `Configured: ${fact.subject} = ${value}`;
      return {
        messages: exchange(
          "Opening the ticket QA linked.",
          "tracker.get_issue",
          { id },
          [
            `${id}  [Open]  Frostfall: verify ${fact.system} tuning on live`,
            `Reporter: ${rng.pick(PEOPLE)}    Priority: P2    Component: ${fact.system}`,
            line,
            `Steps: open the event hub, compare the in-game value with the config, attach screenshots.`,
            `Comment (${rng.pick(PEOPLE)}): matches on PC and PS5, still checking the rest.`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "chat-history",
    make: ({ fact, value, rng }) => {
      const line = `[${clock(rng)}] ${PRODUCER}: confirmed with the owners, the ${fact.subject} is ${value}`;
      return {
        messages: exchange(
          "Catching up on the producer channel.",
          "chat.history",
          { channel: "#frostfall-liveops", limit: 4 },
          [
            `[${clock(rng)}] ${rng.pick(PEOPLE)}: store banner is uploaded`,
            line,
            `[${clock(rng)}] ${rng.pick(PEOPLE)}: 👍`,
            `[${clock(rng)}] ${rng.pick(PEOPLE)}: standup moved to 10:30`,
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "patch-notes",
    make: ({ fact, value, rng }) => {
      const line = `- The ${fact.subject} is ${value}.`;
      return {
        messages: exchange(
          "Pulling the current patch-notes draft.",
          "docs.read",
          { doc: "Frostfall patch notes (draft)" },
          [
            "## Frostfall — Winter Event",
            "### Event",
            line,
            `- New cosmetics: ${rng.int(6, 14)} skins, ${rng.int(2, 6)} emotes.`,
            "### Fixes",
            "- Fixed a crash when opening the event hub with a controller.",
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "email-body",
    make: ({ fact, value, rng }) => {
      const line = `For launch, the ${fact.subject} will be ${value}.`;
      return {
        messages: exchange(
          null,
          "mail.read",
          { folder: "inbox", from: `${rng.pick(PEOPLE)}@northwind.games` },
          [
            "Subject: Frostfall launch settings",
            "",
            "Hi all,",
            "",
            `${line} Please flag anything that disagrees before the go/no-go.`,
            "",
            "Thanks,",
            rng.pick(PEOPLE),
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
  {
    name: "ci-output",
    make: ({ fact, value, rng }) => {
      const line = `[preflight] ${fact.subject}: ${value} (from live-config@${rng.int(100, 999).toString(16)}f)`;
      return {
        messages: exchange(
          "Kicking off the preflight job so we see what the pipeline picks up.",
          "ci.run",
          { job: "frostfall-preflight", ref: "release/frostfall" },
          [
            `job #${rng.int(8000, 9999)} started`,
            "[preflight] resolving live settings",
            line,
            `[preflight] assets validated (${rng.int(1200, 3000)} files)`,
            "[preflight] OK",
          ].join("\n"),
        ),
        said: [{ line, value }],
      };
    },
  },
];
