// What the "sealed-10" family plants after a fact's latest value: decoys (a rejected
// proposal, a rollback plan never executed, a re-printed pre-change snapshot, a quoted
// stale runbook, a hypothetical), the look-alike subject with its own value, and
// mentions that name a subject without a value. A decoy's `old` is the replaced value,
// or for an unchanged fact a value never adopted. Used by corpora/compression-sealed-10.ts.
import {
  cap,
  clock,
  intIn,
  leaderRow,
  pickOf,
  toolBeat,
  type Beat,
  type Form,
} from "./compression-sealed-10-beat.ts";
import type { DrawnFact } from "./compression-sealed-10-facts.ts";

export const DECOY_FORMS: readonly Form[] = [
  {
    name: "rejected-proposal",
    make: ({ fact, old }) => ({
      form: "rejected-proposal",
      messages: [
        {
          role: "assistant",
          content: `While we're in there, should I also touch the ${fact.subject}?\nI could set it to ${old} in the same commit; it would save a second CAB slot.`,
        },
        { role: "user", content: "No. Leave it exactly where it is, not tonight." },
        { role: "assistant", content: "Understood, leaving it alone." },
      ],
      statements: [],
    }),
  },
  {
    name: "rollback-plan",
    make: ({ fact, old, ticket, rnd }) =>
      toolBeat(
        "rollback-plan",
        { content: null, tool: "ticket", args: { action: "get", id: ticket, section: "backout" } },
        [
          `${ticket} / Backout plan (execute ONLY if post-checks fail)`,
          `Step 1, restore the ${fact.subject}:`,
          `    netctl set ${fact.key} "${old}" --site fra2 --commit`,
          `Step 2, clear the affected sessions and wait ${intIn(rnd, 2, 6)} minutes`,
          "Step 3, notify #netops-oncall",
        ].join("\n"),
        [],
        "Post-checks all passed, so the backout plan stays unexecuted.",
      ),
  },
  {
    name: "reprint-old-output",
    make: ({ fact, value, old, rnd }) => {
      const row = leaderRow(fact.subject, old);
      const sentence = `Live, the ${fact.subject} is still ${value}.`;
      return {
        form: "reprint-old-output",
        messages: [
          {
            role: "call",
            content: "Comparing against the snapshot I saved at the start.",
            tool: "shell",
            args: { cmd: "cat /var/tmp/netctl-facts-fra2.pre.txt" },
          },
          {
            role: "tool",
            content: [`# saved ${clock(rnd)} before the window, site fra2`, row].join("\n"),
          },
          {
            role: "assistant",
            content: `That file is the pre-change snapshot, so it is out of date. ${sentence}`,
          },
        ],
        statements: [
          { sentence: row, value: old },
          { sentence, value },
        ],
      };
    },
  },
  {
    name: "stale-runbook",
    make: ({ fact, old }) => ({
      form: "stale-runbook",
      messages: [
        {
          role: "user",
          content: [
            "Found this in the old runbook (last edited 2023). Is it still right?",
            `> 4.2 ${cap(fact.subject)}`,
            `> Default: ${old}. Do not change outside a CAB.`,
          ].join("\n"),
        },
        {
          role: "assistant",
          content:
            "No, that section is stale; tonight's change superseded it. I'll flag the page for an update.",
        },
      ],
      statements: [],
    }),
  },
  {
    name: "hypothetical",
    make: ({ fact, old }) => ({
      form: "hypothetical",
      messages: [
        {
          role: "assistant",
          content: `Out of curiosity I replayed tonight's plan in the lab with a different ${fact.subject}.\nWith ${old} instead, the post-checks would have taken roughly twice as long, so I'm not suggesting it.`,
        },
      ],
      statements: [],
    }),
  },
];

/** Decoys that need a replaced value (a backout plan restores one); the others also take a never-adopted one. */
export const NEEDS_OLD_VALUE = new Set(["reprint-old-output", "stale-runbook", "rollback-plan"]);

/** The look-alike with its own value: in prose, in another site's listing, or as a ticket field. */
export function lookAlikeBeat(fact: DrawnFact, rnd: () => number, ticket: string): Beat {
  const la = fact.lookAlike;
  const lv = fact.lookAlikeValue;
  const variant = intIn(rnd, 0, 3);
  if (variant === 0) {
    return {
      form: "look-alike-prose",
      messages: [
        {
          role: "user",
          content: `Separately, the ${la} stays at ${lv}; that one is out of scope tonight.`,
        },
      ],
      statements: [],
    };
  }
  if (variant === 1) {
    return toolBeat(
      "look-alike-listing",
      { content: null, tool: "shell", args: { cmd: "netctl show facts --site all --grep-scope" } },
      ["scope: other sites and views (not in this change)", leaderRow(la, lv)].join("\n"),
      [],
    );
  }
  return toolBeat(
    "look-alike-ticket",
    { content: null, tool: "ticket", args: { action: "get", id: ticket, section: "out-of-scope" } },
    [`${ticket} / Out of scope`, `  ${cap(la)}: ${lv} (unchanged)`].join("\n"),
    [],
  );
}

/** A sentence naming the subject without any value. */
export function mentionBeat(fact: DrawnFact, rnd: () => number): Beat {
  const text = pickOf(rnd)([
    `I'll re-check the ${fact.subject} once the BGP sessions settle.`,
    `Can you confirm nobody else is editing the ${fact.subject} tonight?`,
    `Adding the ${fact.subject} to the post-check list.`,
  ]);
  return {
    form: "mention",
    messages: [{ role: intIn(rnd, 0, 2) === 0 ? "user" : "assistant", content: text }],
    statements: [],
  };
}
