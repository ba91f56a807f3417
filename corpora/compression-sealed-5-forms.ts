// How the "sealed-5" compression family states a planted value: first statements,
// updates in many forms (prose, question and answer, overrules, tool-output rows and
// fields), look-alikes, bare mentions and rejected proposals. Used by compression-sealed-5.ts.
import { pick } from "./compression-sealed-5-facts.ts";
import { call, say, user, type Block } from "./compression-sealed-5-filler.ts";
import {
  csvRow,
  jsonField,
  one,
  sqlRow,
  v0,
  v1,
  who,
  type FormInput,
} from "./compression-sealed-5-rows.ts";
import { thread, THREAD_LINES } from "./compression-sealed-5-tools.ts";

export type { FormInput } from "./compression-sealed-5-rows.ts";

/** An update form: its name, how many new values it states, and where its value comes from. */
export interface UpdateForm {
  name: string;
  arity: 1 | 2;
  value?: "alias" | "unit";
  block(x: FormInput): Block;
}

/** One of several phrasings: [speaker, message text, the planted sentence inside it]. */
type Phrasing = readonly ["user" | "assistant", string, string];
const among = (x: FormInput, options: readonly Phrasing[]): Block => {
  const [role, text, sentence] = pick(x.r, options);
  return one(role === "user" ? user(text) : say(text), sentence);
};

/** A first statement in prose, by either speaker. */
function firstInProse(x: FormInput): Block {
  const [S, V] = [x.subject, v0(x)];
  return among(x, [
    [
      "user",
      `For the record, the ${S} is ${V}. That's what the board numbers assume.`,
      `the ${S} is ${V}`,
    ],
    [
      "assistant",
      `From the onboarding doc: the ${S} is set to ${V}.\nI'll use that unless you tell me otherwise.`,
      `the ${S} is set to ${V}`,
    ],
    [
      "user",
      `Context you'll need:\n- we agreed the ${S} is ${V}\n- everything else follows the catalog`,
      `we agreed the ${S} is ${V}`,
    ],
    [
      "assistant",
      `I checked with ${who(x.r)} and the ${S} is ${V} at the moment.`,
      `the ${S} is ${V} at the moment`,
    ],
    [
      "user",
      `One thing finance cares about: the ${S} has been ${V} since the last planning cycle, so don't change it silently.`,
      `the ${S} has been ${V} since the last planning cycle`,
    ],
    [
      "assistant",
      `Noting the inputs I'm assuming before I build anything. The ${S} is ${V}, per the metrics wiki.`,
      `The ${S} is ${V}, per the metrics wiki.`,
    ],
  ]);
}

/** First statements of a value: mostly in prose, some as a catalog or sheet row. */
export const FIRST: ((x: FormInput) => Block)[] = [
  ...Array.from({ length: 6 }, () => firstInProse),
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
    block: (x) => {
      const [S, V] = [x.subject, v0(x)];
      return among(x, [
        ["user", `Updated in the doc: the ${S} is ${V}.`, `the ${S} is ${V}`],
        [
          "user",
          `To be clear for the deck, the ${S} is ${V}. Use that everywhere.`,
          `the ${S} is ${V}`,
        ],
        [
          "assistant",
          `Writing it down so it doesn't get lost: the ${S} is ${V}.`,
          `the ${S} is ${V}`,
        ],
      ]);
    },
  },

  {
    name: "now",
    arity: 1,
    block: (x) => {
      const [S, V] = [x.subject, v0(x)];
      return among(x, [
        [
          "assistant",
          `Heads-up after the review: the ${S} is now ${V}.\nI've updated the models that depend on it.`,
          `the ${S} is now ${V}`,
        ],
        [
          "user",
          `FYI the ${S} is now ${V}, ${who(x.r)} changed it this morning.`,
          `the ${S} is now ${V}`,
        ],
        [
          "user",
          `So that's settled — the ${S} is now ${V} and stays there through the quarter.`,
          `the ${S} is now ${V}`,
        ],
      ]);
    },
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
    block: (x) => {
      const [S, V, O] = [x.subject, v0(x), x.old];
      return among(x, [
        [
          "assistant",
          `Correction to what I wrote earlier: the ${S} is ${V}, not ${O}. My mistake.`,
          `the ${S} is ${V}, not ${O}`,
        ],
        [
          "user",
          `Wait, I gave you the wrong number before. The ${S} is actually ${V}; ${O} was last year's.`,
          `The ${S} is actually ${V}`,
        ],
      ]);
    },
  },

  {
    name: "revert",
    arity: 1,
    value: "alias",
    block: (x) => {
      const [S, V] = [x.subject, v0(x)];
      return among(x, [
        [
          "user",
          `That change didn't work out. Please revert the ${S} to the original ${V} setting.`,
          `revert the ${S} to the original ${V} setting`,
        ],
        [
          "assistant",
          `The new value broke the weekly comparison, so I rolled the ${S} back to the earlier ${V} setting.`,
          `I rolled the ${S} back to the earlier ${V} setting`,
        ],
      ]);
    },
  },

  {
    name: "email-relay",
    arity: 1,
    block: (x) => {
      const [S, V] = [x.subject, v0(x)];
      const q = `"Effective next cycle, the ${S} will be ${V}."`;
      return among(x, [
        ["user", `Relaying an email from ${who(x.r)}:\n${q}\nSo please plan for that.`, q],
        [
          "user",
          `Just got an email from finance — they want the ${S} at ${V} starting with the next close.`,
          `they want the ${S} at ${V} starting with the next close`,
        ],
      ]);
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
    block: (x) => {
      const [S, V] = [x.subject, v0(x)];
      return among(x, [
        [
          "assistant",
          `We're switching units, so the ${S} is written as ${V} from now on.`,
          `the ${S} is written as ${V} from now on`,
        ],
        [
          "user",
          `Finance wants a different unit in the catalog. Going forward the ${S} should read ${V}, and it's a real change, not just a relabel.`,
          `Going forward the ${S} should read ${V}`,
        ],
      ]);
    },
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
