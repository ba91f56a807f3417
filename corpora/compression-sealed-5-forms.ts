// How the "sealed-5" compression family states a planted value: first statements,
// updates in many forms (prose, question and answer, overrules, tool-output rows and
// fields), look-alikes, bare mentions and rejected proposals. Used by compression-sealed-5.ts.
import { int, pick, type Rnd } from "./compression-sealed-5-facts.ts";
import { call, say, user, type Block } from "./compression-sealed-5-filler.ts";
import { PEOPLE, table, thread, THREAD_LINES } from "./compression-sealed-5-tools.ts";

/** What a form is given: the subject, the value(s) it states and the value it replaces. */
export interface FormInput {
  r: Rnd;
  id: () => string;
  subject: string;
  values: string[];
  old: string;
}

/** An update form: its name, how many new values it states, and where its value comes from. */
export interface UpdateForm {
  name: string;
  arity: 1 | 2;
  value?: "alias" | "unit";
  block(x: FormInput): Block;
}

const one = (m: Block["messages"][number], sentence: string): Block => ({
  messages: [m],
  planted: [{ sentence, at: 0, offset: 0 }],
});
const v0 = (x: FormInput) => x.values[0] ?? "";
const v1 = (x: FormInput) => x.values[1] ?? "";
const who = (r: Rnd) => pick(r, PEOPLE);
const stamp = (r: Rnd) => `2026-11-${String(int(r, 2, 27)).padStart(2, "0")}`;

const CATALOG = [
  ["signup attribution model", "last non-direct touch"],
  ["invoice grace period", "net 30"],
  ["seat utilisation basis", "active in trailing month"],
  ["trial extension limit", "one extension"],
  ["gross churn basis", "logo count"],
  ["forecast snapshot day", "first business day"],
  ["internal domain exclusion", "enabled"],
];

/** A metrics-catalog query whose result has the subject's row. */
export function sqlRow(x: FormInput, lead: string, after: string): Block {
  const rows = CATALOG.filter(() => x.r() < 0.6).map(([n, v]) => [
    n ?? "",
    v ?? "",
    who(x.r),
    stamp(x.r),
  ]);
  const row = [x.subject, v0(x), who(x.r), stamp(x.r)];
  rows.splice(int(x.r, 0, rows.length), 0, row);
  rows.sort((a, b) => (b[3] ?? "").localeCompare(a[3] ?? ""));
  const out = table(["name", "value", "owner", "updated_at"], rows);
  const line = out.split("\n").find((l) => l.startsWith(` ${x.subject} `)) ?? "";
  const query =
    "SELECT name, value, owner, updated_at\nFROM analytics.metric_catalog\nWHERE updated_at >= '2026-11-01'\nORDER BY updated_at DESC;";
  return {
    messages: [user(lead), ...call(x.id(), "run_sql", { query }, out), say(after)],
    planted: [{ sentence: line.trim(), at: 2, offset: 0 }],
  };
}

/** The definitions sheet read as CSV, with the subject's row. */
export function csvRow(x: FormInput, lead: string, after: string): Block {
  const cell = (s: string) => (s.includes(",") ? `"${s}"` : s);
  const rows = CATALOG.filter(() => x.r() < 0.6).map(([n, v]) =>
    [n, v, who(x.r), stamp(x.r)].join(","),
  );
  const line = [x.subject, cell(v0(x)), who(x.r), stamp(x.r)].join(",");
  rows.splice(int(x.r, 0, rows.length), 0, line);
  const csv = ["setting,value,changed_by,changed_on", ...rows].join("\n");
  return {
    messages: [
      user(lead),
      ...call(x.id(), "sheets_read", { sheet: "Metric definitions", range: "A1:D30" }, csv),
      say(after),
    ],
    planted: [{ sentence: line, at: 2, offset: 0 }],
  };
}

/** The analytics workspace settings from the dashboard tool, with the subject's field. */
export function jsonField(x: FormInput, lead: string, after: string): Block {
  const settings: Record<string, string | number | boolean> = {
    timezone: "UTC",
    exclude_internal_domains: true,
    cache_ttl_seconds: int(x.r, 60, 900),
  };
  settings[x.subject] = v0(x);
  settings["week_starts_on"] = pick(x.r, ["monday", "sunday"]);
  const json = JSON.stringify(
    { workspace: "analytics-prod", revision: int(x.r, 100, 999), settings, updated_by: who(x.r) },
    null,
    2,
  );
  return {
    messages: [
      user(lead),
      ...call(x.id(), "dashboard_config", { dashboard: "workspace-settings", action: "get" }, json),
      say(after),
    ],
    planted: [{ sentence: `"${x.subject}": "${v0(x)}"`, at: 2, offset: 0 }],
  };
}

/** First statements of a value. */
export const FIRST: ((x: FormInput) => Block)[] = [
  (x) =>
    one(
      user(`For the record, the ${x.subject} is ${v0(x)}. That's what the board numbers assume.`),
      `the ${x.subject} is ${v0(x)}`,
    ),
  (x) =>
    one(
      say(
        `From the onboarding doc: the ${x.subject} is set to ${v0(x)}.\nI'll use that unless you tell me otherwise.`,
      ),
      `the ${x.subject} is set to ${v0(x)}`,
    ),
  (x) =>
    one(
      user(
        `Context you'll need:\n- we agreed the ${x.subject} is ${v0(x)}\n- everything else follows the catalog`,
      ),
      `we agreed the ${x.subject} is ${v0(x)}`,
    ),
  (x) =>
    one(
      say(`I checked with ${who(x.r)} and the ${x.subject} is ${v0(x)} at the moment.`),
      `the ${x.subject} is ${v0(x)} at the moment`,
    ),
  (x) =>
    sqlRow(
      x,
      `Before we start, what does the catalog have for the ${x.subject}?`,
      "Good, that matches what I had in my notes.",
    ),
  (x) =>
    csvRow(
      x,
      `The definitions sheet should have the ${x.subject}; can you read it?`,
      "Noted — I'll build on the sheet's definitions.",
    ),
];

/** Later values: every form the family plants. */
export const UPDATES: UpdateForm[] = [
  {
    name: "restated",
    arity: 1,
    block: (x) =>
      one(
        user(`Updated in the doc: the ${x.subject} is ${v0(x)}.`),
        `the ${x.subject} is ${v0(x)}`,
      ),
  },
  {
    name: "now",
    arity: 1,
    block: (x) =>
      one(
        say(
          `Heads-up after the review: the ${x.subject} is now ${v0(x)}.\nI've updated the models that depend on it.`,
        ),
        `the ${x.subject} is now ${v0(x)}`,
      ),
  },
  {
    name: "paraphrase",
    arity: 1,
    block: (x) => {
      const s = pick(x.r, [
        `Going forward we count ${v0(x)} for the ${x.subject}`,
        `Leadership settled on ${v0(x)} as the ${x.subject}`,
        `Let's treat ${v0(x)} as the ${x.subject} from here on`,
      ]);
      return one(user(`${s}. Please adjust whatever depends on it.`), s);
    },
  },
  {
    name: "question-yes",
    arity: 1,
    block: (x) => {
      if (x.r() < 0.5) {
        const s = `Could we make the ${x.subject} ${v0(x)} instead?`;
        return {
          messages: [
            user(s),
            say("Yes — done. I changed it in the catalog and reran the affected models."),
          ],
          planted: [{ sentence: s, at: 0, offset: 0 }],
        };
      }
      const s = `Should I switch the ${x.subject} to ${v0(x)}?`;
      return {
        messages: [say(`${s} It would line us up with finance.`), user("Yes, go ahead.")],
        planted: [{ sentence: s, at: 0, offset: 0 }],
      };
    },
  },
  {
    name: "correction",
    arity: 1,
    block: (x) =>
      one(
        say(
          `Correction to what I wrote earlier: the ${x.subject} is ${v0(x)}, not ${x.old}. My mistake.`,
        ),
        `the ${x.subject} is ${v0(x)}, not ${x.old}`,
      ),
  },
  {
    name: "revert",
    arity: 1,
    value: "alias",
    block: (x) =>
      one(
        user(
          `That change didn't work out. Please revert the ${x.subject} to the original ${v0(x)} setting.`,
        ),
        `revert the ${x.subject} to the original ${v0(x)} setting`,
      ),
  },
  {
    name: "email-relay",
    arity: 1,
    block: (x) => {
      const s = `"Effective next cycle, the ${x.subject} will be ${v0(x)}."`;
      return one(user(`Relaying an email from ${who(x.r)}:\n${s}\nSo please plan for that.`), s);
    },
  },
  {
    name: "overrule",
    arity: 2,
    block: (x) => {
      const a = `I'll set the ${x.subject} to ${v0(x)} so it matches the finance model.`;
      const b = `Overruling that: the ${x.subject} should be ${v1(x)}`;
      return {
        messages: [
          say(a),
          user(`${b}. Sales already committed to it.`),
          say("Understood, I'll use that."),
        ],
        planted: [
          { sentence: a, at: 0, offset: 0 },
          { sentence: b, at: 1, offset: 1 },
        ],
      };
    },
  },
  {
    name: "unit-change",
    arity: 1,
    value: "unit",
    block: (x) =>
      one(
        say(`We're switching units, so the ${x.subject} is written as ${v0(x)} from now on.`),
        `the ${x.subject} is written as ${v0(x)} from now on`,
      ),
  },
  {
    name: "sql-row",
    arity: 1,
    block: (x) =>
      sqlRow(
        x,
        `I heard someone edited the ${x.subject} in the catalog. Can you check?`,
        "Yes, the catalog row was edited this week; I'll treat that as current.",
      ),
  },
  {
    name: "csv-row",
    arity: 1,
    block: (x) =>
      csvRow(
        x,
        `${who(x.r)} changed the definitions sheet. What does it say for the ${x.subject} now?`,
        "That's the latest version of the sheet, so that's what we go with.",
      ),
  },
  {
    name: "json-field",
    arity: 1,
    block: (x) =>
      jsonField(
        x,
        `Can you pull the workspace settings? I want the ${x.subject} exactly as the tool has it.`,
        "That's the live setting — it was changed in the last revision.",
      ),
  },
  {
    name: "email-quote",
    arity: 1,
    block: (x) => {
      const s = `Per the pricing committee, the ${x.subject} is ${v0(x)} effective immediately.`;
      const out = thread(
        x.r,
        "Re: metric definitions",
        [
          pick(x.r, THREAD_LINES),
          "Did the committee land on anything for the definitions?",
          `> ${s}`,
        ],
        "email",
      );
      return {
        messages: [
          user(`Search my email for the latest from finance on the ${x.subject}.`),
          ...call(x.id(), "search_messages", { query: "metric definitions", source: "email" }, out),
          say(
            "The quoted line is from the committee's decision email, the newest one in the thread.",
          ),
        ],
        planted: [{ sentence: s, at: 2, offset: 0 }],
      };
    },
  },
  {
    name: "slack-message",
    arity: 1,
    block: (x) => {
      const s = `heads up, the ${x.subject} is ${v0(x)} as of today`;
      const out = thread(
        x.r,
        "analytics definitions",
        [s, pick(x.r, THREAD_LINES)],
        "slack #analytics",
      );
      return {
        messages: [
          user(`Did anyone post about the ${x.subject} in Slack?`),
          ...call(x.id(), "search_messages", { query: "definitions", source: "slack" }, out),
          say("Yes, that's the newest post about it."),
        ],
        planted: [{ sentence: s, at: 2, offset: 0 }],
      };
    },
  },
];

/** The look-alike's statement (not a planted statement of the fact). */
export function lookAlikeBlock(x: FormInput): Block {
  const s = pick(x.r, [
    `Separate thing, don't mix them up: the ${x.subject} is ${v0(x)}.`,
    `For reference, the ${x.subject} is ${v0(x)}.`,
    `${who(x.r)} confirmed the ${x.subject} is ${v0(x)} this quarter.`,
  ]);
  return { messages: [x.r() < 0.5 ? user(s) : say(s)], planted: [] };
}

/** A mention of the subject without a value. */
export function mentionBlock(x: FormInput): Block {
  const [u, a] = pick(x.r, [
    [
      `Do we document the ${x.subject} anywhere besides the catalog?`,
      "Only the catalog and the onboarding doc, as far as I know.",
    ],
    [`I haven't touched the ${x.subject} in this pass, right?`, "Right, I left it alone."],
    [`Remind me to double-check the ${x.subject} before the readout.`, "Added to the checklist."],
    [
      `Is the ${x.subject} something finance owns, or us?`,
      "Us, but finance reviews any change to it.",
    ],
  ]);
  return { messages: [user(u ?? ""), say(a ?? "")], planted: [] };
}

/** A proposed value that is turned down: the current value stays. */
export function rejectedBlock(x: FormInput): Block {
  if (x.r() < 0.5) {
    return {
      messages: [
        user(`Should we move the ${x.subject} to ${v0(x)}?`),
        say("No — I'd leave it. Changing it now breaks the comparison with last quarter."),
      ],
      planted: [],
    };
  }
  return {
    messages: [
      say(`Do you want me to change the ${x.subject} to ${v0(x)}?`),
      user("No, leave it as it is."),
    ],
    planted: [],
  };
}
