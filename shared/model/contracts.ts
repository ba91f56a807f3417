// The prompt contracts between Lethe's callers (router, compressor) and any model:
// how a request is laid out and what the answer looks like. The local endpoint's
// policies parse exactly this; a real model reads it as instructions.
import { z } from "zod";

/** First line of the router's system message. */
export const ROUTER_MARKER = "[LETHE ROUTER]";
/** First line of the compressor's map and reduce system messages. */
export const SUMMARISE_MARKER = "[LETHE SUMMARISE]";
/** First line of the step budget's self-assessment request (shared/agent/assessment.ts). */
export const ASSESSMENT_MARKER = "[STEP BUDGET REACHED]";
/** The summariser's whole answer when no sentence carries a fact. */
export const SUMMARY_NONE = "NONE";

// ---------------------------------------------------------------- router

export interface RouterDomain {
  name: string;
  description: string;
  tools: string[];
}

export const RouterAnswerSchema = z.object({
  domains: z.array(z.string()),
  confidence: z.number().min(0).max(1),
});
export type RouterAnswer = z.infer<typeof RouterAnswerSchema>;

/** The router's system message: the marker, one `- <domain>: <description>; tools: a, b` line per domain, the answer format. */
export function buildRouterSystemPrompt(domains: readonly RouterDomain[]): string {
  return [
    ROUTER_MARKER,
    "Classify the user's intent: which of these domains' tools does the next step need?",
    ...domains.map((d) => `- ${d.name}: ${d.description}; tools: ${d.tools.join(", ")}`),
    'Answer with JSON only: {"domains": ["<domain>", ...], "confidence": <0..1>}.',
    "Pick 3 to 5 domains when the intent touches that many, fewer when it does not,",
    "and an empty list for plain conversation that needs no tool.",
  ].join("\n");
}

/** `- name: description; tools: a, b`: the head is matched, the rest split at the first `; tools:`. */
const DOMAIN_HEAD = /^- ([A-Za-z0-9_.-]+):\s*/;
const TOOLS_MARK = /;\s*tools:\s*/;

/** The domains listed in a router system message (lines that do not match are instructions). */
export function parseRouterDomains(system: string): RouterDomain[] {
  const domains: RouterDomain[] = [];
  for (const line of system.split(/\r?\n/)) {
    const trimmed = line.trim();
    const head = DOMAIN_HEAD.exec(trimmed);
    if (!head) {
      continue;
    }
    const rest = trimmed.slice(head[0].length);
    const mark = TOOLS_MARK.exec(rest);
    const description = mark === null ? rest : rest.slice(0, mark.index);
    const tools = (mark === null ? "" : rest.slice(mark.index + mark[0].length))
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t.length > 0);
    domains.push({ name: head[1] ?? "", description: description.trim(), tools });
  }
  return domains;
}

// ------------------------------------------------------------- summarise

export type SummariseStage = "map" | "reduce";

export interface NumberedTurn {
  turn: number;
  text: string;
}

export interface SummaryBullet {
  text: string;
  turns: number[];
}

/** Marks a line of tool output in a map request: the model states what it sets, never copies it. */
export const TOOL_LINE_MARK = "» ";

/**
 * The compressor's system message. Map: the user message holds `[turn N] text`
 * blocks. Reduce: it holds the bullets of earlier map steps. The answer is one
 * `- <sentence> [turns: 12, 14]` line per fact, or `NONE`.
 */
export function buildSummariseSystemPrompt(stage: SummariseStage): string {
  return [
    SUMMARISE_MARKER,
    `stage: ${stage}`,
    stage === "map"
      ? `Extract the sentences of these turns that carry facts: numbers, identifiers, X = Y assignments, decisions. Lines starting with ${TOOL_LINE_MARK.trim()} are a tool's output: when one sets a value, state it as a sentence naming the thing and its value ("The X is V."), citing that turn.`
      : "Merge these bullets: drop duplicates; when the same thing has several values, keep the latest.",
    "Answer with one line per fact: - <sentence> [turns: <the turn numbers it came from>]",
    "Copy sentences, do not paraphrase. When the same identifier changes value, keep only the latest.",
    `When nothing carries a fact, answer ${SUMMARY_NONE}.`,
  ].join("\n");
}

export function formatTurns(turns: readonly NumberedTurn[]): string {
  return turns.map((t) => `[turn ${t.turn}] ${t.text}`).join("\n");
}

const TURN_START = /^\[turn (\d+)\]\s?/;

/** The `[turn N] text` blocks of a map request; a turn's text runs until the next marker. */
export function parseTurns(text: string): NumberedTurn[] {
  const turns: NumberedTurn[] = [];
  let current: NumberedTurn | undefined;
  for (const line of text.split(/\r?\n/)) {
    const match = TURN_START.exec(line);
    if (match) {
      current = { turn: Number(match[1]), text: line.slice(match[0].length) };
      turns.push(current);
    } else if (current) {
      current.text += `\n${line}`;
    }
  }
  return turns;
}

export function formatBullet(bullet: SummaryBullet): string {
  return `- ${bullet.text} [turns: ${bullet.turns.join(", ")}]`;
}

/** The citation that closes a bullet line; matched on the line's tail only (linear). */
const BULLET_CITATION = /^\[turns?:([\d,\s]*)\]$/;

/** The cited bullets of a summary (a reduce request's input or any summariser's answer). */
export function parseBullets(text: string): SummaryBullet[] {
  const bullets: SummaryBullet[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    const open = trimmed.lastIndexOf("[turn");
    const citation = open < 0 ? null : BULLET_CITATION.exec(trimmed.slice(open));
    if (!/^-\s/.test(trimmed) || citation === null) {
      continue;
    }
    const match = [trimmed, trimmed.slice(1, open).trim(), citation[1]];
    const turns = (match[2] ?? "")
      .split(",")
      .map((t) => Number(t.trim()))
      .filter((n) => Number.isInteger(n) && n >= 0 && (match[2] ?? "").trim().length > 0);
    bullets.push({ text: match[1] ?? "", turns });
  }
  return bullets;
}
