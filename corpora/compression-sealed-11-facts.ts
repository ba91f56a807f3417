// The sixteen planted facts of the "sealed-11" compression family (a game studio's
// live-ops team running the Frostfall seasonal event): each fact's whole subject, its
// look-alike (the subject plus a qualifier), the config key tools print it under, a
// player's paraphrase that never names the subject, and disjoint value pools for the
// fact, its look-alike and turned-down proposals. Used by corpora/compression-sealed-11.ts.

export interface FactDef {
  subject: string;
  lookAlike: string;
  /** The key config files and dashboards use for it. */
  key: string;
  /** Which backend owns it (picks the tool that prints it). */
  system: "economy" | "matchmaking" | "store" | "experiments" | "build" | "moderation" | "events";
  /** How players and the producer loosely refer to it; never contains the subject. */
  slang: string;
  values: readonly string[];
  alike: readonly string[];
  decoys: readonly string[];
}

export const FACT_DEFS: readonly FactDef[] = [
  {
    subject: "legendary drop rate for the frost chest",
    lookAlike: "legendary drop rate for the frost chest on mobile",
    key: "frost_chest.legendary_rate",
    system: "economy",
    slang: "frost chest legendary odds",
    values: ["0.5%", "0.75%", "1 in 150", "0.65%", "1 in 110"],
    alike: ["0.35%", "1 in 260"],
    decoys: ["1.5%", "2%", "1 in 60"],
  },
  {
    subject: "gem price of the winter battle pass",
    lookAlike: "gem price of the winter battle pass for returning players",
    key: "store.sku.bp_winter.gems",
    system: "store",
    slang: "battle pass price",
    values: ["950 gems", "1150 gems", "800 gems", "1000 gems", "1200 gems"],
    alike: ["700 gems", "650 gems"],
    decoys: ["1500 gems", "1350 gems", "500 gems"],
  },
  {
    subject: "skill window for ranked duos",
    lookAlike: "skill window for ranked duos in low-population regions",
    key: "mm.ranked_duos.skill_window",
    system: "matchmaking",
    slang: "duos MMR spread",
    values: ["150 MMR", "200 MMR", "120 MMR", "175 MMR", "225 MMR"],
    alike: ["300 MMR", "260 MMR"],
    decoys: ["400 MMR", "90 MMR", "350 MMR"],
  },
  {
    subject: "bot backfill wait for casual queues",
    lookAlike: "bot backfill wait for casual queues at night",
    key: "mm.casual.backfill_after",
    system: "matchmaking",
    slang: "time before bots fill the lobby",
    values: ["90 seconds", "2 minutes", "45 seconds", "75 seconds", "3 minutes"],
    alike: ["30 seconds", "4 minutes"],
    decoys: ["10 seconds", "5 minutes", "20 seconds"],
  },
  {
    subject: "tick rate of the event servers",
    lookAlike: "tick rate of the event servers in Oceania",
    key: "servers.event.tickrate",
    system: "matchmaking",
    slang: "server tick",
    values: ["30 Hz", "60 Hz", "40 Hz", "64 Hz", "48 Hz"],
    alike: ["20 Hz", "24 Hz"],
    decoys: ["128 Hz", "120 Hz", "15 Hz"],
  },
  {
    subject: "daily login reward for Frostfall",
    lookAlike: "daily login reward for Frostfall on new accounts",
    key: "events.frostfall.daily_login",
    system: "events",
    slang: "login snowflakes",
    values: ["50 snowflakes", "75 snowflakes", "40 snowflakes", "60 snowflakes", "100 snowflakes"],
    alike: ["150 snowflakes", "25 snowflakes"],
    decoys: ["200 snowflakes", "250 snowflakes", "10 snowflakes"],
  },
  {
    subject: "end date of the Frostfall event",
    lookAlike: "end date of the Frostfall event on console",
    key: "events.frostfall.ends_at",
    system: "events",
    slang: "when Frostfall wraps up",
    values: ["January 8", "January 12", "January 15", "January 10", "January 19"],
    alike: ["January 22", "January 6"],
    decoys: ["February 2", "January 29", "December 31"],
  },
  {
    subject: "refund window for gem purchases",
    lookAlike: "refund window for gem purchases in the EU",
    key: "store.refunds.gem_window",
    system: "store",
    slang: "how long players get to refund gems",
    values: ["14 days", "48 hours", "7 days", "72 hours", "10 days"],
    alike: ["30 days", "24 hours"],
    decoys: ["90 days", "36 hours", "21 days"],
  },
  {
    subject: "crash-free threshold for the release gate",
    lookAlike: "crash-free threshold for the release gate on Android",
    key: "gates.release.crash_free_min",
    system: "build",
    slang: "crash gate",
    values: ["99.2%", "99.5%", "98.8%", "99.7%", "99.4%"],
    alike: ["98.5%", "97.9%"],
    decoys: ["95%", "99.9%", "96.5%"],
  },
  {
    subject: "owner of the Frostfall patch notes",
    lookAlike: "owner of the Frostfall patch notes for the Japanese locale",
    key: "docs.patch_notes.frostfall.owner",
    system: "build",
    slang: "whoever writes the notes",
    values: ["Priya Nandakumar", "Tomasz Wojcik", "Amara Eze", "Lucas Ferreira", "Hana Sato"],
    alike: ["Kenji Mori", "Yuki Tanabe"],
    decoys: ["Dmitri Volkov", "Sofia Marin", "Olu Bankole"],
  },
  {
    subject: "release candidate for the Frostfall patch",
    lookAlike: "release candidate for the Frostfall patch on Switch",
    key: "pipeline.frostfall.rc",
    system: "build",
    slang: "the build we ship",
    values: ["build 4471", "build 4489", "build 4502", "build 4514", "build 4530"],
    alike: ["build 4466", "build 4495"],
    decoys: ["build 4550", "build 4420", "build 4561"],
  },
  {
    subject: "traffic split of the store layout test",
    lookAlike: "traffic split of the store layout test in Latin America",
    key: "exp.store_layout.split",
    system: "experiments",
    slang: "how much traffic the new store gets",
    values: ["50/50", "70/30", "80/20", "90/10", "60/40"],
    alike: ["95/5", "85/15"],
    decoys: ["99/1", "40/60", "20/80"],
  },
  {
    subject: "mute duration for first chat offences",
    lookAlike: "mute duration for first chat offences in ranked lobbies",
    key: "mod.chat.first_offence_mute",
    system: "moderation",
    slang: "first-strike mute",
    values: ["15 minutes", "1 hour", "30 minutes", "6 hours", "12 hours"],
    alike: ["2 hours", "45 minutes"],
    decoys: ["1 day", "8 minutes", "3 days"],
  },
  {
    subject: "coin cost of a frost chest reroll",
    lookAlike: "coin cost of a frost chest reroll after the third reroll",
    key: "economy.frost_chest.reroll_cost",
    system: "economy",
    slang: "reroll price",
    values: ["120 coins", "150 coins", "90 coins", "200 coins", "135 coins"],
    alike: ["300 coins", "240 coins"],
    decoys: ["500 coins", "60 coins", "400 coins"],
  },
  {
    subject: "server region for the Frostfall cup",
    lookAlike: "server region for the Frostfall cup qualifiers",
    key: "tournaments.frostfall_cup.region",
    system: "matchmaking",
    slang: "where the cup is hosted",
    values: ["eu-central-1", "eu-west-2", "us-east-2", "ap-northeast-1", "us-west-2"],
    alike: ["sa-east-1", "eu-north-1"],
    decoys: ["ap-south-1", "ca-central-1", "me-south-1"],
  },
  {
    subject: "pity threshold for the ember crate",
    lookAlike: "pity threshold for the ember crate during the final weekend",
    key: "economy.ember_crate.pity",
    system: "economy",
    slang: "ember crate pity",
    values: ["80 opens", "60 opens", "100 opens", "70 opens", "90 opens"],
    alike: ["50 opens", "40 opens"],
    decoys: ["150 opens", "30 opens", "120 opens"],
  },
];

/** Every value any pool can plant: facts, look-alikes and turned-down proposals. */
export const ALL_POOL_VALUES: readonly string[] = FACT_DEFS.flatMap((f) => [
  ...f.values,
  ...f.alike,
  ...f.decoys,
]);
