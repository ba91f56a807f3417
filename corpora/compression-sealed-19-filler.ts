// Filler for the "sealed-19" family (a mobile app release session): tool outputs an
// agent sees while shepherding a release (CI logs, build settings, Fastlane runs, App
// Store Connect and Play Console JSON, crash dashboards, flag exports, Jira, Slack,
// release notes, plist and properties files) and the prose between them. None of it
// names a planted subject. Used by corpora/compression-sealed-19.ts.

type Rnd = () => number;

const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const hhmm = (rnd: Rnd) =>
  `${String(int(rnd, 8, 20)).padStart(2, "0")}:${String(int(rnd, 0, 60)).padStart(2, "0")}`;

function ciLog(rnd: Rnd): string {
  const tasks = [
    ":app:preBuild",
    ":core:compileReleaseKotlin",
    ":feature-cart:compileReleaseKotlin",
    ":app:mergeReleaseResources",
    ":app:minifyReleaseWithR8",
    ":app:bundleRelease",
    ":app:lintVitalRelease",
  ];
  return [
    `Run ./gradlew bundleRelease --stacktrace`,
    `Starting a Gradle Daemon (subsequent builds will be faster)`,
    ...tasks.map((t) => `> Task ${t}${rnd() > 0.6 ? " UP-TO-DATE" : ""}`),
    rnd() > 0.7
      ? `w: file:///home/runner/work/app/feature-cart/src/main/kotlin/CartViewModel.kt:${int(rnd, 20, 300)}:${int(rnd, 5, 40)} 'launchWhenStarted' is deprecated.`
      : `> Task :app:signReleaseBundle`,
    ``,
    `BUILD SUCCESSFUL in ${int(rnd, 2, 9)}m ${int(rnd, 0, 60)}s`,
    `${int(rnd, 300, 900)} actionable tasks: ${int(rnd, 40, 200)} executed, ${int(rnd, 100, 600)} up-to-date`,
  ].join("\n");
}

function buildSettings(rnd: Rnd): string {
  return [
    `$ xcodebuild -workspace Shop.xcworkspace -scheme Shop -showBuildSettings | grep -E 'PRODUCT|CODE_SIGN|SWIFT'`,
    `    CODE_SIGN_IDENTITY = Apple Distribution`,
    `    CODE_SIGN_STYLE = Manual`,
    `    DEVELOPMENT_TEAM = 7QX${int(rnd, 100, 999)}KLM2`,
    `    PRODUCT_BUNDLE_IDENTIFIER = com.acme.shop`,
    `    PRODUCT_NAME = Shop`,
    `    PROVISIONING_PROFILE_SPECIFIER = match AppStore com.acme.shop`,
    `    SWIFT_OPTIMIZATION_LEVEL = -O`,
    `    SWIFT_VERSION = 5.0`,
    `    SWIFT_STRICT_CONCURRENCY = ${pick(rnd, ["minimal", "targeted"])}`,
  ].join("\n");
}

function pilotUpload(rnd: Rnd): string {
  const t = hhmm(rnd);
  return [
    `[${t}:01]: Ready to upload new build to TestFlight (App: ${int(rnd, 1_000_000_000, 1_999_999_999)})...`,
    `[${t}:03]: Going to upload updated app to App Store Connect`,
    `[${t}:03]: This might take a few minutes. Please don't interrupt the script.`,
    `[${t}:${String(int(rnd, 10, 59))}]: Successfully uploaded package to App Store Connect. It might take a few minutes until it's visible online.`,
    `[${t}:59]: Waiting for processing on App Store Connect... (${int(rnd, 2, 14)} min)`,
    `[${t}:59]: Build processing completed, distributing to groups: Internal QA, Design`,
  ].join("\n");
}

function ascJson(rnd: Rnd): string {
  return JSON.stringify(
    {
      data: {
        type: "appStoreVersions",
        id: `${int(rnd, 10_000_000, 99_999_999)}`,
        attributes: {
          platform: "IOS",
          appStoreState: pick(rnd, ["PREPARE_FOR_SUBMISSION", "WAITING_FOR_REVIEW", "IN_REVIEW"]),
          releaseType: "AFTER_APPROVAL",
          earliestReleaseDate: null,
          downloadable: true,
          createdDate: `2026-04-${String(int(rnd, 1, 28)).padStart(2, "0")}T09:14:22-07:00`,
        },
        relationships: { appStoreVersionPhasedRelease: { data: null }, build: { data: null } },
      },
      links: { self: "https://api.appstoreconnect.apple.com/v1/appStoreVersions/…" },
    },
    null,
    2,
  );
}

function playJson(rnd: Rnd): string {
  return JSON.stringify(
    {
      track: pick(rnd, ["internal", "alpha", "beta"]),
      releases: [
        {
          name: `Train ${int(rnd, 30, 60)}`,
          versionCodes: [`${int(rnd, 900_000, 999_999)}`],
          status: pick(rnd, ["completed", "draft", "halted"]),
          releaseNotes: [{ language: "en-US", text: "Bug fixes and performance improvements." }],
        },
      ],
    },
    null,
    2,
  );
}

function crashCsv(rnd: Rnd): string {
  const rows = ["iOS", "Android"].flatMap((os) =>
    ["store", "beta"].map(
      (ch) =>
        `${os},${ch},${int(rnd, 20_000, 400_000)},${(97 + rnd() * 2.9).toFixed(2)},${(rnd() * 0.9).toFixed(2)}`,
    ),
  );
  return ["platform,channel,sessions_24h,crash_free_pct,anr_pct", ...rows].join("\n");
}

function flagExport(rnd: Rnd): string {
  return JSON.stringify(
    {
      environment: "production",
      exportedAt: `2026-04-${String(int(rnd, 1, 28)).padStart(2, "0")}T${hhmm(rnd)}:00Z`,
      flags: [
        { key: "search_suggestions_v3", enabled: rnd() > 0.5, variations: 2 },
        { key: "dark_mode_promo", enabled: false, variations: 2 },
        { key: "wishlist_sync", enabled: true, targets: ["staff", "beta"] },
      ],
    },
    null,
    2,
  );
}

function jiraSearch(rnd: Rnd): string {
  const rows = [
    ["Bug", "Crash on cold start when offline (iOS)", "In Progress"],
    ["Bug", "Price label truncated in German", "Open"],
    ["Task", "Regenerate App Preview videos", "Done"],
    ["Bug", "Back gesture closes the cart sheet on Pixel 6", "In Review"],
    ["Story", "Apple privacy manifest for analytics SDK", "Done"],
  ];
  return [
    `KEY       TYPE   SUMMARY                                            STATUS`,
    ...rows.map(
      ([type, summary, status]) =>
        `MOB-${int(rnd, 3000, 3999)}  ${(type ?? "").padEnd(6)} ${(summary ?? "").padEnd(50)} ${status}`,
    ),
  ].join("\n");
}

function qaThread(rnd: Rnd): string {
  const lines = [
    "regression pass on iPad mini looks clean",
    "deep links from the push campaign open the wrong tab on Android 12",
    "can't repro the keyboard overlap anymore, closing",
    "TestFlight build expired for the design group, can someone re-add them",
    "found a layout glitch in RTL on the order history screen",
    "payments sandbox is flaky again, retrying",
  ];
  const who = ["mei.lin", "oscar.delgado", "qa-bot", "hanna.kowalczyk"];
  return [
    "#mobile-qa — thread",
    ...Array.from({ length: 5 }, () => `[${hhmm(rnd)}] ${pick(rnd, who)}: ${pick(rnd, lines)}`),
  ].join("\n");
}

function releaseNotes(rnd: Rnd): string {
  return [
    "## What's New (draft, en-US)",
    "",
    "- Faster checkout with saved cards",
    `- Fixed ${int(rnd, 3, 12)} crashes reported by you`,
    "- Order tracking now shows courier updates in real time",
    "- Accessibility improvements across the app",
    "",
    `Character count: ${int(rnd, 180, 390)} / 4000`,
  ].join("\n");
}

function plistAndProps(rnd: Rnd): string {
  return rnd() > 0.5
    ? [
        "<key>CFBundleDisplayName</key>",
        "<string>Shop</string>",
        "<key>NSCameraUsageDescription</key>",
        "<string>Scan barcodes to find products faster.</string>",
        "<key>ITSAppUsesNonExemptEncryption</key>",
        "<false/>",
        "<key>UIRequiredDeviceCapabilities</key>",
        "<array><string>arm64</string></array>",
      ].join("\n")
    : [
        "# gradle.properties",
        "android.useAndroidX=true",
        "android.nonTransitiveRClass=true",
        `kotlin.daemon.jvmargs=-Xmx${int(rnd, 1, 3)}g`,
        "org.gradle.caching=true",
        "org.gradle.parallel=true",
        `org.gradle.workers.max=${int(rnd, 2, 8)}`,
      ].join("\n");
}

function gitLog(rnd: Rnd): string {
  const msgs = [
    "fix(cart): guard against empty promo codes",
    "chore(deps): bump firebase-crashlytics to latest",
    "feat(orders): courier updates in tracking view",
    "ci: cache DerivedData between jobs",
    "l10n: import translations from Crowdin",
    "fix(ios): keyboard overlap on the address form",
  ];
  return Array.from(
    { length: 5 },
    () => `${int(rnd, 0x1000000, 0xfffffff).toString(16)} ${pick(rnd, msgs)}`,
  ).join("\n");
}

const TOOLS: readonly {
  name: string;
  args: (rnd: Rnd) => Record<string, unknown>;
  out: (rnd: Rnd) => string;
}[] = [
  { name: "ci_logs", args: (r) => ({ job: `android-release-${int(r, 100, 999)}` }), out: ciLog },
  { name: "run_shell", args: () => ({ cmd: "xcodebuild -showBuildSettings" }), out: buildSettings },
  { name: "run_shell", args: () => ({ cmd: "bundle exec fastlane ios beta" }), out: pilotUpload },
  { name: "asc_api", args: () => ({ path: "/v1/apps/shop/appStoreVersions" }), out: ascJson },
  { name: "play_api", args: () => ({ path: "edits/tracks" }), out: playJson },
  { name: "crash_dashboard", args: () => ({ window: "24h", format: "csv" }), out: crashCsv },
  { name: "flags_export", args: () => ({ env: "production" }), out: flagExport },
  {
    name: "jira_search",
    args: () => ({ jql: "project = MOB AND fixVersion = next" }),
    out: jiraSearch,
  },
  { name: "slack_history", args: () => ({ channel: "mobile-qa", limit: 5 }), out: qaThread },
  {
    name: "read_file",
    args: () => ({ path: "fastlane/metadata/en-US/release_notes.txt" }),
    out: releaseNotes,
  },
  { name: "read_file", args: () => ({ path: "config files" }), out: plistAndProps },
  { name: "run_shell", args: () => ({ cmd: "git log --oneline -5" }), out: gitLog },
];

/** A filler tool call: its name, arguments and output. */
export function fillerTool(rnd: Rnd): { name: string; args: Record<string, unknown>; out: string } {
  const tool = pick(rnd, TOOLS);
  return { name: tool.name, args: tool.args(rnd), out: tool.out(rnd) };
}

const USER_LINES = [
  "Can you pull the latest CI run for the Android bundle?",
  "QA says the smoke pass is almost done.",
  "What does the crash dashboard look like for the last day?",
  "Let's get the TestFlight build to the design group too.",
  "Did the screenshots job finish?",
  "Check whether the privacy manifest warning is still there.",
  "Product wants the release notes shorter, can you trim them?",
  "I'm in meetings for the next hour, keep going without me.",
  "Any new Jira bugs tagged for this release?",
  "The localisation vendor just delivered the German strings.",
  "Please double-check the signing setup on the CI runner.",
  "Okay, thanks.",
  "Looks good to me.",
  "Is the Play Console edit still open from yesterday?",
];

const ASSISTANT_LINES = [
  "Pulling that now.",
  "The build went green on the second attempt; the first failed on a flaky UI test.",
  "I'll open the Play Console edit and check the track status.",
  "The crash numbers look steady, nothing new in the top ten issues.",
  "I trimmed the release notes to four bullets and kept the accessibility line.",
  "The privacy manifest warning is gone after the SDK bump.",
  "I re-ran the screenshot lane; the iPad frames were missing before.",
  "There are two new bugs tagged for this release, both minor UI issues.",
  "I'll wait for QA before touching anything on the store side.",
  "Signing on the runner uses the match repository; the profiles are current.",
  "Processing on App Store Connect usually takes ten to twenty minutes.",
  "Noted, I'll add that to the release log.",
];

/** A few sentences of everyday user or assistant talk. */
export function chatter(rnd: Rnd, role: "user" | "assistant"): string {
  const pool = role === "user" ? USER_LINES : ASSISTANT_LINES;
  return Array.from({ length: int(rnd, 1, 4) }, () => pick(rnd, pool)).join(" ");
}
