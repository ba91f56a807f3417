// What the "sealed-15" compression family shows after a fact's latest value: rejected
// proposals, competing offers not taken and hypotheticals (each with a value never
// adopted), a re-printed archived feed or an outdated style sheet quoting a replaced
// value, the look-alike subject with its own value, and mentions with no value at all.
// Used by corpora/compression-sealed-15.ts.
import { say, toolStatement, type Beat, type Kit } from "./compression-sealed-15-beat.ts";

export interface Decoy {
  name: string;
  /** "fresh": `x` is a value never adopted; "old": `x` is a replaced value (a declared statement). */
  uses: "fresh" | "old";
  make(s: string, x: string, k: Kit): Beat;
}

export const DECOYS: readonly Decoy[] = [
  {
    name: "rejected-proposal",
    uses: "fresh",
    make: (s, x) => ({
      messages: [
        say("assistant", `What if we set the ${s} to ${x}? It would help the margin a little.`),
        say("user", "No, we are not reopening that one. Leave it exactly as it is."),
      ],
    }),
  },
  {
    name: "competing-offer",
    uses: "fresh",
    make: (s, x, k) => ({
      messages: [
        {
          role: "tool",
          tool: "offers_log",
          args: { work: "SA-2027-041" },
          lead: "Looking at the other offers that came in.",
          content: [
            `Offers log ${k.int(300, 399)} (none adopted; current terms stand)`,
            `${k.pick(["Quebecor", "A rival house", "The book-club buyer"])} offer on the ${s}: ${x} (not taken)`,
            `Friesens: declined to offer`,
          ].join("\n"),
        },
      ],
    }),
  },
  {
    name: "hypothetical",
    uses: "fresh",
    make: (s, x) => ({
      messages: [
        say(
          "assistant",
          `Purely hypothetically, if the sales conference goes badly the ${s} would become ${x}. Nothing changes for now.`,
        ),
      ],
    }),
  },
  {
    name: "reprint-archived-feed",
    uses: "old",
    make: (s, x, k) =>
      toolStatement(
        "metadata_feed_archive",
        { work: "SA-2027-041", revision: 1 },
        "Pulling the archived first feed revision for the audit trail.",
        [
          `<!-- ARCHIVED feed revision 1, superseded; kept for audit only -->`,
          `<Product>`,
          `  <RecordReference>lark-${k.int(10000, 99999)}</RecordReference>`,
        ],
        `  <ProductNote type="production">${s}: ${x}</ProductNote>`,
        [`</Product>`],
      ),
  },
  {
    name: "outdated-style-sheet",
    uses: "old",
    make: (s, x) => {
      const line = `  "${s}: ${x}"`;
      return {
        messages: [
          say(
            "user",
            [
              "Quoting the v1 house style sheet from October (it predates every change since), just so you see what the typesetter started from:",
              line,
              "Obviously that is out of date.",
            ].join("\n"),
          ),
        ],
        statement: { line, at: 0 },
      };
    },
  },
];

/** The look-alike subject stated with its own value. */
export const LOOK_ALIKES: readonly ((la: string, y: string, k: Kit) => Beat)[] = [
  (la, y) => ({
    messages: [say("user", `Different edition, different number: the ${la} is ${y}.`)],
  }),
  (la, y) => ({
    messages: [
      {
        role: "tool",
        tool: "sheets_export",
        args: { sheet: "territories", format: "csv" },
        lead: "Exporting the territories sheet.",
        content: [`"item","value","status","owner"`, `"${la}","${y}","approved","finance"`].join(
          "\n",
        ),
      },
    ],
  }),
  (la, y, k) => ({
    messages: [say("user", `From #marketing:\n[${k.clock()}] keiko.s: ${la} = ${y}`)],
  }),
];

/** Sentences that name a subject and state no value. */
export const MENTIONS: readonly ((s: string) => Beat)[] = [
  (s) => ({
    messages: [
      say("user", `Can you double-check the ${s} in every system before the sales conference?`),
    ],
  }),
  (s) => ({
    messages: [say("assistant", `I have not touched the ${s} anywhere yet; it is on my list.`)],
  }),
];
