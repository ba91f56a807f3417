// The ordinary work of the "sealed-3" family's offsite-planning session: a seeded random source,
// the message builder, and filler (chatter, flight/hotel searches, a cost script, policy text).
// Used by corpora/compression-sealed-3.ts; filler never names a planted fact's subject.
import { mulberry32 } from "./prng.ts";
import type { ChatMessage } from "../shared/context/messages.ts";

/** mulberry32: small, fast and the same on every platform for a seed. */
export class Rand {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = mulberry32((seed * 2_654_435_761) >>> 0 || 0x9e3779b9);
  }
  next(): number {
    return this.#next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[this.int(xs.length)];
    if (x === undefined) {
      throw new Error("pick from an empty list");
    }
    return x;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const a = out[i];
      const b = out[j];
      if (a !== undefined && b !== undefined) {
        out[i] = b;
        out[j] = a;
      }
    }
    return out;
  }
}

/** Builds the message list; each method returns the index of the message holding the text. */
export class Session {
  readonly messages: ChatMessage[] = [];
  private calls = 0;
  readonly rand: Rand;
  constructor(rand: Rand, system: string) {
    this.rand = rand;
    this.messages.push({ role: "system", content: system });
  }
  user(content: string): number {
    this.messages.push({ role: "user", content });
    return this.messages.length - 1;
  }
  assistant(content: string): number {
    this.messages.push({ role: "assistant", content });
    return this.messages.length - 1;
  }
  /** An assistant tool call (with an optional preface) and its result; returns the result's index. */
  tool(
    name: string,
    args: Record<string, unknown>,
    output: string,
    preface: string | null = null,
  ): number {
    this.calls++;
    const id = `call_${this.calls.toString(36).padStart(4, "0")}${this.rand.int(1_000_000).toString(36)}`;
    this.messages.push({
      role: "assistant",
      content: preface,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    });
    this.messages.push({ role: "tool", content: output, tool_call_id: id });
    return this.messages.length - 1;
  }
}

const USER_CHATTER = [
  "Thanks, that helps.",
  "Can you keep an eye on the weather for that week?",
  "Finance keeps asking me for a one-pager, we'll get there.",
  "Half the team hasn't answered the survey yet, I'll chase them.",
  "No rush on this one.",
  "I'm in back-to-back calls until three, just keep going.",
  "Let's not over-engineer the agenda, people want free time too.",
  "Someone asked whether partners can join for the last evening. Park that for now.",
  "Good. What's next on the list?",
  "Ok, sounds reasonable.",
  "Can you double-check the walking distances later? Some people have mobility constraints.",
  "Let me ask legal about the photo consent forms.",
  "I love the tram idea but let's see what the schedule looks like.",
  "Hmm, not sure. Let me think about it over lunch.",
];

const ASSISTANT_CHATTER = [
  "Noted. I'll keep that in the running list.",
  "Sure. I'll fold that into the itinerary draft.",
  "Understood, I'll leave that open until you confirm.",
  "Got it. Nothing else changes on my side.",
  "That works. I'll keep going with the logistics.",
  "I'll check the cancellation terms before we commit to anything else.",
  "Makes sense. The agenda still has slack in the afternoons.",
  "I'll draft a short message for the team once the bookings settle.",
  "Fine by me; I'll flag anything that conflicts.",
  "I've added a reminder to revisit this on Friday.",
  "The tram timetable is seasonal, so I'll re-check it closer to the date.",
  "I'll keep the survey answers in a separate sheet so we don't lose them.",
];

const CITIES = ["LHR", "CDG", "AMS", "FRA", "MAD", "DUB", "CPH", "BER", "ZRH"];
const AIRLINES = ["TP", "BA", "KL", "LH", "IB", "EI", "SK", "AF", "LX"];
const HOTELS = [
  "Memmo Alfama",
  "Lumiares",
  "Hotel Avenida Palace",
  "Browns Central",
  "Pestana Palace",
  "Corinthia Lisbon",
  "LX Boutique",
  "The Lumnia",
];
const AREAS = ["Alfama", "Baixa", "Chiado", "Belém", "Príncipe Real", "Cais do Sodré", "Avenidas"];

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (rand: Rand) => `${pad(6 + rand.int(15))}:${pad(5 * rand.int(12))}`;

/** A flight search: a wide table of options, long enough to dominate a window. */
function flightSearch(rand: Rand): { args: Record<string, unknown>; out: string } {
  const from = rand.pick(CITIES);
  const rows = 10 + rand.int(10);
  const lines = [
    `${rows} results ${from} -> LIS, economy, 1 adult, sorted by departure`,
    "| carrier | flight  | depart | arrive | stops | fare (EUR) | seats left |",
    "|---------|---------|--------|--------|-------|------------|------------|",
  ];
  for (let i = 0; i < rows; i++) {
    const c = rand.pick(AIRLINES);
    lines.push(
      `| ${c.padEnd(7)} | ${c} ${100 + rand.int(8900)} | ${clock(rand)}  | ${clock(rand)}  | ${rand.int(2)}     | ${(80 + rand.int(400)).toFixed(2).padStart(10)} | ${String(1 + rand.int(9)).padStart(10)} |`,
    );
  }
  lines.push("fares include taxes; bags not included; prices held for 20 minutes");
  return { args: { from, to: "LIS", cabin: "economy" }, out: lines.join("\n") };
}

/** A hotel search: a JSON array of candidates. */
function hotelSearch(rand: Rand): { args: Record<string, unknown>; out: string } {
  const picks = rand.shuffle(HOTELS).slice(0, 4 + rand.int(4));
  const body = picks.map((name) => ({
    name,
    area: rand.pick(AREAS),
    stars: 3 + rand.int(3),
    nightly_from_eur: 95 + rand.int(220),
    meeting_space: rand.chance(0.5),
    review_score: Number((7 + rand.next() * 2.8).toFixed(1)),
    walk_to_metro_min: 2 + rand.int(14),
  }));
  return {
    args: { city: "Lisbon", guests: 2, rooms: 1, flexible: true },
    out: JSON.stringify({ results: body, currency: "EUR", source: "partner-api" }, null, 2),
  };
}

function weather(rand: Rand): string {
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri"];
  return [
    "Lisbon, 10-day outlook (climatology beyond day 5)",
    ...days.map(
      (d) =>
        `${d}: ${17 + rand.int(9)}°C / ${11 + rand.int(5)}°C, wind ${8 + rand.int(20)} km/h, rain ${rand.int(60)}%`,
    ),
  ].join("\n");
}

const SCRIPT = `import csv
from collections import defaultdict

def split_costs(path):
    totals = defaultdict(float)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            share = float(row["amount"]) / max(1, int(row["people"]))
            for person in row["who"].split(";"):
                totals[person.strip()] += share
    return dict(sorted(totals.items(), key=lambda kv: -kv[1]))

if __name__ == "__main__":
    for who, amount in split_costs("expenses.csv").items():
        print(f"{who:<24}{amount:>10.2f}")`;

function scriptRun(rand: Rand): string {
  const names = ["ana", "ben", "chioma", "dmitri", "elif", "femi", "gus", "hana", "ivo"];
  return rand
    .shuffle(names)
    .slice(0, 5 + rand.int(4))
    .map((n) => `${n.padEnd(24)}${(20 + rand.next() * 300).toFixed(2).padStart(10)}`)
    .join("\n");
}

const POLICY = [
  "3.1 Travel must be booked through the approved channel unless the fare is at least 15% cheaper elsewhere.",
  "3.2 Economy class for flights under six hours; premium economy needs director approval.",
  "3.3 Receipts are required for any single expense over EUR 25.",
  "3.4 Alcohol is not reimbursable except at the hosted team dinner.",
  "3.5 Rail is preferred over air for journeys under four hours door to door.",
  "3.6 Taxis are reimbursable between 22:00 and 06:00 or when carrying equipment.",
  "3.7 Late cancellations caused by personal choice are charged to the traveller.",
  "3.8 Travel insurance is provided by the company; do not buy extra cover.",
];

/** One stretch of ordinary planning work. */
export function fillerBlock(session: Session): void {
  const { rand } = session;
  const roll = rand.int(12);
  if (roll < 4) {
    session.user(
      rand
        .shuffle(USER_CHATTER)
        .slice(0, 1 + rand.int(2))
        .join(" "),
    );
    session.assistant(
      rand
        .shuffle(ASSISTANT_CHATTER)
        .slice(0, 1 + rand.int(2))
        .join(" "),
    );
  } else if (roll < 6) {
    const { args, out } = flightSearch(rand);
    session.tool("search_flights", args, out, rand.chance(0.4) ? "Checking fares." : null);
    if (rand.chance(0.5)) {
      session.assistant(
        "Fares are moving around a lot this week; nothing here beats what we already hold.",
      );
    }
  } else if (roll < 8) {
    const { args, out } = hotelSearch(rand);
    session.tool("search_hotels", args, out);
  } else if (roll < 9) {
    session.tool("get_weather", { city: "Lisbon", days: 5 }, weather(rand));
  } else if (roll < 10) {
    session.tool("read_file", { path: "tools/split_costs.py" }, SCRIPT);
    session.tool("run_shell", { cmd: "python tools/split_costs.py" }, scriptRun(rand));
  } else if (roll < 11) {
    session.tool(
      "read_doc",
      { doc: "travel-policy-2026.md", section: 3 },
      rand
        .shuffle(POLICY)
        .slice(0, 4 + rand.int(4))
        .join("\n"),
    );
  } else {
    session.assistant(
      `Here's the helper I'd use for the expense split:\n\n\`\`\`python\n${SCRIPT}\n\`\`\`\n\nIt reads expenses.csv with amount, people and who columns.`,
    );
  }
}
