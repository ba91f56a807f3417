// How the "sealed-12" compression family (a hospital pharmacy operations session)
// states a planted value: the shared shapes of a form (parts placed in user,
// assistant or tool messages, lines tagged with the value they state) and the
// first-statement and update forms. Used by corpora/compression-sealed-12.ts and
// corpora/compression-sealed-12-decoys.ts.

export type Slot = "user" | "assistant" | "tool";

/** A line of a part; `states` names the value it states: the new one, the replaced one. */
export interface Line {
  text: string;
  states?: "new" | "old";
}

/** What one message receives: its lines, and for a tool part the tool that printed them. */
export interface Part {
  slot: Slot;
  lines: Line[];
  tool?: string;
  /** Lines go at the top of the tool output (a banner), not among its rows. */
  top?: boolean;
}

/** What a form knows when it writes: subject, value, the value replaced, and colour. */
export interface FormContext {
  s: string;
  v: string;
  old: string;
  who: string;
  date: string;
  time: string;
}

export interface Form {
  name: string;
  /** The form states a value in another unit (drawn from the fact's `alt` pool). */
  altUnit?: boolean;
  render(c: FormContext): Part[];
}

const said = (text: string): Line => ({ text, states: "new" });
const plain = (text: string): Line => ({ text });

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "user-prose",
    render: (c) => [
      {
        slot: "user",
        lines: [
          plain("Some background before you touch the cabinets."),
          said(`For the ${c.s} we are running ${c.v} at the moment.`),
        ],
      },
    ],
  },
  {
    name: "assistant-note",
    render: (c) => [
      { slot: "assistant", lines: [said(`Noted from the manager's list: ${c.s} — ${c.v}.`)] },
    ],
  },
  {
    name: "formulary-json",
    render: (c) => [
      {
        slot: "tool",
        tool: "formulary_db.query",
        lines: [
          said(
            `{"setting": "${c.s}", "value": "${c.v}", "status": "active", "updated_by": "${c.who}"}`,
          ),
        ],
      },
    ],
  },
  {
    name: "par-report-row",
    render: (c) => [
      {
        slot: "tool",
        tool: "inventory.par_report",
        lines: [said(`| ${c.s} | ${c.v} | active | ${c.date} |`)],
      },
    ],
  },
  {
    name: "adc-csv-row",
    render: (c) => [
      {
        slot: "tool",
        tool: "adc.export",
        lines: [said(`"${c.s}","${c.v}","${c.date}","${c.who}"`)],
      },
    ],
  },
  {
    name: "pt-minutes-motion",
    render: (c) => [
      {
        slot: "tool",
        tool: "pt_minutes.get",
        lines: [said(`Item 11. Motion carried 7-0: the ${c.s} is set at ${c.v}.`)],
      },
    ],
  },
  {
    name: "ticket-field",
    render: (c) => [
      { slot: "tool", tool: "tickets.get", lines: [said(`Custom field [${c.s}]: ${c.v}`)] },
    ],
  },
  {
    name: "pager-chat",
    render: (c) => [
      {
        slot: "tool",
        tool: "pager.history",
        lines: [said(`[${c.time}] ${c.who}: ${c.s} is ${c.v}, please don't change it without me`)],
      },
    ],
  },
  {
    name: "supplier-email",
    render: (c) => [
      {
        slot: "tool",
        tool: "mail.read",
        lines: [
          said(
            `Confirming per our call that the ${c.s} will be ${c.v} through the end of the quarter.`,
          ),
        ],
      },
    ],
  },
  {
    name: "orderset-xml",
    render: (c) => [
      {
        slot: "tool",
        tool: "orderset.config",
        lines: [said(`  <param name="${c.s}" value="${c.v}"/>`)],
      },
    ],
  },
  {
    name: "shortage-hl7",
    render: (c) => [
      {
        slot: "tool",
        tool: "shortage_feed.fetch",
        lines: [said(`OBX|3|ST|${c.s}||${c.v}||||||F`)],
      },
    ],
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now-user",
    render: (c) => [{ slot: "user", lines: [said(`Heads up, the ${c.s} is now ${c.v}.`)] }],
  },
  {
    name: "reset-verb",
    render: (c) => [
      {
        slot: "assistant",
        lines: [said(`Pharmacy ops reset the ${c.s} to ${c.v} after this morning's cycle count.`)],
      },
    ],
  },
  {
    name: "correction",
    render: (c) => [
      {
        slot: "user",
        lines: [said(`Correction to what I told you earlier: the ${c.s} is ${c.v}, not ${c.old}.`)],
      },
    ],
  },
  {
    name: "tool-only-json",
    render: (c) => [
      {
        slot: "tool",
        tool: "formulary_db.query",
        lines: [
          said(
            `{"setting": "${c.s}", "value": "${c.v}", "status": "active", "updated_at": "${c.date}"}`,
          ),
        ],
      },
    ],
  },
  {
    name: "audit-log",
    render: (c) => [
      {
        slot: "tool",
        tool: "audit.tail",
        lines: [
          said(
            `${c.date}T${c.time}:07Z AUDIT setting_changed name="${c.s}" from="${c.old}" to="${c.v}" by=${c.who.toLowerCase().replace(/\s+/g, ".")}`,
          ),
        ],
      },
    ],
  },
  {
    name: "unit-change",
    altUnit: true,
    render: (c) => [
      {
        slot: "assistant",
        lines: [
          plain("The cabinet vendor pushed the new export format last night."),
          said(
            `It lists the ${c.s} as ${c.v} now, and that is a real change, not just the new units.`,
          ),
        ],
      },
    ],
  },
  {
    name: "accepted-proposal",
    render: (c) => [
      {
        slot: "assistant",
        lines: [said(`Proposal: set the ${c.s} to ${c.v}. Shall I apply it?`)],
      },
      { slot: "user", lines: [plain("Approved, go ahead and apply that one.")] },
    ],
  },
  {
    name: "minutes-amended",
    render: (c) => [
      {
        slot: "tool",
        tool: "pt_minutes.get",
        lines: [
          said(
            `Item 12. The committee amended the ${c.s} to ${c.v} (previously ${c.old}), effective immediately.`,
          ),
        ],
      },
    ],
  },
  {
    name: "ticket-comment",
    render: (c) => [
      {
        slot: "tool",
        tool: "tickets.get",
        lines: [
          said(`Comment (${c.who}, ${c.date}): resolved, ${c.s} changed to ${c.v} in production.`),
        ],
      },
    ],
  },
  {
    name: "chat-going-with",
    render: (c) => [
      {
        slot: "tool",
        tool: "pager.history",
        lines: [said(`[${c.time}] ${c.who}: ok we're going with ${c.v} for the ${c.s} from today`)],
      },
    ],
  },
  {
    name: "email-effective",
    render: (c) => [
      {
        slot: "tool",
        tool: "mail.read",
        lines: [said(`Effective Monday the ${c.s} moves to ${c.v}; please update your records.`)],
      },
    ],
  },
];

/** Restatements of an unchanged value, later in the session. */
export const RESTATE_FORMS: readonly Form[] = [
  {
    name: "restate-prose",
    render: (c) => [
      { slot: "user", lines: [said(`Double-checked with ${c.who}: the ${c.s} stays ${c.v}.`)] },
    ],
  },
  {
    name: "restate-report",
    render: (c) => [
      {
        slot: "tool",
        tool: "inventory.par_report",
        lines: [said(`| ${c.s} | ${c.v} | active | ${c.date} |`)],
      },
    ],
  },
];
