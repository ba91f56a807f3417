// The sixteen planted subjects of the "sealed-33" compression family (an etch-module night
// shift in a wafer fab): each subject's whole noun phrase, its look-alike (the subject plus a
// qualifier), the fab systems that can print it (recipe management, SPC, MES, FDC, ECN,
// tool qualification) with the parameter code those systems use, and a pool of distinct values.
// Used by corpora/compression-sealed-33.ts and its forms; checked by
// tests/bench/compression-sealed-33.test.ts.

/** A fab system whose exports can carry a subject's value on one line. */
export type FabSystem = "rms" | "spc" | "mes" | "fdc" | "ecn" | "qual";

export interface Subject {
  subject: string;
  lookAlike: string;
  /** Systems whose tool output can state it. Prose, pass-down notes and chat fit every subject. */
  systems: readonly FabSystem[];
  /** The code the systems print beside it (recipe step and parameter, chart id, rule id...). */
  code: string;
  /** The recipe, chart, route or chamber it belongs to. */
  where: string;
  /** Distinct values: the fact takes the first few of a shuffle, the rest are look-alike and decoys. */
  pool: readonly string[];
}

export const SUBJECTS: readonly Subject[] = [
  {
    subject: "overetch time of the poly gate recipe",
    lookAlike: "overetch time of the poly gate recipe for rework lots",
    systems: ["rms", "ecn"],
    code: "ME3.OE_TIME",
    where: "PGATE_ME",
    pool: ["28 s", "31 s", "34 s", "37 s", "41 s", "44 s", "47 s", "52 s"],
  },
  {
    subject: "chamber pressure of the main etch step",
    lookAlike: "chamber pressure of the main etch step in the seasoning recipe",
    systems: ["rms", "ecn", "fdc"],
    code: "ME1.PRES_SP",
    where: "PGATE_ME",
    pool: ["8 mTorr", "10 mTorr", "12 mTorr", "15 mTorr", "18 mTorr", "22 mTorr", "25 mTorr"],
  },
  {
    subject: "helium backside cooling pressure",
    lookAlike: "helium backside cooling pressure on the outer zone",
    systems: ["rms", "fdc"],
    code: "ALL.HE_BSC_IN",
    where: "PGATE_ME",
    pool: ["6 Torr", "8 Torr", "9.5 Torr", "11 Torr", "13 Torr", "14.5 Torr", "16 Torr"],
  },
  {
    subject: "CF4 flow in the breakthrough step",
    lookAlike: "CF4 flow in the breakthrough step of the dummy recipe",
    systems: ["rms", "ecn"],
    code: "BT.MFC3_CF4",
    where: "PGATE_ME",
    pool: ["40 sccm", "55 sccm", "60 sccm", "65 sccm", "75 sccm", "85 sccm", "90 sccm"],
  },
  {
    subject: "bias power of the hard mask open step",
    lookAlike: "bias power of the hard mask open step on the sister chamber",
    systems: ["rms", "ecn"],
    code: "HMO.RF2_BIAS",
    where: "STI_HMO",
    pool: ["150 W", "180 W", "220 W", "260 W", "300 W", "340 W", "375 W"],
  },
  {
    subject: "upper control limit of the oxide etch rate chart",
    lookAlike: "upper control limit of the oxide etch rate chart for PM4",
    systems: ["spc", "ecn"],
    code: "UCL",
    where: "ER_OX_MON_PM1",
    pool: [
      "412 nm/min",
      "428 nm/min",
      "436 nm/min",
      "447 nm/min",
      "455 nm/min",
      "463 nm/min",
      "478 nm/min",
    ],
  },
  {
    subject: "post-etch CD target for the dense lines",
    lookAlike: "post-etch CD target for the dense lines in the scribe monitor",
    systems: ["spc", "ecn"],
    code: "TGT",
    where: "CD_GATE_DENSE",
    pool: ["44.0 nm", "44.8 nm", "45.5 nm", "46.2 nm", "46.9 nm", "47.6 nm", "48.3 nm"],
  },
  {
    subject: "particle adder limit of the chamber qualification",
    lookAlike: "particle adder limit of the chamber qualification for bare-silicon monitors",
    systems: ["qual", "ecn"],
    code: "PART_ADD",
    where: "QUAL-PM-STD",
    pool: [
      "12 adders",
      "15 adders",
      "18 adders",
      "20 adders",
      "25 adders",
      "30 adders",
      "35 adders",
    ],
  },
  {
    subject: "wet clean interval of PM3",
    lookAlike: "wet clean interval of PM3 after a chuck swap",
    systems: ["qual", "ecn"],
    code: "PM.WETCLN_INT",
    where: "ETX-07/PM3",
    pool: [
      "900 RF hours",
      "1100 RF hours",
      "1250 RF hours",
      "1400 RF hours",
      "1600 RF hours",
      "1800 RF hours",
      "2000 RF hours",
    ],
  },
  {
    subject: "seasoning wafer count after the wet clean",
    lookAlike: "seasoning wafer count after the wet clean for the metal etch chambers",
    systems: ["rms", "qual"],
    code: "SEAS.WFR_CNT",
    where: "SEASON_STD",
    pool: [
      "8 wafers",
      "12 wafers",
      "16 wafers",
      "20 wafers",
      "25 wafers",
      "30 wafers",
      "40 wafers",
    ],
  },
  {
    subject: "FDC alarm limit for reflected RF power",
    lookAlike: "FDC alarm limit for reflected RF power during plasma ignition",
    systems: ["fdc", "ecn"],
    code: "RF1_REFL_PWR.MAX",
    where: "FDCm-0412",
    pool: ["35 W", "45 W", "60 W", "70 W", "95 W", "110 W", "125 W"],
  },
  {
    subject: "maximum queue time from litho to etch",
    lookAlike: "maximum queue time from litho to etch for hot lots",
    systems: ["mes", "ecn"],
    code: "QT-LITHO-ETCH",
    where: "ROUTE GATE-28.4",
    pool: ["4 hours", "6 hours", "8 hours", "10 hours", "12 hours", "16 hours", "20 hours"],
  },
  {
    subject: "recipe owner for the STI etch",
    lookAlike: "recipe owner for the STI etch on the legacy line",
    systems: ["rms", "ecn"],
    code: "HDR.OWNER",
    where: "STI_ME",
    pool: [
      "Priya Raman",
      "Tomasz Wielgus",
      "Aiko Tanaka",
      "Daniel Ochoa",
      "Grace Mbeki",
      "Sven Halvorsen",
      "Lucia Ferrer",
    ],
  },
  {
    subject: "hold lot for the CD excursion",
    lookAlike: "hold lot for the CD excursion on the sister tool",
    systems: ["mes"],
    code: "HOLD.ENG",
    where: "ETCH-GATE",
    pool: ["N7K214.1", "N7K388.2", "P2A117.1", "P2A905.3", "Q4M061.1", "Q4M472.2", "R1C330.1"],
  },
  {
    subject: "ECN number for the edge ring change",
    lookAlike: "ECN number for the edge ring change on the oxide chambers",
    systems: ["ecn", "mes"],
    code: "ECN.REF",
    where: "EDGE-RING-QZ",
    pool: [
      "ECN-24-0871",
      "ECN-24-0893",
      "ECN-24-0912",
      "ECN-24-0937",
      "ECN-24-0958",
      "ECN-24-0974",
      "ECN-24-0991",
    ],
  },
  {
    subject: "return-to-production date for PM2",
    lookAlike: "return-to-production date for PM2 after the chuck swap",
    systems: ["mes", "qual"],
    code: "EQP.RTP_PLAN",
    where: "ETX-07/PM2",
    pool: [
      "2024-03-14",
      "2024-03-15",
      "2024-03-16",
      "2024-03-18",
      "2024-03-19",
      "2024-03-21",
      "2024-03-22",
    ],
  },
];

/** Every value of every pool, for the distinctness checks. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => s.pool);
