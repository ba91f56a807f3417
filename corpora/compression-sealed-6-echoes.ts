// The echo forms of the "sealed-6" compression family: a fact's value restated,
// an old value quoted later (stated as that old value), a proposed value rejected,
// and a look-alike's own value stated after the fact's latest. Used by
// corpora/compression-sealed-6.ts.
import { ack, stateIn, v, type Distractor, type Form } from "./compression-sealed-6-forms.ts";
import { PEOPLE, around, trackerRows } from "./compression-sealed-6-lines.ts";

export const RESTATE_FORMS: Record<string, Form> = {
  "restate-prose": (p, at) => {
    const line = `For the record, the ${p.def.subject} is still ${v(p, at)}.`;
    const i = p.s.assistant(["Status check before the next step.", line].join("\n"));
    stateIn(p, i, line, at);
  },
  "restate-answer": (p, at) => {
    p.s.user(`What's the ${p.def.subject} right now?`);
    const line = p.rng.pick([
      `It's ${v(p, at)}, nobody has touched the ${p.def.subject} since.`,
      `${v(p, at)}. The tracker and the config agree on the ${p.def.subject}.`,
    ]);
    const i = p.s.assistant(line);
    stateIn(p, i, line, at);
  },
};

/** An old value quoted with the subject (stated as that old value), later restated. */
export const oldQuoted: Form = (p, at) => {
  const line = p.rng.pick([
    `Back when the ${p.def.subject} was ${v(p, at)}, the review queue was a lot slower.`,
    `Last week's notes still say the ${p.def.subject} is ${v(p, at)}, that page is stale.`,
  ]);
  const i = p.s.user(line);
  stateIn(p, i, line, at);
  p.s.assistant("Right, I'll ignore the old page.");
};

export const rejected: Distractor = (p, other) => {
  if (p.rng.next() < 0.5) {
    p.s.assistant(
      `Product asked whether the ${p.def.subject} could be ${other} instead. Should I change it?`,
    );
    p.s.user(
      p.rng.pick([
        "No, leave it as it is.",
        "Not doing that, it stays.",
        "no, we rejected that yesterday",
      ]),
    );
    return;
  }
  p.s.user(`For the minutes: ${other} was proposed for the ${p.def.subject} and not chosen.`);
  p.s.assistant("Recorded as considered and rejected; nothing changes.");
};

export const LOOK_ALIKE_FORMS: Record<string, Distractor> = {
  "look-alike-prose": (p, other) => {
    p.s.user(`Separate thing, don't mix them up: the ${p.def.lookAlike} is ${other}.`);
    p.s.assistant("Noted, that one is tracked separately.");
  },
  "look-alike-tool": (p, other) => {
    const out = [
      "| item | value | owner | source |",
      "|------|-------|-------|--------|",
      ...around(
        p.rng,
        `| ${p.def.lookAlike} | ${other} | ${p.rng.pick(PEOPLE)} | planning |`,
        p.rng.int(4, 7),
        trackerRows(p.rng),
      ),
    ].join("\n");
    p.s.tool("tracker_table", { board: "release-train", filter: "related" }, out);
    p.s.assistant(ack(p));
  },
};
