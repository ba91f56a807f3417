// The planted facts of the "sealed-17" compression family (corpora/compression-sealed-17.ts,
// a commercial building HVAC / facilities operations session): nineteen setpoints, limits,
// assignments and contacts a facilities engineer tracks, each with look-alike qualifiers and
// a pool of distinct values. A seed picks sixteen of them and deals each its values, its
// look-alike's value and a rejected-proposal value from its own pool.

/** One kind of fact the session can plant. */
export interface FactHead {
  subject: string;
  /** Qualifiers that turn the subject into its look-alike ("... for the data hall loop"). */
  qualifiers: readonly string[];
  /** Values in the form the session writes them; all pools are disjoint. */
  pool: readonly string[];
}

export const FACT_HEADS: readonly FactHead[] = [
  {
    subject: "chilled water supply setpoint",
    qualifiers: ["for the data hall loop", "during the winter changeover"],
    pool: ["42 degF", "43 degF", "44 degF", "45 degF", "46 degF", "47 degF"],
  },
  {
    subject: "AHU-3 discharge air setpoint",
    qualifiers: ["in dehumidification mode", "during morning purge"],
    pool: ["53 degF", "54 degF", "55 degF", "56 degF", "57 degF", "58 degF"],
  },
  {
    subject: "occupied cooling setpoint",
    qualifiers: ["for the tenant suites on level 9", "in the trading floor zones"],
    pool: ["72 degF", "73 degF", "74 degF", "75 degF", "76 degF", "77 degF"],
  },
  {
    subject: "morning warm-up start time",
    qualifiers: ["on Mondays", "after holiday shutdowns"],
    pool: ["04:30", "04:45", "05:00", "05:15", "05:30", "05:45"],
  },
  {
    subject: "building static pressure setpoint",
    qualifiers: ["for the lobby atrium", "during night setback"],
    pool: ["0.03 inWC", "0.04 inWC", "0.05 inWC", "0.06 inWC", "0.07 inWC", "0.08 inWC"],
  },
  {
    subject: "peak demand limit",
    qualifiers: ["for the central plant feeder", "during the utility curtailment window"],
    pool: ["1,350 kW", "1,400 kW", "1,450 kW", "1,500 kW", "1,550 kW", "1,620 kW"],
  },
  {
    subject: "minimum outside air damper position",
    qualifiers: ["on AHU-1", "during the pre-occupancy flush"],
    pool: ["15%", "18%", "20%", "22%", "25%", "30%"],
  },
  {
    subject: "filter pressure drop alarm",
    qualifiers: ["for the final filters on AHU-2", "on the MERV 8 prefilters"],
    pool: ["0.9 inWC", "1.0 inWC", "1.1 inWC", "1.2 inWC", "1.4 inWC", "1.5 inWC"],
  },
  {
    subject: "lead chiller",
    qualifiers: ["for the weekend rotation", "in the north plant"],
    pool: ["CH-1", "CH-2", "CH-3", "CH-4", "CH-5"],
  },
  {
    subject: "after-hours HVAC rate",
    qualifiers: ["for the retail tenants", "on public holidays"],
    pool: [
      "$65 per hour",
      "$72 per hour",
      "$85 per hour",
      "$90 per hour",
      "$95 per hour",
      "$110 per hour",
    ],
  },
  {
    subject: "trend log retention period",
    qualifiers: ["for the energy meters", "on the legacy Niagara station"],
    pool: ["90 days", "120 days", "180 days", "365 days", "400 days", "730 days"],
  },
  {
    subject: "refrigerant monitor alarm threshold",
    qualifiers: ["in the rooftop penthouse", "for the R-513A machines"],
    pool: ["25 ppm", "50 ppm", "100 ppm", "150 ppm", "200 ppm", "300 ppm"],
  },
  {
    subject: "controls vendor escalation contact",
    qualifiers: ["for weekends", "at the Northgate campus"],
    pool: [
      "Tomasz Wierzbicki",
      "Aisha Rahman",
      "Dale Prentiss",
      "Marisol Ocampo",
      "Kenji Furuta",
      "Brigid Callahan",
    ],
  },
  {
    subject: "conference room VAV minimum airflow",
    qualifiers: ["on level 12", "for the boardroom wing"],
    pool: ["120 CFM", "150 CFM", "180 CFM", "200 CFM", "225 CFM", "250 CFM"],
  },
  {
    subject: "archive room humidity high limit",
    qualifiers: ["during the summer months", "in the basement annex"],
    pool: ["45% RH", "48% RH", "50% RH", "52% RH", "55% RH", "58% RH"],
  },
  {
    subject: "condenser water supply setpoint",
    qualifiers: ["in free-cooling mode", "for tower cell 2"],
    pool: ["78 degF", "80 degF", "82 degF", "84 degF", "85 degF", "86 degF"],
  },
  {
    subject: "heating hot water reset high limit",
    qualifiers: ["for the perimeter radiation loop", "during cold snaps"],
    pool: ["160 degF", "165 degF", "170 degF", "175 degF", "180 degF", "185 degF"],
  },
  {
    subject: "economizer high-limit changeover",
    qualifiers: ["on the kitchen makeup air unit", "for the podium units"],
    pool: ["62 degF", "63 degF", "64 degF", "65 degF", "66 degF", "68 degF"],
  },
  {
    subject: "cooling tower approach target",
    qualifiers: ["in winter operation", "for the spare cell"],
    pool: ["4 degF", "5 degF", "6 degF", "7 degF", "8 degF", "9 degF"],
  },
];

/** Every value any fact can take, for the family's own tests. */
export const ALL_POOL_VALUES: readonly string[] = FACT_HEADS.flatMap((h) => h.pool);

/** One fact as a seed deals it. */
export interface DealtFact {
  subject: string;
  lookAlike: string;
  /** The first value, then its updates; the last is current. */
  values: string[];
  lookAlikeValue: string;
  /** A value proposed or wondered about for the subject, never adopted. */
  proposedValue: string;
}

function shuffled<T>(list: readonly T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Sixteen facts: eight keep their first value, four change once and four change twice.
 * Each fact's values, look-alike value and proposed value are distinct draws from its pool.
 */
export function dealFacts(rnd: () => number): DealtFact[] {
  const heads = shuffled(FACT_HEADS, rnd).slice(0, 16);
  const updateCounts = shuffled([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2], rnd);
  return heads.map((head, i) => {
    const draw = shuffled(head.pool, rnd);
    const count = 1 + (updateCounts[i] ?? 0);
    const qualifier = head.qualifiers[Math.floor(rnd() * head.qualifiers.length)] ?? "";
    return {
      subject: head.subject,
      lookAlike: `${head.subject} ${qualifier}`,
      values: draw.slice(0, count),
      lookAlikeValue: draw[count] ?? "",
      proposedValue: draw[count + 1] ?? "",
    };
  });
}
