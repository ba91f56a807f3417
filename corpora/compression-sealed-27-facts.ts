// The planted facts of the "sealed-27" compression family (a mobile game's live-ops
// team running the Frostfall winter event): each fact's subject, its look-alike,
// the remote-config key it lives under and the pool its values are drawn from.
// Used by corpora/compression-sealed-27.ts and its test.

/** One planted fact: the subject people name, a look-alike and the values it may take. */
export interface LiveOpsFact {
  subject: string;
  lookAlike: string;
  /** The remote-config or sheet key the value lives under. */
  key: string;
  /** Seven candidate values; a seed draws the fact's values, the look-alike's and a rejected one. */
  pool: readonly string[];
}

export const LIVE_OPS_FACTS: readonly LiveOpsFact[] = [
  {
    subject: "Frostfall event start time",
    lookAlike: "Frostfall event start time for the Japan shard",
    key: "event.frostfall.start_utc",
    pool: [
      "Dec 11 17:00 UTC",
      "Dec 12 17:00 UTC",
      "Dec 12 19:00 UTC",
      "Dec 13 16:00 UTC",
      "Dec 10 18:00 UTC",
      "Dec 11 20:00 UTC",
      "Dec 14 15:00 UTC",
    ],
  },
  {
    subject: "Snowglobe chest legendary drop rate",
    lookAlike: "Snowglobe chest legendary drop rate from premium keys",
    key: "loot.snowglobe.legendary_pct",
    pool: ["0.8%", "1.2%", "1.0%", "1.5%", "0.6%", "2.0%", "0.9%"],
  },
  {
    subject: "Frost Pass premium bundle price",
    lookAlike: "Frost Pass premium bundle price on the web shop",
    key: "iap.frostpass_premium.price_usd",
    pool: ["$9.99", "$7.99", "$11.99", "$8.99", "$12.99", "$6.99", "$10.99"],
  },
  {
    subject: "daily login streak reward",
    lookAlike: "daily login streak reward for returning players",
    key: "rewards.login_streak.day7",
    pool: ["150 gems", "200 gems", "120 gems", "250 gems", "180 gems", "100 gems", "300 gems"],
  },
  {
    subject: "ranked matchmaking MMR window",
    lookAlike: "ranked matchmaking MMR window for Diamond and above",
    key: "mm.ranked.mmr_window",
    pool: ["300 MMR", "250 MMR", "400 MMR", "350 MMR", "200 MMR", "450 MMR", "150 MMR"],
  },
  {
    subject: "release candidate build number",
    lookAlike: "release candidate build number for the TestFlight lane",
    key: "release.rc_build",
    pool: [
      "build 41820",
      "build 41837",
      "build 41844",
      "build 41809",
      "build 41851",
      "build 41866",
      "build 41872",
    ],
  },
  {
    subject: "holiday shop feature flag owner",
    lookAlike: "holiday shop feature flag owner on staging",
    key: "flags.holiday_shop_v2.owner",
    pool: [
      "Priya Raman",
      "Tomasz Wrona",
      "Aiko Mori",
      "Diego Salas",
      "Femi Adeyemi",
      "Lena Vogt",
      "Noor Haddad",
    ],
  },
  {
    subject: "Frostfall staged rollout percentage",
    lookAlike: "Frostfall staged rollout percentage on Android",
    key: "release.frostfall.rollout_pct",
    pool: ["5%", "10%", "25%", "50%", "20%", "15%", "1%"],
  },
  {
    subject: "snowball fight energy cap",
    lookAlike: "snowball fight energy cap for VIP tiers",
    key: "modes.snowball.energy_cap",
    pool: [
      "40 energy",
      "60 energy",
      "50 energy",
      "80 energy",
      "45 energy",
      "70 energy",
      "35 energy",
    ],
  },
  {
    subject: "Frost Shard exchange rate",
    lookAlike: "Frost Shard exchange rate after the event closes",
    key: "economy.frost_shard.per_gem",
    pool: [
      "10 shards per gem",
      "8 shards per gem",
      "12 shards per gem",
      "15 shards per gem",
      "6 shards per gem",
      "20 shards per gem",
      "9 shards per gem",
    ],
  },
  {
    subject: "crash-free sessions halt threshold",
    lookAlike: "crash-free sessions halt threshold for low-end Android devices",
    key: "release.halt.crash_free_min",
    pool: ["99.2%", "99.5%", "99.0%", "98.8%", "99.6%", "99.3%", "98.5%"],
  },
  {
    subject: "Yeti raid boss HP",
    lookAlike: "Yeti raid boss HP on Nightmare difficulty",
    key: "raids.yeti.hp",
    pool: [
      "4.5 million",
      "3.8 million",
      "5.2 million",
      "4.0 million",
      "6.0 million",
      "3.2 million",
      "4.8 million",
    ],
  },
  {
    subject: "starter pack discount",
    lookAlike: "starter pack discount in the Brazil storefront",
    key: "iap.starter_pack.discount",
    pool: ["40% off", "35% off", "50% off", "30% off", "25% off", "45% off", "60% off"],
  },
  {
    subject: "event kickoff push send time",
    lookAlike: "event kickoff push send time for the EU segment",
    key: "push.frostfall_kickoff.local_time",
    pool: [
      "18:30 local",
      "19:00 local",
      "17:45 local",
      "20:00 local",
      "18:00 local",
      "19:30 local",
      "12:15 local",
    ],
  },
  {
    subject: "gem bundle A/B test holdout share",
    lookAlike: "gem bundle A/B test holdout share for new installs",
    key: "ab.gem_bundle_v3.holdout",
    pool: ["3%", "4%", "6%", "8%", "2%", "7%", "12%"],
  },
  {
    subject: "client code freeze deadline",
    lookAlike: "client code freeze deadline for the hotfix branch",
    key: "release.client_freeze",
    pool: [
      "Thursday 14:00 PT",
      "Wednesday 18:00 PT",
      "Friday 10:00 PT",
      "Tuesday 16:00 PT",
      "Thursday 09:00 PT",
      "Monday 12:00 PT",
      "Wednesday 11:00 PT",
    ],
  },
];

/** Every value any seed can draw, for the test's distinctness check. */
export const ALL_POOL_VALUES: readonly string[] = LIVE_OPS_FACTS.flatMap((f) => f.pool);
