// The planted subjects of the "sealed-32" compression family (a transit agency's winter
// timetable change): twenty service-planning parameters, each with look-alike qualifiers and
// a value maker that never hands out the same value twice in one transcript. Used by
// corpora/compression-sealed-32.ts and tests/bench/compression-sealed-32.test.ts.

type Rnd = () => number;

export type FactKind =
  | "minutes"
  | "fare"
  | "pass"
  | "date"
  | "clock"
  | "percent"
  | "count"
  | "fleet"
  | "name"
  | "feed";

export interface SubjectSpec {
  subject: string;
  /** Appended to the subject to make the look-alike's whole subject. */
  qualifiers: readonly string[];
  kind: FactKind;
  /** Inclusive range for numeric kinds (minutes, clock minutes after midnight, percent, count). */
  lo?: number;
  hi?: number;
}

export const SUBJECTS: readonly SubjectSpec[] = [
  {
    subject: "weekday peak headway on Route 14",
    qualifiers: ["via Harbor Street", "on school days"],
    kind: "minutes",
    lo: 6,
    hi: 15,
  },
  {
    subject: "Saturday midday headway on the Crosstown 40",
    qualifiers: ["east of Ferris Park", "during the holiday market"],
    kind: "minutes",
    lo: 15,
    hi: 30,
  },
  {
    subject: "scheduled run time for Route 9 outbound",
    qualifiers: ["in the PM peak", "on the express pattern"],
    kind: "minutes",
    lo: 38,
    hi: 72,
  },
  {
    subject: "recovery time at Millbrook Loop",
    qualifiers: ["for articulated trips", "after 8 pm"],
    kind: "minutes",
    lo: 3,
    hi: 14,
  },
  {
    subject: "layover at Union Station bay C",
    qualifiers: ["for owl trips", "on snow-route days"],
    kind: "minutes",
    lo: 5,
    hi: 20,
  },
  {
    subject: "adult base cash fare",
    qualifiers: ["on the Airport Express", "for the Lakeshore ferry connection"],
    kind: "fare",
  },
  {
    subject: "reduced-fare monthly pass price",
    qualifiers: ["for the regional zone", "for students"],
    kind: "pass",
  },
  {
    subject: "winter timetable effective date",
    qualifiers: ["for paratransit", "for the commuter coaches"],
    kind: "date",
  },
  {
    subject: "rider alert publish date for the Route 9 detour",
    qualifiers: ["in Spanish", "on the stop flags"],
    kind: "date",
  },
  {
    subject: "operator pick bid deadline",
    qualifiers: ["for extra-board operators", "for the part-time roster"],
    kind: "date",
  },
  {
    subject: "public hearing date on the fare change",
    qualifiers: ["for the north district", "held online"],
    kind: "date",
  },
  {
    subject: "first outbound trip on Route 22",
    qualifiers: ["on Sundays", "from the hospital stop"],
    kind: "clock",
    lo: 280,
    hi: 375,
  },
  {
    subject: "last inbound trip on the Blue Line shuttle",
    qualifiers: ["on Fridays", "during bridge works"],
    kind: "clock",
    lo: 1330,
    hi: 1435,
  },
  {
    subject: "paratransit trip booking cutoff",
    qualifiers: ["for Sunday trips", "for dialysis subscriptions"],
    kind: "clock",
    lo: 900,
    hi: 1110,
  },
  {
    subject: "spare ratio target at Eastgate depot",
    qualifiers: ["for articulated buses", "for the electric fleet"],
    kind: "percent",
    lo: 9,
    hi: 26,
  },
  {
    subject: "peak vehicle requirement for the winter pick",
    qualifiers: ["at North Yard", "for school trippers"],
    kind: "count",
    lo: 112,
    hi: 188,
  },
  {
    subject: "union steward for the Eastgate operators",
    qualifiers: ["on the night board", "in the maintenance shop"],
    kind: "name",
  },
  {
    subject: "vehicle assigned to Block 22-04",
    qualifiers: ["on school days", "during the snow plan"],
    kind: "fleet",
  },
  {
    subject: "published GTFS feed version",
    qualifiers: ["for the trip planner sandbox", "sent to the map vendors"],
    kind: "feed",
  },
  {
    subject: "minimum split-shift spread for the winter roster",
    qualifiers: ["at North Yard", "for the part-time operators"],
    kind: "minutes",
    lo: 75,
    hi: 160,
  },
];

const MONTHS = ["December", "January", "February"] as const;
const FIRST = [
  "Dolores",
  "Kwame",
  "Ines",
  "Teodor",
  "Saoirse",
  "Benedikt",
  "Yolanda",
  "Ravi",
  "Agnieszka",
  "Tomasz",
  "Mireille",
  "Desmond",
  "Halima",
  "Casimir",
] as const;
const LAST = [
  "Achterberg",
  "Quispe",
  "Vasquez-Lind",
  "Okonkwo",
  "Thorsby",
  "Marchetti",
  "Ferreira",
  "Nakashima",
  "Brannock",
  "Szabo",
  "Lachance",
  "Mbeki",
] as const;

const two = (n: number) => String(n).padStart(2, "0");

/** One candidate value of a kind; the caller retries until it is unused. */
function candidate(spec: SubjectSpec, rnd: Rnd): string {
  const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const lo = spec.lo ?? 0;
  const hi = spec.hi ?? 0;
  switch (spec.kind) {
    case "minutes":
      return `${n(lo, hi)} min`;
    case "fare":
      return `$${(n(45, 74) * 0.05).toFixed(2)}`;
    case "pass":
      return `$${n(26, 64)}.${["00", "50"][n(0, 1)] ?? "00"}`;
    case "date":
      return `${MONTHS[n(0, 2)] ?? "January"} ${n(2, 28)}`;
    case "clock": {
      const t = n(Math.floor(lo / 5), Math.floor(hi / 5)) * 5 + ([0, 2, 3][n(0, 2)] ?? 0);
      return `${two(Math.floor(t / 60) % 24)}:${two(t % 60)}`;
    }
    case "percent":
      return `${n(lo, hi)}%`;
    case "count":
      return `${n(lo, hi)} buses`;
    case "fleet":
      return `#${n(4101, 4398)}`;
    case "name":
      return `${FIRST[n(0, FIRST.length - 1)] ?? "Ines"} ${LAST[n(0, LAST.length - 1)] ?? "Szabo"}`;
    case "feed":
      return `WTR26-${["A", "B", "C", "D"][n(0, 3)] ?? "A"}${n(2, 19)}`;
  }
}

/** A value maker shared by a whole transcript: every value it returns is new. */
export function valueMaker(rnd: Rnd): (spec: SubjectSpec) => string {
  const used = new Set<string>();
  return (spec) => {
    for (let tries = 0; ; tries++) {
      const v = candidate(
        tries > 60 ? { ...spec, lo: spec.lo, hi: (spec.hi ?? 0) + tries } : spec,
        rnd,
      );
      if (!used.has(v)) {
        used.add(v);
        return v;
      }
    }
  };
}
