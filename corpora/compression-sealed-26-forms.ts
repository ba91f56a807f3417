// How people and systems in a line-maintenance control centre state a planted value
// for the "sealed-26" family: first statements, updates, stale re-prints, later
// confirmations, look-alikes, rejected proposals, what-ifs and bare mentions. Each
// form writes one message's lines; a marked line states a value. Used by
// corpora/compression-sealed-26.ts.

export type Slot = "user" | "assistant" | "tool";

/** A line that states value `value` (an index into the fact's values), or plain text. */
export type Line = string | { text: string; value: number };

export interface Placed {
  slot: Slot;
  /** The tool that printed it, for a tool slot. */
  tool?: string;
  lines: Line[];
}

export interface FormContext {
  s: string;
  v: string;
  /** The value this one replaces ("" for a first statement) and their indexes. */
  old: string;
  vi: number;
  oi: number;
  /** A tail number, a station and a clock time for colour. */
  tail: string;
  station: string;
  clock: string;
}

export interface Form {
  name: string;
  make(c: FormContext): Placed;
}

const at = (text: string, value: number): Line => ({ text, value });
const up = (s: string) => s.toUpperCase();

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "eng-email",
    make: (c) => ({
      slot: "user",
      lines: [
        "Fwd from tech services, for info:",
        "> From: engineering.techservices@ops-mx.example",
        `> Subject: TR-26/114 applicability ${c.tail}`,
        `> Per the revised technical request the ${c.s} is ${c.v} until further notice.`,
        "> Regards, Powerplant & Systems",
      ],
    }),
  },
  {
    name: "handover-note",
    make: (c) => ({
      slot: "user",
      lines: [
        `Handover from days (${c.clock}) pasted below:`,
        `- ${c.tail} on stand 14, pax doors closed, awaiting fuel`,
        at(`- ${c.s}: ${c.v} (confirmed w/ TS before they went home)`, c.vi),
        "- tooling cage keys are with the storeman",
      ],
    }),
  },
  {
    name: "csv-export",
    make: (c) => ({
      slot: "tool",
      tool: "mtx_export",
      lines: [
        "record_id,updated_utc,item,value,source",
        `R-${c.clock.replace(":", "")}01,2026-11-28T${c.clock}Z,${c.s},${c.v},ENG-TR`,
        `R-${c.clock.replace(":", "")}02,2026-11-28T${c.clock}Z,cabin log review,done,LINE`,
      ],
    }),
  },
  {
    name: "acars-uplink",
    make: (c) => ({
      slot: "tool",
      tool: "acars_inbox",
      lines: [
        `QU MXCTLXH .DDLXCXA ${c.clock.replace(":", "")}`,
        `FI ${c.tail} /FREE TEXT`,
        `MX CTRL ADVISE ${up(c.s)} ${up(c.v)} PER ENG`,
        "ACK REQ",
      ],
    }),
  },
  {
    name: "assistant-readback",
    make: (c) => ({
      slot: "assistant",
      lines: [
        `I've logged it against ${c.tail}: the ${c.s} is ${c.v}, taken from the engineering TR you forwarded.`,
        "Nothing else on that TR affects tonight's flying programme.",
      ],
    }),
  },
  {
    name: "planning-config",
    make: (c) => ({
      slot: "tool",
      tool: "planning_config",
      lines: [
        "# planner.yaml (read-only view)",
        "shift: NIGHT",
        `station_default: ${c.station}`,
        `"${c.s}": ${c.v}`,
        "auto_release: false",
      ],
    }),
  },
  {
    name: "ini-config",
    make: (c) => ({
      slot: "tool",
      tool: "planning_config",
      lines: [
        "; planner.ini, section dump",
        "[limits]",
        `${c.s} = ${c.v}`,
        "[ui]",
        "refresh_s = 30",
      ],
    }),
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "taskcard-diff",
    make: (c) => ({
      slot: "tool",
      tool: "taskcard_diff",
      lines: [
        "--- task-card rev B",
        "+++ task-card rev C",
        "@@ step 4 @@",
        at(`-  ${c.s}: ${c.old}`, c.oi),
        at(`+  ${c.s}: ${c.v}`, c.vi),
        "   record result in tech log",
      ],
    }),
  },
  {
    name: "now-chat",
    make: (c) => ({
      slot: "user",
      lines: [
        `[${c.clock}] ${c.station} line: quick one from the station`,
        at(`[${c.clock}] ${c.station} line: ${c.s} is now ${c.v}, TS phoned it through`, c.vi),
      ],
    }),
  },
  {
    name: "correction",
    make: (c) => ({
      slot: "user",
      lines: [
        at(`Correction to what I told you earlier: the ${c.s} is ${c.v}, not ${c.old}.`, c.vi),
        "My fault, I was reading from last month's printout.",
      ],
    }),
  },
  {
    name: "pronoun-after-naming",
    make: (c) => ({
      slot: "assistant",
      lines: [
        at(
          `Re the ${c.s}: engineering reissued it an hour ago and it's ${c.v} from this shift.`,
          c.vi,
        ),
        "I'll update the planning board to match.",
      ],
    }),
  },
  {
    name: "json-row-update",
    make: (c) => ({
      slot: "tool",
      tool: "tech_log_query",
      lines: [
        `{"tail":"${c.tail}","entries":2,"station":"${c.station}"}`,
        at(`{"item":"${c.s}","value":"${c.v}","status":"REVISED","prev":"superseded"}`, c.vi),
        `{"item":"cabin PA test","value":"sat","status":"CLOSED"}`,
      ],
    }),
  },
  {
    name: "fwd-email-update",
    make: (c) => ({
      slot: "user",
      lines: [
        "FYI, engineering just sent this out:",
        `> Subject: AMENDMENT - ${c.tail} / fleet`,
        `> With immediate effect the ${c.s} changes to ${c.v}. Previous figure withdrawn.`,
      ],
    }),
  },
  {
    name: "handover-was",
    make: (c) => ({
      slot: "user",
      lines: [
        "from the 0300 handover sheet:",
        at(`- ${c.s} now ${c.v} (was ${c.old}), TS call logged`, c.vi),
        `- ${c.tail} cabin deep clean postponed`,
      ],
    }),
  },
];

/** An older value printed again by a tool after the current one was stated. */
export const STALE_FORMS: readonly Form[] = [
  {
    name: "reprint-cached-export",
    make: (c) => ({
      slot: "tool",
      tool: "mtx_export",
      lines: [
        "# cached export, generated 2026-11-27 06:00Z (may be out of date)",
        "record_id,updated_utc,item,value,source",
        `R-7731,2026-11-27T05:58Z,${c.s},${c.v},ENG-TR`,
      ],
    }),
  },
  {
    name: "reprint-old-handover",
    make: (c) => ({
      slot: "tool",
      tool: "handover_notes",
      lines: [
        "(archived handover, Thu nights)",
        `* ${c.s} ${c.v}`,
        "* hangar door 2 motor u/s, use door 1",
      ],
    }),
  },
  {
    name: "reprint-acars-history",
    make: (c) => ({
      slot: "tool",
      tool: "acars_inbox",
      lines: [
        "HISTORY (oldest first)",
        `FI ${c.tail} /FREE TEXT`,
        `MX CTRL ADVISE ${up(c.s)} ${up(c.v)} PER ENG`,
      ],
    }),
  },
];

/** The current value stated again after a stale copy. */
export const CONFIRM_FORMS: readonly Form[] = [
  {
    name: "confirm-terse",
    make: (c) => ({
      slot: "user",
      lines: [`ignore that cached list - ${c.s} stays ${c.v}, checked with TS just now`],
    }),
  },
  {
    name: "confirm-assistant",
    make: (c) => ({
      slot: "assistant",
      lines: [
        "That export predates the amendment, so I'm disregarding it.",
        `Current ${c.s} per the live record: ${c.v}.`,
      ],
    }),
  },
];

export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-mel-row",
    make: (c) => ({
      slot: "tool",
      tool: "mel_deferrals",
      lines: ["ref | item | limit | raised", `D-2291 | ${c.s} | ${c.v} | ${c.station}`],
    }),
  },
  {
    name: "alike-chat",
    make: (c) => ({
      slot: "user",
      lines: [`Different thing, don't mix them up: the ${c.s} is ${c.v}.`],
    }),
  },
  {
    name: "alike-email",
    make: (c) => ({
      slot: "user",
      lines: [
        "Another one from tech services:",
        `> Note the ${c.s} remains ${c.v} and is not affected by this TR.`,
      ],
    }),
  },
];

/** Rejected proposals and what-ifs: another value, never adopted. */
export const DECOY_FORMS: readonly ((s: string, d: string) => Placed)[] = [
  (s, d) => ({
    slot: "user",
    lines: [`Stores suggested going to ${d} for the ${s} to save a trip; engineering said no.`],
  }),
  (s, d) => ({
    slot: "assistant",
    lines: [
      `If the ${s} were ${d} we could release tonight, but that's a what-if - nothing has been approved.`,
    ],
  }),
  (s, d) => ({
    slot: "user",
    lines: [`we considered ${d} as the ${s} last week. not now, rejected at the tech review`],
  }),
];

/** Sentences that name a subject and no value. */
export const MENTION_FORMS: readonly ((s: string) => Placed)[] = [
  (s) => ({ slot: "user", lines: [`Can you double-check the ${s} before we sign anything off?`] }),
  (s) => ({
    slot: "assistant",
    lines: [`I'll pull the ${s} from the live record rather than the printed pack.`],
  }),
  (s) => ({ slot: "user", lines: [`who owns the ${s} question tonight, TS or us?`] }),
];
