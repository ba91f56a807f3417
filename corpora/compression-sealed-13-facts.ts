// The sixteen planted facts of the "sealed-13" compression family (a logistics
// dispatch session): each fact's whole subject, its look-alike (the same subject
// with one more qualifier) and a pool of distinct values, some with a second
// format (am/pm times, miles) that updates may switch to. Used by
// corpora/compression-sealed-13.ts and tests/bench/compression-sealed-13.test.ts.

export interface FactTemplate {
  subject: string;
  lookAlike: string;
  /** Values in the fact's usual format; every value in every pool is distinct. */
  pool: readonly string[];
  /** The same kind of value in another format, which an update may switch to. */
  altPool?: readonly string[];
}

export const FACT_TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "dock cut-off time for the Rotterdam hub",
    lookAlike: "dock cut-off time for the Rotterdam hub on Saturdays",
    pool: ["15:30", "16:00", "16:45", "14:50", "13:40", "17:10", "12:25"],
    altPool: ["5:45 pm", "6:15 pm", "4:20 pm"],
  },
  {
    subject: "driving hours limit for the Lyon night shift",
    lookAlike: "driving hours limit for the Lyon night shift during peak season",
    pool: ["9 hours", "10 hours", "8.5 hours", "9.5 hours", "7.5 hours", "11 hours", "8 hours"],
  },
  {
    subject: "reefer setpoint for the Valencia citrus loads",
    lookAlike: "reefer setpoint for the Valencia citrus loads on the return leg",
    pool: [
      "4.5 degrees",
      "3 degrees",
      "6 degrees",
      "2.5 degrees",
      "5.5 degrees",
      "7 degrees",
      "1.5 degrees",
    ],
  },
  {
    subject: "detention free time at the Hamburg terminal",
    lookAlike: "detention free time at the Hamburg terminal for hazmat containers",
    pool: ["90 minutes", "120 minutes", "75 minutes", "150 minutes", "60 minutes", "105 minutes"],
  },
  {
    subject: "carrier rate for the Milan to Munich lane",
    lookAlike: "carrier rate for the Milan to Munich lane with a tail-lift truck",
    pool: ["EUR 1420", "EUR 1385", "EUR 1510", "EUR 1295", "EUR 1460", "EUR 1350", "EUR 1575"],
  },
  {
    subject: "customs broker for the Felixstowe imports",
    lookAlike: "customs broker for the Felixstowe imports of bonded goods",
    pool: [
      "Harwick Clearance",
      "Bluegate Brokers",
      "Ostmann Customs",
      "Quayline Forwarding",
      "Penrose Trade Services",
      "Carrow Declarations",
    ],
  },
  {
    subject: "assigned trailer for the Bratislava shuttle",
    lookAlike: "assigned trailer for the Bratislava shuttle on the weekend rotation",
    pool: ["TR-4471", "TR-3092", "TR-5518", "TR-2276", "TR-6103", "TR-4839", "TR-1957"],
  },
  {
    subject: "maximum payload for the Gdansk curtainsiders",
    lookAlike: "maximum payload for the Gdansk curtainsiders with mega trailers",
    pool: ["24 tonnes", "22.5 tonnes", "25.5 tonnes", "21 tonnes", "23 tonnes", "26 tonnes"],
  },
  {
    subject: "pickup window at the Zaragoza plant",
    lookAlike: "pickup window at the Zaragoza plant for returnable pallets",
    pool: [
      "06:00-09:00",
      "07:00-10:00",
      "05:30-08:30",
      "08:00-11:00",
      "06:30-09:30",
      "09:00-12:00",
    ],
  },
  {
    subject: "escalation contact for the Oslo key account",
    lookAlike: "escalation contact for the Oslo key account outside office hours",
    pool: [
      "Ingrid Solberg",
      "Tore Haugland",
      "Marit Eide",
      "Kjetil Dahl",
      "Sigrid Nyhus",
      "Eirik Lunde",
    ],
  },
  {
    subject: "door-open alarm delay for the Lisbon pharma trucks",
    lookAlike: "door-open alarm delay for the Lisbon pharma trucks at the cross-dock",
    pool: ["120 seconds", "90 seconds", "45 seconds", "180 seconds", "60 seconds", "150 seconds"],
  },
  {
    subject: "daily distance cap for the Poznan subcontractors",
    lookAlike: "daily distance cap for the Poznan subcontractors in winter",
    pool: ["640 km", "580 km", "710 km", "520 km", "690 km", "605 km"],
    altPool: ["380 miles", "420 miles", "455 miles"],
  },
  {
    subject: "booking reference for the Tilbury ferry crossing",
    lookAlike: "booking reference for the Tilbury ferry crossing of unaccompanied trailers",
    pool: ["FX-20931", "FX-31874", "FX-18402", "FX-27765", "FX-40218", "FX-35590"],
  },
  {
    subject: "demurrage rate at the Genoa port",
    lookAlike: "demurrage rate at the Genoa port for reefer boxes",
    pool: [
      "EUR 85 per day",
      "EUR 110 per day",
      "EUR 95 per day",
      "EUR 70 per day",
      "EUR 125 per day",
      "EUR 140 per day",
    ],
  },
  {
    subject: "fuel stop for the Brno overnight run",
    lookAlike: "fuel stop for the Brno overnight run when the D1 is closed",
    pool: [
      "OMV Mikulov",
      "Shell Breclav",
      "MOL Pohorelice",
      "Orlen Hustopece",
      "Benzina Rajhrad",
      "Eni Vyskov",
    ],
  },
  {
    subject: "delivery promise for the Dublin retail account",
    lookAlike: "delivery promise for the Dublin retail account on bank holidays",
    pool: ["48 hours", "36 hours", "72 hours", "60 hours", "24 hours", "96 hours"],
  },
];

/** Every value any pool holds (distinctness is part of the family's tests). */
export const ALL_POOL_VALUES: readonly string[] = FACT_TEMPLATES.flatMap((f) => [
  ...f.pool,
  ...(f.altPool ?? []),
]);
