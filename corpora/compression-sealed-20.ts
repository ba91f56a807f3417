// The "sealed-20" compression family: a long agent session helping a restaurant group's
// executive chef and ops manager with kitchen and supply operations. Sixteen planted
// facts are stated in chat, supplier emails, chat exports and standards sheets, updated
// ("now", corrections, pronouns, emails), re-printed stale from archived prep sheets,
// floated and rejected with other values, and shadowed by look-alikes. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { FACT_SEEDS, type FactSeed } from "./compression-sealed-20-facts.ts";
import {
  ASSISTANT_CHATTER,
  USER_CHATTER,
  chatStamp,
  toolDocument,
  type Rnd,
} from "./compression-sealed-20-filler.ts";

type Slot = "user" | "assistant" | "email" | "chat" | "standards" | "prep";
interface Form {
  name: string;
  slot: Slot;
  line: (s: string, v: string, old: string, rnd: Rnd) => string;
}

export const FIRST_FORMS: readonly Form[] = [
  {
    name: "chef-board",
    slot: "user",
    line: (s, v) => `Chef wants the ${s} at ${v}, please put it on the standards board.`,
  },
  { name: "terse", slot: "user", line: (s, v) => `ok so ${s}: ${v}. that's what Dani signed off.` },
  {
    name: "noted",
    slot: "assistant",
    line: (s, v) => `Noted: ${s} set to ${v} in the site standards doc.`,
  },
  {
    name: "email",
    slot: "email",
    line: (s, v) => `As discussed on the call, the ${s} will be ${v}.`,
  },
  { name: "sheet-row", slot: "standards", line: (s, v) => `${s},${v},agreed,exec chef` },
  {
    name: "chat",
    slot: "chat",
    line: (s, v, _o, rnd) => `${chatStamp(rnd)} ${s} is ${v} btw, confirmed with Dani`,
  },
];

export const UPDATE_FORMS: readonly Form[] = [
  {
    name: "now",
    slot: "user",
    line: (s, v) => `Quick update from the pass: the ${s} is now ${v}.`,
  },
  {
    name: "correction",
    slot: "user",
    line: (s, v, o) => `Sorry, I had that wrong earlier. The ${s} should be ${v}, not ${o}.`,
  },
  {
    name: "pronoun",
    slot: "user",
    line: (s, v) => `Talked to Dani about the ${s}. It moves to ${v} starting Monday.`,
  },
  {
    name: "email-change",
    slot: "email",
    line: (s, v) => `Please note that from next week the ${s} changes to ${v}.`,
  },
  {
    name: "chat-switch",
    slot: "chat",
    line: (s, v, _o, rnd) => `${chatStamp(rnd)} switch the ${s} to ${v} going forward pls`,
  },
  {
    name: "template",
    slot: "assistant",
    line: (s, v) => `Updated the prep sheet template: ${s} now reads ${v}.`,
  },
];

const STALE: Form = {
  name: "reprint-old-sheet",
  slot: "prep",
  line: (s, v) => `(archived prep sheet, week 44) ${s}: ${v}`,
};
const RECONFIRM: Form = {
  name: "reconfirm",
  slot: "user",
  line: (s, v) => `Just to be clear, the ${s} stays at ${v}, ignore the old sheet.`,
};
const LOOK_ALIKES: readonly Form[] = [
  { name: "alike-prose", slot: "user", line: (s, v) => `Different thing: the ${s} is ${v}.` },
  {
    name: "alike-row",
    slot: "standards",
    line: (s, v) => `${s},${v},separate standard,site manager`,
  },
];
const REJECTED: readonly ((s: string, v: string) => string)[] = [
  (s, v) => `Marco suggested ${v} for the ${s}, but Dani said no.`,
  (s, v) => `What if we pushed the ${s} to ${v}? Not now, maybe after the Christmas menu.`,
];
const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Can you check the ${s} against last month's HACCP log?`,
  (s) => `Remind me who decided the ${s} in the first place.`,
];

interface Planned {
  slot: Slot;
  text: string;
  fact?: number;
  value?: number;
}

/** A sealed-20 transcript with the names of the forms it planted. */
export function buildSealed20(seed: number, turns: number) {
  const rnd = mulberry32(seed * 7919 + 20_020);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const episodes = Math.ceil(turns / 4);
  const order = FACT_SEEDS.map((_, i) => i).sort(() => rnd() - 0.5);
  const plan = new Map<number, Planned[]>();
  const forms: string[] = [];
  const put = (episode: number, p: Planned) => plan.set(episode, [...(plan.get(episode) ?? []), p]);
  const updateForms = [...UPDATE_FORMS].sort(() => rnd() - 0.5);
  let nextUpdate = 0;
  const facts: TranscriptFact[] = order.map((seedIndex, f) => {
    const seedFact = FACT_SEEDS[seedIndex] as FactSeed;
    const pool = [...seedFact.pool].sort(() => rnd() - 0.5);
    const updates = f < 4 ? 2 : f < 8 ? 1 : 0;
    const values = pool.slice(0, updates + 1);
    const alikeValue = pool[updates + 1] ?? "";
    const spare = pool[updates + 2] ?? "";
    const subject = seedFact.subject;
    const lookAlike = `${subject} ${pick(seedFact.qualifiers)}`;
    const stale = updates > 0 && (f % 2 === 0 || f === 5);
    const events = values.length + (stale ? 2 : 0) + 1;
    const spots = new Set<number>();
    while (spots.size < events) {
      spots.add(2 + Math.floor(rnd() * (episodes - 4)));
    }
    const at = [...spots].sort((a, b) => a - b);
    let k = 0;
    const state = (form: Form, value: number, old: string) => {
      forms.push(form.name);
      put(at[k++] ?? 2, {
        slot: form.slot,
        text: form.line(subject, values[value] ?? "", old, rnd),
        fact: f,
        value,
      });
    };
    values.forEach((_, v) => {
      const form =
        v === 0 ? pick(FIRST_FORMS) : (updateForms[nextUpdate++ % updateForms.length] as Form);
      state(form, v, values[v - 1] ?? "");
    });
    if (stale) {
      state(STALE, 0, "");
      state(RECONFIRM, values.length - 1, "");
    }
    const alike = pick(LOOK_ALIKES);
    forms.push(alike.name);
    put(at[k] ?? episodes - 2, {
      slot: alike.slot,
      text: alike.line(lookAlike, alikeValue, "", rnd),
    });
    put(2 + Math.floor(rnd() * (episodes - 4)), {
      slot: "user",
      text: pick(REJECTED)(subject, spare),
    });
    put(2 + Math.floor(rnd() * (episodes - 4)), {
      slot: "assistant",
      text: pick(MENTIONS)(subject),
    });
    return { subject, values, lookAlike };
  });
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are an operations assistant for a restaurant group's executive chef and ops manager. You can read POS exports, supplier price lists, HACCP logs, prep sheets, rotas, inventory counts, emails and chat exports.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const record = (p: Planned, index: number) => {
    if (p.fact !== undefined && p.value !== undefined) {
      statements.push({ sentence: p.text, fact: p.fact, value: p.value, turn: index + 1 });
    }
  };
  for (let e = 0; e < episodes; e++) {
    const here = plan.get(e) ?? [];
    const prose = (role: "user" | "assistant", chatter: readonly string[]) => {
      const mine = here.filter((p) => p.slot === role);
      const lines = [
        pick(chatter),
        ...(rnd() < 0.5 ? [pick(chatter)] : []),
        ...mine.map((p) => p.text),
      ];
      if (rnd() < 0.5) {
        lines.reverse();
      }
      mine.forEach((p) => record(p, messages.length));
      return lines.join("\n");
    };
    messages.push({ role: "user", content: prose("user", USER_CHATTER) });
    const docs = here.filter((p) => p.slot !== "user" && p.slot !== "assistant");
    const kind = docs[0]?.slot ?? "other";
    const inDoc = docs.filter((p) => p.slot === kind);
    const leftover = docs.filter((p) => p.slot !== kind);
    const doc = toolDocument(
      rnd,
      kind,
      inDoc.map((p) => p.text),
    );
    const id = `call_${e}`;
    messages.push({
      role: "assistant",
      content: pick(ASSISTANT_CHATTER),
      tool_calls: [
        {
          id,
          type: "function",
          function: {
            name: doc.tool,
            arguments: JSON.stringify({ step: e, site: pick(["HS", "DK"]) }),
          },
        },
      ],
    });
    inDoc.forEach((p) => record(p, messages.length));
    messages.push({ role: "tool", tool_call_id: id, content: doc.text });
    // Documents of another kind in the same episode follow as a second lookup.
    if (leftover.length > 0) {
      const id2 = `call_${e}b`;
      const kinds = [...new Set(leftover.map((p) => p.slot))];
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: [
          { id: id2, type: "function", function: { name: "read_file", arguments: "{}" } },
        ],
      });
      const text = kinds
        .map(
          (k) =>
            toolDocument(
              rnd,
              k,
              leftover.filter((p) => p.slot === k).map((p) => p.text),
            ).text,
        )
        .join("\n\n");
      leftover.forEach((p) => record(p, messages.length));
      messages.push({ role: "tool", tool_call_id: id2, content: text });
    }
    messages.push({ role: "assistant", content: prose("assistant", ASSISTANT_CHATTER) });
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-20",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed20(seed, turns);
    return { messages, facts, statements };
  },
};
