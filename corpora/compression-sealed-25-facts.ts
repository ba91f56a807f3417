// The planted facts of the "sealed-25" compression family (corpora/compression-sealed-25.ts,
// a municipal drinking-water treatment plant session): each fact's subject, its look-alike
// subject, the PLC tag it lives under and a pool of values. A transcript draws its values,
// its look-alike values and its rejected-proposal values from the pool, so all differ.

/** One plant setting the session talks about. */
export interface PlantFactSeed {
  subject: string;
  lookAlike: string;
  /** The PLC or SCADA tag the setting is stored under. */
  tag: string;
  /** Distinct candidate values, each written the way the plant writes it. */
  pool: readonly string[];
}

export const PLANT_FACTS: readonly PlantFactSeed[] = [
  {
    subject: "clearwell free chlorine target",
    lookAlike: "clearwell free chlorine target at the Eastside booster",
    tag: "CLW_FCL_SP",
    pool: ["1.3 mg/L", "1.5 mg/L", "1.7 mg/L", "1.9 mg/L", "2.1 mg/L", "2.3 mg/L"],
  },
  {
    subject: "filter 3 backwash interval",
    lookAlike: "filter 3 backwash interval in winter mode",
    tag: "FLT3_BW_INT",
    pool: ["36 hours", "48 hours", "60 hours", "72 hours", "84 hours", "96 hours"],
  },
  {
    subject: "alum dose setpoint",
    lookAlike: "alum dose setpoint on the pilot skid",
    tag: "ALUM_DOSE_SP",
    pool: ["18 mg/L", "22 mg/L", "26 mg/L", "31 mg/L", "35 mg/L", "40 mg/L"],
  },
  {
    subject: "fluoride feed target",
    lookAlike: "fluoride feed target during the saturator rebuild",
    tag: "FLUOR_SP",
    pool: ["0.58 mg/L", "0.62 mg/L", "0.66 mg/L", "0.68 mg/L", "0.70 mg/L", "0.74 mg/L"],
  },
  {
    subject: "combined filter effluent turbidity alarm",
    lookAlike: "combined filter effluent turbidity alarm on the backup analyzer",
    tag: "CFE_TURB_HI",
    pool: ["0.12 NTU", "0.15 NTU", "0.18 NTU", "0.20 NTU", "0.25 NTU", "0.30 NTU"],
  },
  {
    subject: "weekend on-call operator",
    lookAlike: "weekend on-call operator for the wellfield",
    tag: "ONCALL_WKND",
    pool: [
      "Dolores Ferreira",
      "Tomasz Wilk",
      "Ngozi Eze",
      "Ray Castellanos",
      "Mirela Popescu",
      "Sam Whitehorse",
    ],
  },
  {
    subject: "lead and copper sampling deadline",
    lookAlike: "lead and copper sampling deadline for the school program",
    tag: "LCR_DUE",
    pool: ["June 14", "June 28", "July 9", "July 21", "August 4", "August 18"],
  },
  {
    subject: "caustic day tank low level",
    lookAlike: "caustic day tank low level at the wellfield",
    tag: "NAOH_DT_LO",
    pool: ["28 percent", "32 percent", "35 percent", "38 percent", "40 percent", "45 percent"],
  },
  {
    subject: "finished water pH setpoint",
    lookAlike: "finished water pH setpoint for the corrosion study loop",
    tag: "FIN_PH_SP",
    pool: ["pH 7.4", "pH 7.6", "pH 7.7", "pH 7.8", "pH 8.0", "pH 8.2"],
  },
  {
    subject: "basin 2 sludge draw cycle",
    lookAlike: "basin 2 sludge draw cycle after a storm event",
    tag: "SED2_SLDG_CYC",
    pool: [
      "every 3 hours",
      "every 4 hours",
      "every 6 hours",
      "every 8 hours",
      "every 10 hours",
      "every 12 hours",
    ],
  },
  {
    subject: "UV reactor minimum dose",
    lookAlike: "UV reactor minimum dose for the standby train",
    tag: "UV_DOSE_MIN",
    pool: ["28 mJ/cm2", "32 mJ/cm2", "36 mJ/cm2", "40 mJ/cm2", "45 mJ/cm2", "50 mJ/cm2"],
  },
  {
    subject: "high service discharge pressure",
    lookAlike: "high service discharge pressure overnight",
    tag: "HSP_DISCH_SP",
    pool: ["64 psi", "68 psi", "70 psi", "72 psi", "75 psi", "80 psi"],
  },
  {
    subject: "state compliance contact",
    lookAlike: "state compliance contact for lab certification",
    tag: "REG_CONTACT",
    pool: [
      "Beatrice Okonkwo",
      "Harlan Jeffries",
      "Yuki Tanabe",
      "Marcus Oyelaran",
      "Ines Carvalho",
      "Gideon Holt",
    ],
  },
  {
    subject: "powdered carbon feed rate",
    lookAlike: "powdered carbon feed rate during an algal bloom",
    tag: "PAC_FEED_SP",
    pool: ["5 mg/L", "6 mg/L", "8 mg/L", "10 mg/L", "12 mg/L", "15 mg/L"],
  },
  {
    subject: "clearwell minimum operating level",
    lookAlike: "clearwell minimum operating level during the tank inspection",
    tag: "CLW_LVL_LO",
    pool: ["10.5 ft", "11.5 ft", "12.0 ft", "12.5 ft", "13.5 ft", "14.0 ft"],
  },
  {
    subject: "historian raw data retention",
    lookAlike: "historian raw data retention for alarm events",
    tag: "HIST_RET",
    pool: ["90 days", "120 days", "180 days", "365 days", "400 days", "730 days"],
  },
];

/** Every value of every pool, for the family's own checks. */
export const ALL_PLANT_VALUES: readonly string[] = PLANT_FACTS.flatMap((f) => f.pool);
