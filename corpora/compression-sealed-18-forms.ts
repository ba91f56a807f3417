// The statement forms of the "sealed-18" compression family (corpora/compression-sealed-18.ts):
// how an adjuster, a team lead, a loss assessor and the claims tools state a planted value the
// first time and when it changes. Each form returns the message lines and the one line that
// states the value; corpora/compression-sealed-18-shadows.ts holds the forms that echo it.
import type { FactKind, FactTemplate } from "./compression-sealed-18-facts.ts";
import { claimNumber, insuredName, stamp } from "./compression-sealed-18-filler.ts";

export type Channel = "user" | "assistant" | "tool";

export interface Written {
  lines: string[];
  /** The line that names the subject and the value ("" for a mention). */
  sentence: string;
  tool?: { name: string; args: Record<string, unknown> };
}

export interface Form {
  name: string;
  channel: Channel;
  /** Only for facts of these kinds (any kind when absent). */
  kinds?: readonly FactKind[];
  write(f: FactTemplate, value: string, old: string, rnd: () => number): Written;
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const claimArgs = (f: FactTemplate) =>
  f.claim === "" ? { queue: "CAT-DESK" } : { claim: claimNumber(f.claim) };
export const prose = (sentence: string): Written => ({ lines: [sentence], sentence });
export const withLine = (lines: string[], sentence: string, tool: Written["tool"]): Written => ({
  lines,
  sentence: sentence.trim(),
  ...(tool === undefined ? {} : { tool }),
});

export function claimJson(f: FactTemplate, line: string, rnd: () => number): string[] {
  return [
    "{",
    `  "claimNumber": "${f.claim === "" ? "n/a" : claimNumber(f.claim)}",`,
    `  "insured": "${f.claim === "" ? "CAT desk settings" : insuredName(f.claim)}",`,
    `  "lossDate": "2026-11-19",`,
    `  "peril": "WINDSTORM",`,
    `  "status": "OPEN",`,
    `  "keyFigures": [`,
    `    ${line}`,
    `    { "label": "Diary items open", "value": "${1 + Math.floor(rnd() * 6)}" }`,
    "  ],",
    `  "lastActivity": "${stamp(rnd)}"`,
    "}",
  ];
}

function email(from: string, subject: string, body: string, rnd: () => number): string[] {
  return [
    `From: ${from}`,
    "To: Priya Raman <priya.raman@harborline-ins.com>",
    `Sent: ${stamp(rnd)}`,
    `Subject: ${subject}`,
    "",
    "Hi Priya,",
    body,
    "Kind regards,",
    from.replace(/ <.*$/, ""),
  ];
}

export const assessor = "Colin Ashdown <c.ashdown@ashdown-assessors.co>";
export const lead = "Marcus Feld <marcus.feld@harborline-ins.com>";
export const subjectOf = (f: FactTemplate) =>
  f.claim === "" ? "CAT desk settings" : `RE: ${insuredName(f.claim)} - storm damage`;

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "field-note",
    channel: "tool",
    kinds: ["money", "date", "count", "vendor"],
    write: (f, v, _o, rnd) => {
      const line = `${stamp(rnd)}  ${cap(f.subject)}: ${v} (set on site, to be confirmed)`;
      return withLine(
        [
          `FIELD NOTES - ${f.claim === "" ? "CAT desk" : insuredName(f.claim)} - adjuster J. Lindahl`,
          `${stamp(rnd)}  Arrived on site 08:40, insured present, access via rear gate.`,
          line,
          `${stamp(rnd)}  Moisture readings in ${2 + Math.floor(rnd() * 5)} rooms; sketch uploaded.`,
          `${stamp(rnd)}  Photos 1-${20 + Math.floor(rnd() * 40)} uploaded to the claim file.`,
        ],
        line,
        { name: "claims_api.field_notes", args: claimArgs(f) },
      );
    },
  },
  {
    name: "claim-json",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `{ "label": "${f.subject}", "value": "${v}", "source": "claim-system" },`;
      return withLine(claimJson(f, line, rnd), line, {
        name: "claims_api.get_claim",
        args: claimArgs(f),
      });
    },
  },
  {
    name: "lead-bridge",
    channel: "user",
    write: (f, v) =>
      prose(
        `Marcus here on Priya's login: ${f.subject} is ${v}, that's what we agreed on the bridge call.`,
      ),
  },
  {
    name: "export-readout",
    channel: "assistant",
    write: (f, v) => prose(`From the export, the ${f.subject} comes out at ${v}.`),
  },
  {
    name: "pasted-email",
    channel: "user",
    write: (f, v, _o, rnd) => {
      const body =
        f.claim === ""
          ? `For the whole event, the ${f.subject} is ${v} until further notice.`
          : `Following our joint inspection we can confirm the ${f.subject} is ${v}.`;
      const lines = [
        "Pasting the email that came in overnight:",
        ...email(f.claim === "" ? lead : assessor, subjectOf(f), body, rnd),
      ];
      return withLine(lines, body, undefined);
    },
  },
  {
    name: "teams-chat",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const at = stamp(rnd);
      const line = `[${at}] Marcus Feld: ${f.subject} -> ${v}`;
      return withLine(
        [
          `# Teams export: CAT26 Claims Desk, ${at.slice(0, 5)}`,
          `[${at}] Priya Raman: does anyone have the figure from the file?`,
          line,
          `[${at}] Priya Raman: thanks, updating the worksheet`,
          `[${at}] Jo Lindahl: also the tarp invoices are in the shared drive now`,
        ],
        line,
        { name: "teams.export_chat", args: { channel: "CAT26 Claims Desk" } },
      );
    },
  },
  {
    name: "claim-xml",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `<Figure name="${f.subject}" value="${v}" source="CMS"/>`;
      return withLine(
        [
          `<?xml version="1.0" encoding="UTF-8"?>`,
          `<Claim number="${f.claim === "" ? "n/a" : claimNumber(f.claim)}" status="OPEN">`,
          `  <Insured>${f.claim === "" ? "CAT desk" : insuredName(f.claim)}</Insured>`,
          `  <Peril code="WIND" event="Hurricane Odessa"/>`,
          `  ${line}`,
          `  <Diary open="${1 + Math.floor(rnd() * 5)}"/>`,
          `</Claim>`,
        ],
        line,
        { name: "claims_api.get_claim", args: { ...claimArgs(f), format: "xml" } },
      );
    },
  },
  {
    name: "export-csv",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `${f.subject},"${v}",praman,${stamp(rnd)}`;
      return withLine(
        [
          "field,value,updated_by,updated_at",
          `Date of loss,"2026-11-19",system,11/20 06:02`,
          `Cause of loss,"Wind - named storm",praman,11/21 10:15`,
          line,
          `Mortgagee on file,"yes",system,11/20 06:02`,
        ],
        line,
        { name: "claims_api.export_fields", args: { ...claimArgs(f), format: "csv" } },
      );
    },
  },
  {
    name: "terse-user",
    channel: "user",
    write: (f, v) => prose(`${cap(f.subject)}: ${v}. Go with that.`),
  },
  {
    name: "assistant-schedule",
    channel: "assistant",
    write: (f, v) => prose(`Checked against the file: the ${f.subject} is ${v}.`),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "reserve-history",
    channel: "tool",
    kinds: ["money"],
    write: (f, v, old, rnd) => {
      const line = `${stamp(rnd)}  praman   ${f.subject}   ${old} -> ${v}   supplement received`;
      return withLine(
        [
          `RESERVE / FIGURE CHANGE LOG  ${f.claim === "" ? "CAT desk" : claimNumber(f.claim)}`,
          "when         user      line                              change              reason",
          `${stamp(rnd)}  system    Contents (Cov C)                  $0 -> $8,000        initial`,
          line,
          `${stamp(rnd)}  mfeld     Expense (adjusting)               $1,200 -> $1,650    IA invoice`,
        ],
        line,
        { name: "claims_api.reserve_history", args: claimArgs(f) },
      );
    },
  },
  {
    name: "now",
    channel: "user",
    write: (f, v) => prose(`Heads up, the ${f.subject} is now ${v}.`),
  },
  {
    name: "pronoun",
    channel: "assistant",
    write: (f, v) =>
      prose(`I re-read the reinspection report on the ${f.subject}. It now sits at ${v}.`),
  },
  {
    name: "correction",
    channel: "user",
    write: (f, v, old) => prose(`Sorry, I meant ${v} for the ${f.subject}, not ${old}.`),
  },
  {
    name: "email-update",
    channel: "user",
    write: (f, v, _o, rnd) => {
      const body = `Please note the ${f.subject} has been revised to ${v} following our review of the supplement.`;
      const lines = [
        "This just came in, can you update the worksheet?",
        ...email(f.claim === "" ? lead : assessor, subjectOf(f), body, rnd),
      ];
      return withLine(lines, body, undefined);
    },
  },
  {
    name: "json-patch",
    channel: "tool",
    write: (f, v, old, rnd) => {
      const line = `{ "label": "${f.subject}", "previous": "${old}", "current": "${v}" }`;
      return withLine(
        [
          "HTTP/1.1 200 OK",
          "{",
          '  "updated": true,',
          '  "changes": [',
          `    ${line}`,
          "  ],",
          `  "auditId": "AUD-${100000 + Math.floor(rnd() * 800000)}"`,
          "}",
        ],
        line,
        { name: "claims_api.patch_claim", args: { ...claimArgs(f), field: "keyFigures" } },
      );
    },
  },
  {
    name: "teams-approval",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const at = stamp(rnd);
      const line = `[${at}] Marcus Feld: approved, ${f.subject} goes to ${v}`;
      return withLine(
        [
          `# Teams export: CAT26 Claims Desk, ${at.slice(0, 5)}`,
          `[${at}] Priya Raman: @Marcus need your ok on the change we discussed`,
          line,
          `[${at}] Priya Raman: 👍 will diary it`,
        ],
        line,
        { name: "teams.export_chat", args: { channel: "CAT26 Claims Desk" } },
      );
    },
  },
  {
    name: "going-forward",
    channel: "assistant",
    write: (f, v) => prose(`Going forward I'll use ${v} as the ${f.subject} in the worksheets.`),
  },
  {
    name: "lead-approval",
    channel: "user",
    write: (f, v) => prose(`Marcus signed off this morning: ${v} for the ${f.subject}.`),
  },
  {
    name: "diary-entry",
    channel: "tool",
    write: (f, v, _o, rnd) => {
      const line = `${stamp(rnd)}  MFELD   Updated ${f.subject} to ${v}; insured notified by phone.`;
      return withLine(
        [
          "DIARY  (newest last)",
          `${stamp(rnd)}  PRAMAN  Left voicemail for insured re: inspection access.`,
          `${stamp(rnd)}  PRAMAN  Requested mortgagee letter.`,
          line,
        ],
        line,
        { name: "claims_api.diary", args: claimArgs(f) },
      );
    },
  },
];
