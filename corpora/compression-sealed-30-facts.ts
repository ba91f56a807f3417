// The sixteen planted facts of the "sealed-30" compression family (a craft brewery's
// production and QA session): each subject, its look-alike (the same head with a
// qualifier), the recipe/spec key a tool prints it under, and a pool of values.
// Pools are disjoint across facts. Used by corpora/compression-sealed-30.ts.

/** Tool outputs with a structured line for a fact. */
export type HomeTool = "recipe" | "lims" | "plc" | "schedule" | "erp" | "ttb";

export interface BreweryFact {
  subject: string;
  lookAlike: string;
  /** The key a recipe file or a PLC export prints the value under. */
  key: string;
  /** The tool outputs that print this fact besides chat and email. */
  homes: readonly HomeTool[];
  /** Six candidate values: the fact's values, its look-alike's and what-if values come from here. */
  pool: readonly string[];
}

export const BREWERY_FACTS: readonly BreweryFact[] = [
  {
    subject: "Fogline target OG",
    lookAlike: "Fogline target OG for the pilot kit",
    key: "og",
    homes: ["recipe", "lims"],
    pool: ["1.064", "1.066", "1.061", "1.063", "1.067", "1.059"],
  },
  {
    subject: "Low Tide Pils IBU target",
    lookAlike: "Low Tide Pils IBU target on the export spec",
    key: "ibu",
    homes: ["recipe", "lims"],
    pool: ["32 IBU", "34 IBU", "29 IBU", "31 IBU", "36 IBU", "27 IBU"],
  },
  {
    subject: "FV-4 fermentation setpoint",
    lookAlike: "FV-4 fermentation setpoint during the diacetyl rest",
    key: "ferm_setpoint",
    homes: ["plc", "recipe"],
    pool: ["19.5°C", "18.5°C", "20°C", "17.5°C", "21°C", "22°C"],
  },
  {
    subject: "Fogline dry hop rate",
    lookAlike: "Fogline dry hop rate for the cask firkins",
    key: "dry_hop",
    homes: ["recipe"],
    pool: ["2.5 lb/bbl", "3 lb/bbl", "2.2 lb/bbl", "3.5 lb/bbl", "2.8 lb/bbl", "1.8 lb/bbl"],
  },
  {
    subject: "Cellar Door Stout canning date",
    lookAlike: "Cellar Door Stout canning date for the nitro cans",
    key: "can_date",
    homes: ["schedule"],
    pool: ["December 4", "December 7", "December 9", "December 11", "December 3", "December 15"],
  },
  {
    subject: "BT-2 carbonation target",
    lookAlike: "BT-2 carbonation target for the keg fill",
    key: "co2_vols",
    homes: ["plc", "lims"],
    pool: ["2.55 vols", "2.65 vols", "2.45 vols", "2.7 vols", "2.5 vols", "2.6 vols"],
  },
  {
    subject: "Citra pellet order quantity",
    lookAlike: "Citra pellet order quantity on the 2027 contract",
    key: "citra_lb",
    homes: ["erp"],
    pool: ["220 lb", "330 lb", "440 lb", "275 lb", "1,100 lb", "550 lb"],
  },
  {
    subject: "Pilsner malt delivery date",
    lookAlike: "Pilsner malt delivery date from the backup maltster",
    key: "malt_eta",
    homes: ["erp"],
    pool: ["November 30", "December 1", "December 2", "December 5", "December 8", "December 10"],
  },
  {
    subject: "packaged DO limit",
    lookAlike: "packaged DO limit for the bottle line",
    key: "do_max",
    homes: ["lims"],
    pool: ["50 ppb", "30 ppb", "40 ppb", "60 ppb", "80 ppb", "25 ppb"],
  },
  {
    subject: "Low Tide Pils pitch rate",
    lookAlike: "Low Tide Pils pitch rate for the fifth-generation slurry",
    key: "pitch_rate",
    homes: ["recipe", "lims"],
    pool: [
      "12 M cells/mL",
      "15 M cells/mL",
      "18 M cells/mL",
      "10 M cells/mL",
      "20 M cells/mL",
      "14 M cells/mL",
    ],
  },
  {
    subject: "TTB excise return due date",
    lookAlike: "TTB excise return due date for the quarterly filing",
    key: "ttb_due",
    homes: ["ttb"],
    pool: ["January 14", "January 29", "January 31", "January 15", "January 12", "February 2"],
  },
  {
    subject: "weekend brew shift lead",
    lookAlike: "weekend brew shift lead for the canning line",
    key: "shift_lead",
    homes: ["schedule"],
    pool: [
      "Oskar Lindahl",
      "Femi Adeyemi",
      "Rosa Quintero",
      "Jun Takeda",
      "Hale Sorensen",
      "Ines Barros",
    ],
  },
  {
    subject: "Fogline can run size",
    lookAlike: "Fogline can run size for the taproom allocation",
    key: "run_cases",
    homes: ["schedule", "erp"],
    pool: ["310 cases", "280 cases", "340 cases", "260 cases", "360 cases", "295 cases"],
  },
  {
    subject: "Cellar Door Stout mash temperature",
    lookAlike: "Cellar Door Stout mash temperature for the oat rest",
    key: "mash_temp",
    homes: ["recipe", "plc"],
    pool: ["67.5°C", "68°C", "66.5°C", "69°C", "66°C", "65.5°C"],
  },
  {
    subject: "glycol chiller setpoint",
    lookAlike: "glycol chiller setpoint for the cold room loop",
    key: "glycol_sp",
    homes: ["plc"],
    pool: ["28°F", "26°F", "30°F", "25°F", "32°F", "27°F"],
  },
  {
    subject: "VDK release limit",
    lookAlike: "VDK release limit for the lager tanks",
    key: "vdk_max",
    homes: ["lims"],
    pool: ["0.10 ppm", "0.07 ppm", "0.08 ppm", "0.12 ppm", "0.05 ppm", "0.15 ppm"],
  },
];

/** Every pool value of every fact (disjoint by construction; the test checks it). */
export const ALL_POOL_VALUES: readonly string[] = BREWERY_FACTS.flatMap((f) => f.pool);
