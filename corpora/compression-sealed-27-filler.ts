// Filler of the "sealed-27" compression family: the live-ops session's ordinary
// traffic (crash and telemetry queries, other A/B tests, the ticket board, Slack
// threads, store listing metadata, build status, chatter) that names no planted
// subject. Used by corpora/compression-sealed-27.ts.
import {
  exchange,
  pickFrom,
  toolChain,
  type CallIds,
  type Episode,
} from "./compression-sealed-27-episode.ts";

const USER_CHATTER = [
  "ok, next thing on my list is the store screenshots",
  "can you keep an eye on the crash dashboard while I'm in the standup?",
  "marta says art is running a day late on the winter banner, nothing we can do",
  "CS wants the event FAQ macro reviewed by end of day",
  "did the nightly BI job finish? the retention chart looks flat",
  "let's not touch anything in prod until QA is back from lunch",
  "the device farm queue is 40 minutes deep again",
  "thanks, that's what I needed",
  "hmm, ok. park that for now",
  "can you summarise the last hour for bram, he just joined",
  "legal wants the loot box odds page linked from the store listing again",
  "push cert for iOS expires next month, make a ticket",
  "I'll grab coffee, keep going with the ticket triage",
  "community team is asking for a teaser date, we can't give one yet",
];

const AGENT_CHATTER = [
  "Will do. I'll post anything unusual in the thread.",
  "Done. Nothing in there needs a decision from you.",
  "Got it, parking it and moving to the next item.",
  "I checked; the job finished at 04:10 and the chart is just a quiet weekend.",
  "Ticket filed and linked to the release epic.",
  "Summary for bram: QA pass in progress, store assets pending art, no prod changes since this morning.",
  "Understood. I'll hold every prod write until QA signs off.",
  "The macro reads fine; I suggested two wording fixes in the doc comments.",
];

const DEVICES = [
  "Galaxy A14",
  "Redmi Note 12",
  "iPhone 11",
  "Pixel 6a",
  "Galaxy S21",
  "iPhone SE (2nd)",
  "Moto G Power",
  "OPPO A57",
];
const CRASHES = [
  "SIGSEGV in libunity.so",
  "OutOfMemory in TextureStreamer",
  "NullReference in ShopPanel.OnEnable",
  "ANR: main thread blocked in AdsInit",
  "EXC_BAD_ACCESS in AudioMixer",
];
const TESTS = [
  "tutorial_skip_v2",
  "shop_grid_layout",
  "daily_quest_reroll",
  "hub_music_off",
  "friend_invite_copy",
];
const TICKETS = [
  "Winter hub banner export (2x, 3x)",
  "CS macro: refund wording for duplicate purchase",
  "Localise event FAQ into JA, KO, PT-BR",
  "Crash: TextureStreamer OOM on 3GB Android",
  "Store listing: update promo video thumbnail",
  "Analytics: add event_id to quest_complete",
  "Audio: snowstorm ambience loops with a click",
  "Server: raise log level for matchmaker during event",
];
const SLACK = [
  ["yuki", "banner v3 is up in the art drive, the snow is less blue now"],
  ["kofi.a", "CS had 14 tickets about the old event badge not showing, known issue?"],
  ["ines", "BI says D1 is flat week over week, nothing alarming"],
  ["bram", "device farm is back, rerunning the smoke suite"],
  ["marta", "store screenshots need the new logo lockup, waiting on brand"],
  ["mika", "who has the iOS push cert password? asking for a friend"],
  ["ravi.k", "matchmaker logs are noisy again, I'll drop the debug level after the event"],
];

function n(rnd: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rnd() * (hi - lo));
}

function crashQuery(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  const pick = pickFrom(rnd);
  const rows = [...DEVICES].sort(() => rnd() - 0.5).slice(0, 5);
  return {
    tool: "telemetry.query",
    args: {
      sql: "select device, crash_free, sessions from crash_daily where build = current_rc() order by sessions desc limit 5",
    },
    output: [
      "device              crash_free   sessions   top_signature",
      ...rows.map(
        (d) =>
          `${d.padEnd(19)} ${(97 + rnd() * 2.9).toFixed(2)}%       ${n(rnd, 8, 90)}k       ${pick(CRASHES)}`,
      ),
      `(5 rows, ${n(rnd, 200, 1900)} ms)`,
    ].join("\n"),
  };
}

function abDashboard(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  const test = pickFrom(rnd)(TESTS);
  const conv = (base: number) => `${(base + rnd() * 0.8).toFixed(2)}%`;
  return {
    tool: "abtest.dashboard",
    args: { experiment: test },
    output: [
      `experiment: ${test}   status: running   day ${n(rnd, 3, 14)}`,
      "arm        users     d1_ret    payer_conv   arpdau",
      `control    ${n(rnd, 40, 90)}k     ${conv(38)}    ${conv(2)}        $0.${n(rnd, 10, 40)}`,
      `variant_a  ${n(rnd, 40, 90)}k     ${conv(38)}    ${conv(2)}        $0.${n(rnd, 10, 40)}`,
      `p(d1_ret) = 0.${n(rnd, 10, 90)}   verdict: keep running`,
    ].join("\n"),
  };
}

function board(rnd: () => number): { tool: string; args: Record<string, unknown>; output: string } {
  const rows = [...TICKETS].sort(() => rnd() - 0.5).slice(0, 4);
  return {
    tool: "jira.search",
    args: { jql: "project = LIVEOPS AND updated >= -1d" },
    output: rows
      .map(
        (t) =>
          `LIVEOPS-${n(rnd, 4100, 4990)}  ${pickFrom(rnd)(["Open", "In Progress", "QA", "Done"]).padEnd(11)}  ${t}`,
      )
      .join("\n"),
  };
}

function slackThread(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  const rows = [...SLACK].sort(() => rnd() - 0.5).slice(0, 4);
  return {
    tool: "slack.history",
    args: { channel: "liveops-frostfall", limit: 4 },
    output: rows
      .map(
        ([who, text]) =>
          `[${n(rnd, 9, 18)}:${String(n(rnd, 0, 60)).padStart(2, "0")}] ${who}: ${text}`,
      )
      .join("\n"),
  };
}

function storeListing(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  return {
    tool: "store.get_listing",
    args: { platform: pickFrom(rnd)(["ios", "android"]), locale: "en-US" },
    output: JSON.stringify(
      {
        title: "Snowbound Legends",
        subtitle: "Brawl, build and explore",
        promotional_text: "Winter is coming to the valley. Stay tuned!",
        keywords: ["brawler", "pvp", "arena", "winter", "co-op"],
        screenshots: n(rnd, 5, 9),
        rating: (4 + rnd() * 0.8).toFixed(1),
        last_review_state: "approved",
      },
      null,
      2,
    ),
  };
}

function buildStatus(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  const steps = ["checkout", "unity-import", "addressables", "il2cpp", "sign", "upload"];
  return {
    tool: "ci.pipeline_status",
    args: { pipeline: "client-nightly" },
    output: [
      `pipeline client-nightly #${n(rnd, 2000, 2999)} (branch main)`,
      ...steps.map(
        (s) =>
          `  ${s.padEnd(14)} ${rnd() > 0.1 ? "passed" : "retried"}  ${n(rnd, 1, 40)}m${n(rnd, 0, 60)}s`,
      ),
      `artifacts: android.aab (${n(rnd, 140, 190)} MB), ios.ipa (${n(rnd, 160, 230)} MB)`,
    ].join("\n"),
  };
}

function serverLog(rnd: () => number): {
  tool: string;
  args: Record<string, unknown>;
  output: string;
} {
  return {
    tool: "logs.tail",
    args: { service: "matchmaker", lines: 5 },
    output: Array.from({ length: 5 }, () => {
      const t = `2026-11-${n(rnd, 20, 28)}T${String(n(rnd, 0, 24)).padStart(2, "0")}:${String(n(rnd, 0, 60)).padStart(2, "0")}:${String(n(rnd, 0, 60)).padStart(2, "0")}Z`;
      return pickFrom(rnd)([
        `${t} INFO  queue=casual region=eu wait_p50=${n(rnd, 4, 30)}s wait_p95=${n(rnd, 30, 120)}s`,
        `${t} WARN  lobby ${n(rnd, 1000, 9999)} backfill timeout after ${n(rnd, 20, 60)}s`,
        `${t} INFO  queue=coop region=na matched=${n(rnd, 100, 900)} abandoned=${n(rnd, 0, 40)}`,
        `${t} DEBUG party ${n(rnd, 100, 999)} split: latency spread ${n(rnd, 60, 240)}ms`,
      ]);
    }).join("\n"),
  };
}

/** Each query with the ask that starts it and the recaps that fit it. */
const QUERIES = [
  {
    make: crashQuery,
    ask: "Check the crash numbers on the current RC.",
    recap:
      "Nothing blocking. Crash-free is in the usual band and the top signature is the known TextureStreamer OOM.",
  },
  {
    make: abDashboard,
    ask: "How are the other experiments doing?",
    recap: "Still inconclusive; I'd leave it running and look again after the weekend.",
  },
  {
    make: board,
    ask: "What moved on the board since yesterday?",
    recap: "A couple of tickets moved; nothing that needs a decision from us.",
  },
  {
    make: slackThread,
    ask: "Catch me up on the event channel.",
    recap: "Mostly art and CS chatter; nothing that changes the plan.",
  },
  {
    make: storeListing,
    ask: "Pull the store listing, I want to see what's live.",
    recap: "Live listing is still the pre-event one, review state approved.",
  },
  {
    make: buildStatus,
    ask: "Did last night's client build go through?",
    recap: "Build is green. Any retry is the flaky signing agent again.",
  },
  {
    make: serverLog,
    ask: "Anything weird in the matchmaker logs?",
    recap: "Logs look normal for a weekday; the backfill timeouts are the usual few.",
  },
];
const SWEEP_RECAP =
  "Sweep done: no regressions, the board moved a little, art still pending on the banner.";

/** One filler episode of at most `room` messages (a lone user line when room is small). */
export function fillerEpisode(rnd: () => number, ids: CallIds, room: number): Episode {
  const pick = pickFrom(rnd);
  if (room < 4) {
    return room >= 2
      ? exchange(pick(USER_CHATTER), pick(AGENT_CHATTER))
      : { messages: [{ role: "user", content: pick(USER_CHATTER) }], marks: [] };
  }
  if (rnd() < 0.28) {
    return exchange(pick(USER_CHATTER), pick(AGENT_CHATTER));
  }
  const calls = Math.min(Math.floor((room - 2) / 2), 1 + Math.floor(rnd() * 3));
  if (calls === 1) {
    const query = pick(QUERIES);
    return toolChain(ids, query.ask, [query.make(rnd)], query.recap);
  }
  const sweep = [...QUERIES].sort(() => rnd() - 0.5).slice(0, calls);
  return toolChain(
    ids,
    "Do a quick health sweep for me: crashes, builds, board, whatever looks off.",
    sweep.map((q) => q.make(rnd)),
    SWEEP_RECAP,
  );
}
