// Shared building blocks of the "sealed-11" compression family: the seeded random
// helpers, the episode shape every form and filler returns (messages plus the lines
// that state a planted value), tool-call exchanges, and the studio's people, clock
// and unplanted settings. Used by the corpora/compression-sealed-11-*.ts files.
import type { ChatMessage } from "../shared/context/messages.ts";
import { mulberry32 } from "./prng.ts";
import type { FactDef } from "./compression-sealed-11-facts.ts";

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(list: readonly T[]): T;
  shuffle<T>(list: readonly T[]): T[];
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]) => list[int(0, list.length)] as T,
    shuffle: <T>(list: readonly T[]) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}

/** A run of messages; `said` lists each line in them that states a planted value. */
export interface Episode {
  messages: ChatMessage[];
  said: { line: string; value: string }[];
}

/** What a planted form knows: the fact, its value now, the one before, and spare values. */
export interface Ctx {
  fact: FactDef;
  value: string;
  old: string;
  alike: string;
  decoy: string;
  rng: Rng;
}

export interface Form {
  name: string;
  make(c: Ctx): Episode;
}

/** Tool calls carry this id until the assembler numbers them. */
export const PENDING_ID = "pending";

/** An assistant message calling one tool, then the tool's answer. */
export function exchange(
  intro: string | null,
  tool: string,
  args: Record<string, unknown>,
  output: string,
): ChatMessage[] {
  return [
    {
      role: "assistant",
      content: intro,
      tool_calls: [
        {
          id: PENDING_ID,
          type: "function",
          function: { name: tool, arguments: JSON.stringify(args) },
        },
      ],
    },
    { role: "tool", tool_call_id: PENDING_ID, content: output },
  ];
}

export const user = (content: string): ChatMessage => ({ role: "user", content });
export const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

export const PRODUCER = "mara.okoye";
export const PEOPLE = [
  "r.ortiz",
  "j.lindgren",
  "s.achebe",
  "k.watanabe",
  "d.moreau",
  "b.castillo",
  "l.novak",
  "t.haddad",
];

export function clock(rng: Rng): string {
  return `${String(rng.int(8, 20)).padStart(2, "0")}:${String(rng.int(0, 60)).padStart(2, "0")}`;
}

export function stamp(rng: Rng): string {
  return `2026-12-${String(rng.int(1, 20)).padStart(2, "0")}T${clock(rng)}:${String(rng.int(0, 60)).padStart(2, "0")}Z`;
}

/** The key's last segment and its section ("frost_chest", "legendary_rate"). */
export function splitKey(key: string): { section: string; leaf: string } {
  const parts = key.split(".");
  return { section: parts.slice(0, -1).join("."), leaf: parts.at(-1) ?? key };
}

/** Settings nobody plants: rows that surround a planted one in tables and configs. */
export const OTHER_SETTINGS: readonly { label: string; key: string; value: (r: Rng) => string }[] =
  [
    {
      label: "epic drop rate for the ember crate",
      key: "ember_crate.epic_rate",
      value: (r) => `${r.int(3, 9)}.${r.int(0, 9)}%`,
    },
    {
      label: "rare drop rate for the ember crate",
      key: "ember_crate.rare_rate",
      value: (r) => `${r.int(12, 30)}%`,
    },
    {
      label: "coin price of the snow skin bundle",
      key: "store.sku.snow_bundle.coins",
      value: (r) => `${r.int(8, 30) * 50} coins`,
    },
    {
      label: "xp multiplier for the holiday weekend",
      key: "events.holiday.xp_mult",
      value: (r) => `${r.int(11, 30) / 10}x`,
    },
    {
      label: "party size cap for arena",
      key: "mm.arena.party_cap",
      value: (r) => `${r.int(2, 6)} players`,
    },
    {
      label: "lobby fill timeout for arena",
      key: "mm.arena.fill_timeout",
      value: (r) => `${r.int(20, 90)} s`,
    },
    {
      label: "snowball quest reward",
      key: "events.frostfall.quest_snowball",
      value: (r) => `${r.int(2, 9) * 10} xp`,
    },
    {
      label: "daily gift cap per friend",
      key: "social.gifts.daily_cap",
      value: (r) => `${r.int(1, 6)} gifts`,
    },
    {
      label: "report threshold for auto-review",
      key: "mod.reports.auto_review",
      value: (r) => `${r.int(3, 12)} reports`,
    },
    {
      label: "shader cache size on console",
      key: "client.console.shader_cache",
      value: (r) => `${r.int(2, 9) * 128} MB`,
    },
    {
      label: "max concurrent matches per host",
      key: "servers.host.max_matches",
      value: (r) => `${r.int(8, 40)} matches`,
    },
    {
      label: "season token cap",
      key: "economy.season_tokens.cap",
      value: (r) => `${r.int(10, 60) * 100} tokens`,
    },
  ];

/** `n` unplanted setting rows, each with a fresh value. */
export function otherRows(rng: Rng, n: number): { label: string; key: string; value: string }[] {
  return rng
    .shuffle(OTHER_SETTINGS)
    .slice(0, n)
    .map((s) => ({ label: s.label, key: s.key, value: s.value(rng) }));
}

/** Inserts `row` among `rows` at a random place. */
export function among<T>(rng: Rng, rows: readonly T[], row: T): T[] {
  const at = rng.int(0, rows.length + 1);
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}
