// The "sealed-19" compression family: a ~600-message session in which an agent helps
// a release manager ship a mobile app (CI logs, build settings, Fastlane runs, store
// API JSON, crash dashboards, flag exports, Jira, Slack). Sixteen facts are planted,
// eight of them changed (four twice) through user notes, tool output, diffs and
// corrections; tools later re-print replaced values; look-alikes, rejected proposals
// and mentions surround them. Written without reading the compressor. Discovered by
// bench/compression-families.ts through GENERATED_FAMILY.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Transcript, TranscriptFact } from "./compression-transcript.ts";
import { FACT_DEFS, SPEAKERS } from "./compression-sealed-19-facts.ts";
import {
  correctionForm,
  DECOY_FORMS,
  FIRST_FORMS,
  LOOK_ALIKE_FORMS,
  MENTIONS,
  RESTATE_FORMS,
  STALE_FORMS,
  UPDATE_FORMS,
  type Form,
  type FormContext,
  type Planted,
} from "./compression-sealed-19-forms.ts";
import { chatter, fillerTool } from "./compression-sealed-19-filler.ts";

type Rnd = () => number;

/** A planted message, its beat, and which fact and value index its stated lines carry. */
interface Placed {
  beat: number;
  planted: Planted;
  fact: number;
  /** Value index of each "new" and "old" stated line. */
  newValue: number;
  oldValue: number;
}

const CALL_LINES = [
  "Let me check.",
  "Running that now.",
  "Pulling it up.",
  "One moment, fetching it.",
  "Checking.",
];

function shuffled<T>(rnd: Rnd, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Beat sizes: each beat is a user turn, one or two tool calls and an assistant reply. */
function beatTools(rnd: Rnd, turns: number): number[] {
  const tools: number[] = [];
  let total = 0;
  while (total < turns) {
    const n = rnd() < 0.35 ? 2 : 1;
    tools.push(n);
    total += 2 + 2 * n;
  }
  return tools;
}

export interface Sealed19 extends Pick<Transcript, "messages" | "facts" | "statements"> {
  /** Names of the forms planted, in planting order. */
  forms: string[];
}

/** A seeded session of about `turns` messages after the system message, with its planted forms. */
export function buildSealed19(seed: number, turns: number): Sealed19 {
  const rnd = mulberry32(seed * 104_729 + 1_919);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const ctx: FormContext = {
    rnd,
    speaker: () => pick(SPEAKERS),
    clock: () =>
      `${String(8 + Math.floor(rnd() * 11)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}`,
  };
  const tools = beatTools(rnd, turns);
  const beats = tools.length;
  const forms: string[] = [];

  // Values: a shuffled pool per fact; eight facts change, four of them twice.
  const order = shuffled(
    rnd,
    FACT_DEFS.map((_, i) => i),
  );
  const updatesOf = (f: number) => {
    const rank = order.indexOf(f);
    return rank < 4 ? 2 : rank < 8 ? 1 : 0;
  };
  const pools = FACT_DEFS.map((d) => shuffled(rnd, d.pool));
  const facts: TranscriptFact[] = FACT_DEFS.map((d, f) => ({
    subject: d.subject,
    lookAlike: d.lookAlike,
    values: (pools[f] ?? []).slice(0, updatesOf(f) + 1),
  }));
  const spare = (f: number, k: number) => pools[f]?.[updatesOf(f) + 1 + k] ?? "";

  // Every update form at least once over the twelve updates; the correction needs a decoy.
  const updateForms = shuffled(rnd, [...UPDATE_FORMS, correctionForm("")]);
  let nextUpdate = 0;

  // Occupancy: tool slots used per beat.
  const toolsUsed = Array.from({ length: beats }, () => 0);
  const placed: Placed[] = [];
  const mentions: { beat: number; text: string }[] = [];
  const within = (lo: number, hi: number) => {
    const l = Math.min(lo, beats - 2);
    return l + Math.floor(rnd() * Math.max(1, Math.min(hi, beats - 1) - l));
  };
  /** Renders `form` about `fact` (or its look-alike) at the first beat from `at` with room. */
  const place = (
    fact: number,
    at: number,
    form: Form,
    v: number,
    old: number,
    value: string,
    oldValue: string,
    aboutLookAlike = false,
  ) => {
    const about = aboutLookAlike ? facts[fact]?.lookAlike : facts[fact]?.subject;
    const planted = form.render(about ?? "", value, oldValue, ctx);
    let beat = at;
    if (planted.channel === "tool") {
      while (beat < beats - 1 && (toolsUsed[beat] ?? 0) >= (tools[beat] ?? 1)) {
        beat++;
      }
      toolsUsed[beat] = (toolsUsed[beat] ?? 0) + 1;
    }
    placed.push({ beat, planted, fact, newValue: v, oldValue: old });
    forms.push(form.name);
    return beat;
  };
  const value = (f: number, v: number) => facts[f]?.values[v] ?? "";

  FACT_DEFS.forEach((_, f) => {
    const last = updatesOf(f);
    let beat = place(
      f,
      within(1, Math.floor(beats * 0.25)),
      pick(FIRST_FORMS),
      0,
      -1,
      value(f, 0),
      "",
    );
    let lastForm: Form | undefined;
    for (let v = 1; v <= last; v++) {
      const hi = Math.floor((beats * 0.75 * (v + 1)) / (last + 1));
      let form = updateForms[nextUpdate++ % updateForms.length] as Form;
      if (form.name === "user-typo-correction") {
        form = correctionForm(spare(f, 2));
      }
      beat = place(f, within(beat + 2, hi), form, v, v - 1, value(f, v), value(f, v - 1));
      lastForm = form;
    }
    const restate = (lo: number) => {
      beat = place(f, within(lo, beats - 2), pick(RESTATE_FORMS), last, -1, value(f, last), "");
    };
    if (last === 0 && rnd() < 0.6) {
      restate(beat + 2);
    }
    if (lastForm?.carriesOld === true) {
      restate(beat + 2);
    }
    const latest = beat;
    // Three of the changed facts: a tool re-prints a replaced value, then the current one is restated.
    const rank = order.indexOf(f);
    if (rank === 1 || rank === 5 || rank === 6) {
      const oldIndex = Math.floor(rnd() * last);
      beat = place(
        f,
        within(beat + 2, Math.floor(beats * 0.88)),
        pick(STALE_FORMS),
        -1,
        oldIndex,
        "",
        value(f, oldIndex),
      );
      restate(beat + 2);
    }
    // The look-alike, with its own value, after the fact's latest value.
    place(f, within(latest + 2, beats - 1), pick(LOOK_ALIKE_FORMS), -2, -2, spare(f, 0), "", true);
    if (rnd() < 0.75) {
      place(f, within(3, beats - 1), pick(DECOY_FORMS), -2, -2, spare(f, 1), "");
    }
    mentions.push({ beat: within(1, beats - 1), text: pick(MENTIONS)(facts[f]?.subject ?? "") });
  });

  // Render the beats.
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You are a release engineering agent for the Acme Shop iOS and Android apps. You can read CI logs, run Fastlane and shell commands, query App Store Connect, the Play Console, the crash dashboard, the feature-flag service, Jira and Slack. Keep the release manager informed and never submit to review without an explicit go.",
    },
  ];
  const statements: Transcript["statements"] = [];
  const record = (p: Placed, index: number) => {
    for (const s of p.planted.stated) {
      const v = s.which === "new" ? p.newValue : p.oldValue;
      if (v >= 0) {
        statements.push({ sentence: s.line, fact: p.fact, value: v, turn: index + 1 });
      }
    }
  };
  const prose = (role: "user" | "assistant", beat: number) => {
    const mine = placed.filter((p) => p.beat === beat && p.planted.channel === role);
    const said = mentions.filter((m) => role === "user" && m.beat === beat).map((m) => m.text);
    const parts = [chatter(rnd, role), ...said];
    const at = Math.floor(rnd() * (parts.length + 1));
    const multi = mine.some((p) => p.planted.text.includes("\n"));
    const texts = mine.map((p) => p.planted.text);
    const content = [...parts.slice(0, at), ...texts, ...parts.slice(at)].join(
      multi || texts.length > 1 ? "\n" : " ",
    );
    messages.push({ role, content });
    mine.forEach((p) => record(p, messages.length - 1));
  };
  let callId = 0;
  for (let beat = 0; beat < beats; beat++) {
    prose("user", beat);
    const planted = placed.filter((p) => p.beat === beat && p.planted.channel === "tool");
    for (let k = 0; k < Math.max(tools[beat] ?? 1, planted.length); k++) {
      const p = planted[k];
      const filler = fillerTool(rnd);
      const id = `call_${callId++}`;
      const name = p?.planted.tool?.name ?? filler.name;
      const args = p?.planted.tool?.args ?? filler.args;
      messages.push({
        role: "assistant",
        content: pick(CALL_LINES),
        tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
      });
      messages.push({ role: "tool", tool_call_id: id, content: p?.planted.text ?? filler.out });
      if (p !== undefined) {
        record(p, messages.length - 1);
      }
    }
    prose("assistant", beat);
  }
  statements.sort((a, b) => a.turn - b.turn);
  return { messages, facts, statements, forms };
}

export const GENERATED_FAMILY = {
  name: "sealed-19",
  generate(seed: number, turns: number) {
    const { messages, facts, statements } = buildSealed19(seed, turns);
    return { messages, facts, statements };
  },
};
