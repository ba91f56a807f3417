// The sixteen planted facts of the "sealed-3" family (an offsite-planning session): subject,
// one-word look-alike, per-seed value pool, and the near-miss value a look-alike carries.
// Used by corpora/compression-sealed-3.ts.
import type { Rand } from "./compression-sealed-3-filler.ts";

export interface FactTemplate {
  subject: string;
  /** One word away from the subject (or the subject plus a qualifier), with its own value. */
  lookAlike: string;
  /** At least four distinct values for a seed. */
  pool: (rand: Rand) => string[];
  shape?: "range" | "duration";
  /** How this fact's new value is said in other words; the generic form otherwise. */
  paraphrase?: (subject: string, value: string) => string;
}

export const PEOPLE = [
  "Marta Sousa",
  "Jonas Berg",
  "Ifeoma Nwosu",
  "Kenji Mori",
  "Rosa Delgado",
  "Callum Reid",
  "Yara Haddad",
  "Pieter de Vries",
  "Anneli Koskinen",
  "Tariq Aziz",
];
const STREETS = [
  "Rua das Flores",
  "Rua da Rosa",
  "Travessa do Carvalho",
  "Rua de São Paulo",
  "Largo do Chafariz",
  "Rua dos Remédios",
];
const ROOMS = [
  "Sala Tejo",
  "Sala Douro",
  "Sala Mondego",
  "Sala Sado",
  "Sala Guadiana",
  "Sala Vouga",
];

/** `n` distinct values from `make`. */
function distinct(rand: Rand, n: number, make: (rand: Rand) => string): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    out.add(make(rand));
  }
  return [...out];
}
export const pad = (n: number) => String(n).padStart(2, "0");

export const TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "hotel confirmation number",
    lookAlike: "hotel cancellation number",
    paraphrase: (s, v) =>
      `The hotel re-issued the reservation after the date change; quote ${v} as the ${s} from here on.`,
    pool: (r) => distinct(r, 4, () => `HX${10_000 + r.int(90_000)}`),
  },
  {
    subject: "room block",
    lookAlike: "overflow room block",
    pool: (r) => distinct(r, 4, () => `${16 + r.int(20)} rooms`),
  },
  {
    subject: "check-in date",
    lookAlike: "check-out date",
    pool: (r) => distinct(r, 4, () => `${4 + r.int(24)} May`),
  },
  {
    subject: "headcount",
    lookAlike: "dinner headcount",
    pool: (r) => distinct(r, 4, () => `${30 + r.int(25)} people`),
  },
  {
    subject: "outbound flight",
    lookAlike: "return flight",
    paraphrase: (s, v) => `We moved everyone onto ${v}, so that is the ${s} for the group.`,
    pool: (r) => distinct(r, 4, () => `TP ${1300 + r.int(700)}`),
  },
  {
    subject: "coach pickup time",
    lookAlike: "coach return time",
    pool: (r) => distinct(r, 4, () => `${pad(6 + r.int(4))}:${pad(5 * r.int(12))}`),
  },
  {
    subject: "airport transfer duration",
    lookAlike: "airport transfer distance",
    pool: (r) => [
      r.pick(["2 hours", "1 hour"]),
      ...r.shuffle(["90 minutes", "75 minutes", "50 minutes"]),
    ],
    shape: "duration",
  },
  {
    subject: "room rate",
    lookAlike: "room rate cap",
    pool: (r) => distinct(r, 4, () => `€${110 + r.int(90)} per night`),
  },
  {
    subject: "trip owner",
    lookAlike: "trip co-owner",
    paraphrase: (s, v) => `${v} is taking over as ${s} while I'm on leave.`,
    pool: (r) => r.shuffle(PEOPLE).slice(0, 4),
  },
  {
    subject: "dinner venue address",
    lookAlike: "lunch venue address",
    paraphrase: (s, v) =>
      `The restaurant moved us to their other site, so the ${s} is ${v} instead.`,
    pool: (r) => distinct(r, 4, () => `${r.pick(STREETS)} ${2 + r.int(120)}`),
  },
  {
    subject: "per diem",
    lookAlike: "per diem for contractors",
    pool: (r) => distinct(r, 4, () => `€${45 + r.int(40)} a day`),
  },
  {
    subject: "workshop room",
    lookAlike: "breakout room",
    paraphrase: (s, v) => `The venue swapped us into ${v}, which becomes the ${s}.`,
    pool: (r) => r.shuffle(ROOMS).slice(0, 4),
  },
  {
    subject: "visa letter deadline",
    lookAlike: "visa application deadline",
    pool: (r) => distinct(r, 4, () => `${1 + r.int(28)} April`),
  },
  {
    subject: "van rental booking reference",
    lookAlike: "van rental invoice reference",
    paraphrase: (s, v) =>
      `The rental desk rebooked the van under a new record; ${v} is the ${s} to quote.`,
    pool: (r) => distinct(r, 4, () => `VR-${10_000 + r.int(90_000)}`),
  },
  {
    subject: "total budget",
    lookAlike: "total budget for Day 2",
    pool: (r) => distinct(r, 4, () => `€${40 + r.int(30)},${r.pick(["000", "500"])}`),
  },
  {
    subject: "welcome session slot",
    lookAlike: "closing session slot",
    // A wide window first, then narrower ones inside it.
    pool: (r) => {
      const start = 13 + r.int(2);
      return [
        `${start}:00–${start + 3}:00`,
        `${start}:30–${start + 2}:00`,
        `${start + 1}:00–${start + 2}:00`,
        `${start}:30–${start + 1}:30`,
      ];
    },
    shape: "range",
  },
];

/** A look-alike's value: one digit of `v` changed, or another word when `v` has no digit. */
export function nearMiss(
  rand: Rand,
  v: string,
  avoid: readonly string[],
  pool: readonly string[],
): string {
  // The last digit of the first number: "TP 1351" -> "TP 1357", "€48,500" -> "€43,500".
  const first = /\d+/.exec(v);
  for (let tries = 0; tries < 20; tries++) {
    let out: string;
    if (first === null) {
      out = rand.pick(pool);
    } else {
      const at = first.index + first[0].length - 1;
      const lone = first[0].length === 1;
      const d = (Number(v[at]) + 1 + rand.int(9)) % 10;
      out = `${v.slice(0, at)}${lone && d === 0 ? 1 : d}${v.slice(at + 1)}`;
    }
    if (!avoid.includes(out)) {
      return out;
    }
  }
  return `${v} (B)`;
}
