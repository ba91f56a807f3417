// The filler episodes of the "sealed-5" compression family: a product manager and an
// analyst agent chatting, querying the warehouse, reading sheets, the CRM, dashboards and
// message threads. Used by corpora/compression-sealed-5.ts; names no planted subject.
import type { ChatMessage } from "../shared/context/messages.ts";
import { int, pick, type Rnd } from "./compression-sealed-5-facts.ts";
import {
  PEOPLE,
  REGIONS,
  THREAD_LINES,
  codeSnippet,
  crmAccount,
  csvSheet,
  dashboardConfig,
  sqlAnalysis,
  sqlError,
  thread,
} from "./compression-sealed-5-tools.ts";

/** Messages plus the planted lines among them (message index within the block). */
export interface Block {
  messages: ChatMessage[];
  planted: { sentence: string; at: number; offset: number }[];
}

/** Tool-call ids, unique within a transcript. */
export function callIds(): () => string {
  let n = 0;
  return () => `call_${(++n).toString(36).padStart(5, "0")}`;
}

export const user = (content: string): ChatMessage => ({ role: "user", content });
export const say = (content: string): ChatMessage => ({ role: "assistant", content });
/** An assistant tool call and its answer. */
export function call(
  id: string,
  name: string,
  args: Record<string, unknown>,
  output: string,
): ChatMessage[] {
  return [
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    },
    { role: "tool", tool_call_id: id, content: output },
  ];
}

const OPENERS = [
  "Okay,",
  "Quick one:",
  "Next thing —",
  "Thanks.",
  "Got it.",
  "Alright,",
  "Morning!",
  "One more:",
  "Hmm,",
  "Nice.",
];
const ASKS = [
  "can you check how the {r} numbers look for last week?",
  "I need something for the Thursday forecast call, nothing fancy.",
  "can you sanity-check the renewal list before I send it to {p}?",
  "what's driving the dip in trial starts? My guess is the pricing page test.",
  "could you pull the top accounts by seat drop? Sales keeps asking.",
  "is the partner channel actually cheaper or does it just look that way?",
  "{p} wants a one-pager on feature adoption for the roadmap review.",
  "let's look at the {r} renewals that are flagged at risk.",
  "I'd like a second pair of eyes on the funnel chart, the step from invite to activation looks off.",
  "do we have anything on how support tickets relate to renewals?",
];
const PULLS = [
  "can you pull {t}? {p} asked for it in the staff meeting.",
  "I need {t} for the Thursday forecast call, nothing fancy.",
  "where are we on {t}?",
  "could you get me {t}? I want to sanity-check a claim in the board pack.",
];
const REPLIES = [
  "On it. I'll start from the warehouse and cross-check against the CRM.",
  "Sure — give me a minute, the query touches the big events table.",
  "Happy to. I'll keep the output short and flag anything odd.",
  "Will do. I'll note the caveats where the data is thin.",
  "Yes, I can do that. One caveat: the billing data lags by a day.",
];
const TAKEAWAYS = [
  "The short version: most of the movement is concentrated in a handful of accounts, so I wouldn't read a trend into it yet.",
  "Two things stand out. Paid search got more expensive, and the referral numbers are small enough that one customer swings them.",
  "Nothing alarming here; the week-over-week change is inside the usual noise band we saw in the spring.",
  "I'd call out the Enterprise rows — they carry almost all of the revenue at risk, and three of them renew in the same month.",
  "The data looks consistent with what {p} reported, give or take the accounts that were migrated in September.",
  "Worth noting that a chunk of these were backfilled after the CRM migration, so their dates are approximate.",
  "If we drop the internal workspaces the picture barely changes, which is reassuring.",
];
const CHAT = [
  [
    "Can you make the chart titles less jargon-y? The execs don't know what FYV means.",
    "Good point — I'll spell out first-year value and add a one-line note under each chart.",
  ],
  [
    "Did {p} ever reply about the billing export?",
    "Not yet. I'll ping them again this afternoon and keep working from yesterday's file.",
  ],
  [
    "I'm in meetings until three, just keep going.",
    "Sounds good, I'll leave a summary at the end of this thread.",
  ],
  [
    "Should we round everything to the nearest thousand in the deck?",
    "For the deck yes; I'll keep the raw figures in the appendix so finance can tie them out.",
  ],
  [
    "The {r} team says their numbers don't match ours.",
    "Usually that's the timezone cut-off on the last day of the month. I'll compare both definitions side by side.",
  ],
  [
    "Let's park the attribution debate for now.",
    "Agreed. I'll note it as an open question and move on to the renewals.",
  ],
  [
    "Is the warehouse slow today or is it just me?",
    "It's the nightly backfill still running; queries should speed up within the hour.",
  ],
  [
    "Thanks, this is really helpful.",
    "Glad it helps. Tell me if you want the same cut for another region.",
  ],
  [
    "Can you write up what we decided so far?",
    "Sure, I'll keep a running list at the bottom of the doc and link the queries.",
  ],
  [
    "Who else should see this before Friday?",
    "{p} for the finance side and probably someone from support ops; I'll draft the note.",
  ],
];

/** A request after an opener, capitalised after a full stop. */
function opened(r: Rnd, ask: string): string {
  const opener = pick(r, OPENERS);
  return /[.!]$/.test(opener)
    ? `${opener} ${ask.charAt(0).toUpperCase()}${ask.slice(1)}`
    : `${opener} ${ask}`;
}

const fill = (r: Rnd, s: string) =>
  s.replace(/\{p\}/g, () => pick(r, PEOPLE)).replace(/\{r\}/g, () => pick(r, REGIONS));

/** One filler episode: a request, tool work and a takeaway, or (unless `toolsOnly`) chatter. */
export function fillerBlock(r: Rnd, id: () => string, toolsOnly = false): Block {
  const kind = r() * (toolsOnly ? 0.86 : 1);
  const ask = () => user(fill(r, opened(r, pick(r, ASKS))));
  const takeaway = () =>
    say(
      fill(
        r,
        `${pick(r, TAKEAWAYS)} ${pick(r, ["Want me to dig further?", "I can break it down by plan next.", "", "I'll add this to the doc."])}`.trim(),
      ),
    );
  let messages: ChatMessage[];
  if (kind < 0.38) {
    const q = sqlAnalysis(r);
    messages = [
      user(fill(r, opened(r, pick(r, PULLS)).replace("{t}", q.topic))),
      say(`Running a query for ${q.topic}.`),
      ...call(id(), "run_sql", { query: q.query }, q.result),
      say(q.note),
    ];
    if (r() < 0.45) {
      const q2 = sqlAnalysis(r);
      messages.push(
        user(`And ${q2.topic}, while you're in there?`),
        ...call(id(), "run_sql", { query: q2.query }, q2.result),
        say(
          `${q2.note} ${pick(r, ["Want me to dig further?", "I can break it down by plan next.", "I'll add this to the doc."])}`,
        ),
      );
    }
  } else if (kind < 0.48) {
    const q = sqlAnalysis(r);
    const bad = sqlError(r);
    messages = [
      user(`Can you pull ${q.topic}?`),
      ...call(id(), "run_sql", { query: q.query.replace("SELECT ", "SELECT a.acount_id, ") }, bad),
      say("Typo in a column name on my side — fixing and rerunning."),
      ...call(id(), "run_sql", { query: q.query }, q.result),
      say(q.note),
    ];
  } else if (kind < 0.6) {
    const s = csvSheet(r);
    const rows = s.csv.split("\n").slice(1);
    const risky = rows.filter((l) => l.endsWith(",at risk")).length;
    messages = [
      user(`Can you read the "${s.sheet}" sheet and tell me what stands out?`),
      ...call(id(), "sheets_read", { sheet: s.sheet, range: "A1:G40" }, s.csv),
      say(
        `${rows.length} rows; ${risky} marked at risk. ${pick(r, TAKEAWAYS).replace(/\{p\}/g, pick(r, PEOPLE))}`,
      ),
    ];
  } else if (kind < 0.7) {
    const a = crmAccount(r);
    messages = [
      user(
        fill(
          r,
          `What does the CRM say about ${pick(r, ["the account {p} mentioned", "our biggest renewal this month", "the account that escalated yesterday"])}?`,
        ),
      ),
      ...call(id(), "crm_get", { endpoint: "accounts", id: a.id }, a.json),
    ];
    if (r() < 0.5) {
      const b = crmAccount(r);
      messages.push(
        say("Let me pull the account it was merged from as well, to compare."),
        ...call(id(), "crm_get", { endpoint: "accounts", id: b.id }, b.json),
      );
    }
    messages.push(takeaway());
  } else if (kind < 0.78) {
    const name = pick(r, ["exec-overview", "growth-weekly", "cs-health", "finance-arr"]);
    messages = [
      user(
        `Can you check how the ${name} dashboard is set up? Something looks off on the second row.`,
      ),
      ...call(
        id(),
        "dashboard_config",
        { dashboard: name, action: "get" },
        dashboardConfig(r, name),
      ),
      say(
        fill(
          r,
          "The tiles point at the right models. The odd one is a line chart over a table that was rebuilt last week; I'll ask {p} whether the rebuild finished.",
        ),
      ),
    ];
  } else if (kind < 0.86) {
    const lines = Array.from({ length: int(r, 2, 5) }, () => pick(r, THREAD_LINES));
    messages = [
      user("Search the inbox for the thread about the forecast call, I lost track of it."),
      ...call(
        id(),
        "search_messages",
        { query: "forecast call", source: "email" },
        thread(r, "Re: forecast call prep", lines, "email"),
      ),
      say("Found it. Nothing decided there yet — mostly logistics and who brings which numbers."),
    ];
    if (r() < 0.5) {
      const more = Array.from({ length: int(r, 2, 4) }, () => pick(r, THREAD_LINES));
      messages.push(
        user("Anything in Slack about it too?"),
        ...call(
          id(),
          "search_messages",
          { query: "forecast", source: "slack" },
          thread(r, "forecast numbers", more, "slack #revops"),
        ),
        say("A short side thread, same content as the email. Nothing new."),
      );
    }
  } else if (kind < 0.93) {
    messages = [
      ask(),
      say(
        `Here's a helper I'll use for this and the next few cuts:\n\n${codeSnippet(r)}\n\nIt keeps the grouping in one place so the numbers stay comparable.`,
      ),
      user(
        pick(r, [
          "Looks fine to me.",
          "Can it also split by region?",
          "Great, go ahead.",
          "Ok — as long as finance gets the same numbers.",
        ]),
      ),
    ];
  } else {
    const [u, a] = pick(r, CHAT);
    messages = [user(fill(r, u ?? "")), say(fill(r, a ?? ""))];
  }
  if (r() < 0.15) {
    messages.splice(1, 0, say(fill(r, pick(r, REPLIES))));
  }
  return { messages, planted: [] };
}

/** A short acknowledgement after a planted message, naming nothing. */
export function ack(r: Rnd, asUser: boolean): ChatMessage {
  return asUser
    ? user(pick(r, ["Ok.", "Thanks, noted.", "Good to know.", "Makes sense."]))
    : say(
        pick(r, ["Noted.", "Got it, I'll use that.", "Thanks — updating my notes.", "Understood."]),
      );
}

/** A single chat message to pad the transcript to an exact length. */
export function padMessage(r: Rnd, asUser: boolean): ChatMessage {
  return asUser
    ? user(pick(r, ["Thanks!", "Ok, makes sense.", "Noted.", "Let's wrap up there for today."]))
    : say(pick(r, ["You're welcome.", "I'll keep that in mind.", "Sure thing.", "Talk tomorrow."]));
}
