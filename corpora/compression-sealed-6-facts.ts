// The sixteen planted facts of the "sealed-6" compression family (a mobile app
// release session): each fact's subject, its one-word-different look-alike, the
// config key it lives under, and seeded makers for its values, a look-alike's or a
// rejected value, and a typo of a value. Used by corpora/compression-sealed-6.ts.

/** Seeded helpers over one PRNG stream. */
export interface Rng {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
}

export function rngOf(next: () => number): Rng {
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) {
      throw new Error("pick from an empty list");
    }
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

/** The app a seed releases: its names and the version being shipped. */
export interface App {
  brand: string;
  product: string;
  display: string;
  version: string;
}

export function appOf(rng: Rng): App {
  const brand = rng.pick(["brightwave", "tidepool", "larkspur", "northwind", "quillby"]);
  const product = rng.pick(["ledger", "notes", "trails", "tickets", "pantry"]);
  const display = `${brand[0]?.toUpperCase() ?? "B"}${brand.slice(1)} ${product[0]?.toUpperCase() ?? "L"}${product.slice(1)}`;
  return { brand, product, display, version: `4.${rng.int(1, 6)}.0` };
}

/** One planted fact's definition. */
export interface FactDef {
  subject: string;
  lookAlike: string;
  /** The config key the value sits under in YAML, JSON and diffs. */
  key: string;
  /** `n` distinct values in the order a session would move through them. */
  values: (rng: Rng, n: number, app: App) => string[];
  /** A value for the look-alike or a rejected proposal, none of `avoid`. */
  other: (rng: Rng, avoid: readonly string[], app: App) => string;
}

const MONTHS = ["November", "December", "January", "February"];
const SURNAMES_A = ["Okonkwo", "Halvorsen", "Takeda", "Moreau", "Castellano", "Nakashima"];
const SURNAMES_B = ["Abernathy", "Ferreira", "Kowalczyk", "Varga", "Oyelaran", "Strand"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

/** `n` distinct items of `pool`, kept in pool order (pools are ascending). */
function ascending(rng: Rng, pool: readonly string[], n: number): string[] {
  const chosen = new Set(rng.shuffle(pool.map((_, i) => i)).slice(0, n));
  return pool.filter((_, i) => chosen.has(i));
}

/** `n` distinct items of `pool` in a shuffled order. */
function any(rng: Rng, pool: readonly string[], n: number): string[] {
  return rng.shuffle(pool).slice(0, n);
}

function otherOf(pool: readonly string[]) {
  return (rng: Rng, avoid: readonly string[]) => {
    const left = pool.filter((v) => !avoid.includes(v));
    return rng.pick(left.length > 0 ? left : pool);
  };
}

function fromPool(pool: readonly string[], order: "ascending" | "any") {
  return {
    values: (rng: Rng, n: number) => (order === "ascending" ? ascending : any)(rng, pool, n),
    other: otherOf(pool),
  };
}

const PERCENTS = ["1%", "2%", "5%", "10%", "20%", "25%", "50%", "75%"];
const DATE_POOL = (month: string) =>
  Array.from({ length: 20 }, (_, i) => `${month} ${i + 2}`).filter((d) => !/ 2[0-9]$/.test(d));

export const FACT_DEFS: readonly FactDef[] = [
  {
    subject: "iOS staged rollout percentage",
    lookAlike: "Android staged rollout percentage",
    key: "ios_rollout_percent",
    ...fromPool(PERCENTS, "ascending"),
  },
  {
    subject: "minimum iOS version",
    lookAlike: "minimum iPadOS version",
    key: "ios_deployment_target",
    ...fromPool(["15.0", "16.0", "16.4", "17.0", "17.5"], "ascending"),
  },
  {
    subject: "minimum Android API level",
    lookAlike: "target Android API level",
    key: "min_sdk",
    ...fromPool(["23", "24", "26", "28", "29"], "ascending"),
  },
  {
    subject: "public release date",
    lookAlike: "internal release date",
    key: "release_date",
    values: (rng, n) => {
      const month = rng.pick(MONTHS);
      return ascending(rng, DATE_POOL(month), n);
    },
    other: (rng, avoid) => otherOf(DATE_POOL(rng.pick(MONTHS)))(rng, avoid),
  },
  {
    subject: "release notes reviewer",
    lookAlike: "release notes approver",
    key: "notes_reviewer",
    ...fromPool(SURNAMES_A, "any"),
  },
  {
    subject: "crash-free sessions target",
    lookAlike: "crash-free users target",
    key: "crash_free_sessions_target",
    ...fromPool(["99.3%", "99.5%", "99.6%", "99.7%", "99.8%", "99.9%"], "any"),
  },
  {
    subject: "checkout_v2 flag",
    lookAlike: "checkout_v3 flag",
    key: "checkout_v2.audience",
    ...fromPool(
      ["staff-only", "internal-dogfood", "beta-testers", "eu-cohort", "all-users"],
      "ascending",
    ),
  },
  {
    subject: "analytics SDK version",
    lookAlike: "ads SDK version",
    key: "analytics_sdk",
    ...fromPool(["10.18.0", "10.19.1", "10.21.0", "10.22.3", "10.24.0", "10.25.2"], "ascending"),
  },
  {
    subject: "force-update minimum version",
    lookAlike: "soft-update minimum version",
    key: "force_update_min",
    ...fromPool(["3.2.0", "3.4.0", "3.5.0", "3.6.0", "3.8.0"], "ascending"),
  },
  {
    subject: "code freeze cutoff",
    lookAlike: "string freeze cutoff",
    key: "code_freeze",
    values: (rng, n) =>
      any(
        rng,
        DAYS.flatMap((d) => ["14:00", "17:00", "18:30"].map((h) => `${d} ${h} UTC`)),
        n,
      ),
    other: (rng, avoid) =>
      otherOf(DAYS.flatMap((d) => ["12:00", "16:00"].map((h) => `${d} ${h} UTC`)))(rng, avoid),
  },
  {
    subject: "on-call release engineer",
    lookAlike: "on-call backend engineer",
    key: "release_oncall",
    ...fromPool(SURNAMES_B, "any"),
  },
  {
    subject: "ANR rollback threshold",
    lookAlike: "crash rollback threshold",
    key: "anr_rollback_threshold",
    ...fromPool(["0.35%", "0.40%", "0.45%", "0.47%", "0.55%"], "any"),
  },
  {
    subject: "CI Xcode version",
    lookAlike: "local Xcode version",
    key: "xcode_version",
    ...fromPool(["15.2", "15.3", "15.4", "16.1", "16.2"], "ascending"),
  },
  {
    subject: "release branch",
    lookAlike: "hotfix branch",
    key: "release_branch",
    values: (rng, n, app) =>
      any(
        rng,
        [
          `release/${app.version}`,
          `release/${app.version}-rc2`,
          `rel/${app.product}-${app.version}`,
        ],
        n,
      ),
    other: (rng, avoid, app) =>
      otherOf([`hotfix/${app.version.replace(/0$/, "1")}`, `hotfix/${app.product}-urgent`])(
        rng,
        avoid,
      ),
  },
  {
    subject: "release build number",
    lookAlike: "nightly build number",
    key: "build_number",
    values: (rng, n) => {
      const start = rng.int(4100, 4800);
      return Array.from({ length: n }, (_, i) => `${start + i * rng.int(3, 11) + i}`);
    },
    other: (rng) => `${rng.int(5100, 5900)}`,
  },
  {
    subject: "widget bundle identifier",
    lookAlike: "intents bundle identifier",
    key: "widget_bundle_id",
    values: (rng, n, app) =>
      any(
        rng,
        [
          `com.${app.brand}.${app.product}.widget`,
          `com.${app.brand}.${app.product}.widgets`,
          `com.${app.brand}app.${app.product}.widget`,
        ],
        n,
      ),
    other: (_rng, _avoid, app) => `com.${app.brand}.${app.product}.intents`,
  },
];

/** A typo of `value` (two neighbouring characters swapped), none of `avoid`. */
export function typoOf(rng: Rng, value: string, avoid: readonly string[]): string {
  const spots = [...value]
    .map((_, i) => i)
    .filter((i) => {
      const a = value[i] ?? "";
      const b = value[i + 1] ?? "";
      return /[0-9a-z]/i.test(a) && /[0-9a-z]/i.test(b) && a !== b;
    });
  for (const i of rng.shuffle(spots)) {
    const typo = `${value.slice(0, i)}${value[i + 1] ?? ""}${value[i] ?? ""}${value.slice(i + 2)}`;
    if (!avoid.includes(typo) && typo !== value) {
      return typo;
    }
  }
  return `${value}x`;
}
