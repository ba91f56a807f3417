// The "sealed-27" compression family: a long session in which an agent helps the
// live-ops team of a free-to-play mobile game prepare and run its Frostfall winter
// event. Sixteen event values (start time, drop rate, bundle price, rollout share,
// flag owner, ...) are stated in Slack pastes, sheet exports, remote-config listings,
// tickets, diffs and meeting notes; about half change, some are re-printed stale by
// tools, some get proposals nobody adopted, and each has a look-alike with its own
// value. Discovered by bench/compression-families.ts; tested by
// tests/bench/compression-sealed-27.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { mulberry32 } from "./prng.ts";
import { LIVE_OPS_FACTS } from "./compression-sealed-27-facts.ts";
import { callIds, type Episode } from "./compression-sealed-27-episode.ts";
import {
  FIRST_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormInput,
} from "./compression-sealed-27-forms.ts";
import {
  LOOK_ALIKE_FORMS,
  MENTION_FORMS,
  REJECTED_FORMS,
  RESTATE_FORMS,
  STALE_FORMS,
} from "./compression-sealed-27-echoes.ts";
import { fillerEpisode } from "./compression-sealed-27-filler.ts";

const SYSTEM =
  "You are the live-ops assistant for Snowbound Legends. You can read remote config, the economy sheet, A/B dashboards, telemetry, Jira, Slack and the tuning repo. Never write to prod without an explicit go from the team.";

interface Planted {
  pos: number;
  fact: number;
  form: string;
  episode: Episode;
}

export interface Sealed27Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The form names planted, in plan order. */
  forms: string[];
}

const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * Math.max(0, hi - lo);

/** The whole transcript of one seed, with the names of the forms it planted. */
export function buildSealed27(seed: number, turns: number): Sealed27Transcript {
  const rnd = mulberry32(seed * 7919 + 27_027);
  const ids = callIds();
  const order = LIVE_OPS_FACTS.map((_, i) => i).sort(() => rnd() - 0.5);
  const updates = (f: number) => {
    const rank = order.indexOf(f);
    return rank < 4 ? 2 : rank < 8 ? 1 : 0;
  };
  const drawn = LIVE_OPS_FACTS.map((fact, f) => {
    const pool = [...fact.pool].sort(() => rnd() - 0.5);
    const k = updates(f) + 1;
    return { values: pool.slice(0, k), alike: pool[k] ?? "", alt: pool[k + 1] ?? "" };
  });
  const facts: TranscriptFact[] = LIVE_OPS_FACTS.map((fact, f) => ({
    subject: fact.subject,
    values: drawn[f]?.values ?? [],
    lookAlike: fact.lookAlike,
  }));

  const planted: Planted[] = [];
  const input = (f: number, v: string, old: string, alt: string): FormInput => ({
    fact: LIVE_OPS_FACTS[f] ?? (LIVE_OPS_FACTS[0] as (typeof LIVE_OPS_FACTS)[number]),
    v,
    old,
    alt,
    rnd,
    ids,
  });
  const plant = (pos: number, f: number, form: Form, i: FormInput) =>
    planted.push({ pos, fact: f, form: form.name, episode: form.make(i) });
  let updateCycle = seed;
  let staleCycle = seed;
  let restated = 0;

  LIVE_OPS_FACTS.forEach((_, f) => {
    const { values, alike, alt } = drawn[f] ?? { values: [], alike: "", alt: "" };
    const current = values.at(-1) ?? "";
    const first = between(rnd, 0.02, 0.3);
    plant(
      first,
      f,
      FIRST_FORMS[(f + seed) % FIRST_FORMS.length] as Form,
      input(f, values[0] ?? "", "", alt),
    );
    let last = first;
    const spans: [number, number][] =
      values.length === 3
        ? [
            [0.36, 0.55],
            [0.6, 0.78],
          ]
        : [[0.4, 0.75]];
    values.slice(1).forEach((v, u) => {
      const [lo, hi] = spans[u] ?? [0.4, 0.75];
      last = between(rnd, Math.max(lo, last + 0.02), hi);
      plant(
        last,
        f,
        UPDATE_FORMS[updateCycle++ % UPDATE_FORMS.length] as Form,
        input(f, v, values[u] ?? "", alt),
      );
    });
    const rank = order.indexOf(f);
    if (values.length > 1 && rank % 8 < 5) {
      // A tool prints an old copy after the change; the current value is restated then or later.
      const stale = STALE_FORMS[staleCycle++ % STALE_FORMS.length];
      const old = values[Math.floor(rnd() * (values.length - 1))] ?? "";
      const at = between(rnd, last + 0.03, 0.9);
      const confirmNow = rnd() < 0.5;
      if (stale !== undefined) {
        planted.push({
          pos: at,
          fact: f,
          form: stale.name,
          episode: stale.make(input(f, old, current, alt), confirmNow),
        });
      }
      if (!confirmNow) {
        plant(
          between(rnd, at + 0.02, 0.97),
          f,
          RESTATE_FORMS[restated++ % RESTATE_FORMS.length] as Form,
          input(f, current, "", alt),
        );
      }
      last = at;
    } else if (values.length === 1 && rank % 2 === 0) {
      last = between(rnd, first + 0.1, 0.9);
      plant(
        last,
        f,
        RESTATE_FORMS[restated++ % RESTATE_FORMS.length] as Form,
        input(f, current, "", alt),
      );
    }
    if (rank % 2 === 1 || rank < 4) {
      plant(
        between(rnd, first + 0.02, 0.98),
        f,
        REJECTED_FORMS[(f + seed) % REJECTED_FORMS.length] as Form,
        input(f, "", "", alt),
      );
    }
    plant(
      between(rnd, first + 0.02, 0.98),
      f,
      LOOK_ALIKE_FORMS[(f + 2 * seed) % LOOK_ALIKE_FORMS.length] as Form,
      input(f, "", "", alike),
    );
    plant(
      between(rnd, 0.01, 0.98),
      f,
      MENTION_FORMS[(f + seed) % MENTION_FORMS.length] as Form,
      input(f, "", "", ""),
    );
  });

  planted.sort((a, b) => a.pos - b.pos);
  let room = turns - planted.reduce((sum, p) => sum + p.episode.messages.length, 0);
  const fillers: Episode[] = [];
  while (room > 0) {
    const episode = fillerEpisode(rnd, ids, room);
    fillers.push(episode);
    room -= episode.messages.length;
  }

  ids.reset();
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const append = (episode: Episode, fact: number) => {
    const base = messages.length;
    // Tool call ids are numbered in transcript order.
    const renamed = new Map<string, string>();
    for (const message of episode.messages) {
      if (message.role === "assistant" && message.tool_calls !== undefined) {
        message.tool_calls = message.tool_calls.map((call) => {
          const id = ids.next();
          renamed.set(call.id, id);
          return { ...call, id };
        });
      }
      if (message.role === "tool") {
        message.tool_call_id = renamed.get(message.tool_call_id) ?? message.tool_call_id;
      }
      messages.push(message);
    }
    for (const mark of episode.marks) {
      const value = facts[fact]?.values.indexOf(mark.value) ?? -1;
      if (value >= 0) {
        statements.push({ sentence: mark.text, fact, value, turn: base + mark.at + 1 });
      }
    }
  };
  let next = 0;
  fillers.forEach((filler, i) => {
    while (next < planted.length && Math.floor((planted[next]?.pos ?? 1) * fillers.length) <= i) {
      const p = planted[next++] as Planted;
      append(p.episode, p.fact);
    }
    append(filler, -1);
  });
  for (const p of planted.slice(next)) {
    append(p.episode, p.fact);
  }
  return { messages, facts, statements, forms: planted.map((p) => p.form) };
}

export const GENERATED_FAMILY = {
  name: "sealed-27",
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed27(seed, turns);
    return { messages, facts, statements };
  },
};
