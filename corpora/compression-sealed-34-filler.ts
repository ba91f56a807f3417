// The filler of the "sealed-34" compression family (corpora/compression-sealed-34.ts, a museum
// registrar's loan exhibition): what the registrar (Priya Nandakumar) and the exhibitions
// manager (Tomas Reyes) say between the planted facts, and the outputs of the office's tools -
// collections-management records, condition reports, loan agreements, insurance schedules,
// shipper confirmations, environment logger exports, lender emails, install schedules,
// facilities tickets and a Python session - into which the planted lines are spliced.
import type { ToolKind } from "./compression-sealed-34-forms.ts";

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pad = (n: number) => String(n).padStart(2, "0");

export const TOOL_KINDS: readonly ToolKind[] = [
  "cms",
  "condition",
  "agreement",
  "insurance",
  "booking",
  "logger",
  "email",
  "schedule",
  "ticket",
  "script",
];

export const TOOL_NAMES: Record<ToolKind, string> = {
  cms: "cms_get_record",
  condition: "condition_report_get",
  agreement: "loan_agreement_open",
  insurance: "insurance_schedule_export",
  booking: "shipping_booking_get",
  logger: "env_logger_export",
  email: "mailbox_read_thread",
  schedule: "install_schedule_get",
  ticket: "facilities_ticket_get",
  script: "python_run",
};

interface LoanObject {
  no: string;
  title: string;
  maker: string;
  medium: string;
  lender: string;
}

const OBJECTS: readonly LoanObject[] = [
  {
    no: "L2026.14.1",
    title: "The Salt Road, Skagen (left panel)",
    maker: "Anna Voss",
    medium: "Oil on panel",
    lender: "Whitcombe Gallery",
  },
  {
    no: "L2026.14.2",
    title: "The Salt Road, Skagen (centre panel)",
    maker: "Anna Voss",
    medium: "Oil on panel",
    lender: "Whitcombe Gallery",
  },
  {
    no: "L2026.14.3",
    title: "The Salt Road, Skagen (right panel)",
    maker: "Anna Voss",
    medium: "Oil on panel",
    lender: "Whitcombe Gallery",
  },
  {
    no: "L2026.14.7",
    title: "Study of Breakers",
    maker: "Anna Voss",
    medium: "Oil on canvas",
    lender: "private collection, Oslo",
  },
  {
    no: "L2026.15.2",
    title: "Net Menders at Dusk",
    maker: "Emile Roussel",
    medium: "Watercolour and gouache on wove paper",
    lender: "Musee Lanvaux",
  },
  {
    no: "L2026.15.4",
    title: "Harbour Lantern, Concarneau",
    maker: "Emile Roussel",
    medium: "Charcoal and white chalk on blue paper",
    lender: "Musee Lanvaux",
  },
  {
    no: "L2026.15.9",
    title: "Sketchbook, 1894-96",
    maker: "Emile Roussel",
    medium: "Graphite on paper, 62 leaves",
    lender: "Musee Lanvaux",
  },
  {
    no: "L2026.16.1",
    title: "Altarpiece of the Fishers' Guild",
    maker: "Workshop of the Lowestoft Master",
    medium: "Oil and gilding on oak",
    lender: "Whitcombe Gallery",
  },
  {
    no: "L2026.17.3",
    title: "Pilot Boat in a Squall",
    maker: "Hendrik Aas",
    medium: "Oil on canvas",
    lender: "Bergen Kunstmuseum",
  },
  {
    no: "L2026.17.5",
    title: "Lantern Festival, Aalesund",
    maker: "Hendrik Aas",
    medium: "Oil on canvas",
    lender: "Bergen Kunstmuseum",
  },
];

export const USER_CHATTER: readonly string[] = [
  "Morning. Bit of a scramble today, the Bergen courier emailed at 6am.",
  "Can you pull up what we have on that?",
  "Tomas is in the gallery with the lighting designer until eleven.",
  "I need to send the facilities report to Lanvaux by Thursday.",
  "Thanks, that's what I thought.",
  "Please don't change anything in the CMS yet, I just want to look.",
  "The art handlers want the final layout before they build the plinths.",
  "Could you draft a reply for me? Keep it short, they're lovely but very formal.",
  "Ugh, the wall text proofs came back with the dates wrong again.",
  "I'm in the crate store, signal is terrible, so bear with me.",
  "Can you check the thread with Whitcombe for anything I missed?",
  "Has the shipper sent anything new since Friday?",
  "Let's park that until after the install meeting.",
  "The conservator wants to see the logger data from last week before she signs anything.",
  "Good. Add it to the list for the lender call.",
  "The director asked for a one-page summary for the board pack.",
  "Can you see whether the indemnity paperwork has come back?",
  "I'd rather we double-check than apologise to a lender later.",
  "Security wants the courier names two working days ahead for their passes.",
  "Ok, next thing.",
];

export const ASSISTANT_CHATTER: readonly string[] = [
  "Here is what I found.",
  "I've left the CMS record untouched; this is read-only.",
  "The thread has four messages since Friday; the last one is from the lender's registrar.",
  "I can draft that reply once you've looked at the figures.",
  "That matches the signed copy in the loan file.",
  "There are two attachments on that email; I opened both.",
  "I'll add it to the agenda for the lender call.",
  "The logger export covers the last seven days at fifteen-minute intervals.",
  "Nothing new from the shipper since the Friday confirmation.",
  "I've noted it on the open-questions list.",
  "The wall labels in the proof still use the old accession format; I've marked them up.",
  "The condition report templates for the works on paper are in the shared drive under Lanvaux.",
  "That is consistent with the facilities report we sent in May.",
  "Shall I set a reminder for Thursday morning?",
  "I've attached the export so you can forward it as is.",
  "Two objects on the checklist still have no photograph on the record.",
];

const EMAIL_LINES: readonly string[] = [
  "Thank you for your message and for the updated facilities report.",
  "Our conservator will review the photographs next week.",
  "Please find attached the signed pages; the originals follow by post.",
  "Our insurers have asked for the security annex to be re-sent with the floor plan.",
  "I am out of the office on Friday but my colleague in the registrar's department can help.",
  "We would be grateful for copies of the installation photographs once the gallery is open.",
  "The courier will need a quiet room and access to a printer on arrival.",
  "Could you confirm the name of the person who will countersign the condition reports?",
  "Please note our new invoicing address for the loan fee.",
  "We have no objection to the revised gallery layout.",
];

/** A prose turn: a few chatter sentences with the planted sentences placed among them. */
export function proseTurn(
  rnd: Rnd,
  chatter: readonly string[],
  planted: readonly string[],
): string {
  const parts = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, chatter));
  for (const text of planted) {
    parts.splice(Math.floor(rnd() * (parts.length + 1)), 0, text);
  }
  // Blocks and checklist items stand on their own lines.
  const multi = planted.some((p) => p.includes("\n") || p.startsWith("- "));
  return parts.join(multi ? "\n\n" : " ");
}

/** The arguments of a tool call, in the tool's own terms, about `obj`. */
function toolArgs(kind: ToolKind, rnd: Rnd, obj: LoanObject): string {
  const args: Record<ToolKind, Record<string, unknown>> = {
    cms: { objectNumber: obj.no, view: "loan-in" },
    condition: { objectNumber: obj.no, report: rnd() < 0.5 ? "incoming" : "pre-loan" },
    agreement: { loan: "LA-2026-031", includeAmendments: true },
    insurance: { policy: "HMA-NTN-2026-04", format: "markdown" },
    booking: { job: `MFA-${int(rnd, 7000, 7999)}` },
    logger: { logger: pick(rnd, ["HAN-G4-02", "HAN-G4-05", "HAN-PR-01", "HAN-CS-B"]), days: 7 },
    email: {
      mailbox: "registrar",
      thread: pick(rnd, ["Lanvaux loan", "Whitcombe loan", "Bergen loan", "shipping"]),
    },
    schedule: { exhibition: "Salt and Lantern", week: int(rnd, 35, 42) },
    ticket: { id: `WO-${int(rnd, 23000, 23999)}` },
    script: { file: "logger_stats.py" },
  };
  return JSON.stringify(args[kind]);
}

function stamp(rnd: Rnd, month: number): string {
  return `2026-${pad(month)}-${pad(int(rnd, 1, 29))} ${pad(int(rnd, 8, 18))}:${pad(int(rnd, 0, 60))}`;
}

/** Head lines, filler rows (where planted lines go) and tail lines of one tool output. */
function parts(
  kind: ToolKind,
  rnd: Rnd,
  obj: LoanObject,
): { head: string[]; rows: string[]; tail: string[] } {
  switch (kind) {
    case "cms":
      return {
        head: [
          `Object Number:   ${obj.no}`,
          `Title:           ${obj.title}`,
          `Maker:           ${obj.maker}`,
          `Medium:          ${obj.medium}`,
          `Dimensions:      ${int(rnd, 30, 180)}.${int(rnd, 0, 9)} x ${int(rnd, 30, 220)}.${int(rnd, 0, 9)} cm`,
          `Lender:          ${obj.lender}`,
          `Loan In No.:     LI-2026-0${int(rnd, 28, 36)}`,
          `Location:        ${pick(rnd, ["Crate store B / Bay 2", "Gallery 4 / wall C", "Paper store / plan chest 3", "Loading dock (in crate)"])}`,
          `Status:          ${pick(rnd, ["Incoming - awaiting unpack", "On display", "Condition check pending", "Crated"])}`,
          "Notes:",
        ],
        rows: [
          `  ${stamp(rnd, 6)} Glazing: lender requires low-reflective acrylic, no glass.`,
          `  ${stamp(rnd, 7)} Photographs: 6 images attached (recto, verso, details).`,
          `  ${stamp(rnd, 7)} Credit line checked against lender's letter.`,
          `  ${stamp(rnd, 8)} Hanging: two-point security fixings, T-screws supplied by lender.`,
        ],
        tail: [
          `Record last modified ${stamp(rnd, 8)} by ${pick(rnd, ["PNANDAKUMAR", "TREYES", "JOKAFOR"])}`,
        ],
      };
    case "condition":
      return {
        head: [
          `CONDITION REPORT - ${obj.no} ${obj.title}`,
          `Examined by: ${pick(rnd, ["R. Lindqvist (paintings)", "M. Oyelaran (paper)", "J. Okafor (registrar)"])}  Date: ${stamp(rnd, 9).slice(0, 10)}`,
          `Context: ${pick(rnd, ["incoming, unpacked after 24 h in gallery", "outgoing, pre-loan at lender", "mid-loan spot check"])}`,
        ],
        rows: [
          `Support: ${pick(rnd, ["planar, slight convex warp across grain", "sound; minor cockling at lower edge", "stable, old lining intact"])}.`,
          `Paint / media layer: ${pick(rnd, ["fine age craquelure throughout, no lifting", "small loss 3 mm at upper right, old", "pigment bright, no offsetting"])}.`,
          `Frame: ${pick(rnd, ["gilding abraded at corners (existing, see Fig. 2)", "glazing clean, spacer intact", "slip loose at lower left, lender aware"])}.`,
          `Surface: ${pick(rnd, ["light dust on verso", "no change since outgoing report", "fingerprint on glazing, cleaned"])}.`,
        ],
        tail: [
          `Overall: ${pick(rnd, ["Good", "Stable", "Fair - monitor"])}. Fit to travel / display: YES.`,
        ],
      };
    case "agreement":
      return {
        head: [
          "LOAN AGREEMENT LA-2026-031 (v3, countersigned 19 May 2026)",
          `Between: ${obj.lender} ("the Lender") and Hallam Museum of Art ("the Borrower")`,
          'Exhibition: "Salt and Lantern: Painters of the Northern Coast"',
        ],
        rows: [
          "  4.1  The Borrower shall insure the Works nail to nail at the values in Schedule B.",
          "  5.2  Works shall not be removed from their frames or glazing without written consent.",
          "  5.6  No photography with flash; press photography only under registrar supervision.",
          "  7.1  Credit lines shall read exactly as given in Schedule A.",
          "  8.3  The Lender may require a courier to accompany the Works on each leg.",
        ],
        tail: ["  -- page 3 of 9 --"],
      };
    case "insurance": {
      const rows = Array.from({ length: 4 + Math.floor(rnd() * 4) }, (_, i) => {
        const o = OBJECTS[(i + int(rnd, 0, 10)) % OBJECTS.length] ?? obj;
        return `| ${i + 1} | ${o.no} ${o.maker}, ${o.title} | GBP ${int(rnd, 40, 900)},000 | ${pick(rnd, ["nail to nail", "nail to nail, incl. frame", "wall to wall"])} |`;
      });
      return {
        head: [
          "Policy HMA-NTN-2026-04 - Schedule B (agreed values), issued by Calder & Rowe Fine Art",
          "| Line | Item | Amount | Basis |",
          "|---|---|---|---|",
        ],
        rows,
        tail: ["Government Indemnity Scheme: pending for lines 1-3 (application GIS-4471)."],
      };
    }
    case "booking":
      return {
        head: [
          "MERIDIAN FINE ART TRANSPORT - BOOKING CONFIRMATION",
          `Job MFA-${int(rnd, 7000, 7999)}   Consignment: ${obj.lender} -> Hallam Museum of Art`,
        ],
        rows: [
          `VEHICLE ${".".repeat(36)} 18t air-ride, climate controlled, 2 drivers`,
          `COLLECTION ${".".repeat(33)} ${pad(int(rnd, 6, 10))}:00 at lender's loading bay`,
          `CRATES ${".".repeat(37)} ${int(rnd, 2, 9)} (T-frame and travel frame)`,
          `SECURITY ${".".repeat(35)} non-stop, tail-lift, GPS tracked`,
        ],
        tail: ["Please quote the job number on all correspondence."],
      };
    case "logger": {
      const rows = Array.from({ length: 10 + Math.floor(rnd() * 8) }, (_, i) => {
        const hour = (i * 2) % 24;
        return `2026-09-${pad(int(rnd, 1, 8))} ${pad(hour)}:00,${(19 + rnd() * 3).toFixed(1)},${(44 + rnd() * 10).toFixed(1)},${hour > 9 && hour < 18 ? int(rnd, 30, 140) : 0}`;
      });
      return {
        head: [
          `# logger ${pick(rnd, ["HAN-G4-02 (Gallery 4, north wall)", "HAN-G4-05 (Gallery 4, case 3)", "HAN-PR-01 (Print Room)"])}`,
          "# interval 15 min, shown every 2 h",
        ],
        rows: ["timestamp,temp_c,rh_pct,lux", ...rows],
        tail: [`# ${int(rnd, 0, 4)} alarm(s) in period; battery ${int(rnd, 40, 99)}%`],
      };
    }
    case "email": {
      const who = pick(rnd, [
        "Anne-Lise Moreau <a.moreau@musee-lanvaux.fr>",
        "Harriet Colebrook <h.colebrook@whitcombe.org.uk>",
        "Ingrid Solheim <ingrid.solheim@bergenkunst.no>",
        "Dev Patel <ops@meridianfineart.co.uk>",
      ]);
      return {
        head: [
          `From: ${who}`,
          "To: Priya Nandakumar <p.nandakumar@hallam-museum.org>",
          `Date: ${stamp(rnd, 7)}`,
          `Subject: Re: ${pick(rnd, ["Salt and Lantern - loan arrangements", "Facilities report and courier", "Shipping and insurance", "Schedule B"])}`,
          "",
          "Dear Priya,",
        ],
        rows: EMAIL_LINES.filter(() => rnd() < 0.45).slice(0, 5),
        tail: ["", "With best wishes,", who.split(" <")[0] ?? ""],
      };
    }
    case "schedule": {
      const tasks = [
        "Build plinths and cases, Gallery 4",
        "Paint walls (Farrow 'Salt' No. 313)",
        "Lighting focus, Gallery 4",
        "Unpack Whitcombe crates, condition check",
        "Hang Voss triptych (6 handlers, scissor lift)",
        "Install works on paper in cases 1-6",
        "Wall text and labels",
        "Security walk-through",
      ];
      return {
        head: ["Salt and Lantern - install schedule (export)", "type\tdate\ttask\tteam\tstatus"],
        rows: tasks
          .filter(() => rnd() < 0.7)
          .map(
            (t) =>
              `TASK\t${int(rnd, 1, 30)} Sep\t${t}\t${pick(rnd, ["AH", "Tech", "Cons", "Reg"])}\t${pick(rnd, ["booked", "tbc", "done"])}`,
          ),
        tail: ["(AH = art handlers, Tech = AV/lighting, Cons = conservation, Reg = registrar)"],
      };
    }
    case "ticket":
      return {
        head: [
          `WO-${int(rnd, 23000, 23999)}  ${pick(rnd, ["BMS alarm Gallery 4", "Dehumidifier fault, crate store", "Lighting track, Print Room"])}`,
          `Raised by: ${pick(rnd, ["J. Okafor", "P. Nandakumar", "Estates helpdesk"])}  Priority: ${pick(rnd, ["P2", "P3"])}`,
        ],
        rows: [
          `${stamp(rnd, 8)} Engineer attended, AHU-3 filter changed.`,
          `${stamp(rnd, 8)} Humidifier steam cylinder replaced.`,
          `${stamp(rnd, 8)} Trend log checked, no further excursions.`,
        ],
        tail: [`Status: ${pick(rnd, ["Closed", "Resolved - awaiting sign-off", "Open"])}`],
      };
    case "script":
      return {
        head: [
          ">>> import pandas as pd",
          `>>> df = pd.read_csv("exports/${pick(rnd, ["HAN-G4-02", "HAN-G4-05", "HAN-PR-01"])}.csv", parse_dates=["timestamp"])`,
          '>>> daily = df.set_index("timestamp").resample("D").agg({"rh_pct": ["min", "max"], "temp_c": "mean"})',
          ">>> print(daily.round(1).tail(4))",
        ],
        rows: Array.from({ length: 4 }, (_, i) => {
          const lo = 44 + rnd() * 4;
          return `2026-09-0${i + 3}   ${lo.toFixed(1)}   ${(lo + 1 + rnd() * 5).toFixed(1)}   ${(19.5 + rnd() * 2).toFixed(1)}`;
        }),
        tail: [
          ">>> (daily[('rh_pct','max')] - daily[('rh_pct','min')]).max()",
          `${(2 + rnd() * 5).toFixed(2)}`,
        ],
      };
  }
}

/** One tool round of `kind`: the call's arguments and its output, planted texts among its rows. */
export function toolRound(
  kind: ToolKind,
  rnd: Rnd,
  planted: readonly string[],
): { args: string; body: string } {
  const obj = pick(rnd, OBJECTS);
  const args = toolArgs(kind, rnd, obj);
  const { head, rows, tail } = parts(kind, rnd, obj);
  const body = [...rows];
  for (const text of planted) {
    // A logger export carries its notes above the data, a block (amendment, quoted mail, revised
    // issue) follows the rows, and a single planted line goes anywhere among them.
    const at =
      kind === "logger"
        ? 0
        : text.includes("\n")
          ? body.length
          : Math.floor(rnd() * (body.length + 1));
    body.splice(at, 0, text);
  }
  return { args, body: [...head, ...body, ...tail].join("\n") };
}
