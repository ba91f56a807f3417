// What the "sealed-9" compression family says about a fact after its latest value:
// a proposal that was turned down, a what-if, an old response re-printed from a cache
// or an old figure quoted by a customer (each answered by a restatement of the current
// value), and the look-alike subject with a value of its own, in prose or in a tool
// output. Used by corpora/compression-sealed-9.ts.
import { MERCH_LEAD, type Beat, type Fact, type Rng } from "./compression-sealed-9-beats.ts";
import { chatter } from "./compression-sealed-9-filler.ts";
import {
  toolArgs,
  toolFor,
  valueOutput,
  type OutputFormat,
} from "./compression-sealed-9-outputs.ts";

export type DecoyName =
  | "rejected-proposal"
  | "what-if"
  | "reprint-old"
  | "customer-quote"
  | "look-alike-prose"
  | "look-alike-tool";

export const DECOY_NAMES: readonly DecoyName[] = [
  "rejected-proposal",
  "what-if",
  "reprint-old",
  "customer-quote",
  "look-alike-prose",
  "look-alike-tool",
];

const single = (role: "user" | "assistant", text: string, form: DecoyName, rnd: Rng): Beat => ({
  steps: [{ kind: role, text: `${text} ${chatter(rnd, role, 1)}` }],
  statements: [],
  form,
});

export function decoyBeat(name: DecoyName, fact: Fact, rnd: Rng): Beat {
  const s = fact.subject;
  const last = fact.values.length - 1;
  const current = fact.values[last] ?? "";
  const old = fact.values[last - 1] ?? "";
  switch (name) {
    case "rejected-proposal":
      return single(
        "user",
        rnd.pick([
          `${MERCH_LEAD} floated taking the ${s} to ${fact.rejectedValue} for the weekend; we said no, it stays where it is.`,
          `Ruth proposed ${fact.rejectedValue} for the ${s}, but finance turned it down, so leave it alone.`,
        ]),
        name,
        rnd,
      );
    case "what-if":
      return single(
        "assistant",
        `Purely a what-if for the margin model: if the ${s} were ${fact.whatIfValue}, the weekly margin would move by about two points. I haven't changed anything.`,
        name,
        rnd,
      );
    case "reprint-old": {
      const { output, line } = valueOutput("json", fact, s, old, rnd);
      const restated = `That snapshot predates the change, so ignore it: the live ${s} is ${current}.`;
      return {
        steps: [
          {
            kind: "tool",
            name: "cache.get",
            args: { key: `${fact.template.system}:${fact.template.sku}`, allow_stale: true },
            output: `(cached snapshot from 2026-11-09, stale)\n${output}`,
            preface: "Pulling the cached copy to compare.",
          },
          { kind: "assistant", text: restated },
        ],
        statements: [
          { sentence: line, fact: fact.index, value: last - 1 },
          { sentence: restated, fact: fact.index, value: last },
        ],
        form: name,
      };
    }
    case "customer-quote": {
      const quote = `Customer quote: "Your site told me the ${s} was ${old} when I checked last month."`;
      const output = [
        `Ticket SUP-${rnd.int(5000, 5999)} (customer, open)`,
        "From: k.lindqvist@mailbox.example",
        "",
        quote,
        '"Please honour that or explain the difference."',
      ].join("\n");
      const reply = `I'll reply that the ${s} is ${current} today and that the figure they saw was from before the change.`;
      return {
        steps: [
          {
            kind: "tool",
            name: "support.get_ticket",
            args: { queue: "customer", state: "open" },
            output,
          },
          { kind: "assistant", text: reply },
        ],
        statements: [
          { sentence: quote, fact: fact.index, value: last - 1 },
          { sentence: reply, fact: fact.index, value: last },
        ],
        form: name,
      };
    }
    case "look-alike-prose":
      return single(
        rnd.next() < 0.5 ? "user" : "assistant",
        rnd.pick([
          `Don't mix that up with the ${fact.lookAlike}, which is ${fact.alikeValue}.`,
          `For comparison, the ${fact.lookAlike} sits at ${fact.alikeValue}.`,
        ]),
        name,
        rnd,
      );
    case "look-alike-tool": {
      const format = rnd.pick(["json", "csv", "table", "logfmt", "log"] as OutputFormat[]);
      const { output } = valueOutput(format, fact, fact.lookAlike, fact.alikeValue, rnd);
      return {
        steps: [
          { kind: "tool", name: toolFor(format, fact), args: toolArgs(format, fact, rnd), output },
        ],
        statements: [],
        form: name,
      };
    }
  }
}
