// Prose filler of the "sealed-18" compression family (corpora/compression-sealed-18.ts): what an
// adjuster, her team lead and the agent say to each other during a hurricane claims surge, and the
// names, claim numbers and timestamps the family's forms and tool output share. None of it names a
// planted subject; corpora/compression-sealed-18-tools.ts writes the tool output about other claims.

const FIRST_NAMES: Record<string, string> = {
  Okonkwo: "Adaeze",
  Brandt: "Henrik",
  Castellano: "Lucia",
  Pruitt: "Dwayne",
  Lindgren: "Astrid",
  Delacroix: "Remy",
  Whitfield: "Carol",
  Nakamura: "Kenji",
  Reyes: "Marisol",
  Abernathy: "Gordon",
  Hollis: "June",
  Ferreira: "Paulo",
  Quinlan: "Siobhan",
  Galloway: "Trent",
  Sorensen: "Nils",
  Bellamy: "Odette",
  Kowalczyk: "Marta",
};

export const insuredName = (surname: string) => `${FIRST_NAMES[surname] ?? "Pat"} ${surname}`;

/** A stable claim number per surname, outside every planted claim-number value. */
export function claimNumber(surname: string): string {
  let h = 7;
  for (const c of surname) {
    h = (h * 31 + (c.codePointAt(0) ?? 0)) % 4999;
  }
  return `PC-2611-${String(5000 + h).padStart(5, "0")}`;
}

const two = (n: number) => String(n).padStart(2, "0");
/** A timestamp in the week after landfall, "11/24 14:10". */
export const stamp = (rnd: () => number) =>
  `11/${20 + Math.floor(rnd() * 10)} ${two(7 + Math.floor(rnd() * 12))}:${two(Math.floor(rnd() * 60))}`;

export const OTHER_INSUREDS = [
  "Adeyemi",
  "Boucher",
  "Chen",
  "Dvorak",
  "Esposito",
  "Fitzgerald",
  "Gustafsson",
  "Hargreaves",
  "Ibarra",
  "Jovanovic",
  "Kaur",
  "Lacroix",
  "Moreau",
  "Nwosu",
  "Ortega",
  "Petrakis",
  "Rasmussen",
  "Szabo",
  "Trujillo",
  "Vance",
];
export const ADJUSTERS = [
  "D. Whitcombe",
  "R. Osei",
  "M. Takeda",
  "G. Soto",
  "P. Raman",
  "J. Lindahl",
];
export const STATUSES = ["OPEN", "OPEN", "INSP-SCHED", "AWAIT-EST", "PAY-PEND", "CLOSED-NP"];
export const PERILS = ["Wind", "Wind/Rain", "Hail", "Tree fall", "Storm surge (excl?)"];

export const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;
export const int = (rnd: () => number, lo: number, hi: number) =>
  lo + Math.floor(rnd() * (hi - lo));
export const money = (n: number) => `$${n.toLocaleString("en-US")}`;

export const USER_CHATTER = [
  "Morning. Queue is at 214 open claims for Odessa and I have 31 of them.",
  "Can you pull the next one on my list?",
  "The insured called twice already, she's upset about the tarp bill.",
  "Marcus wants the weekly CAT summary by 4pm, so let's move.",
  "Mortgagee letters still need to go out on the Lacroix file.",
  "I'm on the road to a reinspection, answer in short bullets please.",
  "The IA firm sent a batch of estimates overnight, about 40 PDFs.",
  "Ok, next claim.",
  "That's fine for now, I'll diary a follow-up for Thursday.",
  "Can you draft a short email to the insured explaining the next steps?",
  "Don't send anything yet, I want to read it first.",
  "The contractor keeps calling about the supplement, I'll deal with it later.",
  "Coverage looks fine on that one, no exclusions hit.",
  "Remind me what the flood companion process is for surge losses?",
  "The portal is slow again, took three tries to log in.",
  "Let's batch the small ones under the fast-track rules.",
  "I'll be in the bridge call from 2 to 3, keep going without me.",
  "Good, that matches what I saw on site.",
  "Can you double-check the photos got attached to the right claim?",
  "Jo is covering my Ibarra file while I'm in the field tomorrow.",
  "Flag anything that looks like a duplicate payment.",
  "We still don't have the engineer's report on the Moreau chimney.",
  "Marcus says no overtime this weekend unless the queue goes above 250.",
  "That fraud hit on the Kaur claim is just the prior-claim rule, it was a 2019 hail claim.",
  "Back from lunch. Where were we?",
  "The roofer on the Szabo job wants to start before we've seen the decking, I said no.",
  "Please keep the emails to insureds short, they're getting a lot of paper from us.",
  "Which of my claims haven't had contact in the last 72 hours?",
  "I need the ALE receipts summarised for the ones in hotels.",
  "Insured on the Vance file says the tree belonged to the neighbour. Subro?",
  "Honestly the storm surge ones are going to be a fight.",
  "Can you check whether the IA's estimate used the November price list?",
  "Thanks, that's what I needed.",
  "Hold that one, the insured is sending more photos tonight.",
  "Marcus asked for a count of claims still waiting on a tarp.",
  "The Rasmussen insured wants to use her own contractor, that's fine.",
];

export const ASSISTANT_CHATTER = [
  "Pulling that up now.",
  "Done. I attached the photos to the claim and added a diary note.",
  "Here is a short summary of what changed since yesterday.",
  "The estimate lines look consistent with the field sketch; two items need a second look.",
  "I drafted the email below; nothing is sent until you say so.",
  "The claims API rate-limited me once, the retry went through.",
  "I'll keep the small claims together so they can go through fast-track.",
  "No coverage issues jumped out, but the surge exclusion may come up on the flood side.",
  "I checked the mailbox: three new emails from the IA firm, none urgent.",
  "The contractor's overhead and profit line is 10 and 10, which matches the guideline.",
  "The photos show granule loss on the south slope and two missing ridge caps.",
  "I set a diary reminder for Thursday at 9.",
  "That claim is already closed without payment; reopening needs a team lead note.",
  "The fraud screen ran clean apart from the address-match rule.",
  "Weather verification shows sustained winds above 70 mph at that ZIP on landfall day.",
  "I compared the two estimates; the difference is mostly the interior paint scope.",
  "Next on your list is a tree-fall claim with no structural damage reported.",
  "I can prepare the weekly summary table whenever you're ready.",
  "Noted, I won't send anything to the insured without your review.",
  "The IA estimate uses the current price list for this ZIP.",
  "There are two diary items overdue on your list; both are mortgagee letters.",
  "The tarp invoice is higher than the guideline rate, so I flagged it for review.",
  "I could not find a signed proof of loss in the file yet.",
  "The engineer's report has not been uploaded; the last note says it is scheduled.",
  "Subrogation looks unlikely there: the tree was on the insured's own lot per the photos.",
  "Understood. Moving on to the next claim in the queue.",
];

const OPENERS = [
  (r: () => number) =>
    `Next up: ${pick(r, OTHER_INSUREDS)}, ${pick(r, PERILS).toLowerCase()}, status ${pick(r, STATUSES)}.`,
  (r: () => number) => `The ${pick(r, OTHER_INSUREDS)} insured sent ${int(r, 3, 40)} more photos.`,
  (r: () => number) => `${pick(r, ADJUSTERS)} closed ${int(r, 2, 12)} claims yesterday.`,
  (r: () => number) =>
    `Queue count right now: ${int(r, 180, 260)} open, ${int(r, 10, 60)} awaiting estimates.`,
];

/** One to three distinct chatter sentences for a user or assistant turn. */
export function chatter(rnd: () => number, role: "user" | "assistant"): string[] {
  const list = role === "user" ? USER_CHATTER : ASSISTANT_CHATTER;
  const out = new Set<string>();
  const want = int(rnd, 1, 4);
  if (rnd() < 0.25) {
    out.add(pick(rnd, OPENERS)(rnd));
  }
  while (out.size < want) {
    out.add(pick(rnd, list));
  }
  return [...out];
}
