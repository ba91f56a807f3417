// The planted facts of the "sealed-14" compression family (a grid control-room session):
// seventeen subject templates with their look-alike qualifier and value makers, from
// which a seed draws sixteen. Every value a transcript uses is unique in it. Used by
// corpora/compression-sealed-14.ts and its test.

export type Rng = () => number;

export const int = (rnd: Rng, lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo));
export const pickOf = <T>(rnd: Rng, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;

/** A subject template: its whole subject, look-alike and value formats for a seed. */
export interface FactDef {
  key: string;
  subject: (ids: Ids) => string;
  qualifier: string;
  /** A value in the subject's usual unit. */
  value: (rnd: Rng) => string;
  /** A value stated in another unit or format (kW for MW, V for kV), if the subject has one. */
  alt?: (rnd: Rng) => string;
}

/** Seeded identifiers shared by subjects and filler. */
export interface Ids {
  feeder: string;
  station: string;
  line: string;
  unit: string;
  txOutage: string;
  txOil: string;
  breaker: string;
  rtu: string;
  farm: string;
  tie: string;
  wo: string;
}

const STATIONS = ["Harrow Vale", "Kestrel Point", "Millbrook", "Ashcombe", "Dunmore Cross"];
const UNITS = ["Carrow", "Bellhaven", "Oakridge", "Tamsin", "Greyfold"];
const FARMS = ["Sgurr Ridge", "Whinfell", "Blackmoss", "Larkhill Moor"];
const TIES = ["Westmarch", "Fenwick", "Coldwater", "Brenna"];
export const CREW_LEADS = [
  "Ines Okoro",
  "Dmitri Vale",
  "Sade Whitlock",
  "Pavel Ruiz",
  "Maren Holt",
];
export const ENGINEERS = ["Tomas Achebe", "Lena Forsyth", "Rui Kaneda", "Gwen Abara", "Nils Varga"];

export function makeIds(rnd: Rng): Ids {
  const tx = int(rnd, 2, 9);
  return {
    feeder: `F${int(rnd, 10, 48)}`,
    station: pickOf(rnd, STATIONS),
    line: `L-${int(rnd, 401, 489)}`,
    unit: pickOf(rnd, UNITS),
    txOutage: `T${tx}`,
    txOil: `T${tx + 1}`,
    breaker: `CB-${int(rnd, 110, 190)}`,
    rtu: `RTU-${int(rnd, 20, 70)}`,
    farm: pickOf(rnd, FARMS),
    tie: pickOf(rnd, TIES),
    wo: `WO-${int(rnd, 40_000, 49_999)}`,
  };
}

const thousands = (n: number): string => n.toLocaleString("en-US");
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const FACT_DEFS: readonly FactDef[] = [
  {
    key: "oc-pickup",
    subject: (i) => `overcurrent pickup for feeder ${i.feeder}`,
    qualifier: "on the backup relay",
    value: (r) => `${int(r, 30, 95) * 10} A`,
  },
  {
    key: "spin-reserve",
    subject: () => `spinning reserve requirement for the east zone`,
    qualifier: "during the evening peak",
    value: (r) => `${int(r, 120, 480)} MW`,
    alt: (r) => `${thousands(int(r, 120, 480) * 1000 + int(r, 1, 9) * 100)} kW`,
  },
  {
    key: "v-setpoint",
    subject: (i) => `voltage setpoint at ${i.station} substation`,
    qualifier: "on the tertiary winding",
    value: (r) => `${(int(r, 1290, 1420) / 10).toFixed(1)} kV`,
    alt: (r) => `${thousands(int(r, 1290, 1420) * 100 + int(r, 1, 9) * 10)} V`,
  },
  {
    key: "summer-rating",
    subject: (i) => `summer rating of line ${i.line}`,
    qualifier: "with the temporary clearance",
    value: (r) => `${thousands(int(r, 80, 190) * 10)} A`,
  },
  {
    key: "offer-price",
    subject: (i) => `day-ahead offer price for ${i.unit} unit 2`,
    qualifier: "in the ramp block",
    value: (r) => `$${int(r, 18, 96)}.${String(int(r, 0, 100)).padStart(2, "0")}/MWh`,
  },
  {
    key: "ramp-rate",
    subject: (i) => `ramp rate limit for ${i.unit} unit 3`,
    qualifier: "during a cold start",
    value: (r) => `${int(r, 3, 29)} MW/min`,
    alt: (r) => `${thousands(int(r, 3, 29) * 1000 + 500)} kW/min`,
  },
  {
    key: "ufls",
    subject: () => `first-stage under-frequency load shedding threshold`,
    qualifier: "for the island network",
    value: (r) => `${(int(r, 5850, 5940) / 100).toFixed(2)} Hz`,
  },
  {
    key: "outage-window",
    subject: (i) => `planned outage window for transformer ${i.txOutage}`,
    qualifier: "at the spare bay",
    value: (r) =>
      `${pickOf(r, DAYS)} ${String(int(r, 5, 11)).padStart(2, "0")}:00 to ${int(r, 13, 20)}:30`,
  },
  {
    key: "crew-lead",
    subject: (i) => `crew lead on ${i.wo}`,
    qualifier: "for the night shift",
    value: (r) => pickOf(r, CREW_LEADS),
  },
  {
    key: "reclose",
    subject: (i) => `reclose dead time for breaker ${i.breaker}`,
    qualifier: "in storm mode",
    value: (r) => `${(int(r, 3, 60) / 10).toFixed(1)} s`,
  },
  {
    key: "wind-forecast",
    subject: (i) => `18:00 wind forecast for the ${i.farm} wind farm`,
    qualifier: "in the high-uncertainty band",
    value: (r) => `${int(r, 20, 260)} MW`,
    alt: (r) => `${thousands(int(r, 20, 260) * 1000 + int(r, 1, 9) * 100)} kW`,
  },
  {
    key: "ambient",
    subject: () => `ambient temperature assumption for line ratings`,
    qualifier: "in the winter table",
    value: (r) => `${int(r, 18, 41)} °C`,
  },
  {
    key: "scan",
    subject: (i) => `SCADA scan interval for ${i.rtu}`,
    qualifier: "on the fallback link",
    value: (r) => `${int(r, 2, 15)} seconds`,
    alt: (r) => `${thousands(int(r, 2, 15) * 1000 + 500)} ms`,
  },
  {
    key: "top-oil",
    subject: (i) => `top-oil alarm setting for transformer ${i.txOil}`,
    qualifier: "on the standby cooler",
    value: (r) => `${int(r, 78, 110)} °C`,
  },
  {
    key: "switching-order",
    subject: (i) => `switching order for the ${i.station} bus transfer`,
    qualifier: "for the rollback",
    value: (r) => `SO-${int(r, 1000, 9999)}`,
  },
  {
    key: "on-call",
    subject: () => `on-call protection engineer`,
    qualifier: "for the western region",
    value: (r) => pickOf(r, ENGINEERS),
  },
  {
    key: "import-limit",
    subject: (i) => `import limit on the ${i.tie} tie-line`,
    qualifier: "under N-1",
    value: (r) => `${int(r, 300, 990)} MW`,
    alt: (r) => `${thousands(int(r, 300, 990) * 1000 + int(r, 1, 9) * 100)} kW`,
  },
];

/** A value of `def` not yet in `used` (drawn again until unique); it joins `used`. */
export function freshValue(def: FactDef, rnd: Rng, used: Set<string>, alt = false): string {
  const make = alt && def.alt !== undefined ? def.alt : def.value;
  for (let tries = 0; tries < 200; tries++) {
    const v = make(rnd);
    if (!used.has(v.toLowerCase())) {
      used.add(v.toLowerCase());
      return v;
    }
  }
  throw new Error(`sealed-14: no fresh value for ${def.key}`);
}
