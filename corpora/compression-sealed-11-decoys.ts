// What follows a "sealed-11" fact's latest value: its look-alike (the subject plus a
// qualifier, with its own value), then one decoy — a turned-down proposal, an A/B
// variant that lost, a hypothetical, a player's loose quote, or (for a changed fact)
// a re-printed stale snapshot or a player report quoting the old value, each of
// those two followed by a restatement of the current value. Also plain mentions that
// state no value. Used by corpora/compression-sealed-11.ts.
import {
  assistant,
  clock,
  exchange,
  PEOPLE,
  PRODUCER,
  splitKey,
  stamp,
  user,
  type Ctx,
  type Episode,
  type Form,
} from "./compression-sealed-11-kit.ts";

/** A post form; `stale` ones state a replaced value and need a restatement after them. */
export interface PostForm extends Form {
  stale: boolean;
}

export const LOOK_ALIKE_FORMS: readonly Form[] = [
  {
    name: "look-alike-prose",
    make: ({ fact, alike }) => ({
      messages: [
        user(`Separate knob, don't mix them up: the ${fact.lookAlike} is ${alike}.`),
        assistant("Understood, that one lives in its own override file."),
      ],
      said: [],
    }),
  },
  {
    name: "look-alike-row",
    make: ({ fact, alike, rng }) => ({
      messages: exchange(
        "Listing the overrides.",
        "live_config.overrides",
        { scope: "segments" },
        [
          "override,value,segment",
          `${fact.lookAlike},${alike},${rng.pick(["mobile", "eu", "console", "late-night"])}`,
          `xp multiplier for the holiday weekend on console,${rng.int(11, 20) / 10}x,console`,
        ].join("\n"),
      ),
      said: [],
    }),
  },
  {
    name: "look-alike-chat",
    make: ({ fact, alike, rng }) => ({
      messages: [
        user(
          `[${clock(rng)}] ${rng.pick(PEOPLE)} asked in #frostfall-liveops: is the ${fact.lookAlike} still ${alike}? I told them yes.`,
        ),
        assistant("That matches the override file."),
      ],
      said: [],
    }),
  },
];

const restate = (c: Ctx): Episode => {
  const line = c.rng.pick([
    `To be clear, the ${c.fact.subject} is still ${c.value}.`,
    `Live check: the ${c.fact.subject} reads ${c.value} right now.`,
  ]);
  return { messages: [assistant(line)], said: [{ line, value: c.value }] };
};

export const DECOY_FORMS: readonly PostForm[] = [
  {
    name: "rejected-proposal",
    stale: false,
    make: ({ fact, decoy }) => ({
      messages: [
        user(`Community is loud today. What if we pushed the ${fact.subject} to ${decoy}?`),
        assistant("I'd advise against it: the economy model shows it breaks the sink targets."),
        user("Yeah, no. Leave it where it is."),
      ],
      said: [],
    }),
  },
  {
    name: "lost-variant",
    stale: false,
    make: ({ fact, value, decoy, rng }) => {
      const line = `| ${fact.subject} | control ${value} | variant ${decoy} | winner: control |`;
      return {
        messages: [
          ...exchange(
            "Reading the follow-up experiment.",
            "experiments.readout",
            { experiment: `ff-${fact.system}-${rng.int(100, 199)}` },
            [
              "| setting | control | variant | result |",
              "|---|---|---|---|",
              line,
              `note: variant lost on D7 retention (-${rng.int(1, 4)}.${rng.int(0, 9)}%)`,
            ].join("\n"),
          ),
          assistant("Control held, so nothing changes; closing the experiment."),
        ],
        said: [{ line, value }],
      };
    },
  },
  {
    name: "hypothetical",
    stale: false,
    make: ({ fact, decoy, rng }) => ({
      messages: [
        user("Finance wants a what-if for the board deck."),
        assistant(
          `If the ${fact.subject} were ${decoy}, the model projects revenue ${rng.pick(["+", "-"])}${rng.int(2, 9)}% but churn rises; purely hypothetical, nothing changed.`,
        ),
      ],
      said: [],
    }),
  },
  {
    name: "player-slang",
    stale: false,
    make: ({ fact, old, decoy, rng }) => ({
      messages: exchange(
        "Reviewing the moderation queue.",
        "moderation.queue",
        { status: "pending", limit: 2 },
        [
          `#${rng.int(10000, 99999)}  user=FrostyBoi${rng.int(10, 99)}  flagged: spam`,
          `  "${fact.slang} ${old === "" ? `going to ${decoy} next week, trust me` : `was ${old} before, give it back`}"`,
          `#${rng.int(10000, 99999)}  user=snowpaw  flagged: harassment`,
          `  "uninstall, noob"`,
        ].join("\n"),
      ),
      said: [],
    }),
  },
  {
    name: "stale-snapshot",
    stale: true,
    make: ({ fact, old, rng }) => {
      const { section, leaf } = splitKey(fact.key);
      const line = `${leaf} = "${old}"    # ${fact.subject}`;
      return {
        messages: [
          user(`For the retro, paste the launch-day snapshot of the ${fact.system} config.`),
          ...exchange(
            "Here's the launch-day snapshot (stale, kept for the retro).",
            "repo.read_file",
            { path: `live-config/${section.replace(/\./g, "/")}.toml`, ref: "frostfall-launch" },
            [`# snapshot ${stamp(rng)} (tag frostfall-launch)`, `[${section}]`, line].join("\n"),
          ),
        ],
        said: [{ line, value: old }],
      };
    },
  },
  {
    name: "player-report",
    stale: true,
    make: ({ fact, old, rng }) => {
      const line = `  message: "the ${fact.subject} is ${old}, devs are lying in the patch notes"`;
      return {
        messages: exchange(
          "One more report came in.",
          "moderation.get_report",
          { id: rng.int(50000, 59999) },
          [
            `report by ${rng.pick(["IceQueen", "Glacier_Gus", "notabot"])}${rng.int(1, 99)} — category: misinformation`,
            line,
            "  status: pending review",
          ].join("\n"),
        ),
        said: [{ line, value: old }],
      };
    },
  },
];

export const RESTATE_FORM: Form = { name: "restate", make: restate };

/** A sentence naming a subject without any value. */
export function mention(c: Ctx): Episode {
  const text = c.rng.pick([
    `Can you check whether the ${c.fact.subject} is the same on PC and console?`,
    `Remind me later to double-check the ${c.fact.subject} before the go/no-go.`,
    `${PRODUCER} wants a chart of the ${c.fact.subject} against retention.`,
  ]);
  return { messages: [user(text), assistant("Added to my list.")], said: [] };
}
