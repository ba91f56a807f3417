// The sixteen planted facts of the "sealed-24" compression family (a general
// contractor's project engineer on a mid-rise office job): each subject, its
// look-alike (the same subject with a qualifier) and a pool of values. A seed takes
// the fact's values, the look-alike's value and the rejected proposals from the
// pool without repeats. Used by corpora/compression-sealed-24.ts.

export interface SiteFact {
  subject: string;
  lookAlike: string;
  /** Seven values of one shape; no value appears in two pools. */
  pool: readonly string[];
}

export const SITE_FACTS: readonly SiteFact[] = [
  {
    subject: "level 4 slab pour date",
    lookAlike: "level 4 slab pour date for the parking ramp",
    pool: ["March 12", "March 19", "March 24", "April 2", "April 7", "April 15", "April 21"],
  },
  {
    subject: "tower crane operator contact",
    lookAlike: "tower crane operator contact for the night lifts",
    pool: [
      "Dmitri Kovac",
      "Rosa Whitfield",
      "Tomasz Brandt",
      "Aileen Mbeki",
      "Jorge Salcedo",
      "Priya Dutta",
      "Wendell Osei",
    ],
  },
  {
    subject: "curtain wall submittal deadline",
    lookAlike: "curtain wall submittal deadline for the lobby glazing",
    pool: ["February 27", "March 6", "March 13", "March 20", "March 27", "March 31", "April 10"],
  },
  {
    subject: "fireproofing inspection window",
    lookAlike: "fireproofing inspection window on the roof steel",
    pool: [
      "Tuesday 0700",
      "Wednesday 1300",
      "Thursday 0630",
      "Monday 1000",
      "Friday 0800",
      "Tuesday 1400",
      "Wednesday 0730",
    ],
  },
  {
    subject: "core wall concrete strength",
    lookAlike: "core wall concrete strength at the elevator pit",
    pool: ["5000 psi", "6000 psi", "7000 psi", "5500 psi", "8000 psi", "6500 psi", "4500 psi"],
  },
  {
    subject: "change order 14 amount",
    lookAlike: "change order 14 amount for the electrical scope",
    pool: ["$48,250", "$52,900", "$39,700", "$61,400", "$44,100", "$57,350", "$35,800"],
  },
  {
    subject: "MEP coordination meeting slot",
    lookAlike: "MEP coordination meeting slot for the sprinkler sub",
    pool: [
      "Thursday 10:30",
      "Wednesday 14:00",
      "Monday 09:00",
      "Friday 13:30",
      "Tuesday 15:00",
      "Thursday 08:00",
      "Monday 11:15",
    ],
  },
  {
    subject: "drywall subcontractor foreman",
    lookAlike: "drywall subcontractor foreman on level 6",
    pool: [
      "Luis Ferreira",
      "Gail Honda",
      "Marek Zielinski",
      "Bongani Dlamini",
      "Sean Fitzgerald",
      "Ines Carvalho",
      "Colm Doherty",
    ],
  },
  {
    subject: "elevator rail delivery date",
    lookAlike: "elevator rail delivery date for the freight car",
    pool: ["May 4", "May 11", "May 18", "May 26", "June 1", "June 8", "June 15"],
  },
  {
    subject: "temporary power allowance",
    lookAlike: "temporary power allowance for the trailer compound",
    pool: ["$18,600", "$22,400", "$26,750", "$14,900", "$31,200", "$20,050", "$24,300"],
  },
  {
    subject: "roofing membrane product",
    lookAlike: "roofing membrane product for the mechanical penthouse",
    pool: [
      "Sika Sarnafil G410",
      "Carlisle Sure-Weld TPO",
      "Firestone UltraPly TPO",
      "GAF EverGuard TPO",
      "Johns Manville JM TPO",
      "Versico VersiFlex PVC",
      "Duro-Last PVC",
    ],
  },
  {
    subject: "column rebar lap length",
    lookAlike: "column rebar lap length at the transfer girder",
    pool: [
      "36 inches",
      "42 inches",
      "48 inches",
      "54 inches",
      "60 inches",
      "30 inches",
      "66 inches",
    ],
  },
  {
    subject: "north gate access code",
    lookAlike: "north gate access code for deliveries",
    pool: ["4471", "8123", "2906", "7358", "5514", "6082", "3190"],
  },
  {
    subject: "substantial completion target",
    lookAlike: "substantial completion target for the retail shell",
    pool: [
      "October 30",
      "November 13",
      "November 20",
      "December 4",
      "December 18",
      "January 8",
      "January 22",
    ],
  },
  {
    subject: "RFI 212 response owner",
    lookAlike: "RFI 212 response owner at the structural engineer",
    pool: [
      "Hannah Greaves",
      "Kofi Mensah",
      "Beatriz Lozano",
      "Oren Katz",
      "Siobhan Walsh",
      "Raj Malhotra",
      "Yuki Tanabe",
    ],
  },
  {
    subject: "crane wind shutdown limit",
    lookAlike: "crane wind shutdown limit for the material hoist",
    pool: ["20 mph", "25 mph", "30 mph", "35 mph", "28 mph", "32 mph", "38 mph"],
  },
];

/** Every pool value of every fact. */
export const ALL_POOL_VALUES: readonly string[] = SITE_FACTS.flatMap((f) => f.pool);
