// Filler of the "sealed-31" compression family (corpora/compression-sealed-31.ts): the user's
// and assistant's chatter in a discovery session and the bodies of its tool outputs (docket
// exports, review-platform CSV, vendor JSON, calendar entries, court orders, opposing-counsel
// emails, matter notes, Teams exports). No filler line names a planted subject.
import type { ToolKind } from "./compression-sealed-31-forms.ts";

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export const USER_CHATTER = [
  "Can you pull the latest docket export for Harlow v. Acme?",
  "Dana wants a clean status memo before the partner call at four.",
  "Please check whether batch 14 came back from the contract reviewers.",
  "The client's GC asked again about the cost of the review so far.",
  "I need the privilege log entries for the Kowalski emails flagged for a second look.",
  "Let's make sure nothing on the calendar conflicts with the trial in Newark.",
  "Opposing counsel sent another meet-and-confer letter; can you summarise it?",
  "Marcus is out tomorrow, so route any docketing questions to me.",
  "Can you reconcile the vendor invoice against the hosted volume report?",
  "Pull the Teams thread from last week about the search terms.",
  "How many documents are still unreviewed in the hot set?",
  "Draft a short reply to Kessler Pratt, nothing committal.",
  "Is the clawback letter out yet?",
  "Check whether the court has ruled on the motion to compel.",
  "Let's look at the deposition outlines after lunch.",
  "Thanks, that's what I needed.",
  "Hold off on sending that until Dana signs off.",
  "Can you list the custodians whose mailboxes are still processing?",
];

export const ASSISTANT_CHATTER = [
  "Here's what I found in the export.",
  "I pulled the latest version and compared it with what we have in the tracker.",
  "Nothing new on the docket since yesterday's minute entry.",
  "The review platform shows the overnight batches were checked in.",
  "I flagged three entries that look like they need a privilege call.",
  "The vendor's invoice lines up with the hosted volume except for one processing charge.",
  "I drafted the reply and left it in the shared folder for Dana.",
  "The meet-and-confer letter mostly repeats their position on search terms.",
  "I did not change anything in the platform; this is read-only.",
  "Two of the calendar entries were duplicates and I removed one.",
  "The court has not ruled on the motion to compel yet.",
  "I'll keep watching the docket for the minute order.",
  "The Teams thread is long, so I summarised only the decisions.",
  "Let me know if you want the full table in the memo.",
];

const EVENTS = [
  "MINUTE ENTRY for status conference",
  "NOTICE of Appearance by Rachel Brennan",
  "MOTION to Compel Production of Documents",
  "RESPONSE in Opposition to Motion to Compel",
  "LETTER MOTION for Extension of Time",
  "STIPULATION and Proposed Protective Order",
  "NOTICE of Deposition",
  "REPLY in Support of Motion to Compel",
  "TRANSCRIPT of Proceedings",
];

function docket(rnd: Rnd): string[] {
  const rows = Array.from({ length: int(rnd, 5, 10) }, () => {
    const ecf = int(rnd, 40, 140);
    return `2026-${pad(int(rnd, 9, 12))}-${pad(int(rnd, 1, 29))} | ECF ${ecf} | ${pick(rnd, EVENTS)} | - | entered ${pick(rnd, ["MLEE", "JKIM", "CLERK"])}`;
  });
  return [
    "Case 1:26-cv-04417 Harlow Industries v. Acme Freight Systems",
    "date | entry | text | value | by",
    ...rows,
  ];
}

function review(rnd: Rnd): string[] {
  const rows = Array.from({ length: int(rnd, 6, 12) }, () => {
    const batch = int(rnd, 1, 60);
    return `batch,B-${pad(batch, 3)},${pick(rnd, ["contract team A", "contract team B", "second-level", "QC"])},${int(rnd, 40, 420)} reviewed,${int(rnd, 0, 30)} privileged,${pick(rnd, ["checked in", "in progress", "assigned"])}`;
  });
  return ["type,id,owner,progress,priv,status", ...rows];
}

function vendor(rnd: Rnd): string[] {
  return [
    "{",
    `  "matter": "HARLOW-ACME-2026",`,
    `  "workspace": "ws-${int(rnd, 1000, 9999)}",`,
    `  "hosted_gb": ${int(rnd, 200, 900)}.${int(rnd, 0, 9)},`,
    `  "processing_queue": ${int(rnd, 0, 40)},`,
    `  "dedupe": "${pick(rnd, ["global", "custodian"])}",`,
    `  "near_dupe_threading": ${rnd() > 0.5},`,
    `  "language_id": true,`,
    `  "last_sync": "2026-11-${pad(int(rnd, 1, 28))}T${pad(int(rnd, 0, 24))}:${pad(int(rnd, 0, 60))}:00Z"`,
    "}",
  ];
}

function calendar(rnd: Rnd): string[] {
  const items = [
    "Team check-in",
    "Client update call",
    "Vendor status call",
    "Depo prep session",
    "Meet and confer",
  ];
  return Array.from({ length: int(rnd, 3, 6) }, () =>
    [
      "BEGIN:VEVENT",
      `DTSTART:2026${pad(int(rnd, 11, 13))}${pad(int(rnd, 1, 29))}T${pad(int(rnd, 13, 22))}0000Z`,
      `SUMMARY:${pick(rnd, items)} (Harlow v. Acme)`,
      `LOCATION:${pick(rnd, ["Teams", "Conf Rm 22B", "Kessler Pratt offices"])}`,
      "END:VEVENT",
    ].join("\n"),
  );
}

function order(rnd: Rnd): string[] {
  return [
    "UNITED STATES DISTRICT COURT, SOUTHERN DISTRICT OF NEW YORK",
    "HARLOW INDUSTRIES, INC. v. ACME FREIGHT SYSTEMS, LLC, No. 1:26-cv-04417",
    `ORDER (ECF ${int(rnd, 60, 140)})`,
    "Upon the parties' joint letter and for good cause shown, it is hereby:",
    "ORDERED that the parties shall meet and confer in good faith on remaining search terms;",
    "ORDERED that no further extensions will be granted absent extraordinary circumstances.",
    `SO ORDERED. Dated: New York, New York, November ${int(rnd, 2, 28)}, 2026. Hon. M. Alvarez`,
  ];
}

const SENDERS = [
  "Rachel Brennan <rbrennan@kesslerpratt.com>",
  "Marcus Lee <mlee@ostrowlaw.com>",
  "Sam Ortiz <sortiz@lumenediscovery.com>",
  "Dr. Ellen Park <epark@parkeconomics.com>",
];

function email(rnd: Rnd): string[] {
  return [
    `From: ${pick(rnd, SENDERS)}`,
    `To: Dana Whitfield <dwhitfield@ostrowlaw.com>`,
    `Date: ${pick(rnd, ["Mon", "Tue", "Wed", "Thu", "Fri"])}, ${int(rnd, 2, 28)} Nov 2026 ${int(rnd, 8, 19)}:${pad(int(rnd, 0, 60))}`,
    `Subject: Re: Harlow v. Acme - discovery issues`,
    "",
    "Dana,",
    pick(rnd, [
      "Following up on our call, Acme maintains its objections to Requests 14 through 22.",
      "We are reviewing your deficiency letter and will respond by end of week.",
      "Please confirm your clients' custodians have received the hold notice.",
      "Attached is the updated schedule; let me know if anything looks off.",
      "Forwarding for the file, no action needed on our side.",
    ]),
    "Regards,",
    "Sent from Outlook",
  ];
}

function notes(rnd: Rnd): string[] {
  return [
    `Matter 20417-003 Harlow v. Acme - notes as of 2026-11-${pad(int(rnd, 1, 28))}`,
    `  * hot docs reviewed: ${int(rnd, 100, 900)}`,
    `  * open clawback requests: ${int(rnd, 0, 4)}`,
    `  * budget to date: $${int(rnd, 120, 480)}k of $600k`,
    "- follow up with IT on the legacy file share export",
  ];
}

function teams(rnd: Rnd): string[] {
  const said = [
    "Marcus Lee: batch QC done for today",
    "Dana Whitfield: can someone send me the redline of the ESI protocol",
    "Priya Raman: three docs need a second privilege look",
    "Marcus Lee: vendor says processing of the new mailboxes finishes tonight",
    "Dana Whitfield: thanks all, good progress",
  ];
  return Array.from(
    { length: int(rnd, 3, 7) },
    () => `[${pad(int(rnd, 8, 19))}:${pad(int(rnd, 0, 60))}] ${pick(rnd, said)}`,
  );
}

const BODIES: Record<ToolKind, (rnd: Rnd) => string[]> = {
  docket,
  review,
  vendor,
  calendar,
  order,
  email,
  notes,
  teams,
};

/** The tool each kind of output comes from. */
export const TOOL_NAMES: Record<ToolKind, string> = {
  docket: "export_docket",
  review: "review_platform_export",
  vendor: "get_vendor_settings",
  calendar: "list_calendar_entries",
  order: "fetch_court_order",
  email: "search_mailbox",
  notes: "read_matter_notes",
  teams: "export_teams_chat",
};

export const TOOL_KINDS = Object.keys(BODIES) as ToolKind[];

/** Lines at the head and tail of each body that planted text never goes between. */
const FRAME: Record<ToolKind, [number, number]> = {
  docket: [2, 0],
  review: [1, 0],
  vendor: [1, 1],
  calendar: [0, 0],
  order: [4, 1],
  email: [6, 2],
  notes: [1, 0],
  teams: [0, 0],
};

/** A tool output body of the given kind with the planted texts spliced in inside its frame. */
export function toolBody(kind: ToolKind, rnd: Rnd, planted: readonly string[]): string {
  const body = BODIES[kind](rnd);
  const [head, tail] = FRAME[kind];
  for (const text of planted) {
    const at = head + Math.floor(rnd() * (body.length - head - tail + 1));
    body.splice(at, 0, text);
  }
  return body.join("\n");
}

/** A prose turn: a few chatter sentences with the planted texts among them. */
export function proseTurn(
  rnd: Rnd,
  chatter: readonly string[],
  planted: readonly string[],
): string {
  const pool = [...chatter];
  const sentences = Array.from(
    { length: 1 + Math.floor(rnd() * 3) },
    () => pool.splice(Math.floor(rnd() * pool.length), 1)[0] ?? "",
  );
  for (const text of planted) {
    sentences.splice(Math.floor(rnd() * (sentences.length + 1)), 0, text);
  }
  return sentences.join(rnd() < 0.5 ? " " : "\n");
}
