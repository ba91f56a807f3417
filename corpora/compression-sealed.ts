// The "sealed" phrasing family for bench:compression's transcript generator, written
// as a held-out test by an author who never read the compressor, its tests, its docs
// or the other families (only the generator's FamilySpec / Phrase plumbing).
// Subjects are project settings drawn per seed from their own list; each look-alike
// differs from its subject by one word ("read replica connection pool size" vs
// "primary connection pool size"). Values and changes are stated the many ways people
// really write them in a chat with a coding agent: arrows, "(was A)", tables, env /
// YAML / TOML lines, diffs, changelog bullets, quoted decisions, confirmed questions,
// typo corrections. Every value maker never repeats a value (nor a substring of one)
// within a subject, so the look-alike's value always differs from the subject's.
import type { FamilySpec, Phrase } from "./compression-transcript.ts";

type Kind =
  | "pool"
  | "pct"
  | "ms"
  | "slo"
  | "cache"
  | "apiver"
  | "person"
  | "region"
  | "model"
  | "seconds"
  | "retries"
  | "rpm"
  | "batch"
  | "loglevel"
  | "lifetime"
  | "replicas"
  | "window"
  | "uploadmb"
  | "pgver"
  | "nodever"
  | "cron"
  | "burn"
  | "days"
  | "team"
  | "embedding"
  | "ttl"
  | "concurrency";

/** A setting: its name with a slot for the one word that tells it from its look-alike. */
interface Setting {
  name: string;
  /** Config key with the same slot ("{}_DB_POOL_SIZE"). */
  key: string;
  words: readonly string[];
  kind: Kind;
}

const SETTINGS: readonly Setting[] = [
  {
    name: "{} connection pool size",
    key: "{}_DB_POOL_SIZE",
    words: ["read replica", "primary", "analytics"],
    kind: "pool",
  },
  {
    name: "rollout percentage of the {} flag",
    key: "FLAG_{}_ROLLOUT_PCT",
    words: ["new-checkout", "new-onboarding", "dark-mode"],
    kind: "pct",
  },
  {
    name: "p99 latency SLO for the {} API",
    key: "SLO_{}_P99_LATENCY",
    words: ["search", "payments", "ledger"],
    kind: "ms",
  },
  {
    name: "availability SLO of the {} service",
    key: "SLO_{}_AVAILABILITY",
    words: ["auth", "billing", "notifications"],
    kind: "slo",
  },
  {
    name: "{} cache size",
    key: "{}_CACHE_SIZE",
    words: ["session", "thumbnail", "query-plan"],
    kind: "cache",
  },
  {
    name: "pinned {} API version",
    key: "{}_API_VERSION",
    words: ["Stripe", "Twilio", "GitHub"],
    kind: "apiver",
  },
  {
    name: "{} on-call owner",
    key: "ONCALL_{}_OWNER",
    words: ["primary", "secondary"],
    kind: "person",
  },
  {
    name: "{} AWS region",
    key: "{}_AWS_REGION",
    words: ["primary", "failover", "backup"],
    kind: "region",
  },
  {
    name: "{} model for the support bot",
    key: "SUPPORT_BOT_{}_MODEL",
    words: ["default", "fallback"],
    kind: "model",
  },
  {
    name: "{} request timeout",
    key: "{}_REQUEST_TIMEOUT",
    words: ["upstream", "client"],
    kind: "seconds",
  },
  {
    name: "max retries for the {} webhook",
    key: "{}_WEBHOOK_MAX_RETRIES",
    words: ["Stripe", "Slack", "Shopify"],
    kind: "retries",
  },
  {
    name: "{} API rate limit",
    key: "{}_API_RATE_LIMIT",
    words: ["public", "partner", "internal"],
    kind: "rpm",
  },
  {
    name: "{} exporter batch size",
    key: "EXPORT_{}_BATCH_SIZE",
    words: ["nightly", "hourly"],
    kind: "batch",
  },
  {
    name: "{} log level",
    key: "{}_LOG_LEVEL",
    words: ["worker", "gateway", "scheduler"],
    kind: "loglevel",
  },
  {
    name: "{} token lifetime",
    key: "JWT_{}_TOKEN_TTL",
    words: ["access", "refresh"],
    kind: "lifetime",
  },
  {
    name: "{} replica count",
    key: "{}_REPLICAS",
    words: ["api", "worker", "websocket"],
    kind: "replicas",
  },
  {
    name: "{} deploy window",
    key: "DEPLOY_WINDOW_{}",
    words: ["weekday", "weekend"],
    kind: "window",
  },
  {
    name: "max upload size for {}",
    key: "MAX_UPLOAD_MB_{}",
    words: ["avatars", "attachments", "CSV imports"],
    kind: "uploadmb",
  },
  {
    name: "{} Postgres version",
    key: "{}_POSTGRES_VERSION",
    words: ["staging", "prod"],
    kind: "pgver",
  },
  {
    name: "Node version of the {} image",
    key: "{}_IMAGE_NODE_VERSION",
    words: ["build", "runtime"],
    kind: "nodever",
  },
  {
    name: "{} invoice sweep cron schedule",
    key: "{}_INVOICE_SWEEP_CRON",
    words: ["staging", "prod"],
    kind: "cron",
  },
  {
    name: "{} burn-rate alert threshold",
    key: "ERROR_BUDGET_{}_BURN_ALERT",
    words: ["fast", "slow"],
    kind: "burn",
  },
  {
    name: "{} backup retention",
    key: "BACKUP_{}_RETENTION",
    words: ["daily", "weekly"],
    kind: "days",
  },
  {
    name: "code owner of the {} package",
    key: "CODEOWNER_{}",
    words: ["billing-core", "billing-ui", "ledger"],
    kind: "team",
  },
  {
    name: "{} embedding model",
    key: "{}_EMBEDDING_MODEL",
    words: ["search", "dedup"],
    kind: "embedding",
  },
  {
    name: "{} CDN cache TTL",
    key: "CDN_{}_TTL",
    words: ["image", "HTML", "API"],
    kind: "ttl",
  },
  {
    name: "{} worker concurrency",
    key: "{}_WORKER_CONCURRENCY",
    words: ["email", "PDF render", "import"],
    kind: "concurrency",
  },
  {
    name: "{} Redis maxmemory",
    key: "REDIS_{}_MAXMEMORY",
    words: ["session", "rate-limiter"],
    kind: "cache",
  },
  {
    name: "{} incident commander this week",
    key: "IC_{}_THIS_WEEK",
    words: ["primary", "backup"],
    kind: "person",
  },
  {
    name: "canary share of the {} deploy",
    key: "CANARY_{}_SHARE_PCT",
    words: ["API", "web"],
    kind: "pct",
  },
  {
    name: "{} queue visibility timeout",
    key: "{}_QUEUE_VISIBILITY_TIMEOUT",
    words: ["email", "export"],
    kind: "seconds",
  },
  {
    name: "{} disk usage alert",
    key: "DISK_ALERT_{}_PCT",
    words: ["warning", "critical"],
    kind: "pct",
  },
];

const PEOPLE = [
  "Amara Osei",
  "Tomasz Wójcik",
  "Lena Fischer",
  "Rahul Iyer",
  "Chen Wei",
  "Sofia Marquez",
  "Kwame Boateng",
  "Ines Duarte",
  "Jonas Berg",
  "Yuki Tanaka",
  "Noor Haddad",
  "Pavel Novak",
];
const AWS_REGIONS = [
  "us-east-1",
  "us-west-2",
  "eu-west-1",
  "eu-central-1",
  "eu-north-1",
  "ap-southeast-2",
  "ap-northeast-1",
  "ca-central-1",
  "sa-east-1",
  "me-central-1",
];
const CHAT_MODELS = [
  "gpt-4o-mini",
  "gpt-4.1",
  "claude-3-5-sonnet",
  "claude-3-5-haiku",
  "llama-3.1-70b-instruct",
  "mistral-large-2411",
  "gemini-1.5-pro",
  "qwen2.5-72b-instruct",
];
const EMBEDDERS = [
  "text-embedding-3-small",
  "text-embedding-3-large",
  "bge-m3",
  "nomic-embed-text-v1.5",
  "e5-large-v2",
  "all-MiniLM-L6-v2",
];
const SLOS = ["99.5%", "99.9%", "99.95%", "99.99%", "99.0%", "98.5%", "99.8%", "99.7%"];
const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];
const PG_VERSIONS = ["14.11", "15.6", "15.8", "16.2", "16.4", "17.0", "17.2"];
const NODE_VERSIONS = ["18.20", "20.11", "20.18", "22.11", "22.12", "23.3"];
const TEAMS = [
  "@payments-core",
  "@platform-infra",
  "@ledger-team",
  "@growth-web",
  "@data-eng",
  "@sre-oncall",
];
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const BURNS = ["1.5x", "2x", "3x", "6x", "10x", "14.4x"];

/** A candidate value of a kind (may repeat; the maker below filters). */
function candidate(kind: Kind, rnd: () => number): string {
  const n = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
  const one = <T>(list: readonly T[]): T => list[n(0, list.length)] as T;
  switch (kind) {
    case "pool":
      return `${n(8, 200)}`;
    case "pct":
      return `${n(1, 100)}%`;
    case "ms":
      return `${n(5, 200) * 10} ms`;
    case "slo":
      return one(SLOS);
    case "cache":
      return rnd() < 0.7 ? `${n(1, 64) * 64} MiB` : `${n(2, 32)} GiB`;
    case "apiver":
      return `20${n(22, 26)}-${String(n(1, 13)).padStart(2, "0")}-${String(n(1, 29)).padStart(2, "0")}`;
    case "person":
      return one(PEOPLE);
    case "region":
      return one(AWS_REGIONS);
    case "model":
      return one(CHAT_MODELS);
    case "seconds":
      return `${n(2, 300)}s`;
    case "retries":
      return `${n(1, 16)}`;
    case "rpm":
      return `${n(2, 120) * 50} req/min`;
    case "batch":
      return `${n(1, 100) * 250}`;
    case "loglevel":
      return one(LOG_LEVELS);
    case "lifetime":
      return rnd() < 0.5 ? `${n(5, 120)} minutes` : `${n(2, 90)} days`;
    case "replicas":
      return `${n(2, 48)}`;
    case "window": {
      const from = n(6, 21);
      return `${one(DAYS)} ${String(from).padStart(2, "0")}:00–${String(from + 2).padStart(2, "0")}:00 UTC`;
    }
    case "uploadmb":
      return `${n(2, 500)} MB`;
    case "pgver":
      return one(PG_VERSIONS);
    case "nodever":
      return one(NODE_VERSIONS);
    case "cron":
      return rnd() < 0.6 ? `${n(0, 60)} ${n(0, 24)} * * *` : `*/${n(2, 60)} * * * *`;
    case "burn":
      return one(BURNS);
    case "days":
      return `${n(3, 400)} days`;
    case "team":
      return one(TEAMS);
    case "embedding":
      return one(EMBEDDERS);
    case "ttl":
      return rnd() < 0.5 ? `${n(1, 60)}m` : `${n(1, 48)}h`;
    case "concurrency":
      return `${n(1, 64)}`;
  }
}

/** A value maker that never returns a value equal to, inside or around an earlier one. */
function valueMaker(kind: Kind, rnd: () => number): () => string {
  const seen: string[] = [];
  return () => {
    for (let tries = 0; tries < 400; tries++) {
      const v = candidate(kind, rnd);
      if (!seen.some((s) => s.includes(v) || v.includes(s))) {
        seen.push(v);
        return v;
      }
    }
    // Unreachable with the pools above; still distinct if it ever happens.
    const v = `${candidate(kind, rnd)} (rev ${String.fromCharCode(97 + seen.length)})`;
    seen.push(v);
    return v;
  };
}

/** Config keys of the subjects drawn so far (a subject's key never depends on the seed). */
const KEYS = new Map<string, string>();

function keyOf(s: string): string {
  return (
    KEYS.get(s) ??
    s
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .toUpperCase()
  );
}
function yamlKey(s: string): string {
  return keyOf(s).toLowerCase();
}
/** A value as a config literal: bare when it can be, quoted otherwise. */
function lit(v: string): string {
  return /^[A-Za-z0-9._@-]+$/.test(v) ? v : `"${v}"`;
}
function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
/** "raised" / "dropped" when both values are numbers, else a neutral verb. */
function moved(v: string, old: string, up: string, down: string, neutral: string): string {
  const a = Number.parseFloat(old);
  const b = Number.parseFloat(v);
  const unit = (x: string) => x.replace(/[\d.]/g, "");
  const comparable = /^[\d.]/.test(old) && unit(old) === unit(v) && !(old + v).includes("*");
  if (comparable && Number.isFinite(a) && Number.isFinite(b) && a !== b) {
    return b > a ? up : down;
  }
  return neutral;
}

function facts(rnd: () => number, count: number) {
  const order = SETTINGS.map((s) => ({ s, r: rnd() }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.s);
  return order.slice(0, count).map((setting) => {
    const words = [...setting.words].sort(() => rnd() - 0.5);
    const [mine = "primary", theirs = "secondary"] = words;
    const name = (w: string) => setting.name.replace("{}", w);
    const key = (w: string) =>
      setting.key.replace(
        "{}",
        w
          .replace(/[^A-Za-z0-9]+/g, "_")
          .replace(/^_|_$/g, "")
          .toUpperCase(),
      );
    KEYS.set(name(mine), key(mine));
    KEYS.set(name(theirs), key(theirs));
    return {
      subject: name(mine),
      lookAlike: name(theirs),
      value: valueMaker(setting.kind, rnd),
    };
  });
}

const FIRST: readonly Phrase[] = [
  (s, v) => `We're going with ${v} for the ${s}.`,
  (s, v) => `${cap(s)}: **${v}**.`,
  (s, v) => `Set the ${s} to \`${v}\` for now; we can tune it after launch.`,
  (s, v) => `Per the design review, ${s} = ${v}.`,
  (s, v) => `| Setting | Value |\n|---|---|\n| ${s} | ${v} |`,
  (s, v) => `Added it to the deploy script:\n\`\`\`sh\nexport ${keyOf(s)}=${lit(v)}\n\`\`\``,
  (s, v) => `Here's the config block:\n\`\`\`yaml\n${yamlKey(s)}: ${lit(v)}\n\`\`\``,
  (s, v) => `Let's make the ${s} ${v} — done.`,
  (s, v) => `Dana confirmed the ${s} should be ${v}, so that's what I configured.`,
  (s, v) => `> what's the ${s} supposed to be?\n\n${v}, per the runbook.`,
  (s, v) => `FYI the \`${keyOf(s)}\` setting (the ${s}) is ${v}.`,
  (s, v) => `${v} is what we use for the ${s} — it's in the platform wiki.`,
];

const UPDATES: readonly Phrase[] = [
  (s, v, old) =>
    `> can you ${moved(v, old, "bump", "lower", "switch")} the ${s} to ${v}?\n\nDone — pushed in the last commit.`,
  (s, v, old) => `${s} → ${v} (was ${old}).`,
  (s, v, old) =>
    `After the incident we ${moved(v, old, "raised", "dropped", "switched")} the ${s} to ${v}.`,
  (s, v, old) => `**${cap(s)}**: ${v} (previously ${old})`,
  (s, v, old) => `| Setting | Old | New |\n|---|---|---|\n| \`${s}\` | ${old} | ${v} |`,
  (s, v, old) =>
    `Updated \`.env.production\`:\n\`\`\`\n${keyOf(s)}=${lit(v)}  # was ${lit(old)}\n\`\`\``,
  (s, v, old) =>
    `\`\`\`diff\n-${keyOf(s)}=${lit(old)}\n+${keyOf(s)}=${lit(v)}\n\`\`\`\nThat's the whole change for the ${s}.`,
  (s, v, old) => `\`\`\`yaml\n${yamlKey(s)}: ${lit(v)}  # was ${old}\n\`\`\``,
  (s, v) => `\`\`\`toml\n[settings]\n${yamlKey(s)} = "${v}"\n\`\`\`\nChange to the ${s} is live.`,
  (s, v, old) => `### Changelog\n- Changed the **${s}** from ${old} to ${v}.`,
  (s, v, old) => `We're going with ${v} for the ${s} instead of ${old}.`,
  (s, v, old) => `The ${s} is ${v} now, not ${old}.`,
  (s, v) => `Let's make the ${s} ${v} — done.`,
  (s, v) => `Per the review, ${s} = ${v}.`,
  (s, v) => `> Should the ${s} be ${v}?\n\nYes — changed it, and the config check passes.`,
  (s, v, old) => `Sorry, typo earlier: I meant ${v} for the ${s}, not ${old}.`,
  (s, v) => `Dana said the ${s} should be ${v}; applied.`,
  (s, v) => `Priya in #infra: "the ${s} needs to be ${v}". Applied it in the last commit.`,
  (s, v, old) => `Heads-up, \`${s}\` changed: \`${old}\` ➜ \`${v}\`.`,
  (s, v, old) => `${v} — that's the new ${s} (it was ${old} until this morning).`,
  (s, v, old) => `Final answer on the ${s}: ${v}. Ignore the ${old} from earlier.`,
  (s, v, old) => `Not ${old} anymore: the ${s} is ${v}.`,
  (s, v, old) =>
    `ok so ${s.toLowerCase()} — marco wants ${v}. changed it (old value ${old} is gone from the config).`,
  (s, v) => `Merged the PR that sets the ${s} to ${v}.`,
];

const LOOK_ALIKE: readonly Phrase[] = [
  (s, v) => `Unrelated, but the ${s} is ${v}.`,
  (s, v) => `For comparison, the ${s} is still ${v}.`,
  (s, v) => `Leave the ${s} at ${v} — that one's fine as is.`,
  (s, v) => `Checked the \`${s}\` too: ${v}, unchanged.`,
  (s, v) => `Also in that file: \`${keyOf(s)}=${lit(v)}\`.`,
  (s, v) => `Note the ${s} is a separate setting, and it is ${v}.`,
];

const MENTIONS: readonly ((s: string, rnd: () => number) => string)[] = [
  (s) => `The ${s} looks fine to me.`,
  (s) => `Did anyone check the ${s}?`,
  (s) => `I'll double-check the ${s} after lunch.`,
  (s) => `Not touching the ${s} in this PR.`,
  (s) => `Can we add a dashboard panel for the **${s}**?`,
  (s, rnd) =>
    `\`${keyOf(s)}\` (the ${s}) is read in config/settings.ts, line ${10 + Math.floor(rnd() * 300)}.`,
  (s) => `I don't think the ${s} has anything to do with this failure.`,
];

export const SEALED: FamilySpec = {
  facts,
  first: FIRST,
  updates: UPDATES,
  lookAlike: LOOK_ALIKE,
  mentions: MENTIONS,
};
