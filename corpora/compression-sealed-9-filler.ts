// The everyday traffic of the "sealed-9" compression family, a catalogue and pricing
// operations session: user and assistant chatter, tool calls to the product
// information system, pricing engine, inventory API, search config, ticket queue and
// flag service with realistic output, and mentions of planted subjects that state no
// value. None of it states a planted value. Used by corpora/compression-sealed-9.ts
// and by the forms that wrap a statement in chatter.
import { stamp, type Beat, type Fact, type Rng, type Step } from "./compression-sealed-9-beats.ts";

const USER_CHATTER = [
  "Can you pull the latest competitor scrape before we touch prices?",
  "The Black Friday banner goes live at midnight, so let's not break the listing pages.",
  "Maya wants the garden furniture range cleaned up before the catalogue shoot.",
  "Keep an eye on the image pipeline, it dropped thumbnails twice last week.",
  "Let's do the textiles first and leave lighting for tomorrow.",
  "Finance asked for a margin check on anything we mark down this week.",
  "Please don't republish the whole feed, just the SKUs we touch.",
  "The marketplace connector has been slow since the morning, so be patient with it.",
  "Ruth is out this afternoon, so any pricing questions go to me.",
  "Good, that matches what I see in the admin.",
  "Ok, go ahead.",
  "Can you check whether the Dutch translations came back from the agency?",
  "Support says a few customers see the wrong product photos on mobile.",
  "We should archive the discontinued kitchen SKUs before the holiday freeze.",
  "Thanks, that's useful.",
  "Let me ask the warehouse team and come back to you.",
];

const ASSISTANT_CHATTER = [
  "I'll start with the product records and then move to pricing.",
  "The feed validation passed, with a handful of warnings about missing alt text.",
  "I found two duplicate SKUs in the lighting range; both point at the same EAN.",
  "The search index rebuilt cleanly and the synonyms file is unchanged.",
  "Three listings are missing a care-instructions attribute, so I'll flag them for the content team.",
  "The marketplace connector returned a rate-limit error, so I'll retry in a minute.",
  "Nothing in the queue looks urgent apart from the two payment-related tickets.",
  "I compared the export against yesterday's and only the textiles changed.",
  "The translation files for the Dutch storefront are still pending on the agency side.",
  "I'll leave the feature flags alone until you confirm the rollout plan.",
  "The image pipeline reprocessed the garden range without errors this time.",
  "Understood, I'll keep the change set small.",
  "I've queued a partial republish for the SKUs we touched.",
  "The competitor scrape shows no big moves in kitchenware since Monday.",
];

const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Is the ${s} owned by your tools or by the warehouse team?`,
  (s) => `Leave the ${s} out of today's export, please.`,
  (s) => `I still need to double-check the ${s} against the source system before the weekend.`,
  (s) => `Remind me later to look at the ${s}; finance had a question about it.`,
  (s) => `The ${s} came up in the standup, but nobody had the sheet open.`,
  (s) => `I haven't touched the ${s} in this change set.`,
];

const PRODUCTS = [
  ["Linnea bath towel", "LIN-TWL-BTH"],
  ["Oskar pine bookcase", "OSK-BKC-PIN"],
  ["Corra jute rug", "COR-RUG-JUT"],
  ["Pema bamboo tray", "PEM-TRY-BAM"],
  ["Edda glass carafe", "EDD-CRF-GLS"],
  ["Nilo wall clock", "NIL-CLK-WAL"],
  ["Ruska garden bench", "RUS-BNC-GRD"],
  ["Tova pendant light", "TOV-LMP-PEN"],
] as const;

export function chatter(rnd: Rng, role: "user" | "assistant", n = rnd.int(1, 3)): string {
  const pool = role === "user" ? USER_CHATTER : ASSISTANT_CHATTER;
  return rnd.shuffle(pool).slice(0, n).join(" ");
}

function productJson(rnd: Rng, [title, sku]: readonly [string, string]): string {
  return JSON.stringify(
    {
      sku,
      title,
      status: rnd.pick(["active", "draft", "active"]),
      attributes: {
        material: rnd.pick(["pine", "jute", "glass", "cotton", "steel"]),
        colour: rnd.pick(["sand", "charcoal", "sage", "white"]),
        width_cm: rnd.int(20, 180),
        images: rnd.int(2, 9),
      },
      translations: { nl: rnd.pick(["pending", "done"]), de: "done", sv: "done" },
      updated_at: stamp(rnd),
    },
    null,
    2,
  );
}

function stockCsv(rnd: Rng): string {
  const rows = rnd
    .shuffle(PRODUCTS)
    .slice(0, 5)
    .map(([, sku]) => {
      const onHand = rnd.int(0, 400);
      const allocated = rnd.int(0, onHand + 1);
      return `${sku},${rnd.pick(["LDS", "RTM", "GBG"])},${onHand},${allocated},${onHand - allocated}`;
    });
  return ["sku,warehouse,on_hand,allocated,available", ...rows].join("\n");
}

function pricingRules(rnd: Rng): string {
  const rows = rnd
    .shuffle(PRODUCTS)
    .slice(0, 4)
    .map(
      ([title]) =>
        `| PR-${rnd.int(1000, 9999)} | ${title} | ${rnd.pick(["round-up", "competitor-match", "clearance", "bundle"])} | ${rnd.pick(["active", "paused", "scheduled"])} |`,
    );
  return ["| rule | product | kind | state |", "|---|---|---|---|", ...rows].join("\n");
}

function searchYaml(rnd: Rng): string {
  return [
    "ranking:",
    `  description: ${rnd.int(1, 4)}.0`,
    `  brand: ${rnd.int(1, 3)}.5`,
    "  popularity_decay: 14d",
    "synonyms:",
    "  - [sofa, couch, settee]",
    "  - [rug, carpet]",
    `typo_tolerance: ${rnd.pick(["strict", "normal"])}`,
  ].join("\n");
}

function ticketQueue(rnd: Rng): string {
  const quotes = [
    '"The lamp arrived with a cracked shade, can I get a replacement?"',
    '"Where is my order? It says dispatched since Tuesday."',
    '"The rug colour looks nothing like the photo."',
    '"Can I change the delivery address after ordering?"',
    '"I was charged twice for the same bookcase."',
  ];
  return rnd
    .shuffle(quotes)
    .slice(0, 3)
    .map((q) => `SUP-${rnd.int(5000, 5999)} | ${rnd.pick(["open", "pending", "new"])} | ${q}`)
    .join("\n");
}

function flagList(rnd: Rng): string {
  return [
    "KEY                      STATE    ENV",
    `new-pdp-gallery          ${rnd.pick(["on", "off"])}       prod`,
    `reviews-widget-v2        ${rnd.pick(["on", "off"])}       prod`,
    "wishlist-sync            on       staging",
    `gift-wrap-option         ${rnd.pick(["on", "off"])}       prod`,
  ].join("\n");
}

function serviceLog(rnd: Rng): string {
  return [
    `${stamp(rnd)} INFO feed-publisher published ${rnd.int(20, 400)} SKUs to marketplace`,
    `${stamp(rnd)} WARN image-pipeline slow resize for ${rnd.pick(PRODUCTS)[1]} (${rnd.int(2, 9)}s)`,
    `${stamp(rnd)} INFO search-indexer delta applied, ${rnd.int(10, 90)} docs`,
  ].join("\n");
}

/** A filler tool call: its name, its arguments and its output. */
type FillerTool = (rnd: Rng) => [string, Record<string, unknown>, string];

const plain =
  (name: string, args: Record<string, unknown>, output: (rnd: Rng) => string): FillerTool =>
  (rnd) => [name, args, output(rnd)];

const FILLER_TOOLS: readonly FillerTool[] = [
  (rnd) => {
    const product = rnd.pick(PRODUCTS);
    return ["pim.get_product", { sku: product[1] }, productJson(rnd, product)];
  },
  plain("inventory.stock_levels", { warehouses: ["LDS", "RTM", "GBG"] }, stockCsv),
  (rnd) => ["pricing.list_rules", { page: rnd.int(1, 5) }, pricingRules(rnd)],
  plain("search.get_ranking_config", { index: "products-en" }, searchYaml),
  plain("support.list_tickets", { queue: "customer", state: "open" }, ticketQueue),
  plain("flags.list", { env: "prod" }, flagList),
  plain("logs.tail", { service: "catalogue", lines: 3 }, serviceLog),
];

/**
 * One filler beat after a message of role `last`: a tool exchange, a line of chatter,
 * or a mention of a planted subject; the user never speaks twice in a row here.
 */
export function fillerBeat(rnd: Rng, facts: readonly Fact[], room: number, last: string): Beat {
  const roll = rnd.next();
  if (room >= 2 && roll < 0.45) {
    const [name, args, output] = rnd.pick(FILLER_TOOLS)(rnd);
    const step: Step = { kind: "tool", name, args, output };
    if (rnd.next() < 0.3) {
      step.preface = chatter(rnd, "assistant", 1);
    }
    return { steps: [step], statements: [], form: "filler" };
  }
  const role =
    last === "user" ? "assistant" : last === "tool" || rnd.next() < 0.3 ? "assistant" : "user";
  if (role === "user" && roll < 0.53 && facts.length > 0) {
    const fact = rnd.pick(facts);
    const text = `${rnd.pick(MENTIONS)(fact.subject)} ${chatter(rnd, "user", 1)}`;
    return { steps: [{ kind: "user", text }], statements: [], form: "mention" };
  }
  return { steps: [{ kind: role, text: chatter(rnd, role) }], statements: [], form: "filler" };
}
