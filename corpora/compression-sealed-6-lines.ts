// Surrounding lines for the "sealed-6" compression family's tool outputs: the rest of
// a release config file, a CI log, a team-chat channel, an audit log, a release
// tracker and a checklist, so that a planted line sits somewhere inside a long,
// realistic output. No line names a planted fact's subject. Used by
// corpora/compression-sealed-6-forms.ts.
import type { App, Rng } from "./compression-sealed-6-facts.ts";

export const PEOPLE = ["priya", "tomas", "aiko", "dmitri", "wen", "lucia", "kofi", "marit"];

/** `line` placed at a seeded position among `n` lines made by `make`. */
export function around(rng: Rng, line: string, n: number, make: (k: number) => string): string[] {
  const at = rng.int(Math.min(2, n), n);
  const out = Array.from({ length: n }, (_, k) => make(k));
  out.splice(at, 0, line);
  return out;
}

/** Like `around`, with `body` given the bracketed timestamp of the line before it. */
export function aroundStamped(
  rng: Rng,
  body: string,
  n: number,
  make: (k: number) => string,
): string[] {
  const out = around(rng, "\u0000", n, make);
  const at = out.indexOf("\u0000");
  const stamp = /^\[[^\]]*\]/.exec(out[at - 1] ?? "")?.[0] ?? "";
  out[at] = `${stamp} ${body}`.trim();
  return out;
}

const YAML = [
  "  locales: [en-US, de-DE, ja-JP, pt-BR, fr-FR, es-MX]",
  "  team_id: 8QX2K7L4ZD",
  "  scheme: AppRelease",
  "  configuration: Release",
  "  export_method: app-store",
  "  testflight_groups: [qa-core, staff, external-beta]",
  "  changelog_path: CHANGELOG.md",
  "  whatsnew_dir: distribution/whatsnew",
  "  screenshots_dir: fastlane/screenshots",
  "  phased_release: true",
  "  auto_increment: false",
  "  slack_channel: '#release-train'",
  "  crash_reporting_upload: true",
  "  strip_debug_symbols: true",
  "  gradle_task: bundleRelease",
  "  play_track_promotion: manual",
  "  review_notes: distribution/review-notes.md",
  "  demo_account_secret: vault://mobile/review-demo",
];

export function yamlLines(rng: Rng): (k: number) => string {
  const picked = rng.shuffle(YAML);
  return (k) => picked[k % picked.length] ?? "";
}

const LOG_STEPS = [
  "Resolving Swift package graph",
  "Fetching swift-collections",
  "Fetching swift-log",
  "Reading provisioning profiles from match repo",
  "Decrypting certificates",
  "Installing certificate 'Apple Distribution'",
  "Reading config/release.yml",
  "Checking CHANGELOG.md has an entry for this version",
  "Validating what's new text lengths",
  "Verifying export compliance flag",
  "Checking Info.plist keys",
  "Checking entitlements for app groups",
  "Linting localisations (6 locales)",
  "Computing dependency checksums",
  "Warming the derived data cache",
];

export function logLines(rng: Rng): (k: number) => string {
  let t = rng.int(4, 8);
  return (k) => {
    t += rng.int(1, 9);
    const step = LOG_STEPS[k % LOG_STEPS.length] ?? "";
    return `[00:${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}] ${step}${rng.next() < 0.3 ? " ... ok" : ""}`;
  };
}

const CHAT = [
  "TestFlight feedback is quiet so far",
  "screenshots for ja-JP are re-exported",
  "QA is halfway through the checkout suite",
  "support macros for the new receipt screen are live",
  "does anyone have the review demo password?",
  "Play Console says the bundle is still processing",
  "legal ok'd the subscription copy",
  "going to lunch, back at 1",
  "the promo code crash is fixed on main",
  "marketing wants the store video next week, not this one",
  "thanks all",
  "ack",
];

export function chatLines(rng: Rng): (k: number) => string {
  let minute = rng.int(0, 20);
  return (k) => {
    minute += rng.int(1, 14);
    const hh = 9 + Math.floor(minute / 60);
    return `[${hh}:${String(minute % 60).padStart(2, "0")}] ${rng.pick(PEOPLE)}: ${CHAT[(k + minute) % CHAT.length] ?? ""}`;
  };
}

const AUDIT = [
  "session.start actor=release-bot",
  "build.upload actor=ci platform=ios",
  "build.upload actor=ci platform=android",
  "testflight.group.add actor=release-bot group=external-beta",
  "listing.update actor=priya locale=de-DE",
  "listing.update actor=wen locale=ja-JP",
  "review.notes.update actor=tomas",
  "session.end actor=release-bot",
];

export function auditLines(rng: Rng): (k: number) => string {
  const day = rng.int(20, 27);
  return (k) =>
    `2026-11-${day}T${String(8 + Math.floor(k / 4)).padStart(2, "0")}:${String((k * 7) % 60).padStart(2, "0")}:0${k % 10}Z audit ${AUDIT[k % AUDIT.length] ?? ""}`;
}

const TRACKER = [
  ["marketing copy locked", "yes", "docs"],
  ["privacy labels reviewed", "yes", "legal"],
  ["what's new text", "final", "docs"],
  ["age rating", "4+", "asc"],
  ["export compliance", "exempt", "legal"],
  ["review demo account", "reset", "support"],
  ["screenshots (6 locales)", "uploaded", "asc"],
  ["support macros", "live", "support"],
  ["status page draft", "ready", "sre"],
  ["go/no-go meeting", "booked", "pm"],
];

export function trackerRows(rng: Rng): (k: number) => string {
  const picked = rng.shuffle(TRACKER);
  return (k) => {
    const [item, value, source] = picked[k % picked.length] ?? ["", "", ""];
    return `| ${item} | ${value} | ${rng.pick(PEOPLE)} | ${source} |`;
  };
}

export function checklistRows(rng: Rng, app: App): (k: number) => string {
  const picked = rng.shuffle(TRACKER);
  return (k) => {
    const [item, value, source] = picked[k % picked.length] ?? ["", "", ""];
    return `    { "label": "${item}", "value": "${value}", "source": "${source}", "app": "${app.product}" },`;
  };
}
