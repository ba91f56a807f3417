// The sixteen planted facts of the "sealed-20" compression family (a restaurant group's
// kitchen and supply operations session): each subject, the qualifiers its look-alike
// may take, and a pool of distinct values (first value, updates, the look-alike's own
// value and spare values for rejected proposals). Used by corpora/compression-sealed-20.ts.

export interface FactSeed {
  subject: string;
  qualifiers: readonly string[];
  pool: readonly string[];
}

export const FACT_SEEDS: readonly FactSeed[] = [
  {
    subject: "walk-in cooler setpoint",
    qualifiers: ["at the Harbour Street site", "in the pastry room"],
    pool: ["34 F", "36 F", "37 F", "38 F", "35 F", "33 F"],
  },
  {
    subject: "salmon case price",
    qualifiers: ["for smoked sides", "from the backup supplier"],
    pool: ["EUR 142.50", "EUR 138.00", "EUR 151.20", "EUR 129.90", "EUR 147.75", "EUR 133.40"],
  },
  {
    subject: "dairy delivery window",
    qualifiers: ["at the airport unit", "for the cheese order"],
    pool: [
      "05:30-07:00",
      "06:00-07:30",
      "05:00-06:30",
      "06:30-08:00",
      "04:45-06:15",
      "07:00-08:30",
    ],
  },
  {
    subject: "hot-holding minimum temperature",
    qualifiers: ["on the carvery", "for the staff meal"],
    pool: ["63 C", "65 C", "68 C", "70 C", "66 C", "64 C"],
  },
  {
    subject: "Sunday brunch cover forecast",
    qualifiers: ["for the terrace", "at the Docklands site"],
    pool: ["180 covers", "210 covers", "240 covers", "165 covers", "195 covers", "225 covers"],
  },
  {
    subject: "allergen matrix sign-off owner",
    qualifiers: ["for the events menu", "at the bakery"],
    pool: [
      "Priya Raman",
      "Tomasz Wilk",
      "Aoife Byrne",
      "Kwame Mensah",
      "Lena Fischer",
      "Ruairi Walsh",
    ],
  },
  {
    subject: "fryer oil change interval",
    qualifiers: ["on the chip fryer", "in the bar kitchen"],
    pool: [
      "every 4 days",
      "every 3 days",
      "every 5 days",
      "every 6 days",
      "every 2 days",
      "every 7 days",
    ],
  },
  {
    subject: "short rib portion weight",
    qualifiers: ["on the lunch menu", "for the tasting menu"],
    pool: ["280 g", "300 g", "260 g", "320 g", "240 g", "310 g"],
  },
  {
    subject: "Friday closing sous chef",
    qualifiers: ["at the Docklands kitchen", "for private dining"],
    pool: ["Marco Bellini", "Hana Sato", "Luis Ortega", "Grace Adeyemi", "Oisin Kelly", "Mei Lin"],
  },
  {
    subject: "weekly produce order cutoff",
    qualifiers: ["for the herb grower", "at the airport unit"],
    pool: [
      "Tuesday 2 pm",
      "Monday 4 pm",
      "Wednesday 11 am",
      "Tuesday 10 am",
      "Monday noon",
      "Thursday 9 am",
    ],
  },
  {
    subject: "group food cost target",
    qualifiers: ["for the bar menu", "during December"],
    pool: ["28 percent", "29.5 percent", "27 percent", "31 percent", "26 percent", "30.5 percent"],
  },
  {
    subject: "blast chiller cycle limit",
    qualifiers: ["for stocks and sauces", "in the prep kitchen"],
    pool: ["90 minutes", "120 minutes", "75 minutes", "100 minutes", "80 minutes", "110 minutes"],
  },
  {
    subject: "dishwasher final rinse temperature",
    qualifiers: ["on the glass washer", "at the bakery"],
    pool: ["82 C", "85 C", "80 C", "88 C", "83 C", "86 C"],
  },
  {
    subject: "olive oil tin supplier",
    qualifiers: ["for the finishing oil", "at the pizza site"],
    pool: [
      "Casa Verde Imports",
      "Olivaia Trading",
      "Lusitano Foods",
      "Puglia Direct",
      "Kalamata House",
      "Sierra Sur Oils",
    ],
  },
  {
    subject: "pastry station start time",
    qualifiers: ["on Saturdays", "at the bakery"],
    pool: ["6:15 am", "5:45 am", "6:40 am", "7:10 am", "5:20 am", "6:50 am"],
  },
  {
    subject: "veal stock par level",
    qualifiers: ["for the banqueting kitchen", "at the Harbour Street site"],
    pool: ["40 litres", "36 litres", "45 litres", "30 litres", "50 litres", "34 litres"],
  },
];

/** Every value any fact or look-alike can take, for the family's tests. */
export const ALL_POOL_VALUES: readonly string[] = FACT_SEEDS.flatMap((f) => f.pool);
