// bench/memory.ts on raw sessions (issue 41): the workload's statements written out as
// session turns (prose, notes, YAML and JSON blocks, chatter), memories extracted
// from that text by Lethe's path (the stand-in agent's saves → artifactCandidates →
// validate → plan), and the baselines over the same raw turns with the same
// similarity floor. The grader alone knows which statement each turn renders.
import { mulberry32 } from "../harness/prng.ts";
import { extractKeyValues } from "../shared/facts/structured.ts";
import {
  IDENTIFIER_PATTERN,
  MAX_IDENTIFIER_CHARS,
  type Artifact,
} from "../shared/hive/artifact.ts";
import { artifactCandidates } from "../shared/memory/extract.ts";
import { skeleton } from "../shared/memory/lookalike.ts";
import { planRun } from "../shared/memory/plan.ts";
import {
  MIN_SIMILARITY,
  memoryTerms,
  queryTerms,
  retrieve,
  similarity,
} from "../shared/memory/retrieve.ts";
import type { Fact } from "../shared/memory/schema.ts";
import { validateCandidates } from "../shared/memory/validate.ts";
import type { Mention, Question } from "./memory-workload.ts";

export type Form = "prose" | "note" | "data" | "chatter";
export interface Turn {
  index: number;
  session: string;
  at: number;
  text: string;
  form: Form;
  /** Hidden from every method: what the turn renders, for the grader. */
  mention: Mention;
}

const cap = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
const PROSE = [
  (s: string, p: string, o: string) => `FYI, for ${cap(s)} the ${p} is now ${o}.`,
  (s: string, p: string, o: string) =>
    `Talked to ${cap(s)} earlier. ${cap(p)} is ${o}, apparently.`,
  (s: string, p: string, o: string) => `Quick note that ${cap(s)} has ${o} as the ${p}.`,
  (s: string, p: string, o: string) => `So what about ${cap(s)} and the ${p}? It's ${o}.`,
];
const NOTE = [
  (s: string, p: string, o: string) => `${s} ${p}: ${o}`,
  (s: string, p: string, o: string) => `- ${s}, ${p}: ${o}`,
];
const DATA = [
  (s: string, p: string, o: string) => `\`\`\`yaml\n${s}:\n  ${p}: ${o}\n\`\`\``,
  (s: string, p: string, o: string) => `\`\`\`json\n${JSON.stringify({ [s]: { [p]: o } })}\n\`\`\``,
];

/** One turn per transcript line, its form drawn by `seed`: half prose, 30% notes, 20% data blocks. */
export function renderSessions(mentions: readonly Mention[], seed: number): Turn[] {
  const rand = mulberry32(seed ^ 0x5e55_1015);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  return mentions.map((m, index) => {
    if (m.chatter) {
      const text = `${cap(m.subject)} ${m.predicate} ${m.object}, no answer yet.`;
      return { index, session: m.session, at: m.at, text, form: "chatter", mention: m };
    }
    const r = rand();
    const form: Form = r < 0.5 ? "prose" : r < 0.8 ? "note" : "data";
    const write = pick(form === "prose" ? PROSE : form === "note" ? NOTE : DATA);
    return {
      index,
      session: m.session,
      at: m.at,
      text: write(m.subject, m.predicate, m.object),
      form,
      mention: m,
    };
  });
}

/** How the stand-in agent names what it saves: the key as an identifier (spaces → "_"). */
function identifierOf(key: string): string | null {
  const id = key
    .trim()
    .replace(/[^A-Za-z0-9._:/-]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return id.length <= MAX_IDENTIFIER_CHARS && IDENTIFIER_PATTERN.test(id) ? id : null;
}

export interface Extraction {
  facts: Fact[];
  versions: number;
  /** Key–values read from the turns, and those whose key makes no identifier. */
  read: number;
  unnamed: number;
  /** Candidates the steward's validation refused, by code. */
  refused: Map<string, number>;
}

/**
 * Lethe's path from text to memory. The stand-in agent reads each turn with the
 * product's structured reader (shared/facts, what the local model endpoint reads) and
 * saves every key–value it finds as a `fact` artifact (a later save of the same
 * identifier supersedes it); when a session ends the steward takes the session's active
 * artifacts (artifactCandidates), validates them against the subjects already known,
 * plans against the active facts and applies: the Hive's knowledge run, in memory.
 */
export function extractFacts(turns: readonly Turn[]): Extraction {
  let facts: Fact[] = [];
  const versions = new Map<string, number>();
  const subjects = new Map<string, string>();
  const refused = new Map<string, number>();
  let read = 0;
  let unnamed = 0;
  let version = 0;
  let nextId = 1;
  const sessions = [...new Set(turns.map((t) => t.session))];
  for (const session of sessions) {
    const saved = new Map<string, Artifact>();
    const own = turns.filter((t) => t.session === session);
    for (const t of own) {
      for (const kv of extractKeyValues(t.text)) {
        read++;
        const id = identifierOf(kv.key);
        if (id === null) {
          unnamed++;
          continue;
        }
        const v = (versions.get(id) ?? 0) + 1;
        versions.set(id, v);
        saved.set(id, {
          identifier: id,
          version: v,
          kind: "fact",
          value: kv.value,
          summary: "",
          provenance: {
            session,
            agent: "bench",
            step: t.index,
            source: `transcript:${session}#${t.index}`,
            contentHash: "",
          },
          status: "active",
          supersedes: v > 1 ? `${id}@${v - 1}` : null,
          supersededBy: null,
          reason: null,
          tags: [],
          validFrom: t.at,
          validTo: null,
          seq: t.index + 1,
        });
      }
    }
    const runAt = Math.max(...own.map((t) => t.at));
    const validated = validateCandidates(artifactCandidates([...saved.values()]), {
      subjects,
      cited: new Map(),
      runAt,
    });
    for (const r of validated.rejected) {
      refused.set(r.code, (refused.get(r.code) ?? 0) + 1);
    }
    const plan = planRun(
      facts.filter((f) => f.validTo === null),
      validated.accepted.map((a) => a.candidate),
      runAt,
    );
    version++;
    for (const c of plan.close) {
      facts = facts.map((f) =>
        f.id === c.fact.id
          ? { ...f, validTo: c.validTo, closedBy: version, closedReason: c.reason }
          : f,
      );
    }
    for (const a of plan.add) {
      subjects.set(skeleton(a.subject), a.subject);
      facts.push({
        id: nextId++,
        subject: a.subject,
        predicate: a.predicate,
        object: a.object,
        kind: a.kind,
        cardinality: a.cardinality,
        provenance: a.provenance,
        validFrom: a.validFrom,
        validTo: a.validTo,
        version,
        closedBy: null,
        closedReason: null,
      });
    }
  }
  return { facts, versions: version, read, unnamed, refused };
}

/** One retrieved item as the budget and the grader see it: the shown line, and (grader only) the slot and value it states. */
export interface Shown {
  line: string;
  at: number;
  slot: string | null;
  object: string | null;
}
export const slotOf = (m: Pick<Mention, "subject" | "predicate">) =>
  `${m.subject}\u0000${m.predicate}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Credit for a fact: the statement its provenance turn renders, if the fact holds that statement's value. */
function credit(fact: Fact, byIndex: readonly Turn[]): Pick<Shown, "slot" | "object"> {
  const t = byIndex[fact.provenance.step];
  if (
    t === undefined ||
    t.mention.chatter ||
    !fact.object.toLowerCase().includes(t.mention.object)
  ) {
    return { slot: null, object: null };
  }
  return { slot: slotOf(t.mention), object: t.mention.object };
}

/** Statements for which the extraction holds a fact with their value, by form. */
export function coverage(
  turns: readonly Turn[],
  facts: readonly Fact[],
): Map<Form, { of: number; got: number }> {
  const out = new Map<Form, { of: number; got: number }>();
  const holding = new Set(
    facts.filter((f) => credit(f, turns).slot !== null).map((f) => f.provenance.step),
  );
  for (const t of turns) {
    const c = out.get(t.form) ?? { of: 0, got: 0 };
    c.of++;
    if (holding.has(t.index)) {
      c.got++;
    }
    out.set(t.form, c);
  }
  return out;
}

export function rawMethods(
  turns: readonly Turn[],
  facts: readonly Fact[],
  topK: number,
  halfLifeDays: number,
) {
  const lethe = (text: string, at: number): Shown[] =>
    retrieve(facts, text, { at, limit: topK, decay: { halfLifeDays } }).map((s) => ({
      line: `${s.fact.subject} · ${s.fact.predicate} · ${s.fact.object} (${day(s.fact.validFrom)})`,
      at: s.fact.validFrom,
      ...credit(s.fact, turns),
    }));
  /** Turns said by then whose similarity to the question clears Lethe's own floor. */
  const matches = (text: string, at: number) => {
    const terms = queryTerms(text);
    return turns
      .filter((t) => t.at <= at)
      .map((t) => ({ t, sim: similarity(terms, t.text) }))
      .filter((x) => x.sim >= MIN_SIMILARITY);
  };
  const shown = (t: Turn): Shown => ({
    line: `${t.text.replace(/\s+/g, " ")} (${day(t.at)})`,
    at: t.at,
    slot: t.mention.chatter ? null : slotOf(t.mention),
    object: t.mention.chatter ? null : t.mention.object,
  });
  const latest = (text: string, at: number): Shown[] =>
    matches(text, at)
      .sort((a, b) => b.t.at - a.t.at)
      .slice(0, topK)
      .map((x) => shown(x.t));
  const all = (text: string, at: number): Shown[] =>
    matches(text, at)
      .sort((a, b) => b.sim - a.sim || b.t.at - a.t.at)
      .slice(0, topK)
      .map((x) => shown(x.t));
  return { lethe, "latest-mention": latest, "all-mentions": all } as const;
}

/** Correct: abstention shows nothing; otherwise every expected value of the slot and no wrong one. */
export function correctShown(q: Question, got: readonly Shown[]): boolean {
  if (q.category === "abstention") {
    return got.length === 0;
  }
  const slot = got.filter((g) => g.slot === slotOf(q)).map((g) => g.object);
  return q.expect.every((e) => slot.includes(e)) && !q.wrong.some((w) => slot.includes(w));
}

/** True when the question, beyond the subject's name, shares no term with any turn stating its slot. */
export function sharesNothing(question: string, q: Question, turns: readonly Turn[]): boolean {
  const subject = new Set(memoryTerms(q.subject));
  const asked = [...queryTerms(question)].filter((t) => !subject.has(t));
  const stated = new Set(
    turns
      .filter((t) => !t.mention.chatter && slotOf(t.mention) === slotOf(q))
      .flatMap((t) => memoryTerms(t.text)),
  );
  return asked.every((t) => !stated.has(t));
}
