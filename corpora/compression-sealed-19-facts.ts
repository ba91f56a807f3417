// The sixteen planted facts of the "sealed-19" compression family (a mobile app
// release and store-submission session): each subject, its look-alike and a pool of
// values. A seed draws a fact's values, its look-alike's value and its decoy values
// (rejected proposals, typos) from the same pool, so they never collide. Used by
// corpora/compression-sealed-19.ts and its test.

export interface FactDef {
  subject: string;
  lookAlike: string;
  /** Seven distinct values; none is another's prefix under the bench's word rule. */
  pool: readonly string[];
}

export const FACT_DEFS: readonly FactDef[] = [
  {
    subject: "release candidate build number",
    lookAlike: "release candidate build number on the enterprise channel",
    pool: ["4127", "4133", "4140", "4152", "4118", "4161", "4109"],
  },
  {
    subject: "marketing version string",
    lookAlike: "marketing version string of the watchOS companion",
    pool: ["5.14.0", "5.14.1", "5.15.0", "5.13.2", "5.16.0", "5.14.2", "6.0.0"],
  },
  {
    subject: "phased rollout percentage",
    lookAlike: "phased rollout percentage for the Wear OS app",
    pool: ["1%", "2%", "5%", "10%", "20%", "50%", "100%"],
  },
  {
    subject: "crash-free sessions gate",
    lookAlike: "crash-free sessions gate for the beta cohort",
    pool: ["99.5%", "99.2%", "99.7%", "99.0%", "98.8%", "99.8%", "99.3%"],
  },
  {
    subject: "App Store review contact",
    lookAlike: "App Store review contact for the enterprise account",
    pool: [
      "Dana Whitfield",
      "Marcus Oyelaran",
      "Ingrid Solberg",
      "Teodor Vasile",
      "Keiko Arai",
      "Samir Haddad",
      "Lucia Ferreira",
    ],
  },
  {
    subject: "minimum supported iOS version",
    lookAlike: "minimum supported iOS version of the share extension",
    pool: ["iOS 15.0", "iOS 16.0", "iOS 16.4", "iOS 17.0", "iOS 14.5", "iOS 15.4", "iOS 17.2"],
  },
  {
    subject: "minimum Android SDK level",
    lookAlike: "minimum Android SDK level for the TV module",
    pool: ["API 24", "API 26", "API 28", "API 23", "API 29", "API 21", "API 31"],
  },
  {
    subject: "release branch cut date",
    lookAlike: "release branch cut date for the hotfix train",
    pool: ["April 14", "April 16", "April 21", "April 9", "April 23", "April 28", "May 5"],
  },
  {
    subject: "submission freeze time",
    lookAlike: "submission freeze time for localisation strings",
    pool: [
      "17:00 UTC",
      "15:00 UTC",
      "19:30 UTC",
      "12:00 UTC",
      "16:30 UTC",
      "21:00 UTC",
      "14:00 UTC",
    ],
  },
  {
    subject: "release captain",
    lookAlike: "release captain for the web checkout",
    pool: [
      "Tomasz Wilk",
      "Aisha Bello",
      "Rui Tanaka",
      "Noor Siddiqui",
      "Fergus Doyle",
      "Yelena Marsh",
      "Kwame Asante",
    ],
  },
  {
    subject: "distribution certificate expiry date",
    lookAlike: "distribution certificate expiry date of the in-house enterprise team",
    pool: [
      "2027-02-11",
      "2027-09-30",
      "2028-01-15",
      "2026-12-19",
      "2027-06-04",
      "2027-11-22",
      "2028-03-08",
    ],
  },
  {
    subject: "ANR rate threshold",
    lookAlike: "ANR rate threshold for low-RAM devices",
    pool: ["0.47%", "0.35%", "0.40%", "0.60%", "0.30%", "0.25%", "0.45%"],
  },
  {
    subject: "checkout_v2 flag rollout",
    lookAlike: "checkout_v2 flag rollout in the Brazil storefront",
    pool: [
      "10 percent",
      "25 percent",
      "40 percent",
      "5 percent",
      "60 percent",
      "15 percent",
      "75 percent",
    ],
  },
  {
    subject: "Gradle daemon heap size",
    lookAlike: "Gradle daemon heap size on the macOS runners",
    pool: ["4 GB", "6 GB", "8 GB", "3 GB", "12 GB", "5 GB", "10 GB"],
  },
  {
    subject: "pinned Xcode version",
    lookAlike: "pinned Xcode version for the UI test runners",
    pool: [
      "Xcode 15.4",
      "Xcode 16.1",
      "Xcode 16.2",
      "Xcode 15.2",
      "Xcode 16.0",
      "Xcode 15.3",
      "Xcode 16.3",
    ],
  },
  {
    subject: "blocking Jira ticket",
    lookAlike: "blocking Jira ticket for the Android release",
    pool: ["MOB-4412", "MOB-4431", "MOB-4457", "MOB-4398", "MOB-4470", "MOB-4389", "MOB-4503"],
  },
];

/** Every value any seed can plant, for the test's distinctness check. */
export const ALL_POOL_VALUES: readonly string[] = FACT_DEFS.flatMap((f) => f.pool);

/** People who speak in Slack exports and Jira comments; none is a planted value. */
export const SPEAKERS: readonly string[] = [
  "priya.raman",
  "jonas.eberle",
  "mei.lin",
  "oscar.delgado",
  "hanna.kowalczyk",
  "qa-bot",
  "femi.adeyemi",
  "sofia.marchetti",
];
