// The sixteen planted facts of the "sealed-22" compression family (an MRO hangar
// heavy-check session): each subject, its look-alike (the subject plus a
// qualifier) and a pool of values it may take. Every pool value is distinct across
// the whole family. Used by corpora/compression-sealed-22.ts.

/** One planted fact before values are drawn: its subject, look-alike and value pool. */
export interface Sealed22Subject {
  subject: string;
  lookAlike: string;
  pool: readonly string[];
}

export const SUBJECTS: readonly Sealed22Subject[] = [
  {
    subject: "main gear axle nut torque",
    lookAlike: "main gear axle nut torque for the initial seating pass",
    pool: [
      "150 ft-lb",
      "165 ft-lb",
      "180 ft-lb",
      "140 ft-lb",
      "172 ft-lb",
      "158 ft-lb",
      "195 ft-lb",
    ],
  },
  {
    subject: "pack 2 flow control valve deferral expiry",
    lookAlike: "pack 2 flow control valve deferral expiry on the sister tail EI-LTK",
    pool: [
      "2026-12-02",
      "2026-12-04",
      "2026-12-06",
      "2026-12-08",
      "2026-12-11",
      "2026-12-13",
      "2026-12-15",
    ],
  },
  {
    subject: "left engine borescope inspection interval",
    lookAlike: "left engine borescope inspection interval after a bird strike",
    pool: ["500 FC", "750 FC", "1000 FC", "1250 FC", "400 FC", "600 FC", "900 FC"],
  },
  {
    subject: "nose gear steering actuator part number",
    lookAlike: "nose gear steering actuator part number on the removed unit",
    pool: [
      "D23189000-7",
      "D23189000-9",
      "D23189000-11",
      "D23189000-5",
      "D23190000-3",
      "D23190000-5",
      "D23189100-2",
    ],
  },
  {
    subject: "APU starter generator delivery ETA",
    lookAlike: "APU starter generator delivery ETA from the second vendor",
    pool: [
      "Dec 2 0600Z",
      "Dec 3 1400Z",
      "Dec 4 0900Z",
      "Dec 5 2200Z",
      "Dec 1 1630Z",
      "Dec 6 0800Z",
      "Dec 7 1200Z",
    ],
  },
  {
    subject: "cabin pressure controller engineering order",
    lookAlike: "cabin pressure controller engineering order for the outflow valve actuator",
    pool: [
      "EO-26-0412",
      "EO-26-0419",
      "EO-26-0437",
      "EO-26-0388",
      "EO-26-0451",
      "EO-26-0460",
      "EO-26-0402",
    ],
  },
  {
    subject: "slat 3 leading edge dent limit",
    lookAlike: "slat 3 leading edge dent limit within the fastener row zone",
    pool: ["0.040 in", "0.050 in", "0.030 in", "0.062 in", "0.025 in", "0.045 in", "0.035 in"],
  },
  {
    subject: "planned CRS date",
    lookAlike: "planned CRS date of the sister tail",
    pool: ["Dec 9", "Dec 10", "Dec 11", "Dec 12", "Dec 14", "Dec 8", "Dec 15"],
  },
  {
    subject: "wheel 3 brake wear pin length",
    lookAlike: "wheel 3 brake wear pin length on the replacement brake",
    pool: ["0.62 in", "0.48 in", "0.55 in", "0.71 in", "0.39 in", "0.44 in", "0.66 in"],
  },
  {
    subject: "aft cargo door seal task card",
    lookAlike: "aft cargo door seal task card for the lower sill fairing",
    pool: [
      "TC-52-0411",
      "TC-52-0418",
      "TC-52-0420",
      "TC-52-0433",
      "TC-52-0407",
      "TC-52-0441",
      "TC-52-0415",
    ],
  },
  {
    subject: "CAMO reviewer for the AD package",
    lookAlike: "CAMO reviewer for the AD package of the engine records",
    pool: [
      "Ingrid Solberg",
      "Tomasz Wrona",
      "Priya Raman",
      "Malik Osei",
      "Claire Dubois",
      "Kenji Aoki",
      "Rosa Ferreira",
    ],
  },
  {
    subject: "right engine oil consumption rate",
    lookAlike: "right engine oil consumption rate during the ground run",
    pool: [
      "0.12 qt/hr",
      "0.18 qt/hr",
      "0.21 qt/hr",
      "0.09 qt/hr",
      "0.26 qt/hr",
      "0.15 qt/hr",
      "0.31 qt/hr",
    ],
  },
  {
    subject: "aft lav smoke detector MEL reference",
    lookAlike: "aft lav smoke detector MEL reference in the previous operator's MEL",
    pool: [
      "MEL 26-15-01",
      "MEL 26-15-02",
      "MEL 26-17-01",
      "MEL 26-15-03",
      "MEL 26-16-01",
      "MEL 26-17-02",
      "MEL 26-15-04",
    ],
  },
  {
    subject: "main wheel assembly purchase order",
    lookAlike: "main wheel assembly purchase order for the loaner set",
    pool: [
      "PO-778213",
      "PO-778240",
      "PO-778266",
      "PO-778291",
      "PO-778305",
      "PO-778198",
      "PO-778322",
    ],
  },
  {
    subject: "flap track 4 NDT method",
    lookAlike: "flap track 4 NDT method for the carriage bolts",
    pool: [
      "HFEC",
      "LFEC",
      "ultrasonic",
      "dye penetrant",
      "magnetic particle",
      "detailed visual",
      "bond testing",
    ],
  },
  {
    subject: "night shift handover time",
    lookAlike: "night shift handover time on Sundays",
    pool: ["21:30", "22:00", "21:45", "22:15", "20:45", "21:15", "22:30"],
  },
];

/** Every value any fact, look-alike or rejected proposal of the family can take. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => s.pool);
