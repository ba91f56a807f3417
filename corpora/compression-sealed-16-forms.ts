// The ways the "sealed-16" family states a study parameter: first statements, updates,
// re-printed superseded copies, re-confirmations, look-alikes, turned-down proposals and
// value-free mentions, as a CRA, a data manager, site staff and the EDC/CTMS tools write
// them (the echoes around them are in corpora/compression-sealed-16-echoes.ts). A form gives a piece: prose for the user or the assistant, or a whole tool result,
// with the lines that state a value. Used by corpora/compression-sealed-16.ts.
import { CRA_NAMES, SITES, STAFF_NAMES } from "./compression-sealed-16-filler.ts";

/** Where a piece goes in its beat. */
export type Channel = "user" | "reply" | "tool";

/** A line of a piece that states value `value` (an index into the fact's values). */
export interface Said {
  line: string;
  value: number;
}

export interface Piece {
  form: string;
  channel: Channel;
  text: string;
  says: Said[];
  /** For tool pieces: the tool's name, its arguments and the assistant's words when calling it. */
  tool?: { name: string; args: Record<string, unknown>; intro: string };
}

/** What a form is given: the subject, the value it states (and its index), the value before. */
export interface FormInput {
  s: string;
  v: string;
  vi: number;
  o: string;
  pick: <T>(list: readonly T[]) => T;
  date: string;
}

export interface Form {
  name: string;
  make(input: FormInput): Piece;
}

/** A subject at the start of a line: first letter upper-cased unless it is an acronym's. */
export const lead = (s: string) => (/^[a-z]{2}/.test(s) ? s[0]?.toUpperCase() + s.slice(1) : s);

export const prose = (form: string, channel: Channel, line: string, value: number): Piece => ({
  form,
  channel,
  text: line,
  says: value < 0 ? [] : [{ line, value }],
});

export function email(i: FormInput, subjectLine: string, body: string): string {
  const site = i.pick(SITES);
  const from = i.pick(STAFF_NAMES);
  return [
    `From: ${from} <${from.split(" ")[0]?.toLowerCase()}@${site.domain}>`,
    `To: ${i.pick(CRA_NAMES)} <cra.team@zx4471-study.org>`,
    `Date: ${i.date} ${i.pick(["08:47", "09:15", "11:02", "14:30", "16:58"])}`,
    `Subject: ${subjectLine}`,
    ``,
    `Hello,`,
    ``,
    body,
    ``,
    `Let me know if the monitoring team needs anything else before the next visit.`,
    ``,
    `Kind regards,`,
    from,
    `${site.name}, study coordinator`,
  ].join("\n");
}

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "dmp-quote",
    make: (i) =>
      prose("dmp-quote", "user", `Per the Data Management Plan, the ${i.s} is ${i.v}.`, i.vi),
  },
  {
    name: "terse-fyi",
    make: (i) =>
      prose(
        "terse-fyi",
        "user",
        `fyi the ${i.s} is ${i.v}, confirmed with the sponsor this morning`,
        i.vi,
      ),
  },
  {
    name: "named-then-pronoun",
    make: (i) =>
      prose(
        "named-then-pronoun",
        "user",
        `I looked up the ${i.s} in the study reference binder. It's ${i.v} for this protocol.`,
        i.vi,
      ),
  },
  {
    name: "assistant-noted",
    make: (i) =>
      prose(
        "assistant-noted",
        "reply",
        `Noted: I'll use ${i.v} as the ${i.s} when I build the listing checks.`,
        i.vi,
      ),
  },
  {
    name: "site-email",
    make: (i) => {
      const line = `As agreed at the initiation visit, the ${i.s} for this study is ${i.v}.`;
      return {
        form: "site-email",
        channel: "tool",
        text: email(i, "RE: Study parameters for the site file", line),
        says: [{ line, value: i.vi }],
        tool: {
          name: "mail_read",
          args: { folder: "ZX-4471/sites", unread: true },
          intro: "Reading the newest site e-mail in the study inbox.",
        },
      };
    },
  },
  {
    name: "config-report",
    make: (i) => {
      const line = `${lead(i.s)}: ${i.v}`;
      return {
        form: "config-report",
        channel: "tool",
        text: [
          `Study Configuration Report - ZX-4471 (EDC production)`,
          `Generated ${i.date} 07:02 UTC by svc_reporting`,
          ``,
          `Auto-query on missing required fields: On`,
          `Query aging alert: 14 days`,
          line,
          `Signature required for casebook lock: Yes`,
          `Partial dates allowed on AE onset: Yes (day only)`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "edc_study_config",
          args: { env: "prod", section: "parameters" },
          intro: "Pulling the study configuration report from the EDC.",
        },
      };
    },
  },
  {
    name: "ctms-csv",
    make: (i) => {
      const line = `${i.s},${i.v},${i.pick(CRA_NAMES).split(" ")[1]?.toLowerCase()},${i.date}`;
      return {
        form: "ctms-csv",
        channel: "tool",
        text: [
          `parameter,value,updated_by,updated_at`,
          `site activation goal,18 sites,pmo,2026-07-01`,
          line,
          `visit report due,within a week of the visit,pmo,2026-07-01`,
          `(3 rows)`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "ctms_query",
          args: { table: "study_parameters", where: "active = true" },
          intro: "Checking the CTMS study parameter table.",
        },
      };
    },
  },
  {
    name: "meeting-minutes",
    make: (i) => {
      const line = `- Decision: ${i.s} agreed at ${i.v} (owner: ${i.pick(CRA_NAMES)}).`;
      return {
        form: "meeting-minutes",
        channel: "tool",
        text: [
          `Data Review Meeting - minutes, ${i.date}`,
          `Attendees: sponsor DM lead, lead CRA, biostatistics, safety`,
          ``,
          `1. Open query ageing reviewed; sites with queries older than a month flagged.`,
          line,
          `- Action: circulate the updated edit-check specification to the EDC vendor.`,
          `2. Next meeting in two weeks.`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "docs_read",
          args: { path: "TMF/05-data-management/DRM-minutes-latest.docx" },
          intro: "Opening the latest data review meeting minutes.",
        },
      };
    },
  },
  {
    name: "protocol-excerpt",
    make: (i) => {
      const line = `The ${i.s} is ${i.v}; any change requires a protocol amendment or a note to file.`;
      return {
        form: "protocol-excerpt",
        channel: "tool",
        text: [
          `ZX-4471 Clinical Study Protocol - Section 9.2 Study conduct (p. 58 of 112)`,
          ``,
          `9.2.1 Investigators must record all data in the eCRF from source documents kept at the site.`,
          line,
          `9.2.2 Deviations are reported to the sponsor through the deviation tracker.`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "docs_search",
          args: { corpus: "protocol", query: i.s },
          intro: "Searching the protocol for that.",
        },
      };
    },
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "chat-export",
    make: (i) => {
      const line = `[${i.pick(["10:42", "13:05", "15:27"])}] ${i.pick(STAFF_NAMES)}: sponsor just confirmed the ${i.s} moves to ${i.v}, they will send the memo later`;
      return {
        form: "chat-export",
        channel: "tool",
        text: [
          `#zx4471-site-support (export, ${i.date})`,
          `[09:58] ${i.pick(CRA_NAMES)}: morning all, visit letters for this week are out`,
          `[10:14] ${i.pick(STAFF_NAMES)}: we still have two pages locked on the AE form, can someone unlock?`,
          line,
          `[16:02] ${i.pick(CRA_NAMES)}: thanks, noted`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "chat_export",
          args: { channel: "zx4471-site-support", day: i.date },
          intro: "Exporting today's site-support channel.",
        },
      };
    },
  },
  {
    name: "heads-up-now",
    make: (i) =>
      prose(
        "heads-up-now",
        "user",
        `Heads up, the ${i.s} is now ${i.v} after the sponsor call.`,
        i.vi,
      ),
  },
  {
    name: "correction",
    make: (i) =>
      prose(
        "correction",
        "user",
        `Correction to what I told you earlier: the ${i.s} is ${i.v}, not ${i.o}.`,
        i.vi,
      ),
  },
  {
    name: "amendment-pronoun",
    make: (i) =>
      prose(
        "amendment-pronoun",
        "user",
        `I went back to the amendment summary for the ${i.s}. It changes to ${i.v} from the next visit onward.`,
        i.vi,
      ),
  },
  {
    name: "ok-go-with",
    make: (i) => prose("ok-go-with", "user", `ok go with ${i.v} for the ${i.s} then`, i.vi),
  },
  {
    name: "going-forward",
    make: (i) =>
      prose(
        "going-forward",
        "reply",
        `Understood, going forward I'll treat ${i.v} as the ${i.s} in the edit checks and the listings.`,
        i.vi,
      ),
  },
  {
    name: "sponsor-email-revised",
    make: (i) => {
      const line = `Please note that, effective today, the ${i.s} has been revised to ${i.v}.`;
      return {
        form: "sponsor-email-revised",
        channel: "tool",
        text: email(i, "Study notification: parameter change", line),
        says: [{ line, value: i.vi }],
        tool: {
          name: "mail_read",
          args: { folder: "ZX-4471/sponsor", unread: true },
          intro: "There is a new sponsor notification; reading it.",
        },
      };
    },
  },
  {
    name: "dmp-diff",
    make: (i) => {
      const before = `- ${lead(i.s)}: ${i.o}`;
      const after = `+ ${lead(i.s)}: ${i.v}`;
      return {
        form: "dmp-diff",
        channel: "tool",
        text: [
          `Comparing DMP v2.0 -> v2.1 (tracked changes only)`,
          `@@ Section 5.4 Study-specific conventions @@`,
          `  Dates are entered as DD-MMM-YYYY; unknown day is entered as UN.`,
          before,
          after,
          `  Queries are raised in English only.`,
          `1 change in 1 section`,
        ].join("\n"),
        says: [
          { line: before, value: i.vi - 1 },
          { line: after, value: i.vi },
        ],
        tool: {
          name: "docs_compare",
          args: { left: "DMP_v2.0.docx", right: "DMP_v2.1.docx" },
          intro: "Comparing the two versions of the Data Management Plan.",
        },
      };
    },
  },
  {
    name: "audit-trail-change",
    make: (i) => {
      const line = `${i.date} 16:41:07 UTC | dm_${i.pick(CRA_NAMES).split(" ")[1]?.toLowerCase()} | STUDY PARAMETER | ${i.s} | "${i.o}" -> "${i.v}" | reason: sponsor instruction`;
      return {
        form: "audit-trail-change",
        channel: "tool",
        text: [
          `timestamp | user | object | field | change | reason`,
          `${i.date} 08:12:55 UTC | mholt | 104-0012 / AE | AESTDTC | "" -> "UN-OCT-2026" | data entry error`,
          line,
          `${i.date} 17:03:19 UTC | dparedes | 211-0007 / VS | SYSBP | "182" -> "128" | transcription error`,
        ].join("\n"),
        says: [{ line, value: i.vi }],
        tool: {
          name: "edc_audit_trail",
          args: { scope: "study", since: i.date },
          intro: "Pulling today's study-level audit trail.",
        },
      };
    },
  },
];
