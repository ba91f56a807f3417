// The "sealed-22" compression family for bench:compression: a ~600-message session
// in which an agent helps a maintenance controller through a narrow-body heavy
// check (tracking-system queries, CAMO mail, work cards, shift handovers, stores
// exports). Sixteen facts are planted with first values, updates, stale re-prints,
// restatements, look-alikes, rejected proposals and what-ifs. Discovered by
// bench/compression-families.ts under the name "sealed-22".
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { SUBJECTS } from "./compression-sealed-22-facts.ts";
import {
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  RECONFIRM_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Sealed22Form,
  type Speaker,
  type ToolName,
} from "./compression-sealed-22-forms.ts";
import {
  ASSISTANT_CHATTER,
  TOOL_NAMES,
  USER_CHATTER,
  toolArguments,
  toolFiller,
} from "./compression-sealed-22-filler.ts";

/** A line to plant: its text, and the statement it declares (value -1: declares none). */
interface Planted {
  text: string;
  fact: number;
  value: number;
  form: string;
}

/** The planted lines of one round (user, tool call + result, assistant). */
interface Round {
  user: Planted[];
  tool: Planted[];
  toolName?: ToolName;
  assistant: Planted[];
}

/** One ordered event of a fact: a form and the value it states. */
interface FactEvent {
  forms: readonly Sealed22Form[];
  form: Sealed22Form;
  value: string;
  old: string;
  /** The value index it declares; -1 for the look-alike. */
  index: number;
}

/** A family transcript plus the names of the forms it planted. */
export type Sealed22Transcript = Pick<Transcript, "messages" | "facts" | "statements"> & {
  forms: string[];
};

function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Builds the session for one seed; `turns` messages follow the system message (rounded up to 4). */
export function buildSealed22(seed: number, turns: number): Sealed22Transcript {
  const rnd = mulberry32(seed * 7919 + 2222);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const roundCount = Math.max(40, Math.ceil(turns / 4));
  const rounds: Round[] = Array.from({ length: roundCount }, () => ({
    user: [],
    tool: [],
    assistant: [],
  }));

  // Four facts change twice, four once, eight never; four changed ones get a stale re-print.
  const order = shuffled(
    SUBJECTS.map((_, i) => i),
    rnd,
  );
  const updateCount = (f: number) => {
    const rank = order.indexOf(f);
    return rank < 4 ? 2 : rank < 8 ? 1 : 0;
  };
  const hasStale = (f: number) => {
    const rank = order.indexOf(f);
    return rank % 2 === 0 && rank < 8;
  };
  const updateForms = shuffled(UPDATE_FORMS, rnd);
  let nextUpdate = 0;
  const firstForms = shuffled(FIRST_FORMS, rnd);
  const forms: string[] = [];

  const place = (round: number, speaker: Speaker, planted: Planted) => {
    const r = rounds[round];
    if (r !== undefined) {
      r[speaker].push(planted);
    }
  };

  const facts: TranscriptFact[] = SUBJECTS.map((subject, f) => {
    const pool = shuffled(subject.pool, rnd);
    const count = 1 + updateCount(f);
    const values = pool.slice(0, count);
    const alikeValue = pool[count] ?? "";
    const decoyValues = pool.slice(count + 1, count + 2 + Math.floor(rnd() * 2));
    const events: FactEvent[] = values.map((value, i) => {
      const list = i === 0 ? FIRST_FORMS : UPDATE_FORMS;
      const form =
        i === 0
          ? (firstForms[f % firstForms.length] as Sealed22Form)
          : (updateForms[nextUpdate++ % updateForms.length] as Sealed22Form);
      return { forms: list, form, value, old: values[i - 1] ?? "", index: i };
    });
    if (hasStale(f)) {
      const last = values.length - 1;
      const staleIndex = Math.floor(rnd() * last);
      events.push({
        forms: STALE_FORMS,
        form: pick(STALE_FORMS),
        value: values[staleIndex] ?? "",
        old: "",
        index: staleIndex,
      });
      events.push({
        forms: RESTATE_FORMS,
        form: pick(RESTATE_FORMS),
        value: values[last] ?? "",
        old: "",
        index: last,
      });
    }
    if (updateCount(f) === 0 && order.indexOf(f) < 12) {
      events.push({
        forms: RECONFIRM_FORMS,
        form: pick(RECONFIRM_FORMS),
        value: values[0] ?? "",
        old: "",
        index: 0,
      });
    }
    events.push({
      forms: LOOK_ALIKE_FORMS,
      form: pick(LOOK_ALIKE_FORMS),
      value: alikeValue,
      old: "",
      index: -1,
    });

    // Ordered events go to disjoint windows of rounds, so their turns increase.
    const lo = 1;
    const width = Math.floor((roundCount - 2 - lo) / events.length);
    events.forEach((event, j) => {
      const start = lo + j * width;
      const candidates = shuffled(
        Array.from({ length: width }, (_, k) => start + k),
        rnd,
      );
      let form = event.form;
      let round = candidates[0] ?? start;
      if (form.speaker === "tool") {
        const free = candidates.find((c) => {
          const r = rounds[c];
          return r !== undefined && (r.toolName === undefined || r.toolName === form.tool);
        });
        if (free === undefined) {
          form = event.forms.find((x) => x.speaker !== "tool") ?? form;
        } else {
          round = free;
          const r = rounds[free];
          if (r !== undefined) {
            r.toolName = form.tool;
          }
        }
      }
      const text = form.text(
        event.index === -1 ? subject.lookAlike : subject.subject,
        event.value,
        event.old,
      );
      forms.push(form.name);
      place(round, form.speaker, { text, fact: f, value: event.index, form: form.name });
    });

    // Undeclared lines: rejected proposals or what-ifs, and a bare mention.
    for (const [k, decoyValue] of decoyValues.entries()) {
      const decoy = DECOY_FORMS[(f + k) % DECOY_FORMS.length] as Sealed22Form;
      forms.push(decoy.name);
      place(1 + Math.floor(rnd() * (roundCount - 3)), decoy.speaker, {
        text: decoy.text(subject.subject, decoyValue, ""),
        fact: f,
        value: -1,
        form: decoy.name,
      });
    }
    place(1 + Math.floor(rnd() * (roundCount - 3)), pick(["user", "assistant"] as const), {
      text: pick(MENTION_FORMS)(subject.subject),
      fact: f,
      value: -1,
      form: "mention",
    });
    return { subject: subject.subject, values, lookAlike: subject.lookAlike };
  });

  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are an assistant to the maintenance controller for the C-check of A320 MSN 5521 (EI-LTH) " +
        "under WO-7731. You can query AMOS, read the CAMO/lessor mailbox, open work cards, read the " +
        "shift handover log and look up stores. Never certify work yourself.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const declare = (planted: readonly Planted[], index: number) => {
    for (const p of planted) {
      if (p.value >= 0) {
        statements.push({ sentence: p.text, fact: p.fact, value: p.value, turn: index + 1 });
      }
    }
  };
  const prose = (chatter: readonly string[], planted: readonly Planted[]) => {
    const said = shuffled(chatter, rnd)
      .slice(0, 1 + Math.floor(rnd() * 3))
      .join(" ");
    const lines = planted.map((p) => p.text);
    return (rnd() < 0.5 ? [said, ...lines] : [...lines, said]).join("\n");
  };

  rounds.forEach((round, r) => {
    messages.push({ role: "user", content: prose(USER_CHATTER, round.user) });
    declare(round.user, messages.length - 1);
    const tool = round.toolName ?? pick(TOOL_NAMES);
    const id = `call_${r}`;
    messages.push({
      role: "assistant",
      content: r % 3 === 0 ? null : pick(["Checking.", "One moment.", "Looking that up."]),
      tool_calls: [
        { id, type: "function", function: { name: tool, arguments: toolArguments(tool, rnd) } },
      ],
    });
    const body = toolFiller(tool, rnd);
    const at = 1 + Math.floor(rnd() * body.length);
    const toolLines = [...body.slice(0, at), ...round.tool.map((p) => p.text), ...body.slice(at)];
    messages.push({ role: "tool", tool_call_id: id, content: toolLines.join("\n") });
    declare(round.tool, messages.length - 1);
    messages.push({ role: "assistant", content: prose(ASSISTANT_CHATTER, round.assistant) });
    declare(round.assistant, messages.length - 1);
  });

  // Statements in transcript order within each fact.
  statements.sort((a, b) => a.fact - b.fact || a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-22",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed22(seed, turns);
    return { messages, facts, statements };
  },
};
