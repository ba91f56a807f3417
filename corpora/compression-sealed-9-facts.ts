// The planted facts of the "sealed-9" compression family (an e-commerce catalogue and
// pricing operations session): twenty fact templates, each a whole subject, a
// look-alike subject (the subject plus a qualifier), the system that owns it, a SKU,
// and value pools (a main format and, for some, a second unit or format an update
// may switch to). Every pool value is distinct across all templates. Used by
// corpora/compression-sealed-9.ts and its test.

/** The service that owns a fact; picks the tool names and output shapes around it. */
export type System = "pim" | "pricing" | "warehouse" | "search" | "support" | "flags";

export interface FactTemplate {
  /** The whole subject as the session names it. */
  subject: string;
  /** Appended to the subject to make the look-alike ("in the outlet store"). */
  qualifier: string;
  system: System;
  sku: string;
  /** The product or object the subject is about, as filler mentions it. */
  item: string;
  /** Values in the fact's usual format. */
  pool: readonly string[];
  /** Values in another unit or format, for an update that switches format. */
  alt?: readonly string[];
  /** How an update that switches format announces it. */
  altNote?: string;
}

const units = (ns: number[], unit: string) => ns.map((n) => `${n} ${unit}`);

export const FACT_TEMPLATES: readonly FactTemplate[] = [
  {
    subject: "reorder point for the Halden oak desk",
    qualifier: "in the outlet store",
    system: "warehouse",
    sku: "HAL-DSK-OAK",
    item: "Halden oak desk",
    pool: units([42, 48, 56, 63, 72, 81, 88, 94], "units"),
    alt: units([44, 52, 58, 66, 77, 83], "pcs"),
    altNote: "the WMS counts pieces now, not units",
  },
  {
    subject: "safety stock of the Brisa linen duvet",
    qualifier: "at the Leeds warehouse",
    system: "warehouse",
    sku: "BRI-DUV-LIN",
    item: "Brisa linen duvet",
    pool: units([120, 135, 150, 165, 180, 195, 210, 225], "units"),
    alt: units([128, 144, 172, 188, 204], "pcs"),
    altNote: "the WMS counts pieces now, not units",
  },
  {
    subject: "list price of the Kaskad espresso grinder",
    qualifier: "on the Swiss storefront",
    system: "pricing",
    sku: "KAS-GRD-ESP",
    item: "Kaskad espresso grinder",
    pool: ["€189.00", "€179.00", "€199.00", "€209.00", "€169.00", "€219.00", "€174.50", "€194.50"],
    alt: ["EUR 184", "EUR 204", "EUR 176", "EUR 214"],
    altNote: "the pricing engine prints ISO codes instead of the euro sign since the upgrade",
  },
  {
    subject: "markdown on the Solvik wool throw",
    qualifier: "for loyalty members",
    system: "pricing",
    sku: "SOL-THR-WOL",
    item: "Solvik wool throw",
    pool: ["20% off", "25% off", "30% off", "35% off", "15% off", "40% off", "22% off", "28% off"],
    alt: ["27 percent off", "33 percent off", "18 percent off", "38 percent off"],
    altNote: "the markdown export spells percentages out now",
  },
  {
    subject: "shipping weight of the Tarn cast-iron casserole",
    qualifier: "in the gift box",
    system: "pim",
    sku: "TAR-CAS-CI",
    item: "Tarn cast-iron casserole",
    pool: ["6.2 kg", "6.4 kg", "5.9 kg", "6.8 kg", "7.1 kg", "5.6 kg", "6.6 kg", "7.3 kg"],
    alt: ["6,350 g", "6,050 g", "6,900 g", "7,250 g"],
    altNote: "the carrier feed wants grams now",
  },
  {
    subject: "supplier lead time for the Ferro bike rack",
    qualifier: "for air freight",
    system: "warehouse",
    sku: "FER-RCK-BIK",
    item: "Ferro bike rack",
    pool: units([18, 21, 24, 26, 29, 31, 33, 37], "days"),
    alt: ["4 weeks", "5 weeks", "6 weeks", "7 weeks"],
    altNote: "the supplier portal quotes whole weeks now",
  },
  {
    subject: "search boost for the clearance category",
    qualifier: "on mobile",
    system: "search",
    sku: "CAT-CLEARANCE",
    item: "clearance category",
    pool: ["1.35", "1.55", "1.65", "1.8", "1.25", "1.95", "2.1", "1.4"],
    alt: ["+45%", "+60%", "+75%", "+85%"],
    altNote: "the new ranking config takes boosts as a percentage uplift",
  },
  {
    subject: "rollout share of the one-page checkout flag",
    qualifier: "for logged-out users",
    system: "flags",
    sku: "FLAG-ONEPAGE-CHECKOUT",
    item: "one-page checkout flag",
    pool: [
      "10% of sessions",
      "15% of sessions",
      "25% of sessions",
      "50% of sessions",
      "5% of sessions",
      "35% of sessions",
      "60% of sessions",
      "75% of sessions",
    ],
  },
  {
    subject: "price ending rule of the Swiss storefront",
    qualifier: "for B2B accounts",
    system: "pricing",
    sku: "STORE-CH",
    item: "Swiss storefront",
    pool: ["ending .90", "ending .95", "ending .99", "ending .50", "ending .00", "ending .49"],
  },
  {
    subject: "free-shipping threshold of the Nordic storefront",
    qualifier: "for bulky items",
    system: "pricing",
    sku: "STORE-NORDIC",
    item: "Nordic storefront",
    pool: ["SEK 499", "SEK 599", "SEK 449", "SEK 699", "SEK 549", "SEK 399", "SEK 649", "SEK 749"],
    alt: ["529 kr", "579 kr", "629 kr", "479 kr"],
    altNote: "checkout copy uses kr after the amount now",
  },
  {
    subject: "price-match window for the Aurora sofa",
    qualifier: "for trade customers",
    system: "support",
    sku: "AUR-SOF-3S",
    item: "Aurora sofa",
    pool: units([9, 10, 12, 15, 20, 30, 45, 60], "days"),
    alt: ["1 week", "3 weeks", "8 weeks"],
    altNote: "the policy page states it in weeks now",
  },
  {
    subject: "owner of the spring-sale flag",
    qualifier: "in the staging project",
    system: "flags",
    sku: "FLAG-SPRING-SALE",
    item: "spring-sale flag",
    pool: [
      "Priya Natarajan",
      "Tomas Ferreira",
      "Ingrid Aalto",
      "Kwame Mensah",
      "Lena Vogel",
      "Dario Russo",
      "Aiko Tanaka",
      "Sam Whitfield",
    ],
  },
  {
    subject: "case pack size of the Mira ceramic mug",
    qualifier: "for the marketplace channel",
    system: "pim",
    sku: "MIR-MUG-CER",
    item: "Mira ceramic mug",
    pool: [
      "6 per case",
      "8 per case",
      "12 per case",
      "16 per case",
      "24 per case",
      "4 per case",
      "10 per case",
      "18 per case",
    ],
  },
  {
    subject: "minimum advertised price of the Vela floor lamp",
    qualifier: "in Canada",
    system: "pricing",
    sku: "VEL-LMP-FLR",
    item: "Vela floor lamp",
    pool: ["$129.99", "$119.99", "$139.99", "$149.99", "$109.99", "$124.99", "$134.99", "$144.99"],
    alt: ["USD 127", "USD 131", "USD 138", "USD 142"],
    altNote: "the MAP feed sends ISO codes now",
  },
  {
    subject: "bin location of the Orla rattan chair",
    qualifier: "in the returns cage",
    system: "warehouse",
    sku: "ORL-CHR-RAT",
    item: "Orla rattan chair",
    pool: ["B-14-03", "B-14-07", "C-02-11", "C-05-01", "A-09-12", "D-03-04", "B-11-08", "A-02-06"],
  },
  {
    subject: "title field weight in the search ranking",
    qualifier: "for the Danish index",
    system: "search",
    sku: "RANK-TITLE",
    item: "search ranking",
    pool: ["3.2", "2.6", "4.1", "2.9", "3.7", "4.5", "2.2", "3.4"],
  },
  {
    subject: "first-response SLA for priority tickets",
    qualifier: "on weekends",
    system: "support",
    sku: "SLA-P1",
    item: "priority ticket queue",
    pool: units([4, 2, 6, 8, 3, 5, 12, 7], "hours"),
    alt: ["90 minutes", "150 minutes", "45 minutes", "200 minutes"],
    altNote: "the helpdesk reports SLAs in minutes now",
  },
  {
    subject: "FX markup on GBP conversions",
    qualifier: "for marketplace sellers",
    system: "pricing",
    sku: "FX-GBP",
    item: "GBP conversion",
    pool: ["1.5%", "2%", "2.5%", "3%", "1.75%", "2.25%", "3.5%", "1.25%"],
    alt: ["160 bps", "240 bps", "320 bps", "190 bps"],
    altNote: "treasury quotes the markup in basis points now",
  },
  {
    subject: "daily pick capacity of the Leeds warehouse",
    qualifier: "during peak",
    system: "warehouse",
    sku: "WH-LEEDS",
    item: "Leeds warehouse",
    pool: units([3400, 3800, 4200, 2900, 4600, 3100, 5000, 3650], "order lines"),
  },
  {
    subject: "auto-close delay for resolved tickets",
    qualifier: "in the VIP queue",
    system: "support",
    sku: "TKT-AUTOCLOSE",
    item: "resolved ticket queue",
    pool: units([72, 48, 96, 120, 36, 60, 84, 144], "hours"),
    alt: ["8 days", "11 days", "13 days", "16 days"],
    altNote: "the helpdesk setting is in days now",
  },
];

/** Every value any template can plant, for the distinctness check. */
export const ALL_POOL_VALUES: readonly string[] = FACT_TEMPLATES.flatMap((t) => [
  ...t.pool,
  ...(t.alt ?? []),
]);
