// Filler tool calls of the "sealed-6" compression family: long, realistic outputs of
// a mobile release session's tools (CI build logs, crash stack traces, app-store
// console JSON, CI YAML, crash tables, changelog diffs, team chat, feature flags).
// They never name a planted fact's subject. Used by corpora/compression-sealed-6.ts.
import type { App, Rng } from "./compression-sealed-6-facts.ts";
import { PEOPLE } from "./compression-sealed-6-lines.ts";

export interface ToolFiller {
  name: string;
  args: Record<string, unknown>;
  lead: string | null;
  output: string;
  /** The assistant's reading of the output. */
  after: string;
}

type Maker = (rng: Rng, app: App) => ToolFiller;

const hex = (rng: Rng, n: number) =>
  Array.from({ length: n }, () => "0123456789abcdef"[rng.int(0, 15)] ?? "0").join("");

const buildLog: Maker = (rng, app) => {
  const job = rng.int(18000, 19999);
  const steps = [
    "Resolving Swift package graph",
    "Fetching swift-collections 1.1.0",
    "Fetching swift-log 1.5.4",
    "Compiling CoreModels (142 files)",
    "Compiling Networking (87 files)",
    "Compiling FeatureCheckout (63 files)",
    "Compiling FeatureOnboarding (51 files)",
    "Linking App",
    "Processing Info.plist",
    "Copying 14 asset catalogs",
    "Running SwiftLint (warnings: 3)",
    "Signing with 'Apple Distribution: Release Team'",
    "Archiving to build/App.xcarchive",
    "Exporting IPA (method: app-store)",
    "Uploading dSYMs to crash reporting",
  ];
  const lines = [`Job ${job} on runner mac-m2-${rng.int(10, 40)} (pipeline ios-release)`];
  let t = 0;
  for (const step of steps) {
    t += rng.int(2, 40);
    lines.push(
      `[${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}] ${step}`,
    );
    if (step.startsWith("Compiling")) {
      const files = ["Store", "Reducer", "View", "ViewModel", "Client", "Mapper", "Cache", "Route"];
      for (const f of rng.shuffle(files).slice(0, rng.int(3, 7))) {
        lines.push(
          `  CompileSwift normal arm64 Sources/${step.split(" ")[1] ?? "App"}/${f}.swift (in target '${step.split(" ")[1] ?? "App"}')`,
        );
      }
    }
    if (rng.next() < 0.3) {
      lines.push(
        `  warning: ${rng.pick(["'UIApplication.shared.keyWindow' was deprecated", "unused variable 'cached'", "immutable value 'token' was never used"])} (${rng.pick(["AppDelegate.swift", "CartView.swift", "SyncService.swift"])}:${rng.int(10, 400)})`,
      );
    }
  }
  const failed = rng.next() < 0.2;
  lines.push(
    failed
      ? `error: Provisioning profile "${app.display} AppStore" has expired\n** ARCHIVE FAILED **`
      : `** ARCHIVE SUCCEEDED ** (${t}s)`,
  );
  return {
    name: "ci_build_log",
    args: { job, tail: 400 },
    lead: "Let me look at the latest CI job.",
    output: lines.join("\n"),
    after: failed
      ? "The archive failed on an expired provisioning profile; I'll ask for a renewed profile before retrying."
      : "The archive succeeded; only the usual lint warnings.",
  };
};

const stackTrace: Maker = (rng, app) => {
  const ios = rng.next() < 0.5;
  const frames = ios
    ? [
        `0   libswiftCore.dylib   0x${hex(rng, 12)} swift_unexpectedError + 352`,
        `1   ${app.product}        0x${hex(rng, 12)} CartViewModel.applyPromo(_:) + 244 (CartViewModel.swift:${rng.int(40, 300)})`,
        `2   ${app.product}        0x${hex(rng, 12)} closure #1 in CartView.body.getter + 96`,
        `3   SwiftUI             0x${hex(rng, 12)} ButtonAction.callAsFunction() + 28`,
        `4   UIKitCore           0x${hex(rng, 12)} -[UIApplication sendAction:to:from:forEvent:] + 100`,
        `5   CoreFoundation      0x${hex(rng, 12)} __CFRUNLOOP_IS_CALLING_OUT_TO_A_SOURCE0_PERFORM_FUNCTION__ + 28`,
        `6   GraphicsServices    0x${hex(rng, 12)} GSEventRunModal + 164`,
        `7   ${app.product}        0x${hex(rng, 12)} main + 40 (App.swift:12)`,
        "",
        "Thread 1:",
        `0   libsystem_kernel.dylib 0x${hex(rng, 12)} __workq_kernreturn + 8`,
        `1   libsystem_pthread.dylib 0x${hex(rng, 12)} _pthread_wqthread + 364`,
        "",
        "Thread 4 name: com.apple.NSURLConnectionLoader",
        `0   libsystem_kernel.dylib 0x${hex(rng, 12)} mach_msg2_trap + 8`,
        `1   CoreFoundation      0x${hex(rng, 12)} __CFRunLoopServiceMachPort + 160`,
        `2   CFNetwork           0x${hex(rng, 12)} +[__CFN_CoreSchedulingSetRunnable _run:] + 384`,
        `3   Foundation          0x${hex(rng, 12)} __NSThread__start__ + 716`,
      ]
    : [
        "java.lang.IllegalStateException: Fragment CheckoutFragment not attached to a context.",
        "    at androidx.fragment.app.Fragment.requireContext(Fragment.java:972)",
        `    at com.${app.brand}.${app.product}.checkout.CheckoutFragment.onPromoApplied(CheckoutFragment.kt:${rng.int(40, 300)})`,
        `    at com.${app.brand}.${app.product}.checkout.PromoSheet$bind$1.invokeSuspend(PromoSheet.kt:88)`,
        "    at kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
        "    at kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
        "    at android.os.Handler.handleCallback(Handler.java:958)",
        "    at android.os.Looper.loopOnce(Looper.java:205)",
        "    at android.os.Looper.loop(Looper.java:294)",
        "    at android.app.ActivityThread.main(ActivityThread.java:8177)",
        "    at java.lang.reflect.Method.invoke(Native Method)",
        "    at com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)",
        "    at com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)",
        "",
        `"DefaultDispatcher-worker-${rng.int(1, 8)}" daemon prio=5 tid=${rng.int(20, 60)} Waiting`,
        "    at java.lang.Object.wait(Native Method)",
        "    at kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.park(CoroutineScheduler.kt:838)",
      ];
  const id = `CL-${rng.int(1000, 9999)}`;
  return {
    name: "crash_issue_detail",
    args: { issue: id, platform: ios ? "ios" : "android" },
    lead: null,
    output: [
      `Issue ${id}: ${ios ? "EXC_BREAKPOINT in CartViewModel.applyPromo" : "IllegalStateException in CheckoutFragment"}`,
      `Events: ${rng.int(12, 900)}   Users: ${rng.int(8, 500)}   First seen: build ${ios ? "beta" : "internal"} ${rng.int(2, 9)}`,
      `Devices: ${ios ? "iPhone15,2 31%, iPhone14,5 22%, iPhone13,2 12%" : "Pixel 7 18%, SM-S911B 14%, moto g54 9%"}`,
      "",
      "Thread 0 (crashed):",
      ...frames,
      "",
      `Breadcrumbs: app.foreground > cart.open > promo.apply (code=${rng.pick(["WINTER", "FRIEND10", "SHIPFREE"])})`,
    ].join("\n"),
    after: `This looks like the promo sheet firing after the screen is gone; it is ${rng.pick(["not new", "new in this release", "rare but growing"])}.`,
  };
};

const buildsJson: Maker = (rng, app) => {
  const rows = Array.from({ length: rng.int(3, 6) }, (_, i) => {
    const state = rng.pick(["PROCESSING", "VALID", "VALID", "INVALID_BINARY", "EXPIRED"]);
    return `    { "id": "${hex(rng, 8)}-${hex(rng, 4)}", "platform": "${rng.pick(["IOS", "IOS", "TV_OS"])}", "minutesToProcess": ${rng.int(4, 60)}, "iconAssetToken": "${hex(rng, 16)}", "uploaded": "2026-11-${String(10 + i).padStart(2, "0")}T${rng.int(10, 23)}:0${rng.int(0, 9)}:00Z", "processingState": "${state}", "usesNonExemptEncryption": false }`;
  });
  return {
    name: "asc_list_builds",
    args: { app: `com.${app.brand}.${app.product}`, limit: rows.length },
    lead: "Checking what App Store Connect has processed.",
    output: [
      "{",
      '  "data": [',
      rows.join(",\n"),
      "  ],",
      `  "meta": { "paging": { "total": ${rows.length + rng.int(10, 80)} } }`,
      "}",
    ].join("\n"),
    after: "The newest upload is through processing; the older ones can be expired.",
  };
};

const ciYaml: Maker = (rng) => ({
  name: "repo_read_file",
  args: { path: ".ci/pipelines/android-release.yml" },
  lead: null,
  output: [
    "name: android-release",
    "on:",
    "  push:",
    "    tags: ['v*']",
    "jobs:",
    "  bundle:",
    "    runs-on: ubuntu-22.04",
    "    steps:",
    "      - uses: actions/checkout@v4",
    `      - uses: actions/setup-java@v4`,
    "        with: { distribution: temurin, java-version: '17' }",
    "      - run: ./gradlew bundleRelease --no-daemon --stacktrace",
    "      - run: ./gradlew uploadCrashlyticsMappingFileRelease",
    "      - uses: r0adkll/upload-google-play@v1",
    "        with:",
    "          track: internal",
    `          whatsNewDirectory: distribution/whatsnew`,
    `          status: ${rng.pick(["draft", "completed"])}`,
  ].join("\n"),
  after: "The Android lane uploads to the internal track as a draft first; promotion is manual.",
});

const crashTable: Maker = (rng) => {
  const rows = Array.from({ length: rng.int(4, 7) }, () => {
    const sig = rng.pick([
      "SIGABRT in SyncService.flush",
      "OutOfMemoryError in ImageDecoder",
      "EXC_BAD_ACCESS in PDFRenderer",
      "NullPointerException in PushReceiver",
      "Deadlock in KeychainStore",
      "ANR in MainActivity.onResume",
    ]);
    return `| ${sig} | ${rng.int(10, 2000)} | ${rng.int(5, 900)} | ${rng.pick(["new", "regressed", "known", "fixed?"])} |`;
  });
  return {
    name: "crash_top_issues",
    args: { window: "24h", limit: rows.length },
    lead: "Pulling the top crash groups for the last day.",
    output: ["| signature | events | users | status |", "|---|---|---|---|", ...rows].join("\n"),
    after: "Nothing alarming beyond what we already track.",
  };
};

const changelogDiff: Maker = (rng, app) => ({
  name: "repo_diff",
  args: { path: "CHANGELOG.md", ref: "main..HEAD" },
  lead: null,
  output: [
    "diff --git a/CHANGELOG.md b/CHANGELOG.md",
    `index ${hex(rng, 7)}..${hex(rng, 7)} 100644`,
    "--- a/CHANGELOG.md",
    "+++ b/CHANGELOG.md",
    "@@ -1,6 +1,12 @@",
    " # Changelog",
    " ",
    `+## ${app.version}`,
    "+",
    `+- ${rng.pick(["Faster cart loading on slow networks", "Redesigned receipt screen", "Offline drafts sync when you reconnect"])}`,
    `+- ${rng.pick(["Fixes a crash when applying a promo code", "Fixes widgets not refreshing after sign-out", "Fixes dark mode contrast in settings"])}`,
    "+- Accessibility: larger tap targets in checkout",
    "+",
    ` ## 4.0.${rng.int(1, 4)}`,
    " ",
    " - Fixes login loop on some Android 14 devices",
  ].join("\n"),
  after: "The changelog entry reads fine; I'd shorten the first bullet for the store text.",
});

const chatHistory: Maker = (rng) => {
  const lines = Array.from({ length: rng.int(8, 16) }, () => {
    const who = rng.pick(PEOPLE);
    const text = rng.pick([
      "TestFlight build installed fine on my 12 mini",
      "the de-DE screenshots still show the old tab bar",
      "QA signed off on the checkout regression suite",
      "anyone else seeing slow uploads to the Play Console?",
      "legal is ok with the new subscription wording",
      "support wants a heads-up before we go to 100 on anything",
      "review guideline 3.1.1 question came back, we're fine",
      "I can take the store listing copy",
    ]);
    return `[${rng.int(9, 18)}:${String(rng.int(0, 59)).padStart(2, "0")}] ${who}: ${text}`;
  });
  return {
    name: "chat_read_channel",
    args: { channel: rng.pick(["release-train", "mobile-qa", "app-store"]), limit: lines.length },
    lead: null,
    output: lines.join("\n"),
    after: "Nothing in the channel needs an action from us right now.",
  };
};

const flagList: Maker = (rng) => ({
  name: "flags_list",
  args: { project: "mobile", env: "production" },
  lead: "Listing the production flags.",
  output: JSON.stringify(
    {
      flags: [
        {
          key: "new_search_ranking",
          enabled: rng.next() < 0.5,
          rules: [{ segment: "staff", serve: true }],
        },
        {
          key: "receipt_redesign",
          enabled: true,
          rules: [{ segment: "all", serve: rng.next() < 0.5 }],
        },
        { key: "offline_drafts", enabled: false, rules: [] },
        { key: "promo_sheet_async", enabled: true, rules: [{ segment: "beta", serve: true }] },
      ],
      fetched_at: `2026-11-2${rng.int(0, 7)}T0${rng.int(1, 9)}:00:00Z`,
    },
    null,
    2,
  ),
  after: "Flags look as expected for the release.",
});

const reviewStatus: Maker = (rng, app) => ({
  name: "asc_review_status",
  args: { version: app.version },
  lead: null,
  output: JSON.stringify(
    {
      version: app.version,
      state: rng.pick([
        "WAITING_FOR_REVIEW",
        "IN_REVIEW",
        "PREPARE_FOR_SUBMISSION",
        "PENDING_DEVELOPER_RELEASE",
      ]),
      submittedBy: rng.pick(PEOPLE),
      attachments: ["demo-account.txt", "review-notes.md"],
      rejectionReasons: [],
    },
    null,
    2,
  ),
  after: "Review status noted; no rejection reasons on file.",
});

export const TOOL_FILLERS: readonly Maker[] = [
  buildLog,
  stackTrace,
  buildsJson,
  ciYaml,
  crashTable,
  changelogDiff,
  chatHistory,
  flagList,
  reviewStatus,
];
