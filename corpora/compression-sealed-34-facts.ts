// The planted facts of the "sealed-34" compression family (corpora/compression-sealed-34.ts, a
// museum registrar's office preparing the loan exhibition "Salt and Lantern: Painters of the
// Northern Coast"): sixteen things a registrar and an exhibitions manager track (agreed
// values, fees, environmental limits, flights, crates, dates, couriers), each with a look-alike
// subject (the same phrase plus a qualifier) and a pool of seven values. Pools are disjoint and
// no value is a whole phrase inside another, so a seed's values, look-alike values and rejected
// proposals never collide. Used by the family's generator, forms and test.

/** What sort of fact it is, so a form only words it the way its source really would. */
export type FactKind = "money" | "env" | "span" | "ref" | "size" | "date" | "person" | "count";

export interface Sealed34Subject {
  kind: FactKind;
  subject: string;
  lookAlike: string;
  pool: readonly string[];
}

export const SUBJECTS: readonly Sealed34Subject[] = [
  {
    kind: "money",
    subject: "agreed value of the Voss triptych",
    lookAlike: "agreed value of the Voss triptych for the Bergen leg",
    pool: [
      "GBP 1,850,000",
      "GBP 2,100,000",
      "GBP 1,650,000",
      "GBP 2,400,000",
      "GBP 1,975,000",
      "GBP 2,250,000",
      "GBP 1,720,000",
    ],
  },
  {
    kind: "money",
    subject: "loan fee for the Lanvaux group",
    lookAlike: "loan fee for the Lanvaux group at the second venue",
    pool: [
      "EUR 6,500",
      "EUR 7,200",
      "EUR 5,800",
      "EUR 8,150",
      "EUR 4,950",
      "EUR 9,400",
      "EUR 6,875",
    ],
  },
  {
    kind: "money",
    subject: "courier per diem",
    lookAlike: "courier per diem for the deinstall trip",
    pool: [
      "EUR 185 per day",
      "EUR 210 per day",
      "EUR 240 per day",
      "EUR 165 per day",
      "EUR 225 per day",
      "EUR 270 per day",
      "EUR 195 per day",
    ],
  },
  {
    kind: "money",
    subject: "excess on the nail-to-nail policy",
    lookAlike: "excess on the nail-to-nail policy for works in transit",
    pool: [
      "GBP 2,500",
      "GBP 5,000",
      "GBP 1,000",
      "GBP 7,500",
      "GBP 3,500",
      "GBP 10,000",
      "GBP 4,000",
    ],
  },
  {
    kind: "env",
    subject: "relative humidity setpoint in Gallery 4",
    lookAlike: "relative humidity setpoint in Gallery 4 showcases",
    pool: ["50% RH", "47% RH", "53% RH", "45% RH", "55% RH", "48% RH", "52% RH"],
  },
  {
    kind: "env",
    subject: "light level for the works on paper",
    lookAlike: "light level for the works on paper in the Print Room",
    pool: ["50 lux", "75 lux", "100 lux", "60 lux", "80 lux", "120 lux", "40 lux"],
  },
  {
    kind: "span",
    subject: "acclimatisation period for the Lanvaux crates",
    lookAlike: "acclimatisation period for the Lanvaux crates at Bergen",
    pool: ["24 hours", "36 hours", "48 hours", "72 hours", "12 hours", "60 hours", "96 hours"],
  },
  {
    kind: "ref",
    subject: "outbound courier flight",
    lookAlike: "outbound courier flight for the second courier",
    pool: ["AF 1680", "KL 1004", "BA 335", "AF 1280", "U2 4721", "LH 2305", "AF 1380"],
  },
  {
    kind: "ref",
    subject: "shipper booking reference",
    lookAlike: "shipper booking reference for the return leg",
    pool: [
      "MTC-40718",
      "MTC-41302",
      "MTC-39955",
      "MTC-42087",
      "MTC-40461",
      "MTC-41776",
      "MTC-43019",
    ],
  },
  {
    kind: "size",
    subject: "crate size for the Whitcombe altarpiece",
    lookAlike: "crate size for the Whitcombe altarpiece predella",
    pool: [
      "214 x 170 x 78 cm",
      "208 x 166 x 74 cm",
      "221 x 175 x 80 cm",
      "199 x 160 x 72 cm",
      "230 x 181 x 85 cm",
      "212 x 168 x 76 cm",
      "205 x 163 x 70 cm",
    ],
  },
  {
    kind: "date",
    subject: "press preview date",
    lookAlike: "press preview date for lenders",
    pool: [
      "6 October",
      "8 October",
      "13 October",
      "7 October",
      "15 October",
      "9 October",
      "2 October",
    ],
  },
  {
    kind: "date",
    subject: "install start date",
    lookAlike: "install start date for the Print Room",
    pool: [
      "14 September",
      "21 September",
      "17 September",
      "10 September",
      "25 September",
      "28 September",
      "16 September",
    ],
  },
  {
    kind: "date",
    subject: "return shipment date",
    lookAlike: "return shipment date for the Whitcombe loans",
    pool: [
      "22 February",
      "1 March",
      "26 February",
      "8 March",
      "19 February",
      "12 March",
      "4 March",
    ],
  },
  {
    kind: "date",
    subject: "condition report deadline",
    lookAlike: "condition report deadline for the paper conservator",
    pool: [
      "21 August",
      "28 August",
      "25 August",
      "18 August",
      "31 August",
      "29 August",
      "19 August",
    ],
  },
  {
    kind: "person",
    subject: "lending courier for the Lanvaux loan",
    lookAlike: "lending courier for the Lanvaux loan on the return",
    pool: [
      "Claire Dufresne",
      "Julien Aubert",
      "Sophie Garnier",
      "Marc Lebrun",
      "Odile Perrin",
      "Thierry Vasseur",
      "Lea Fontaine",
    ],
  },
  {
    kind: "count",
    subject: "object count on the loan list",
    lookAlike: "object count on the loan list for the Bergen leg",
    pool: [
      "37 objects",
      "41 objects",
      "39 objects",
      "44 objects",
      "35 objects",
      "46 objects",
      "42 objects",
    ],
  },
];

/** Every value of every pool, for the family's distinctness test. */
export const ALL_POOL_VALUES: readonly string[] = SUBJECTS.flatMap((s) => s.pool);
