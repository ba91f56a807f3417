// What the "sealed-13" family writes after a fact's latest value: the look-alike
// subject with its own value (prose, a dock-schedule row, a JSON line), a rejected
// proposal, a hypothetical, a re-printed old manifest and a quoted outdated SLA
// (the last two state a replaced value and are followed by a restatement of the
// current one). Used by corpora/compression-sealed-13.ts.
import { BlockBuilder, clock, inProse, intIn, type Block } from "./compression-sealed-13-kit.ts";
import type { Form } from "./compression-sealed-13-forms.ts";

export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "alike-prose",
    make: (c) =>
      new BlockBuilder().assistant(
        `Not to be confused with the other rule: the ${c.alike} is ${c.a}, and that one has not changed.`,
      ).block,
  },
  {
    name: "alike-table-row",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Listing the exception rules too.",
        "tms.rules",
        { status: "active", kind: "exception" },
        "| rule | value | status |",
        "|------|-------|--------|",
        `| ${c.alike} | ${c.a} | active |`,
      ).block,
  },
  {
    name: "alike-json",
    make: (c) =>
      new BlockBuilder().tool(
        c,
        "Fetching the exception settings.",
        "tms.get_settings",
        { scope: "exceptions" },
        "{",
        `  "${c.alike}": "${c.a}",`,
        `  "revision": ${intIn(c.rnd, 10, 29)}`,
        "}",
      ).block,
  },
];

/** Decoys with a value the fact never had. */
export const NEW_VALUE_DECOYS: readonly Form[] = [
  {
    name: "rejected-proposal",
    make: (c) =>
      new BlockBuilder()
        .assistant(
          `Could we change the ${c.s} to ${c.d}? It would free up one driver on the late wave.`,
        )
        .user(
          "No, leave it exactly as it is; the customer will not accept another change this month.",
        ).block,
  },
  {
    name: "hypothetical",
    make: (c) =>
      new BlockBuilder().user(
        `If the port strike goes ahead next week, the ${c.s} would have to become ${c.d}, but nothing is decided and we plan as normal.`,
      ).block,
  },
];

/** Decoys that re-state a replaced value, then the current one. */
export const OLD_VALUE_DECOYS: readonly Form[] = [
  {
    name: "reprint-old-manifest",
    make: (c) =>
      new BlockBuilder()
        .tool(
          c,
          "Opening the archived manifest the driver referred to.",
          "tms.manifest",
          { week: 41, archived: true },
          `(archived manifest, week 41, printed ${clock(c.rnd)})`,
          `load L-${intIn(c.rnd, 10000, 99999)} | pallets 26 | status delivered`,
          { sentence: `${c.s}: ${c.old}`, which: "old" },
        )
        .assistant(
          inProse(
            "That printout is from week 41 and is out of date; ",
            { sentence: `the ${c.s} is ${c.cur} today.`, which: "cur" },
            "",
          ),
        ).block,
  },
  {
    name: "outdated-sla-quote",
    make: (c): Block =>
      new BlockBuilder().user(
        "The carrier quoted the old SLA at me:",
        "",
        { sentence: `> Per SLA v2 (2025), the ${c.s} is ${c.old}.`, which: "old" },
        "",
        inProse(
          "That is the superseded version. ",
          { sentence: `Under the current agreement the ${c.s} stays ${c.cur}.`, which: "cur" },
          " Please tell them so.",
        ),
      ).block,
  },
];
