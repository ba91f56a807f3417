// How the "sealed-13" family states a planted value: first statements (prose, TMS
// JSON, CSV exports, TMS tables, customer e-mail, rate cards, driver chat, incident
// fields, GraphQL) and updates (a "now", another verb, a correction, a value changed
// only in a later tool result, a unit or clock-format switch, an accepted proposal,
// e-mail, incident comments, a re-export, a dispatcher's chat line). Used by
// corpora/compression-sealed-13.ts; the form names are checked by its test.
import {
  BlockBuilder,
  clock,
  inProse,
  intIn,
  pickOf,
  tag,
  type Block,
  type FormContext,
} from "./compression-sealed-13-kit.ts";

export interface Form {
  name: string;
  make(ctx: FormContext): Block;
}

const OTHER_SETTINGS: readonly [string, string][] = [
  ["default_pallet_type", "EUR1"],
  ["tail_lift_required", "false"],
  ["adr_class_allowed", "none"],
  ["pod_photo_required", "true"],
  ["max_stops_per_route", "7"],
  ["temperature_logging", "every 5 min"],
  ["tracking_ping", "every 2 min"],
];

/** A few unrelated settings lines of a pretty-printed JSON object. */
function otherSettings(rnd: () => number): string[] {
  const start = intIn(rnd, 0, OTHER_SETTINGS.length - 3);
  return OTHER_SETTINGS.slice(start, start + 3).map(([k, v]) => `  "${k}": "${v}",`);
}

const CUSTOMERS = ["Nordvik Retail", "Castell Foods", "Brightwell Pharma", "Valdes Fruit"];
const DRIVERS = ["Marek", "Ioana", "Pieter", "Luca", "Agnieszka", "Tomas"];

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "first-user-prose",
    make: (c) =>
      new BlockBuilder().user(
        inProse(
          "Before we start on tonight's plan, some ground rules. ",
          tag("v", `The ${c.s} is ${c.v}, that is what the customer signed.`),
          " Keep that in mind when you sequence the loads.",
        ),
      ).block,
  },
  {
    name: "first-tms-json",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Pulling the lane settings from the TMS.",
        "tms.get_settings",
        { scope: "network", include: "operational" },
        "{",
        ...otherSettings(c.rnd),
        tag("v", `  "${c.s}": "${c.v}",`),
        `  "revision": ${intIn(c.rnd, 30, 90)}`,
        "}",
      ).block,
  },
  {
    name: "first-csv-export",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Exporting the planning parameters as CSV.",
        "tms.export_csv",
        { table: "planning_parameters" },
        "parameter,value,owner,updated",
        `max_stops_per_route,7,planning,2026-10-${intIn(c.rnd, 10, 28)}`,
        tag("v", `"${c.s}",${c.v},planning,2026-10-${intIn(c.rnd, 10, 28)}`),
        `tracking_ping,2 min,telematics,2026-09-${intIn(c.rnd, 10, 28)}`,
      ).block,
  },
  {
    name: "first-tms-table",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Listing the active operating rules.",
        "tms.rules",
        { status: "active" },
        "| rule | value | status |",
        "|------|-------|--------|",
        "| POD photo on delivery | required | active |",
        tag("v", `| ${c.s} | ${c.v} | active |`),
        "| ADR loads on shuttle routes | not allowed | active |",
      ).block,
  },
  {
    name: "first-customer-email",
    make: (c) =>
      new BlockBuilder().user(
        "Pasting the customer's mail so you have it:",
        "",
        `From: logistics@${pickOf(c.rnd, CUSTOMERS).toLowerCase().replace(/\s+/g, "")}.example`,
        "Subject: Operating agreement for Q4",
        "",
        "Hello dispatch team,",
        tag("v", `As agreed in the review, the ${c.s} is ${c.v} from Monday onwards.`),
        "Please confirm by return.",
        "Kind regards, Anna",
      ).block,
  },
  {
    name: "first-rate-card",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Looking it up on the Q4 rate card.",
        "ratecards.lookup",
        { card: "RC-2026-Q4" },
        "card       | item | amount | validity",
        "RC-2026-Q4 | waiting time per hour | EUR 45 | 2026-10-01..2026-12-31",
        tag("v", `RC-2026-Q4 | ${c.s} | ${c.v} | 2026-10-01..2026-12-31`),
      ).block,
  },
  {
    name: "first-driver-chat",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Reading the driver thread.",
        "driverapp.thread",
        { channel: "dispatch", limit: 3 },
        `[${clock(c.rnd)}] ${pickOf(c.rnd, DRIVERS)}: morning, what's the plan for today?`,
        tag("v", `[${clock(c.rnd)}] dispatch: reminder, the ${c.s} is ${c.v}`),
        `[${clock(c.rnd)}] ${pickOf(c.rnd, DRIVERS)}: ok understood 👍`,
      ).block,
  },
  {
    name: "first-incident-field",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Checking the incident record.",
        "incidents.get",
        { id: `INC-${intIn(c.rnd, 4000, 4999)}` },
        `title: late arrival, planning review`,
        `status: open`,
        tag("v", `field ${c.s}: ${c.v}`),
        `assignee: ops.planning`,
      ).block,
  },
  {
    name: "first-graphql",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Querying the planning API.",
        "tms.graphql",
        { query: "{ laneSetting(name: $name) { name value } }" },
        tag("v", `{"data":{"laneSetting":{"name":"${c.s}","value":"${c.v}"}}}`),
      ).block,
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "update-now",
    make: (c) =>
      new BlockBuilder().user(
        inProse("Heads-up from the ops call. ", tag("v", `The ${c.s} is now ${c.v}.`), ""),
      ).block,
  },
  {
    name: "update-other-verb",
    make: (c) =>
      new BlockBuilder().assistant(
        inProse(
          "I spoke to the planner on duty. ",
          tag("v", `Planning has moved the ${c.s} to ${c.v}`),
          ", and I have re-sequenced the affected loads.",
        ),
      ).block,
  },
  {
    name: "update-correction",
    make: (c) =>
      new BlockBuilder().user(
        inProse(
          "Sorry, I misread the sheet this morning: ",
          tag("v", `the ${c.s} is ${c.v}, not ${c.old}.`),
          " My mistake.",
        ),
      ).block,
  },
  {
    name: "update-tool-only",
    make: (c) =>
      new BlockBuilder()
        .tool(
          c,
          "Refreshing the lane settings after the overnight sync.",
          "tms.get_settings",
          { scope: "network", include: "operational" },
          "{",
          ...otherSettings(c.rnd),
          tag("v", `  "${c.s}": "${c.v}",`),
          `  "revision": ${intIn(c.rnd, 91, 140)},`,
          `  "last_modified_by": "sync-job"`,
          "}",
        )
        .assistant("Nothing in there blocks the second wave, moving on.").block,
  },
  {
    name: "update-format-switch",
    make: (c) =>
      new BlockBuilder().assistant(
        inProse(
          "The customer's new portal reports in its own units and clock, and the change is real: ",
          tag("v", `their portal now shows the ${c.s} as ${c.v}.`),
          " I have mirrored that in the TMS.",
        ),
      ).block,
  },
  {
    name: "update-accepted-proposal",
    make: (c) =>
      new BlockBuilder()
        .assistant(
          inProse(
            "",
            tag("v", `Proposal: set the ${c.s} to ${c.v}`),
            " so the second wave fits without overtime.",
          ),
        )
        .user("Approved, go with that.").block,
  },
  {
    name: "update-email",
    make: (c) =>
      new BlockBuilder().user(
        "New mail from the customer:",
        "",
        "Subject: RE: Operating agreement for Q4",
        "",
        "Hi all,",
        tag("v", `we have agreed internally to change the ${c.s} to ${c.v} with immediate effect.`),
        "Thanks, Anna",
      ).block,
  },
  {
    name: "update-incident-comment",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Reading the latest comments on the incident.",
        "incidents.comments",
        { id: `INC-${intIn(c.rnd, 5000, 5999)}` },
        `#1 dispatch (${clock(c.rnd)}): driver reported a queue at the gate`,
        `#2 site.lead (${clock(c.rnd)}): crane outage confirmed, fix expected tomorrow`,
        tag("v", `#3 ops.lead (${clock(c.rnd)}): after the outage the ${c.s} changed to ${c.v}`),
      ).block,
  },
  {
    name: "update-csv-reexport",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Re-exporting the planning parameters to check what changed.",
        "tms.export_csv",
        { table: "planning_parameters" },
        "parameter,value,owner,updated",
        tag("v", `"${c.s}",${c.v},planning,2026-11-${intIn(c.rnd, 10, 27)}`),
        `tracking_ping,2 min,telematics,2026-09-${intIn(c.rnd, 10, 28)}`,
      ).block,
  },
  {
    name: "update-driver-chat",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Checking what dispatch told the drivers.",
        "driverapp.thread",
        { channel: "dispatch", limit: 2 },
        tag("v", `[${clock(c.rnd)}] dispatch: new instruction, the ${c.s} is ${c.v} from tonight`),
        `[${clock(c.rnd)}] ${pickOf(c.rnd, DRIVERS)}: noted`,
      ).block,
  },
];
