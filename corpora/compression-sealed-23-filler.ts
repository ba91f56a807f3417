// The filler of the "sealed-23" family (a magazine issue going to press): the
// managing editor's and the agent's chatter, and the tool documents a close
// session reads (Slack exports, CMS records, printer's proof notes, flatplans,
// fact-check reports, budget sheets, ad grids, style rulings, word counts).
// None of it names a planted subject. Used by corpora/compression-sealed-23.ts.
import type { ToolKind } from "./compression-sealed-23-forms.ts";

type Rnd = () => number;
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const clock = (rnd: Rnd) =>
  `${String(int(rnd, 7, 23)).padStart(2, "0")}:${String(int(rnd, 0, 60)).padStart(2, "0")}`;

export const USER_CHATTER: readonly string[] = [
  "ok.",
  "Where are we on the well pages?",
  "Can you pull the latest from the CMS before the 2pm?",
  "The features desk is late again, nudge them.",
  "I need a clean list of what's still open before I talk to the EIC.",
  "Did the copy desk finish the second read on the climate package?",
  "Check the Slack thread, I think Priya answered already.",
  "Don't touch the masthead, that's Colette's.",
  "Photo desk says the toning is done on the food spread.",
  "Can you run the word counts again? Something looks off on the books page.",
  "Let's not reopen the headline fight, it's fine.",
  "Send me the proof notes when they land.",
  "Who owns the caption for the opener on the travel well?",
  "Give me the short version.",
  "thanks",
  "Legal wants another look at the pull quotes in the housing piece.",
  "Hold the letters page until I hear back from the reader in Duluth.",
  "Remind me what the style guide says about em dashes in headlines.",
  "The app team is asking for the export again.",
  "Is the crossword in? Last month it came in at midnight.",
  "I'm in the budget meeting for twenty minutes, keep going.",
  "Fine, go with the shorter dek.",
  "Check whether the TOC page numbers still line up after the last move.",
  "Ping the research desk about the chart sources.",
];

export const AGENT_CHATTER: readonly string[] = [
  "Pulling the current issue record from the CMS.",
  "I'll check the Slack export for anything after your last message.",
  "Running word counts on everything marked ready for copy.",
  "The TOC page numbers match the flatplan except the letters page, which moved one spread.",
  "Copy desk has signed off on seven of the nine features; the climate package and the books page are still in second read.",
  "I've added the open items to the rundown doc under 'Tonight'.",
  "The photo desk uploaded hi-res files for the food spread; all are CMYK and 300 dpi.",
  "Two captions are missing credits on the travel well; I've flagged them to the photo desk.",
  "Nothing new from legal since 11:40.",
  "The style guide's ruling is no spaced em dashes, including in headlines.",
  "The crossword came in and passed the solver check.",
  "I'll re-export for the app team once the last story clears copy.",
  "Research confirmed both chart sources; the footnotes are in the CMS now.",
  "The dek on the housing piece runs two lines over on the tablet layout.",
  "Letters page is on hold as you asked.",
  "The budget meeting notes aren't in the shared drive yet.",
  "I'll check the proof notes against the flatplan when they arrive.",
  "That headline fits at 72 points but breaks badly at 66.",
  "No change on the masthead; Colette's edits from Tuesday are already in.",
  "Pushing the updated rundown to the shared drive.",
];

const STORIES = [
  "climate-package",
  "housing-squeeze",
  "food-spread",
  "books-roundup",
  "travel-well",
  "letters",
  "crossword",
  "mayor-profile",
  "tech-column",
  "obituaries",
];
const PEOPLE = ["priya.nair", "dev.raman", "colette.b", "hugo.lindgren", "sunita.p", "owen.t"];
const CHAT = [
  "copy on the housing piece is back, two queries for the writer",
  "anyone have the hi-res for the opener?",
  "toning done on the food spread",
  "books page still 40 lines long",
  "legal wants the pull quote on p. 3 of the housing piece softened",
  "TOC proof looks right to me",
  "crossword is in",
  "who is on late desk tonight?",
  "app export failed again, retrying",
  "writer signed off on the trims",
  "caption credits missing on two travel images",
  "research says chart 2 source is fine",
];

function slack(rnd: Rnd): string[] {
  return Array.from(
    { length: int(rnd, 4, 9) },
    () => `[${clock(rnd)}] ${pick(rnd, PEOPLE)}: ${pick(rnd, CHAT)}`,
  );
}

function cms(rnd: Rnd): string[] {
  const story = pick(rnd, STORIES);
  return [
    `issue: 2026-12`,
    `story: ${story}`,
    `status: ${pick(rnd, ["in copy", "ready for layout", "held", "placed", "second read"])}`,
    `words: ${int(rnd, 300, 5200)}`,
    `pages: ${int(rnd, 1, 9)}`,
    `revision: r${int(rnd, 2, 40)}`,
    `last_editor: ${pick(rnd, PEOPLE)}`,
  ];
}

function proof(rnd: Rnd): string[] {
  return [
    `From: prepress@harrowgateprint.example`,
    `Subject: Meridian Dec issue, proof round ${int(rnd, 1, 4)}`,
    ``,
    `Hi all,`,
    `Soft proofs for signatures ${int(rnd, 1, 6)}-${int(rnd, 6, 12)} are on the portal.`,
    `Note ${int(rnd, 1, 9)}: ink density on p. ${int(rnd, 10, 120)} is over 300%, please check the dark photo.`,
    `Note ${int(rnd, 1, 9)}: bleed on the opener is short by 1/16".`,
    `Thanks, Harrowgate prepress`,
  ];
}

function flatplan(rnd: Rnd): string[] {
  const rows = Array.from({ length: int(rnd, 5, 10) }, () => {
    const page = int(rnd, 2, 130);
    return `p.${String(page).padStart(3, "0")}  ${pick(rnd, STORIES).padEnd(16)} ${pick(rnd, ["ED", "AD", "ED/AD"])}  ${pick(rnd, ["final", "in proof", "open"])}`;
  });
  return [`FLATPLAN  Meridian 2026-12  v${int(rnd, 3, 19)}`, ...rows];
}

function factcheck(rnd: Rnd): string[] {
  const story = pick(
    rnd,
    STORIES.filter((s) => s !== "mayor-profile"),
  );
  return [
    `Fact-check report: ${story}`,
    `claims checked: ${int(rnd, 12, 80)}   fixed: ${int(rnd, 0, 6)}   open: ${int(rnd, 0, 3)}`,
    `checker: ${pick(rnd, PEOPLE)}`,
    `note: spelling of a source's surname corrected in graf ${int(rnd, 2, 30)}`,
  ];
}

function budget(rnd: Rnd): string[] {
  return [
    `line,item,amount,status`,
    ...Array.from(
      { length: int(rnd, 3, 7) },
      (_, i) =>
        `${i + 1},${pick(rnd, ["illustration", "stock images", "courier", "overtime", "translation", "map licence"])},${int(rnd, 120, 4800)},${pick(rnd, ["approved", "pending"])}`,
    ),
  ];
}

function adgrid(rnd: Rnd): string[] {
  return [
    `AD GRID 2026-12`,
    ...Array.from(
      { length: int(rnd, 3, 7) },
      () =>
        `p.${int(rnd, 2, 130)}  ${pick(rnd, ["full page", "half horizontal", "third vertical", "spread"])}  ${pick(rnd, ["Northgate Outdoor", "Vellum Books", "Arden Clinics", "Sable Coffee", "Corran Hotels"])}  ${pick(rnd, ["material in", "awaiting material", "booked"])}`,
    ),
  ];
}

function style(rnd: Rnd): string[] {
  return [
    `Style guide ruling #${int(rnd, 100, 400)}`,
    pick(rnd, [
      "Use 'percent' in text, '%' in charts and tables.",
      "Spell out numbers one through nine except in ages and measurements.",
      "Courtesy titles are dropped on second reference.",
      "Headlines use sentence case; the kicker takes small caps.",
    ]),
  ];
}

function wordcount(rnd: Rnd): string[] {
  return [
    `story               words   target   over`,
    ...Array.from({ length: int(rnd, 4, 8) }, () => {
      const target = int(rnd, 3, 40) * 100;
      const words = target + int(rnd, -200, 300);
      return `${pick(rnd, STORIES).padEnd(18)} ${String(words).padStart(6)}   ${String(target).padStart(6)}   ${words > target ? "yes" : "no"}`;
    }),
  ];
}

export type FillerKind = ToolKind | "factcheck" | "budget" | "adgrid" | "style" | "wordcount";
export const FILLER_KINDS: readonly FillerKind[] = [
  "slack",
  "cms",
  "proof",
  "flatplan",
  "factcheck",
  "budget",
  "adgrid",
  "style",
  "wordcount",
];

/** The tool each document comes from, as the assistant calls it. */
export const TOOL_NAMES: Record<FillerKind, string> = {
  slack: "slack_export",
  cms: "cms_get_record",
  proof: "read_email",
  flatplan: "flatplan_export",
  factcheck: "factcheck_report",
  budget: "sheets_read",
  adgrid: "ad_grid",
  style: "style_guide_search",
  wordcount: "word_count",
};

const BUILDERS: Record<FillerKind, (rnd: Rnd) => string[]> = {
  slack,
  cms,
  proof,
  flatplan,
  factcheck,
  budget,
  adgrid,
  style,
  wordcount,
};

/** A tool document of `kind` with `planted` lines placed together at a random spot inside it. */
export function toolDocument(kind: FillerKind, rnd: Rnd, planted: readonly string[]): string {
  const body = BUILDERS[kind](rnd);
  const at = planted.length === 0 ? body.length : 1 + Math.floor(rnd() * body.length);
  return [...body.slice(0, at), ...planted, ...body.slice(at)].join("\n");
}

export const chatClock = clock;
