// Tool outputs of the "sealed-9" compression family that carry one planted value on
// one line among neighbouring rows: compact JSON records, YAML flow entries, CSV
// rows, markdown tables, service log lines, an HTTP response, logfmt key=value
// lines, a ticket body and a chat export. Each returns the whole output and the
// line that states the value. Used by the sealed-9 first, update and decoy forms.
import { stamp, type Fact, type Rng } from "./compression-sealed-9-beats.ts";

export interface ValueOutput {
  output: string;
  line: string;
}

export type OutputFormat =
  | "json"
  | "yaml"
  | "csv"
  | "table"
  | "log"
  | "http"
  | "logfmt"
  | "ticket"
  | "chat"
  | "sql";

/** Neighbouring rows of the same record that are not planted facts. */
const SIDE_ROWS = [
  ["status", "active"],
  ["review state", "approved"],
  ["last reviewed", "2026-11-14"],
  ["change ticket", "CHG-2291"],
  ["source of truth", "merch-plan-q4"],
  ["approved by", "r.adeyemi"],
  ["publish channel", "all"],
  ["locale", "default"],
] as const;

function sideRows(rnd: Rng, n: number): [string, string][] {
  return rnd
    .shuffle(SIDE_ROWS)
    .slice(0, n)
    .map(([k, v]) => [k, v]);
}

/** Rows around the planted one, the planted one at a random place. */
function around<T>(rnd: Rng, rows: T[], planted: T): T[] {
  const at = rnd.int(0, rows.length + 1);
  return [...rows.slice(0, at), planted, ...rows.slice(at)];
}

export function valueOutput(
  format: OutputFormat,
  fact: Fact,
  label: string,
  value: string,
  rnd: Rng,
): ValueOutput {
  const sku = fact.template.sku;
  const side = sideRows(rnd, 3);
  const rev = rnd.int(11, 98);
  switch (format) {
    case "json": {
      const line = `    {"sku": "${sku}", "setting": "${label}", "value": "${value}", "rev": ${rev}},`;
      const rows = side.map(
        ([k, v]) => `    {"sku": "${sku}", "setting": "${k}", "value": "${v}", "rev": ${rev - 3}},`,
      );
      const body = around(rnd, rows, line);
      const last = body.length - 1;
      body[last] = (body[last] ?? "").replace(/,$/, "");
      const output = ["{", `  "source": "${fact.template.system}",`, `  "items": [`, ...body];
      output.push("  ],", `  "fetched_at": "${stamp(rnd)}"`, "}");
      return { output: output.join("\n"), line: line.trim().replace(/,$/, "") };
    }
    case "yaml": {
      const line = `  - { name: ${label}, value: "${value}", owner: merch-ops }`;
      const rows = side.map(([k, v]) => `  - { name: ${k}, value: "${v}", owner: catalogue }`);
      const output = [
        `# ${fact.template.system} settings export, revision ${rev}`,
        `version: 3`,
        `settings:`,
        ...around(rnd, rows, line),
      ];
      return { output: output.join("\n"), line: line.trim() };
    }
    case "csv": {
      const day = `2026-11-${rnd.int(10, 28)}`;
      const line = `${sku},${label},${value},${day}`;
      const rows = side.map(([k, v]) => `${sku},${k},${v},${day}`);
      return { output: ["sku,setting,value,updated", ...around(rnd, rows, line)].join("\n"), line };
    }
    case "table": {
      const line = `| ${label} | ${value} | ${fact.template.system} |`;
      const rows = side.map(([k, v]) => `| ${k} | ${v} | pim |`);
      const output = ["| setting | value | source |", "|---|---|---|", ...around(rnd, rows, line)];
      return { output: output.join("\n"), line };
    }
    case "log": {
      const line = `${stamp(rnd)} INFO ${fact.template.system}-sync applied ${label} = ${value} (rev ${rev})`;
      const rows = [
        `${stamp(rnd)} INFO ${fact.template.system}-sync batch started, 312 records`,
        `${stamp(rnd)} WARN ${fact.template.system}-sync retrying ${sku} after 429 from upstream`,
        `${stamp(rnd)} INFO ${fact.template.system}-sync batch done in 4.8s`,
      ];
      return { output: around(rnd, rows, line).join("\n"), line };
    }
    case "http": {
      const line = `{"sku":"${sku}","label":"${label}","value":"${value}","rev":${rev}}`;
      const output = [
        "HTTP/1.1 200 OK",
        "content-type: application/json; charset=utf-8",
        `etag: W/"${sku.toLowerCase()}-${rev}"`,
        `x-request-id: req_${rnd.int(100000, 999999)}`,
        "",
        line,
      ];
      return { output: output.join("\n"), line };
    }
    case "logfmt": {
      const line = `setting="${label}" value="${value}" env=prod rev=${rev}`;
      const rows = side.map(([k, v]) => `setting="${k}" value="${v}" env=prod rev=${rev - 1}`);
      return { output: around(rnd, rows, line).join("\n"), line };
    }
    case "ticket": {
      const line = `Confirming for the record: the ${label} is ${value}, please make sure the listings agree.`;
      const output = [
        `Ticket SUP-${rnd.int(4000, 4999)} (internal, opened ${stamp(rnd)})`,
        "From: Jonas Brandt <jonas.brandt@lethe-home.example>",
        `Subject: ${fact.template.item} data check`,
        "",
        "Hi team,",
        line,
        "Thanks, Jonas",
      ];
      return { output: output.join("\n"), line };
    }
    case "sql": {
      const rows = around<[string, string]>(rnd, side, [label, value]);
      const width = Math.max(7, ...rows.map(([k]) => k.length));
      const valueWidth = Math.max(5, ...rows.map(([, v]) => v.length));
      const row = ([k, v]: [string, string]) =>
        ` ${sku} | ${k.padEnd(width)} | ${v.padEnd(valueWidth)}`.trimEnd();
      const output = [
        ` sku${" ".repeat(sku.length - 3)} | ${"setting".padEnd(width)} | value`,
        `-${"-".repeat(sku.length)}-+-${"-".repeat(width)}-+-${"-".repeat(valueWidth)}`,
        ...rows.map(row),
        `(${rows.length} rows)`,
      ];
      return { output: output.join("\n"), line: row([label, value]).trim() };
    }
    case "chat": {
      const line = `[${rnd.int(9, 12)}:${rnd.int(10, 59)}] Maya Okonkwo: ${label} is ${value}, that's locked`;
      const output = [
        "#merch-ops (last 4 messages)",
        `[08:${rnd.int(10, 59)}] Ruth Adeyemi: morning, competitor scrape is in the drive`,
        line,
        `[12:${rnd.int(10, 59)}] Ruth Adeyemi: noted`,
        `[13:${rnd.int(10, 59)}] Maya Okonkwo: I'm in reviews until 3, ping me if the feed breaks`,
      ];
      return { output: output.join("\n"), line };
    }
  }
}

/** The tool that owns a fact's system, for a read of its record. */
export function readTool(fact: Fact): string {
  return {
    pim: "pim.get_attributes",
    pricing: "pricing.get_rules",
    warehouse: "inventory.get_item",
    search: "search.get_ranking_config",
    support: "support.get_policy",
    flags: "flags.describe",
  }[fact.template.system];
}

/** The tool that reads a format's source, or the owner's tool for plain records. */
export function toolFor(format: OutputFormat, fact: Fact): string {
  switch (format) {
    case "log":
      return "logs.tail";
    case "ticket":
      return "support.get_ticket";
    case "chat":
      return "chat.history";
    case "csv":
      return "catalogue.export_csv";
    case "sql":
      return "db.query";
    case "http":
      return "http.request";
    default:
      return readTool(fact);
  }
}

/** Arguments that look like the ones the tool would get. */
export function toolArgs(format: OutputFormat, fact: Fact, rnd: Rng): Record<string, unknown> {
  switch (format) {
    case "log":
      return { service: `${fact.template.system}-sync`, lines: 4 };
    case "ticket":
      return { queue: "internal", search: fact.template.item };
    case "chat":
      return { channel: "#merch-ops", limit: 4 };
    case "http":
      return {
        method: "GET",
        url: `https://api.internal/${fact.template.system}/v2/${fact.template.sku}`,
      };
    case "csv":
      return { sku: fact.template.sku, columns: ["setting", "value", "updated"] };
    case "sql":
      return {
        sql: `select sku, setting, value from ${fact.template.system}_settings where sku = '${fact.template.sku}'`,
      };
    default:
      return { sku: fact.template.sku, include: "settings", page: rnd.int(1, 3) };
  }
}
