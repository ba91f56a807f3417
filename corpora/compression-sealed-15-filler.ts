// Background beats of the "sealed-15" compression family: the chatter and tool output
// of a book production session (title searches, typesetting logs, vendor job status,
// feed validation, proof tracker lists, rights lookups, calendar, mail) that name no
// planted subject. Used by corpora/compression-sealed-15.ts to pad the transcript.
import { call, say, type Beat, type Kit } from "./compression-sealed-15-beat.ts";

const USER_LINES = [
  "Can you check whether the jacket copy went to the sales team yet?",
  "Hannah wants the acknowledgements moved to the back matter.",
  "The author sent a new dedication; it is in the shared folder.",
  "Let's not touch the index until the second pass comes back.",
  "Keiko asked if the galleys can go out to reviewers next week.",
  "Is the barcode artwork the latest one from the designer?",
  "The permissions log has two blank rows, can you see who owns them?",
  "Please do not send anything to retailers before I say so.",
  "We are behind on chapter 12 corrections, the author is travelling.",
  "Can you summarise what the typesetter changed in the last build?",
  "Rafael says the vendor portal was slow all morning.",
  "The audiobook narrator wants a pronunciation guide for the place names.",
  "Sales want a one-page tip sheet by Thursday.",
  "Ok, thanks. Moving on to the endpapers.",
  "Remind me which retailers reject feeds without a cover image.",
];

const ASSISTANT_LINES = [
  "I checked the shared folder; the newest manuscript file is from Tuesday evening.",
  "The feed validator flagged one warning about a missing contributor bio, nothing blocking.",
  "I have queued the corrections from chapters 4 to 7 for the typesetter.",
  "The build finished; widows and orphans are down to three across the book.",
  "I will draft the tip sheet from the catalogue copy and send it to you first.",
  "The vendor portal shows the job in prepress, waiting on final files.",
  "Two permissions requests are still pending a reply from the estate.",
  "I compared the two proofs; the only differences are in the running heads.",
  "The retailer portal accepted the last feed with no errors.",
  "I added the narrator's questions to the pronunciation sheet.",
  "Chapter 9 has a long table that breaks across pages; I asked for a landscape spread.",
  "Noted. I will not send anything to retailers until you confirm.",
  "The cover files are CMYK at 300 dpi, which matches the printer's checklist.",
  "I opened a ticket for the broken cross-reference in the notes section.",
];

const CHAPTERS = ["front matter", "ch01", "ch02", "ch05", "ch08", "ch11", "ch14", "back matter"];

function typesetLog(k: Kit): string {
  return [
    `$ make proof`,
    ...CHAPTERS.slice(0, k.int(4, 8)).map(
      (c) =>
        `[${k.clock()}:${String(k.int(10, 59))}] INFO  typeset ${c}: ${k.int(8, 40)} pp, ${k.int(0, 4)} overfull boxes`,
    ),
    `[${k.clock()}:59] WARN  hyphenation exception list has ${k.int(2, 9)} unknown words`,
    `build ok in ${k.int(40, 200)}s`,
  ].join("\n");
}

function vendorStatus(k: Kit): string {
  return [
    `Job LBM-${k.int(40000, 49999)} · status: ${k.pick(["prepress", "awaiting files", "plating", "on press"])}`,
    `files received: ${k.int(1, 4)} of 4`,
    `preflight: ${k.int(0, 3)} warnings (image resolution, bleed)`,
    `contact: ${k.pick(["Marta Silva", "Owen Reyes"])}, customer service`,
  ].join("\n");
}

function feedValidation(k: Kit): string {
  return [
    `<ValidationReport records="${k.int(1, 6)}">`,
    `  <Warning code="W${k.int(100, 300)}">ContributorBio missing for contributor ${k.int(1, 3)}</Warning>`,
    `  <Info>Subject codes: FIC${k.int(10000, 99999)}, FIC${k.int(10000, 99999)}</Info>`,
    `  <Result>accepted</Result>`,
    `</ValidationReport>`,
  ].join("\n");
}

function proofList(k: Kit): string {
  return [
    `open tickets: ${k.int(5, 30)}`,
    ...Array.from(
      { length: 4 },
      () =>
        `PRF-${k.int(100, 400)}  ${k.pick(["typo", "style", "query", "layout"])}  ch${String(k.int(1, 20)).padStart(2, "0")}  ${k.pick(["open", "fixed", "wontfix", "author query"])}`,
    ),
  ].join("\n");
}

function rightsLookup(k: Kit): string {
  return [
    `rights_db: ${k.int(2, 7)} grants for work SA-2027-041`,
    `  serial rights: ${k.pick(["retained", "granted to The Atlantic", "not licensed"])}`,
    `  translation (DE): ${k.pick(["optioned", "available"])}`,
    `  film/TV: available`,
  ].join("\n");
}

function mailbox(k: Kit): string {
  return [
    `inbox (${k.int(3, 12)} unread)`,
    `  ${k.clock()}  Keiko Sato      Re: tip sheet draft`,
    `  ${k.clock()}  Marta Silva     Prepress question on endpapers`,
    `  ${k.clock()}  Hannah Vo       chapter 12 corrections`,
  ].join("\n");
}

const TOOLS: readonly { tool: string; lead: string; out: (k: Kit) => string }[] = [
  { tool: "typeset_build", lead: "Running a proof build.", out: typesetLog },
  { tool: "vendor_portal_job", lead: "Checking the job status at the printer.", out: vendorStatus },
  { tool: "metadata_feed_validate", lead: "Validating the retailer feed.", out: feedValidation },
  { tool: "proof_tracker_list", lead: "Listing the proof tickets.", out: proofList },
  { tool: "rights_db_lookup", lead: "Looking up the rights grants.", out: rightsLookup },
  { tool: "mail_list", lead: "Checking the production inbox.", out: mailbox },
];

/** One background beat: mostly tool exchanges (two messages), sometimes a prose message. */
export function fillerBeat(k: Kit, prose: boolean): Beat {
  if (prose) {
    const user = k.rnd() < 0.5;
    const pool = user ? USER_LINES : ASSISTANT_LINES;
    const content = Array.from({ length: k.int(1, 4) }, () => k.pick(pool)).join(" ");
    return { messages: [say(user ? "user" : "assistant", content)] };
  }
  const t = k.pick(TOOLS);
  return { messages: [call(t.tool, { step: k.int(1, 999) }, t.lead, t.out(k))] };
}
