// The statement forms of the "sealed-29" compression family: how a film production
// office states, changes, re-prints, rejects and confuses a planted value — the line
// producer's and the first AD's prose, crew chat exports, rental house and permit
// office emails, schedule exports and their revision diffs, deal-memo CSV rows and
// tracker JSON. Each form returns message drafts whose stating lines are marked.
// Used by corpora/compression-sealed-29.ts.

/** One message before ids are assigned; `states` marks the lines that state a value. */
export interface Draft {
  role: "user" | "assistant" | "tool";
  content: string;
  call?: { name: string; args: Record<string, unknown> };
  states?: { sentence: string; value: number }[];
}

/** What a form knows: the subject, the value index it states and the values around it. */
export interface FormContext {
  s: string;
  values: readonly string[];
  /** Index of the value this event states (for stale re-prints, an older one). */
  at: number;
  /** A value that is never this fact's (a rejected proposal, a typo). */
  spare: string;
  pick: <T>(list: readonly T[]) => T;
}

export interface Form {
  name: string;
  build(c: FormContext): Draft[];
}

const v = (c: FormContext) => c.values[c.at] as string;
const old = (c: FormContext) => c.values[c.at - 1] as string;

const PEOPLE = [
  "Marisol Reyes (2nd AD)",
  "Tom Akerman (LP)",
  "Priya Nair (UPM)",
  "Kenji Sato (loc mgr)",
  "Ruth Obi (prod coord)",
  "Faisal Haddad (1st AD)",
];

function tool(name: string, args: Record<string, unknown>, intro: string | null): Draft {
  return { role: "assistant", content: intro ?? "", call: { name, args } };
}

function stated(role: Draft["role"], content: string, sentence: string, value: number): Draft {
  return { role, content, states: [{ sentence, value }] };
}

/** Forms that state a fact's first value. */
export const FIRST_FORMS: readonly Form[] = [
  {
    name: "lp-prose",
    build: (c) => {
      const sentence = c.pick([
        `The ${c.s} is ${v(c)}, that's what we signed off in the prep meeting.`,
        `Tom and I landed on ${v(c)} for the ${c.s} last night.`,
        `We're budgeting the ${c.s} at ${v(c)} until someone tells us otherwise.`,
      ]);
      return [
        stated("user", `Morning. ${sentence} Can you carry it into the tracker?`, sentence, c.at),
        {
          role: "assistant",
          content: "Noted — I'll carry it into the prep tracker and the cost report notes.",
        },
      ];
    },
  },
  {
    name: "schedule-notes-export",
    build: (c) => {
      const sentence = `NOTE 14   ${c.s}: ${v(c)}   (entered by 1st AD)`;
      const out = [
        "SHOOTING SCHEDULE — PRODUCTION NOTES (export)",
        "Printed from scheduling software, revision WHITE",
        "NOTE 12   Splinter unit availability to be confirmed by UPM",
        "NOTE 13   Animal wrangler needs 48h notice for the dog",
        sentence,
        "NOTE 15   Weather cover set: INT. DINER held for days 10-12",
      ].join("\n");
      return [
        tool(
          "schedule_export",
          { section: "notes", revision: "white" },
          "Pulling the notes page from the schedule export.",
        ),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "rental-email",
    build: (c) => {
      const sentence = `Confirming the ${c.s}: ${v(c)}, as agreed for the full prep and shoot period.`;
      const out = [
        "From: bookings@northgate-rentals.example",
        "Subject: RE: Hollow Tide — quote 2291 confirmation",
        "",
        "Hi Tom,",
        sentence,
        "Insurance cert and PO number needed before the truck leaves the yard.",
        "Best, Gemma",
      ].join("\n");
      return [
        tool("read_email", { folder: "inbox", query: "quote 2291" }, null),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "crew-chat",
    build: (c) => {
      const who = c.pick(PEOPLE);
      const sentence = `[09:14] ${who}: heads up, ${c.s} is ${v(c)} per the production meeting`;
      const out = [
        "#production-office export (12 messages)",
        "[09:02] Ruth Obi (prod coord): walkie batteries are on the charging rack",
        "[09:05] Kenji Sato (loc mgr): neighbour letters go out this afternoon",
        sentence,
        "[09:16] Faisal Haddad (1st AD): 👍",
      ].join("\n");
      return [
        tool("chat_export", { channel: "production-office", since: "09:00" }, null),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "deal-memo-csv",
    build: (c) => {
      const sentence = `"${c.s}","${v(c)}",confirmed,deal memo`;
      const out = [
        "item,value,status,source",
        '"catering per head","$24",confirmed,deal memo',
        sentence,
        '"walkie package","$380/week",pending,quote',
      ].join("\n");
      return [
        tool("read_csv", { file: "deal_memos.csv" }, "Reading the deal memo summary."),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "tracker-json",
    build: (c) => {
      const sentence = `  {"item": "${c.s}", "value": "${v(c)}", "status": "locked", "owner": "LP"},`;
      const out = [
        "[",
        '  {"item": "honeywagon count", "value": "3", "status": "locked", "owner": "UPM"},',
        sentence,
        '  {"item": "tech scout date", "value": "TBC", "status": "open", "owner": "1st AD"}',
        "]",
      ].join("\n");
      return [tool("prep_tracker", { view: "locked" }, null), stated("tool", out, sentence, c.at)];
    },
  },
];

/** Forms that change a fact's value. */
export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now-prose",
    build: (c) => {
      const sentence = c.pick([
        `Update from the office: the ${c.s} is now ${v(c)}.`,
        `Heads up, the producers changed the ${c.s}, it's ${v(c)} from today.`,
        `New number for the ${c.s}: ${v(c)}. Tom signed it off at lunch.`,
      ]);
      return [
        stated(
          "user",
          `${sentence} Please fix anything that still shows the old figure.`,
          sentence,
          c.at,
        ),
      ];
    },
  },
  {
    name: "revised-email",
    build: (c) => {
      const sentence = `Following our call we have revised the ${c.s} to ${v(c)}.`;
      const out = [
        "From: permits@cityfilmoffice.example",
        "Subject: Hollow Tide — revised terms",
        "",
        "Dear Production,",
        sentence,
        `Our earlier figure of ${old(c)} is withdrawn.`,
        "Regards, Film Liaison Office",
      ].join("\n");
      return [
        tool("read_email", { folder: "inbox", query: "revised terms" }, null),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "chat-moved",
    build: (c) => {
      const sentence = `[16:40] Priya Nair (UPM): ${c.s} moved to ${v(c)}, update your sheets pls`;
      const out = [
        "#hods export (6 messages)",
        "[16:31] Faisal Haddad (1st AD): tomorrow's sides are in the truck",
        sentence,
        "[16:42] Tom Akerman (LP): ack",
      ].join("\n");
      return [
        tool("chat_export", { channel: "hods", since: "16:30" }, null),
        stated("tool", out, sentence, c.at),
      ];
    },
  },
  {
    name: "pronoun",
    build: (c) => {
      const sentence = `Quick one on the ${c.s}. It's ${v(c)} now, Kenji confirmed on the tech scout.`;
      return [
        stated("user", sentence, sentence, c.at),
        { role: "assistant", content: "Thanks — changing it everywhere it appears." },
      ];
    },
  },
  {
    name: "schedule-diff",
    build: (c) => {
      const removed = `-  ${c.s}: ${old(c)}`;
      const added = `+  ${c.s}: ${v(c)}`;
      const out = [
        "--- schedule_rev_blue.txt",
        "+++ schedule_rev_pink.txt",
        "@@ production notes @@",
        "   Splinter unit availability to be confirmed by UPM",
        removed,
        added,
        "   Weather cover set held",
      ].join("\n");
      return [
        tool("schedule_diff", { from: "blue", to: "pink" }, "Diffing the blue and pink revisions."),
        {
          role: "tool",
          content: out,
          states: [
            { sentence: removed, value: c.at - 1 },
            { sentence: added, value: c.at },
          ],
        },
      ];
    },
  },
  {
    name: "typo-correction",
    build: (c) => {
      const sentence = `Sorry, I meant ${v(c)} for the ${c.s}, not ${c.spare}.`;
      return [
        { role: "user", content: `Also the ${c.s} is ${c.spare} going forward.` },
        {
          role: "assistant",
          content: "Okay. Want me to push that to the call sheet template too?",
        },
        stated("user", `Wait. ${sentence} Yes, push it.`, sentence, c.at),
      ];
    },
  },
  {
    name: "assistant-applied",
    build: (c) => {
      const sentence = `Done: the ${c.s} now reads ${v(c)} in the cost report and the call sheet template.`;
      return [
        { role: "user", content: "Tom approved the change, go ahead and apply it." },
        stated("assistant", sentence, sentence, c.at),
      ];
    },
  },
];

/** A tool that re-prints an old value from an out-of-date document. */
export const STALE_FORM: Form = {
  name: "stale-reprint",
  build: (c) => {
    const sentence = `${c.s} .......... ${v(c)}`;
    const out = [
      "(cached PDF: call sheet day 6, superseded)",
      "PRODUCTION NOTES",
      "Closed set for scenes 41-43",
      sentence,
      "No visitors without LP approval",
    ].join("\n");
    return [
      tool(
        "read_pdf",
        { file: "callsheet_day06.pdf" },
        "That's the cached copy of the day 6 call sheet.",
      ),
      stated("tool", out, sentence, c.at),
    ];
  },
};

/** Forms that state the current value again late in the session. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "still-current",
    build: (c) => {
      const sentence = `Still ${v(c)} for the ${c.s}; that PDF is out of date.`;
      return [stated("assistant", sentence, sentence, c.at)];
    },
  },
  {
    name: "rejected-proposal",
    build: (c) => {
      const asker = c.pick(["The gaffer", "Camera", "The director", "Transport"]);
      const sentence = `${asker} asked to move the ${c.s} to ${c.spare}; Tom said no, it stays at ${v(c)}.`;
      return [
        stated("user", sentence, sentence, c.at),
        { role: "assistant", content: "Understood, nothing changes on the schedule then." },
      ];
    },
  },
  {
    name: "call-sheet-reprint",
    build: (c) => {
      const sentence = `NOTE: ${c.s} — ${v(c)}`;
      const out = [
        "CALL SHEET — HOLLOW TIDE — Day 30 of 44",
        "Crew call see individual calls",
        "Nearest hospital: St Brendan's, 4.2 mi",
        sentence,
        "Radio channel 4 for transport",
      ].join("\n");
      return [tool("read_call_sheet", { day: 30 }, null), stated("tool", out, sentence, c.at)];
    },
  },
];

/** Lines that name a look-alike with its own value (they state nothing of the fact). */
export const LOOK_ALIKE_FORMS: readonly ((la: string, lv: string) => Draft[])[] = [
  (la, lv) => [
    {
      role: "user",
      content: `Separately, the ${la} is ${lv}. Different line item, keep them apart.`,
    },
  ],
  (la, lv) => [
    tool("chat_export", { channel: "hods", since: "18:00" }, null),
    {
      role: "tool",
      content: `#hods export (2 messages)\n[18:03] Ruth Obi (prod coord): fyi the ${la} is ${lv}\n[18:04] Tom Akerman (LP): ok`,
    },
  ],
  (la, lv) => [
    {
      role: "assistant",
      content: `For comparison, the ${la} came in at ${lv}; I have not merged it with anything.`,
    },
  ],
];

/** Lines that name a subject with a value it never had (what-ifs) or no value at all. */
export const NO_VALUE_FORMS: readonly ((s: string, spare: string) => Draft[])[] = [
  (s) => [
    { role: "user", content: `Can someone double-check the ${s} before the production meeting?` },
  ],
  (s, spare) => [
    {
      role: "user",
      content: `What if the ${s} went to ${spare}? Just sketch the impact, don't change anything.`,
    },
    {
      role: "assistant",
      content:
        "Sketch only: it would eat most of the remaining contingency; I've left every sheet as it is.",
    },
  ],
  (s) => [
    {
      role: "assistant",
      content: `I could not find the ${s} in the latest export; it may live in the LP's notes.`,
    },
  ],
];
