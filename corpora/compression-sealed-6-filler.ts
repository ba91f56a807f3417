// Chatter of the "sealed-6" compression family: the release manager's and the
// agent's everyday exchanges (screenshots, store text, QA, reviews), and mentions that
// name a planted fact's subject without stating any value. Used by
// corpora/compression-sealed-6.ts.
import type { App, Rng } from "./compression-sealed-6-facts.ts";

const ASKS = [
  "Can you check whether the ja-JP screenshots made it into the latest upload?",
  "Is the what's-new text under 170 characters in every locale?",
  "Did QA finish the checkout regression pass?",
  "Anything from TestFlight testers overnight?",
  "Remind me where we landed on the subscription wording.",
  "Do we need a new demo account for review, or does the old one still work?",
  "Has anyone replied about the privacy nutrition labels?",
  "What's left before we can submit?",
  "Can you draft the post for the support team?",
  "Is the Play Console listing still showing last release's promo graphic?",
  "How long did the last review take?",
  "Are the dSYMs uploaded for the last archive?",
];

const ANSWERS = [
  "Yes, all six locales are there; de-DE had a stale tab bar which I re-exported.",
  "Two locales run long: pt-BR and de-DE. I trimmed them to fit without losing the promo line.",
  "QA signed off this morning with two minor visual bugs filed for the next sprint.",
  "Quiet night: three feedback reports, all about the new receipt layout, none blocking.",
  "Legal approved the wording that mentions the trial length up front.",
  "The old demo account still works; I reset its password and updated the review notes.",
  "Not yet. I'll nudge them in the channel after lunch.",
  "Store text, the final archive and the go/no-go call, in that order.",
  "Drafted: it covers the new receipt screen, the promo fix and who to page if tickets spike.",
  "It is; I swapped in the new graphic and saved it as a draft for you to publish.",
  "About 26 hours from submission to approval, which is typical for this time of year.",
  "Yes, the upload step reported every dSYM as processed.",
];

const MENTIONS = [
  (s: string) => `Can you double-check the ${s} before we submit?`,
  (s: string) => `Let's not touch the ${s} without telling the channel first.`,
  (s: string) => `Who decides the ${s} these days?`,
  (s: string) => `Add the ${s} to the go/no-go checklist.`,
  (s: string) => `I want the ${s} written down somewhere other than chat.`,
];

const MENTION_ANSWERS = [
  "Will do, I'll keep it on the checklist.",
  "Agreed, I'll flag any change there in the channel.",
  "It's in the release tracker; I'll keep that page current.",
  "Sure, noted.",
];

const ASIDES = [
  "Coffee break, back in ten.",
  "Ok, moving on.",
  "Thanks, that helps.",
  "Good. Next item.",
  "Let's keep going.",
];

/** One user/assistant exchange; `subject`, when given, is mentioned without a value. */
export function chatter(rng: Rng, app: App, subject?: string): [string, string] {
  if (subject !== undefined) {
    return [rng.pick(MENTIONS)(subject), rng.pick(MENTION_ANSWERS)];
  }
  if (rng.next() < 0.15) {
    return [rng.pick(ASIDES), rng.pick(["Sure.", "Ok.", "Ready when you are."])];
  }
  const i = rng.int(0, ASKS.length - 1);
  const answer = ANSWERS[i] ?? "Done.";
  const extra =
    rng.next() < 0.4
      ? `\n${rng.pick([
          `I also left a note on the ${app.version} tracker page.`,
          "I'll re-check after the next CI run.",
          "Nothing else stood out.",
        ])}`
      : "";
  return [ASKS[i] ?? "Status?", `${answer}${extra}`];
}

/** The system prompt of the session. */
export function systemPrompt(app: App): string {
  return [
    `You are the release agent for ${app.display} (iOS and Android), version ${app.version}.`,
    "Tools: App Store Connect and Play Console (asc_*), CI (ci_*), crash reporting (crash_*),",
    "feature flags (flags_*), the release repository (repo_*), the release tracker and team chat (chat_*).",
    "Confirm before any change that reaches users. Keep the release tracker current.",
  ].join("\n");
}
