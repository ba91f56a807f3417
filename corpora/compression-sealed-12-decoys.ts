// The decoys of the "sealed-12" compression family (a hospital pharmacy
// operations session), planted after a fact's latest value: the look-alike
// subject with its own value, a rejected proposal and a hypothetical (both with a
// value the fact never takes), an outdated policy card that quotes a replaced
// value without naming the subject, and a re-printed archived report followed by
// the manager's restatement of the current value. Used by
// corpora/compression-sealed-12.ts.
import type { FormContext, Line, Part } from "./compression-sealed-12-forms.ts";

export interface DecoyContext extends FormContext {
  alike: string;
  alikeV: string;
  /** A value the fact never takes. */
  fresh: string;
}

export interface Decoy {
  name: string;
  /** Only for facts whose value changed (the decoy quotes a replaced value). */
  needsOld?: boolean;
  render(c: DecoyContext): Part[];
}

const plain = (text: string): Line => ({ text });

export const LOOK_ALIKE_DECOYS: readonly Decoy[] = [
  {
    name: "alike-prose",
    render: (c) => [
      {
        slot: "user",
        lines: [plain(`Separate thing: the ${c.alike} is ${c.alikeV}, that one is fine.`)],
      },
    ],
  },
  {
    name: "alike-report",
    render: (c) => [
      {
        slot: "tool",
        tool: "inventory.par_report",
        lines: [plain(`| ${c.alike} | ${c.alikeV} | active | ${c.date} |`)],
      },
    ],
  },
  {
    name: "alike-chat",
    render: (c) => [
      {
        slot: "tool",
        tool: "pager.history",
        lines: [plain(`[${c.time}] ${c.who}: the ${c.alike} went to ${c.alikeV} this morning`)],
      },
    ],
  },
];

export const POST_DECOYS: readonly Decoy[] = [
  {
    name: "rejected-proposal",
    render: (c) => [
      {
        slot: "assistant",
        lines: [plain(`Should we move the ${c.s} to ${c.fresh} to cover the holiday weekend?`)],
      },
      {
        slot: "user",
        lines: [
          plain("No, leave it where it is. The manager will not sign off on that before January."),
        ],
      },
    ],
  },
  {
    name: "failed-motion",
    render: (c) => [
      {
        slot: "tool",
        tool: "pt_minutes.get",
        lines: [plain(`Item 13. Motion to change the ${c.s} to ${c.fresh} failed 2-5; no change.`)],
      },
    ],
  },
  {
    name: "hypothetical",
    render: (c) => [
      {
        slot: "user",
        lines: [
          plain(`If the shortage drags into January, the ${c.s} would have to go to ${c.fresh}.`),
          plain("Not yet though, this is only for the contingency plan."),
        ],
      },
    ],
  },
  {
    name: "outdated-policy",
    needsOld: true,
    render: (c) => [
      {
        slot: "assistant",
        lines: [
          plain(
            `The ${c.s} is also printed on the laminated card taped inside the narcotics room.`,
          ),
          plain(`That card still shows ${c.old}; it predates the change and should be reprinted.`),
        ],
      },
    ],
  },
  {
    name: "reprinted-archive",
    needsOld: true,
    render: (c) => [
      {
        slot: "tool",
        tool: "inventory.par_report",
        top: true,
        lines: [
          plain("ARCHIVED COPY (superseded; printed on request from the old report folder)"),
          { text: `| ${c.s} | ${c.old} | archived | superseded |`, states: "old" },
        ],
      },
      {
        slot: "user",
        lines: [
          plain("You pulled the archived printout by mistake."),
          { text: `The live ${c.s} is ${c.v}, as I said.`, states: "new" },
        ],
      },
    ],
  },
];
