// The sixteen planted facts of the "sealed-26" compression family (an airline
// line-maintenance control centre): each subject, its look-alike, the pool its
// values are drawn from, the look-alike's own values and the rejected or what-if
// values people float without adopting. Used by corpora/compression-sealed-26.ts.

export interface MaintFact {
  subject: string;
  lookAlike: string;
  /** Values the fact may take; a seed draws its first value and updates from here. */
  pool: readonly string[];
  /** Values of the look-alike subject, never one of the pool's. */
  alike: readonly string[];
  /** Values proposed and turned down, or asked about in a what-if. */
  decoys: readonly string[];
}

export const MAINT_FACTS: readonly MaintFact[] = [
  {
    subject: "main wheel tyre pressure",
    lookAlike: "main wheel tyre pressure on the ATR 72s",
    pool: ["200 psi", "205 psi", "196 psi", "210 psi"],
    alike: ["118 psi", "121 psi"],
    decoys: ["215 psi", "190 psi"],
  },
  {
    subject: "nose wheel axle nut torque",
    lookAlike: "nose wheel axle nut torque for the steel-brake variant",
    pool: ["150 Nm", "165 Nm", "140 Nm", "172 Nm"],
    alike: ["95 Nm", "88 Nm"],
    decoys: ["180 Nm", "130 Nm"],
  },
  {
    subject: "APU bleed valve deferral expiry",
    lookAlike: "APU bleed valve deferral expiry on the leased airframe",
    pool: ["14 Dec 2026", "11 Dec 2026", "17 Dec 2026"],
    alike: ["09 Jan 2027", "12 Jan 2027"],
    decoys: ["24 Dec 2026", "21 Dec 2026"],
  },
  {
    subject: "engine borescope inspection interval",
    lookAlike: "engine borescope inspection interval after a bird strike",
    pool: ["750 FH", "600 FH", "500 FH", "800 FH"],
    alike: ["25 FH", "50 FH"],
    decoys: ["1000 cycles", "650 FH"],
  },
  {
    subject: "night shift duty engineer",
    lookAlike: "night shift duty engineer at the outstation",
    pool: ["R. Okonkwo", "T. Lindgren", "M. Castellano", "J. Pereira"],
    alike: ["S. Haddad", "P. Novak"],
    decoys: ["B. Quinn", "A. Farouk"],
  },
  {
    subject: "replacement brake unit part number",
    lookAlike: "replacement brake unit part number for the carbon brakes",
    pool: ["2-1577-3", "2-1577-5", "C20195-100", "C20195-200"],
    alike: ["D30456-7", "D30456-9"],
    decoys: ["2-1577-1", "C20195-050"],
  },
  {
    subject: "spare aircraft tail",
    lookAlike: "spare aircraft tail for the weekend charter",
    pool: ["G-EZAW", "G-EZBK", "G-EZOP", "G-EZTR"],
    alike: ["G-LCYK", "G-LCYN"],
    decoys: ["G-EZUD", "G-EZWX"],
  },
  {
    subject: "hydraulic fluid sampling interval",
    lookAlike: "hydraulic fluid sampling interval for the blue system",
    pool: ["1200 FH", "1000 FH", "900 FH", "1500 FH"],
    alike: ["300 FH", "400 FH"],
    decoys: ["2000 FH", "1100 FH"],
  },
  {
    subject: "engine oil uplift alert threshold",
    lookAlike: "engine oil uplift alert threshold for the leased aircraft",
    pool: ["0.6 qt/h", "0.5 qt/h", "0.4 qt/h", "0.7 qt/h"],
    alike: ["0.9 qt/h", "1.1 qt/h"],
    decoys: ["0.8 qt/h", "0.3 qt/h"],
  },
  {
    subject: "overnight heavy check station",
    lookAlike: "overnight heavy check station for the A321 fleet",
    pool: ["BRS", "LTN", "EDI", "BFS"],
    alike: ["MAN", "NCL"],
    decoys: ["GLA", "STN"],
  },
  {
    subject: "fuel quantity indicator deferral category",
    lookAlike: "fuel quantity indicator deferral category for the centre tank",
    pool: ["Cat C", "Cat B", "Cat A"],
    alike: ["Cat D"],
    decoys: ["Cat E"],
  },
  {
    subject: "brake wear pin minimum length",
    lookAlike: "brake wear pin minimum length for the Messier brakes",
    pool: ["1.5 mm", "2.0 mm", "1.0 mm", "2.5 mm"],
    alike: ["3.2 mm", "0.8 mm"],
    decoys: ["3.0 mm", "1.2 mm"],
  },
  {
    subject: "windshield heat deferral expiry",
    lookAlike: "windshield heat deferral expiry on the co-pilot side",
    pool: ["02 Dec 2026", "05 Dec 2026", "30 Nov 2026"],
    alike: ["20 Dec 2026", "19 Dec 2026"],
    decoys: ["08 Dec 2026", "07 Dec 2026"],
  },
  {
    subject: "wheel change work order",
    lookAlike: "wheel change work order for the nose gear",
    pool: ["WO-448120", "WO-448377", "WO-449002"],
    alike: ["WO-451010", "WO-451388"],
    decoys: ["WO-447999", "WO-450001"],
  },
  {
    subject: "ETOPS check certifying engineer",
    lookAlike: "ETOPS check certifying engineer for the Boeing fleet",
    pool: ["K. Adeyemi", "L. Moreau", "H. Sato"],
    alike: ["D. Brennan", "E. Kowalski"],
    decoys: ["F. Ndlovu", "G. Ivanova"],
  },
  {
    subject: "de-icing holdover table version",
    lookAlike: "de-icing holdover table version for Type IV fluid",
    pool: ["HOT 2026-1", "HOT 2026-2", "HOT 2025-3"],
    alike: ["HOT 2024-4", "HOT 2024-2"],
    decoys: ["HOT 2025-1", "HOT 2026-3"],
  },
];

/** Every value any fact, look-alike or decoy can take (all distinct). */
export const ALL_MAINT_VALUES: readonly string[] = MAINT_FACTS.flatMap((f) => [
  ...f.pool,
  ...f.alike,
  ...f.decoys,
]);
