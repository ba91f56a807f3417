// The building block of the "sealed-10" compression family: a beat is a few
// consecutive messages (prose, a tool call and its output) and the planted lines
// they state, plus the small helpers the form, decoy and filler files share.
// Used by the corpora/compression-sealed-10-*.ts files.
import type { DrawnFact } from "./compression-sealed-10-facts.ts";

/** A message before tool-call ids are assigned; a "call" is always followed by its "tool" output. */
export type BeatMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string }
  | { role: "call"; content: string | null; tool: string; args: Record<string, unknown> }
  | { role: "tool"; content: string };

export interface Beat {
  /** The form's name, recorded so the test can see every form planted. */
  form: string;
  messages: BeatMessage[];
  /** Lines stating one of the fact's values, in message order. */
  statements: { sentence: string; value: string }[];
}

/** What a form is given: the fact, the value it states and the value that value replaces. */
export interface FormInput {
  fact: DrawnFact;
  value: string;
  /** The replaced value ("" for a first statement). */
  old: string;
  rnd: () => number;
  /** The change ticket of the session (CHG-nnnnn). */
  ticket: string;
}

export interface Form {
  name: string;
  make(input: FormInput): Beat;
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const pickOf =
  (rnd: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(rnd() * list.length)] as T;

export const intIn = (rnd: () => number, lo: number, hi: number) =>
  lo + Math.floor(rnd() * (hi - lo));

/** A wall-clock time during the evening change window (hh:mm). */
export function clock(rnd: () => number): string {
  const h = [19, 20, 21, 22, 23][intIn(rnd, 0, 5)] ?? 21;
  return `${h}:${String(intIn(rnd, 0, 60)).padStart(2, "0")}`;
}

/** An ISO timestamp on the night of the change. */
export function stamp(rnd: () => number): string {
  return `2026-11-27T${clock(rnd)}:${String(intIn(rnd, 0, 60)).padStart(2, "0")}Z`;
}

/** People in the session who are never a planted value. */
export const PEOPLE = [
  "Dana Whitfield",
  "Sam Okoro",
  "Ines Duarte",
  "Rafael Lima",
  "Chloe Tan",
  "Viktor Hale",
];
export const HANDLES = ["dana.w", "sam.o", "ines.d", "rlima", "ctan", "vhale"];

/** A dotted-leader row of the internal `netctl show facts` listing. */
export const leaderRow = (label: string, value: string) =>
  `${label} ${".".repeat(Math.max(3, 58 - label.length))} ${value}`;

/** Rows of that listing that are never planted. */
export const UNPLANTED_ROWS: readonly [string, string][] = [
  ["MTU on the core uplinks", "9216"],
  ["BFD multiplier of the transit sessions", "3"],
  ["syslog collector of the border routers", "10.9.0.14"],
  ["NTP source of the fabric", "ntp1.corp.lethe.net"],
  ["LACP rate of the spine bundles", "fast"],
  ["SNMP community rotation", "quarterly"],
  ["anycast prefix of the resolvers", "198.51.100.53/32"],
  ["idle timeout of the websocket listener", "350s"],
];

/** A beat of one call and its output, with optional prose around it. */
export function toolBeat(
  form: string,
  call: { content: string | null; tool: string; args: Record<string, unknown> },
  output: string,
  statements: Beat["statements"],
  after?: string,
): Beat {
  const messages: BeatMessage[] = [
    { role: "call", ...call },
    { role: "tool", content: output },
  ];
  if (after !== undefined) {
    messages.push({ role: "assistant", content: after });
  }
  return { form, messages, statements };
}
