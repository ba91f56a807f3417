// How the sealed-4 compression family (corpora/compression-sealed-4.ts) states a planted
// value: first statements, the update forms (prose and inside tool output), look-alike
// statements and value-free mentions, each rendered as a short block of messages.
import type { ChatMessage } from "../shared/context/messages.ts";
import { SPEAKERS } from "./compression-sealed-4-chat.ts";
import type { PlantedFact } from "./compression-sealed-4-facts.ts";
import { pick, type Rng } from "./compression-sealed-4-rng.ts";
import {
  isToolForm,
  toolBlock,
  type Block,
  type RenderContext,
  type ToolForm,
  type UpdateForm,
} from "./compression-sealed-4-tool-lines.ts";

type Say = (s: string, v: string, who: string) => string;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const FIRST: readonly Say[] = [
  (s, v) => `For context, the ${s} is ${v}.`,
  (s, v) => `From the helm values: the ${s} is ${v}.`,
  (s, v) => `We settled the ${s} at ${v} in last week's capacity review.`,
  (s, v) => `Noting the baseline before we change anything: ${s} = ${v}.`,
  (s, v) => `The runbook has the ${s} at ${v}, keep that in mind.`,
  (s, v) => `${cap(s)} is ${v} as of the start of this incident.`,
  (s, v) => `Checked the repo: the ${s} was set to ${v} by the last planned change.`,
  (s, v) => `If anyone asks, the ${s} has been ${v} for months.`,
];

const CHAT_UPDATES: Record<Exclude<UpdateForm, ToolForm>, readonly Say[]> = {
  restated: [
    (s, v) => `Writing it down so nobody has to scroll: the ${s} is ${v}.`,
    (s, v) => `To restate where we landed, ${s} = ${v}.`,
    (s, v) => `Final answer on this one: the ${s} is ${v}.`,
    (s, v) => `So we are clear, the ${s} is ${v} and that is what the postmortem should say.`,
  ],
  now: [
    (s, v) => `The ${s} is now ${v}.`,
    (s, v) => `Applied and verified, the ${s} is now ${v}.`,
    (s, v) => `As of this deploy the ${s} is now ${v}.`,
    (s, v) => `Rollout finished, so the ${s} is now ${v} everywhere.`,
  ],
  paraphrase: [
    (s, v) => `We bumped the ${s} to ${v} to ride out the spike.`,
    (s, v) => `Let's go with ${v} for the ${s}; that gives us headroom.`,
    (s, v) => `I've changed the ${s} so the values file reads ${v}.`,
    (s, v) => `Moving the ${s} over to ${v} for the rest of the incident.`,
    (s, v) => `Taking the ${s} to ${v}, which should buy us time until the fix ships.`,
  ],
  correction: [
    (s, v) => `Correction: I misread the dashboard, the ${s} is ${v}.`,
    (s, v) => `Sorry, wrong figure earlier. The ${s} is actually ${v}.`,
    (s, v) => `Scratch what I said before; the ${s} should read ${v}.`,
    (s, v) => `I had that wrong, the ${s} is ${v} according to the live config.`,
  ],
  revert: [
    (s, v) => `Rolling back: the ${s} goes back to the last known good value, ${v}.`,
    (s, v) => `We reverted the ${s} to ${v}, the setting from before last week's change.`,
    (s, v) => `Undoing that change, the ${s} is restored to ${v} from the previous release.`,
  ],
  relayed: [
    (s, v, who) => `${who} just pinged from the bridge: the ${s} needs to be ${v}.`,
    (s, v, who) =>
      `Passing on from ${who} in the capacity channel: ${s} should be ${v} going forward.`,
    (s, v, who) => `${who} asked me to tell you the ${s} is ${v} from here on.`,
    (s, v, who) =>
      `Forwarding what ${who} wrote in the incident channel: "set the ${s} to ${v}, please".`,
  ],
  overruled: [
    (s, v, who) => `${who} overruled us on the bridge; the ${s} will be ${v} instead.`,
    (s, v) => `The incident commander vetoed that plan, so the ${s} is ${v}.`,
    (s, v, who) => `Decision reversed by ${who}: the ${s} goes to ${v}.`,
    (s, v, who) => `${who} pulled rank and the plan changed, the ${s} is ${v} now.`,
  ],
  unit: [
    (s, v) =>
      `The config now takes a different unit, so the ${s} is written as ${v} and raised while we were at it.`,
    (s, v) => `Note the units changed in the new chart: ${s} is ${v}.`,
    (s, v) => `Re-expressed in the new units and adjusted: the ${s} is ${v}.`,
  ],
};

const LOOK_ALIKE: readonly Say[] = [
  (s, v) => `Not to be confused with the ${s}, which is ${v}.`,
  (s, v) => `Separate thing: the ${s} is ${v} and stays there.`,
  (s, v) => `For comparison, the ${s} sits at ${v}.`,
  (s, v) => `I also checked the ${s}: ${v}.`,
];

const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Before anyone touches the ${s}, can someone check the saturation graphs?`,
  (s) => `Where is the ${s} actually defined, helm or terraform?`,
  (s) => `I'd leave the ${s} alone until the error rate settles.`,
  (s) => `Is the ${s} part of the same change request or a separate one?`,
  (s) => `Adding the ${s} to the follow-up list for the postmortem.`,
  (s) => `Who owns decisions about the ${s} when the service team is asleep?`,
];

const USER_PRE = [
  "quick one",
  "for the timeline",
  "heads up",
  "fyi",
  "update from the bridge",
  "noting this before I forget",
];
const FOLLOW_UPS = [
  "That matches what the dashboards assume.",
  "I'll mirror it in the incident doc.",
  "Nothing else depends on it as far as I can tell.",
  "Shout if the graphs disagree.",
];
const ASSISTANT_ASKS = [
  "Where are we on that setting?",
  "what did we end up with there?",
  "remind me what we agreed",
  "and that one?",
];
const ACKS = [
  "Noted, I'll put it in the incident timeline.",
  "Got it. I'll keep that in mind for the next change.",
  "Understood, updating the incident doc.",
  "Thanks, recorded.",
];

const MENTION_REPLIES = [
  "Good question. I'll check where it is set before we change anything.",
  "Agreed, not touching it until the graphs settle.",
  "I'll find out and put the answer in the incident doc.",
  "Added to the follow-ups.",
];

const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

/** A prose statement: a user says it (the agent acks) or the agent says it when asked. */
function chatBlock(rnd: Rng, sentence: string): Block {
  if (rnd() < 0.55) {
    return {
      messages: [user(`${pick(rnd, USER_PRE)}\n${sentence}`), assistant(pick(rnd, ACKS))],
      at: 0,
      sentence,
    };
  }
  const said = rnd() < 0.4 ? `${sentence}\n${pick(rnd, FOLLOW_UPS)}` : sentence;
  return { messages: [user(pick(rnd, ASSISTANT_ASKS)), assistant(said)], at: 1, sentence };
}

/** The first statement of a fact's value: mostly prose, sometimes a settings table or flag. */
export function firstBlock(ctx: RenderContext, f: PlantedFact, v: string): Block {
  const { rnd } = ctx;
  if (rnd() < 0.25) {
    return toolBlock(
      ctx,
      pick(rnd, ["metrics-row", "flag-json", "kubectl-describe"] as const),
      f,
      f.subject,
      v,
    );
  }
  return chatBlock(rnd, pick(rnd, FIRST)(f.subject, v, ""));
}

/** An update of a fact's value in the given form. */
export function updateBlock(
  ctx: RenderContext,
  form: UpdateForm,
  f: PlantedFact,
  v: string,
): Block {
  const { rnd } = ctx;
  if (isToolForm(form)) {
    return toolBlock(ctx, form, f, f.subject, v);
  }
  return chatBlock(rnd, pick(rnd, CHAT_UPDATES[form])(f.subject, v, pick(rnd, SPEAKERS)));
}

/** The look-alike's own value, stated after the fact's latest. */
export function lookAlikeBlock(ctx: RenderContext, f: PlantedFact): Block {
  const { rnd } = ctx;
  if (rnd() < 0.3) {
    return toolBlock(
      ctx,
      pick(rnd, ["metrics-row", "flag-json", "log-line"] as const),
      f,
      f.lookAlike,
      f.lookAlikeValue,
    );
  }
  return chatBlock(rnd, pick(rnd, LOOK_ALIKE)(f.lookAlike, f.lookAlikeValue, ""));
}

/** A mention of the subject with no value. */
export function mentionBlock(rnd: Rng, f: PlantedFact): ChatMessage[] {
  return [user(pick(rnd, MENTIONS)(f.subject)), assistant(pick(rnd, MENTION_REPLIES))];
}
