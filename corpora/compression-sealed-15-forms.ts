// How the "sealed-15" compression family states a planted value: first statements and
// updates, each a beat from the publisher's session (e-mail, chat, the title-management
// record, a print-vendor quote, the ONIX-like retailer feed, a typesetting build log, a
// calendar entry, a spreadsheet export, a proofreading ticket, prose). Every form puts
// the subject and the value on one line. Used by corpora/compression-sealed-15.ts.
import {
  proseStatement,
  say,
  toolStatement,
  type Beat,
  type Kit,
} from "./compression-sealed-15-beat.ts";

export interface Form {
  name: string;
  make(s: string, v: string, old: string, k: Kit): Beat;
}

const TITLE = "The Salt Archive";
const WORK = "SA-2027-041";

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "editor-email",
    make: (s, v, _o, k) => {
      const line = `> Hi both, locking things down before the launch meeting. The ${s} is ${v}; please reflect it everywhere.`;
      return {
        messages: [
          say(
            "user",
            [
              "Forwarding this from Hannah so it is in one place:",
              "> From: Hannah Vo <hannah.vo@larkspur-press.example>",
              `> Sent: ${k.pick(["Mon", "Tue", "Wed", "Thu"])} ${k.clock()}`,
              `> Subject: Re: ${TITLE} production schedule`,
              ">",
              line,
              "> Thanks, H",
            ].join("\n"),
          ),
        ],
        statement: { line, at: 0 },
      };
    },
  },
  {
    name: "title-record",
    make: (s, v, _o, k) =>
      toolStatement(
        "tms_get_title",
        { work: WORK },
        "Pulling the title record from the title-management system.",
        [
          `work_id: ${WORK}`,
          `title: ${TITLE}`,
          `imprint: Larkspur Press`,
          `status: in production`,
          `production_notes:`,
        ],
        `  - ${s}: ${v}`,
        [`  - files: ${k.int(3, 9)} attached`, `last_modified_by: r.banerjee`],
      ),
  },
  {
    name: "vendor-quote",
    make: (s, v, _o, k) =>
      toolStatement(
        "vendor_portal_get_quote",
        { quote: `Q-${k.int(1000, 1999)}` },
        "Opening the print-vendor quote.",
        [
          `Quote Q-${k.int(1000, 1999)} · Lakeside Book Manufacturing`,
          `| Item | Spec | Status |`,
          `|---|---|---|`,
        ],
        `| ${s} | ${v} | quoted |`,
        [`| binding | case-bound, Smyth-sewn | quoted |`, `| freight | FOB plant | estimate |`],
      ),
  },
  {
    name: "onix-note",
    make: (s, v, _o, k) =>
      toolStatement(
        "metadata_feed_preview",
        { work: WORK, format: "onix" },
        "Previewing the retailer feed.",
        [
          `<Product>`,
          `  <RecordReference>lark-${k.int(10000, 99999)}</RecordReference>`,
          `  <NotificationType>03</NotificationType>`,
        ],
        `  <ProductNote type="production">${s}: ${v}</ProductNote>`,
        [`  <PublishingStatus>02</PublishingStatus>`, `</Product>`],
      ),
  },
  {
    name: "build-log",
    make: (s, v, _o, k) =>
      toolStatement(
        "typeset_build",
        { target: "proof" },
        "Kicking off a proof build.",
        [
          `[${k.clock()}:02] INFO  loading spec sheet r${k.int(2, 6)}`,
          `[${k.clock()}:03] INFO  fonts: Lyon Text, Atlas Grotesk`,
        ],
        `[${k.clock()}:04] INFO  spec: ${s} = ${v}`,
        [
          `[${k.clock()}:09] INFO  pass 2 of 3 complete`,
          `[${k.clock()}:11] INFO  wrote build/proof.pdf`,
        ],
      ),
  },
  {
    name: "calendar-entry",
    make: (s, v, _o, k) =>
      toolStatement(
        "calendar_list",
        { calendar: "production" },
        "Checking the production calendar.",
        [
          `Thu ${k.int(2, 28)} ${k.pick(["Jan", "Feb"])}  ${k.clock()}  Cover review (Keiko, Hannah)`,
        ],
        `Fri ${k.int(2, 28)} ${k.pick(["Jan", "Feb"])}  ${k.clock()}  Production sync. Agreed: ${s} at ${v}`,
        [`Mon ${k.int(2, 28)} ${k.pick(["Jan", "Feb"])}  ${k.clock()}  Sales conference dry run`],
      ),
  },
  {
    name: "sheet-export",
    make: (s, v) =>
      toolStatement(
        "sheets_export",
        { sheet: "P&L assumptions", format: "csv" },
        "Exporting the P&L assumptions sheet.",
        [
          `"item","value","status","owner"`,
          `"format","hardback + trade paperback","approved","H. Vo"`,
        ],
        `"${s}","${v}","approved","R. Banerjee"`,
        [`"returns reserve","see finance","draft","finance"`],
      ),
  },
  {
    name: "agent-chat",
    make: (s, v, _o, k) => {
      const line = `[${k.clock()}] Dana Mirel (agent): the rider we signed puts the ${s} at ${v}`;
      return {
        messages: [
          say(
            "user",
            [
              "Pasting from the chat with the author's agent:",
              line,
              `[${k.clock()}] you: thanks, noted`,
            ].join("\n"),
          ),
        ],
        statement: { line, at: 0 },
      };
    },
  },
  {
    name: "assistant-reading",
    make: (s, v) =>
      proseStatement(
        "assistant",
        "I read through the production brief.",
        `According to the brief, the ${s} is ${v}.`,
        "I will use that in the schedule.",
      ),
  },
  {
    name: "proof-ticket",
    make: (s, v, _o, k) =>
      toolStatement(
        "proof_tracker_get",
        { ticket: `PRF-${k.int(100, 400)}` },
        "Looking at the proofreading ticket.",
        [`PRF-${k.int(100, 400)}  status: open  assignee: j.osei`, `comments:`],
        `  (Hannah) for the record, the ${s} is ${v}`,
        [`  (j.osei) ack, working through chapter ${k.int(3, 19)}`],
      ),
  },
  {
    name: "user-decision",
    make: (s, v) =>
      proseStatement(
        "user",
        "Ok, decision time on one item.",
        `Let's lock ${v} for the ${s}.`,
        "No need to circle back on it.",
      ),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now",
    make: (s, v) =>
      proseStatement(
        "user",
        "Heads-up from this morning's call.",
        `The ${s} is now ${v}.`,
        "Please update anything that depends on it.",
      ),
  },
  {
    name: "verb-paraphrase",
    make: (s, v) =>
      proseStatement(
        "user",
        "",
        `After the costing meeting Rafael switched the ${s} over to ${v}.`,
        "They were firm about it.",
      ),
  },
  {
    name: "correction",
    make: (s, v, old) =>
      proseStatement(
        "assistant",
        "I need to correct myself.",
        `I had the ${s} wrong earlier: it is ${v}, not ${old}.`,
        "Sorry for the confusion.",
      ),
  },
  {
    name: "accepted-proposal",
    make: (s, v) => {
      const line = `Proposal: we move the ${s} to ${v}, which keeps us inside the costing.`;
      return {
        messages: [
          say("assistant", `${line} Shall I make the change?`),
          say("user", "Yes, approved. Go ahead and make that change."),
        ],
        statement: { line, at: 0 },
      };
    },
  },
  {
    name: "record-only-change",
    make: (s, v, _o, k) =>
      toolStatement(
        "tms_get_title",
        { work: WORK },
        "Re-reading the title record before I touch the feed.",
        [`work_id: ${WORK}`, `title: ${TITLE}`, `status: in production`, `production_notes:`],
        `  - ${s}: ${v}   # edited by r.banerjee ${k.int(1, 5)}h ago`,
        [`last_modified_by: r.banerjee`],
      ),
  },
  {
    name: "revised-quote",
    make: (s, v, _o, k) =>
      toolStatement(
        "vendor_portal_get_quote",
        { quote: "latest" },
        "Checking the vendor portal for the latest quote.",
        [
          `Quote Q-${k.int(2000, 2999)} (REVISED, supersedes all earlier quotes)`,
          `| Item | Spec | Status |`,
          `|---|---|---|`,
        ],
        `| ${s} | ${v} | accepted by Larkspur |`,
        [`| proofs | digital + 1 wet proof | included |`],
      ),
  },
  {
    name: "agent-email",
    make: (s, v) => {
      const line = `> Per our call this morning, the ${s} will be ${v} going forward.`;
      return {
        messages: [
          say(
            "user",
            ["New mail from Dana (the author's agent):", "> Hello all,", line, "> Best, Dana"].join(
              "\n",
            ),
          ),
        ],
        statement: { line, at: 0 },
      };
    },
  },
  {
    name: "onix-resend",
    make: (s, v, _o, k) =>
      toolStatement(
        "metadata_feed_preview",
        { work: WORK, format: "onix", revision: "current" },
        "Previewing the feed revision that went out today.",
        [`<!-- feed revision ${k.int(4, 9)}, transmitted today -->`, `<Product>`],
        `  <ProductNote type="production">${s}: ${v}</ProductNote>`,
        [`</Product>`],
      ),
  },
  {
    name: "terse-chat",
    make: (s, v, _o, k) => {
      const line = `[${k.clock()}] hannah.vo: ${s} -> ${v}. final.`;
      return {
        messages: [say("user", ["From the #production channel:", line].join("\n"))],
        statement: { line, at: 0 },
      };
    },
  },
  {
    name: "build-log-change",
    make: (s, v, old, k) =>
      toolStatement(
        "typeset_build",
        { target: "proof", spec: "latest" },
        "Rebuilding the proof against the new spec sheet.",
        [`[${k.clock()}:01] INFO  loading spec sheet r${k.int(7, 9)}`],
        `[${k.clock()}:02] WARN  spec changed: ${s} ${old} => ${v}`,
        [
          `[${k.clock()}:08] INFO  reflowed ${k.int(12, 40)} pages`,
          `[${k.clock()}:09] INFO  wrote build/proof.pdf`,
        ],
      ),
  },
  {
    name: "calendar-moved",
    make: (s, v, _o, k) =>
      toolStatement(
        "calendar_list",
        { calendar: "production", changed: true },
        "Checking what changed on the calendar.",
        [`Changes since yesterday:`],
        `  UPDATED  Production sync note: ${s} now ${v}`,
        [`  ADDED    ${k.pick(["Tue", "Wed"])} ${k.clock()}  Jacket copy sign-off`],
      ),
  },
];

/** A later restatement of the current value, after a decoy re-showed an old one. */
export const RESTATE: Form = {
  name: "restate",
  make: (s, v) =>
    proseStatement(
      "assistant",
      "To avoid any mix-up with that old copy:",
      `the ${s} stays at ${v}, as last agreed.`,
      "",
    ),
};
