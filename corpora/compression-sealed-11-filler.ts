// The everyday traffic of the "sealed-11" session that plants nothing: producer chat,
// build pipeline runs, bug-tracker searches, moderation queues with player quotes,
// matchmaking and fleet stats, store listings, crash reports and experiment lists.
// Every number here belongs to an unplanted setting or metric. Used by
// corpora/compression-sealed-11.ts to fill the session around the planted episodes.
import type { ChatMessage } from "../shared/context/messages.ts";
import {
  assistant,
  clock,
  exchange,
  PEOPLE,
  stamp,
  user,
  type Rng,
} from "./compression-sealed-11-kit.ts";

const ASKS = [
  "How are crash rates looking since the morning push?",
  "Can you check if the snow skin bundle is showing in the Korean store?",
  "Did the build for QA finish yet?",
  "Anything scary in the moderation queue?",
  "What's the queue time in arena right now?",
  "Draft a short note for community about the login issue.",
  "Is the event hub banner loading on Switch?",
  "Can you find the ticket about the snowball quest not completing?",
  "Please summarise what changed in the last two builds.",
  "How many players finished the first quest chain?",
  "Check whether the store refresh job ran at midnight.",
  "What did the server fleet look like during the peak?",
];
const REPLIES = [
  "Looking now.",
  "On it; give me a minute with the dashboards.",
  "Checked: nothing unusual, I'll keep an eye on it.",
  "Done. I left a comment on the ticket with the details.",
  "It's green. The only warning is the slow asset upload step.",
  "I'll post the draft in the channel for review before it goes out.",
  "Confirmed, it's fixed in the latest build.",
  "Not yet; the job is waiting on a runner.",
];
const QUOTES = [
  "this event is actually fun ngl",
  "why does the hub take 30 seconds to load",
  "give us a way to trade duplicate skins",
  "matchmaking put me against a full stack again",
  "snowball quest didnt count my hits",
  "servers lagging hard in brazil",
  "pls add the old winter map back",
  "the new emote is cursed lol",
];
const BUGS = [
  "Event hub freezes after claiming a reward",
  "Snowball quest progress not saved on disconnect",
  "Store banner overlaps price on ultrawide",
  "Emote wheel shows placeholder icon",
  "Party invite fails across platforms",
  "Achievement 'Frostbitten' not unlocking on Xbox",
  "Audio desync in event cinematic",
];

function buildLog(rng: Rng): string {
  const id = rng.int(5000, 5999);
  return [
    `pipeline frostfall-main #${id}`,
    `  checkout      ok   ${rng.int(5, 30)}s`,
    `  compile       ok   ${rng.int(6, 19)}m ${rng.int(0, 60)}s`,
    `  cook-assets   ok   ${rng.int(10, 40)}m ${rng.int(0, 60)}s (${rng.int(20, 90)}k assets, ${rng.int(60, 98)}% cached)`,
    `  unit-tests    ${rng.next() < 0.3 ? "FAILED" : "ok"}   ${rng.int(1200, 1900)} passed, ${rng.int(0, 3)} failed`,
    `  package       ok   ${rng.int(2, 9)}m`,
    `artifact: frostfall-${id}.pak (${rng.int(3, 9)}.${rng.int(0, 9)} GB)`,
  ].join("\n");
}

function bugList(rng: Rng): string {
  return [
    "id      status       pri  title",
    ...rng
      .shuffle(BUGS)
      .slice(0, 4)
      .map(
        (b) =>
          `FF-${rng.int(100, 999)}  ${rng.pick(["Open", "In Progress", "Resolved", "Needs Info"]).padEnd(11)}  P${rng.int(1, 4)}   ${b}`,
      ),
  ].join("\n");
}

function modQueue(rng: Rng): string {
  return rng
    .shuffle(QUOTES)
    .slice(0, 3)
    .map(
      (q) =>
        `#${rng.int(10000, 99999)}  user=${rng.pick(["pixelfox", "m0rty", "Sleet", "yeti_main", "lumi"])}${rng.int(1, 999)}  flagged: ${rng.pick(["spam", "toxicity", "none"])}\n  "${q}"`,
    )
    .join("\n");
}

function mmStats(rng: Rng): string {
  return [
    "region        queue_p50  queue_p95  matches/min",
    ...["eu", "na-east", "na-west", "sa", "asia"].map(
      (r) =>
        `${r.padEnd(13)} ${String(rng.int(8, 60)).padStart(6)}s  ${String(rng.int(60, 240)).padStart(7)}s  ${rng.int(40, 900)}`,
    ),
  ].join("\n");
}

function fleet(rng: Rng): string {
  return [
    `fleet snapshot ${stamp(rng)}`,
    `  hosts: ${rng.int(300, 900)} (${rng.int(2, 20)} draining)`,
    `  cpu p95: ${rng.int(40, 85)}%   mem p95: ${rng.int(50, 80)}%`,
    `  players online: ${rng.int(80, 300)}k`,
  ].join("\n");
}

function skus(rng: Rng): string {
  return [
    "sku                      price        status",
    `snow_skin_bundle         ${rng.int(8, 20) * 100} coins   live`,
    `ember_emote_pack         ${rng.int(2, 9) * 100} coins    live`,
    `frost_wrap_legend        ${rng.int(10, 30) * 100} coins   scheduled`,
    `starter_pack_winter      $${rng.int(2, 9)}.99        live`,
  ].join("\n");
}

function crashes(rng: Rng): string {
  return [
    "top crashes (24h)",
    ...[
      "RenderThread::Present",
      "AudioMixer::Flush",
      "UIEventHub::OnClaim",
      "NetChannel::Tick",
    ].map(
      (s) =>
        `  ${rng.int(80, 4000)}  ${s}  (${rng.pick(["PC", "PS5", "Xbox", "Switch", "Android"])})`,
    ),
  ].join("\n");
}

function experiments(rng: Rng): string {
  return [
    "experiment                status    arms  started",
    `ff-onboarding-${rng.int(10, 99)}          running   2     2026-12-0${rng.int(1, 9)}`,
    `ff-hub-banner-${rng.int(10, 99)}          stopped   3     2026-11-2${rng.int(0, 9)}`,
    `ff-push-timing-${rng.int(10, 99)}         running   2     2026-12-0${rng.int(1, 9)}`,
  ].join("\n");
}

const TOOL_FILLERS: readonly {
  tool: string;
  args: (r: Rng) => Record<string, unknown>;
  out: (r: Rng) => string;
  intro: string;
}[] = [
  {
    tool: "ci.status",
    args: () => ({ pipeline: "frostfall-main" }),
    out: buildLog,
    intro: "Checking the build pipeline.",
  },
  {
    tool: "tracker.search",
    args: () => ({ query: "project = FF AND updated >= -1d" }),
    out: bugList,
    intro: "Searching the tracker.",
  },
  {
    tool: "moderation.queue",
    args: () => ({ status: "pending", limit: 3 }),
    out: modQueue,
    intro: "Reviewing the moderation queue.",
  },
  {
    tool: "matchmaking.stats",
    args: () => ({ window: "1h" }),
    out: mmStats,
    intro: "Pulling matchmaking stats.",
  },
  {
    tool: "servers.fleet",
    args: () => ({ pool: "event" }),
    out: fleet,
    intro: "Looking at the fleet.",
  },
  {
    tool: "store.list_skus",
    args: () => ({ storefront: "global", tag: "winter" }),
    out: skus,
    intro: "Listing the winter SKUs.",
  },
  {
    tool: "crashes.top",
    args: () => ({ window: "24h" }),
    out: crashes,
    intro: "Checking crash reports.",
  },
  {
    tool: "experiments.list",
    args: () => ({ prefix: "ff-" }),
    out: experiments,
    intro: "Listing running experiments.",
  },
];

/** One filler episode: a chat pair or a tool read with a short remark after it. */
export function fillerEpisode(rng: Rng): ChatMessage[] {
  if (rng.next() < 0.4) {
    return [user(rng.pick(ASKS)), assistant(rng.pick(REPLIES))];
  }
  const t = rng.pick(TOOL_FILLERS);
  return [
    ...exchange(rng.next() < 0.3 ? null : t.intro, t.tool, t.args(rng), t.out(rng)),
    assistant(rng.pick(REPLIES)),
  ];
}

/** A single message that fits anywhere (to land on an exact length). */
export function fillerOne(rng: Rng): ChatMessage {
  return rng.next() < 0.5
    ? user(`[${clock(rng)}] ${rng.pick(ASKS)}`)
    : assistant(`${rng.pick(REPLIES)} (${rng.pick(PEOPLE)} is looped in.)`);
}
