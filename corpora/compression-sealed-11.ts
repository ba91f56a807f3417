// The "sealed-11" compression family for bench:compression: a seeded ~600-message
// session in which a game studio's live-ops producer and an agent run the Frostfall
// seasonal event across economy tuning, matchmaking and server config, the store,
// A/B experiments, patch notes, a bug tracker, the moderation queue, the build
// pipeline and chat. Sixteen facts are planted (corpora/compression-sealed-11-facts.ts),
// first stated in one of fourteen forms (…-forms.ts); eight change, four of them
// twice, each change in one of twelve forms (…-updates.ts); after each latest value
// come a look-alike and a decoy (…-decoys.ts). Written without reading the compressor
// or the other families. Discovered by bench/compression-families.ts; tested by
// tests/bench/compression-sealed-11.test.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { FACT_DEFS } from "./compression-sealed-11-facts.ts";
import { FIRST_FORMS } from "./compression-sealed-11-forms.ts";
import { UPDATE_FORMS } from "./compression-sealed-11-updates.ts";
import {
  DECOY_FORMS,
  LOOK_ALIKE_FORMS,
  mention,
  RESTATE_FORM,
} from "./compression-sealed-11-decoys.ts";
import { fillerEpisode, fillerOne } from "./compression-sealed-11-filler.ts";
import {
  makeRng,
  PENDING_ID,
  type Ctx,
  type Episode,
  type Form,
  type Rng,
} from "./compression-sealed-11-kit.ts";

export const NAME = "sealed-11";

const SYSTEM =
  "You are the live-ops agent for Northwind Games' Frostfall winter event. Tools: live_config.*, " +
  "repo.*, admin_api.get, sheets.export_csv, warehouse.query, dashboards.render, logs.*, tracker.*, " +
  "chat.history, docs.read, mail.read, ci.*, experiments.*, moderation.*, matchmaking.stats, servers.*, " +
  "store.list_skus and crashes.top. Keep answers short; the producer is mara.okoye.";

/** A planted episode and where it goes (share of the session). */
interface Planted {
  at: number;
  fact: number;
  form: string;
  episode: Episode;
}

export interface Sealed11Transcript extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** The form names planted, in session order. */
  forms: string[];
}

const between = (rng: Rng, lo: number, hi: number) => lo + rng.next() * (hi - lo);

/** Which facts change: four twice, four once, eight never. */
function changeCounts(rng: Rng): number[] {
  const order = rng.shuffle(FACT_DEFS.map((_, i) => i));
  const counts = FACT_DEFS.map(() => 0);
  order.forEach((f, rank) => {
    counts[f] = rank < 4 ? 2 : rank < 8 ? 1 : 0;
  });
  return counts;
}

/** The `i`th item of a list that cannot be short (a cyclic index into a non-empty list). */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) {
    throw new Error("sealed-11: empty list");
  }
  return item;
}

/** When each change lands: twice-changed facts at two windows, once-changed at one. */
const CHANGE_WINDOWS: Record<number, readonly (readonly [number, number])[]> = {
  2: [[0.34, 0.7]],
  3: [
    [0.3, 0.5],
    [0.54, 0.7],
  ],
};

function plan(rng: Rng): { facts: TranscriptFact[]; planted: Planted[] } {
  const counts = changeCounts(rng);
  const facts = FACT_DEFS.map((def, i) => ({
    subject: def.subject,
    lookAlike: def.lookAlike,
    values: rng.shuffle(def.values).slice(0, (counts[i] ?? 0) + 1),
  }));
  const planted: Planted[] = [];
  const put = (at: number, fact: number, form: Form, c: Omit<Ctx, "rng">) => {
    planted.push({ at, fact, form: form.name, episode: form.make({ ...c, rng }) });
  };
  const firstOrder = rng.shuffle(FIRST_FORMS);
  const updateOrder = rng.shuffle(UPDATE_FORMS);
  const changed = rng.shuffle(facts.map((_, i) => i).filter((i) => (counts[i] ?? 0) > 0));
  const steady = rng.shuffle(facts.map((_, i) => i).filter((i) => (counts[i] ?? 0) === 0));
  const anyDecoy = rng.shuffle(DECOY_FORMS);
  const freshDecoy = rng.shuffle(DECOY_FORMS.filter((d) => !d.stale));
  const decoyOf = new Map<number, (typeof DECOY_FORMS)[number]>();
  changed.forEach((f, k) => decoyOf.set(f, nth(anyDecoy, k)));
  steady.forEach((f, k) => decoyOf.set(f, nth(freshDecoy, k)));
  let updateIndex = 0;
  FACT_DEFS.forEach((def, f) => {
    const values = nth(facts, f).values;
    const base = { fact: def, alike: rng.pick(def.alike), decoy: rng.pick(def.decoys) };
    put(between(rng, 0.02, 0.3), f, nth(firstOrder, f), {
      ...base,
      value: nth(values, 0),
      old: "",
    });
    for (let v = 1; v < values.length; v++) {
      const [lo, hi] = nth(CHANGE_WINDOWS[values.length] ?? [], v - 1);
      const form = nth(updateOrder, updateIndex++);
      put(between(rng, lo, hi), f, form, {
        ...base,
        value: nth(values, v),
        old: nth(values, v - 1),
      });
    }
    const olds = values.slice(0, -1);
    const post = {
      ...base,
      value: nth(values, values.length - 1),
      old: olds.length === 0 ? "" : rng.pick(olds),
    };
    planted.push({
      at: between(rng, 0.05, 0.7),
      fact: f,
      form: "mention",
      episode: mention({ ...post, rng }),
    });
    const decoy = decoyOf.get(f) ?? nth(freshDecoy, 0);
    put(between(rng, 0.74, 0.88), f, decoy, post);
    if (decoy.stale) {
      put(between(rng, 0.9, 0.96), f, RESTATE_FORM, post);
    }
    put(between(rng, 0.75, 0.97), f, rng.pick(LOOK_ALIKE_FORMS), post);
  });
  // A mention may land before or after any statement; it states nothing, so order is free.
  planted.sort((a, b) => a.at - b.at);
  return { facts, planted };
}

/** Numbers the pending tool calls in order and pairs each with its answer. */
function numberCalls(messages: ChatMessage[]): void {
  let n = 0;
  messages.forEach((m, i) => {
    const call = m.role === "assistant" ? m.tool_calls?.[0] : undefined;
    const next = messages[i + 1];
    if (call?.id === PENDING_ID && next?.role === "tool") {
      call.id = `call_${String(n++).padStart(3, "0")}`;
      next.tool_call_id = call.id;
    }
  });
}

/** The whole session for `seed`, `turns` messages after the system message. */
export function buildSealed11(seed: number, turns: number): Sealed11Transcript {
  const rng = makeRng(seed * 7919 + 1111);
  const { facts, planted } = plan(rng);
  const messages: ChatMessage[] = [{ role: "system", content: SYSTEM }];
  const statements: Transcript["statements"] = [];
  const forms: string[] = [];
  let remaining = planted.reduce((sum, p) => sum + p.episode.messages.length, 0);
  let next = 0;
  const emit = (p: Planted) => {
    const start = messages.length;
    messages.push(...p.episode.messages);
    for (const said of p.episode.said) {
      const local = p.episode.messages.findIndex((m) => (m.content ?? "").includes(said.line));
      const value = facts[p.fact]?.values.indexOf(said.value) ?? -1;
      if (local < 0 || value < 0) {
        throw new Error(`sealed-11: form ${p.form} mis-stated "${said.line}"`);
      }
      statements.push({ sentence: said.line, fact: p.fact, value, turn: start + local + 1 });
    }
    forms.push(p.form);
    remaining -= p.episode.messages.length;
    next++;
  };
  for (;;) {
    const count = messages.length - 1;
    const due = planted[next];
    if (due !== undefined && due.at * turns <= count) {
      emit(due);
      continue;
    }
    if (due === undefined && count >= turns) {
      break;
    }
    const filler = fillerEpisode(rng);
    if (count + filler.length + remaining <= turns) {
      messages.push(...filler);
    } else if (count + 1 + remaining <= turns) {
      messages.push(fillerOne(rng));
    } else if (due !== undefined) {
      emit(due);
    } else {
      break;
    }
  }
  numberCalls(messages);
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: NAME,
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements"> {
    const { messages, facts, statements } = buildSealed11(seed, turns);
    return { messages, facts, statements };
  },
};
