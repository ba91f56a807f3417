// The prose of the "sealed-33" compression family (an etch-module night shift): what the
// process engineer types between requests and what the agent answers around the planted
// sentences, each planted line on a line of its own. Used by corpora/compression-sealed-33.ts.

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

export const USER_CHATTER = [
  "PM2 paused again on the first wafer of the lot, can you look?",
  "Integration wants the dense CD trend before the morning review.",
  "The tech says the monitors are loaded for the requal.",
  "I have about forty minutes before the next lot lands on the gate etch.",
  "Don't change anything in RMS yourself, just tell me what you see.",
  "Litho rework is coming back tonight, so the queue will spike around three.",
  "Marek thinks it's the RF match, I'm not convinced.",
  "Check the FDC log for the last two hours on PM2 please.",
  "Is the ECN still sitting with QA or did it go through?",
  "The chiller on ETX-09 is running warm, keep an eye on it in the alarms.",
  "Pull the lot history for whatever is on hold at the gate step.",
  "Write this up for the pass-down when we're done.",
  "Ok.",
  "Thanks, that matches what the tech saw on the screen.",
  "Let's not touch the seasoning recipe tonight.",
  "What does the SPC chart look like since the wet clean?",
  "Coffee run, back in ten.",
  "Can you sort the alarm log by chamber when you get a chance?",
  "The CD-SEM queue is long tonight, measurements will lag.",
  "If QA asks, we followed the OCAP to the letter.",
  "Is PM1 idle or just waiting on WIP?",
  "Keep the pass-down short, days never read past the first screen.",
  "I need the lot IDs in the hold, not the count.",
  "Marek wants the RF logs for the last shift, can you pull them later?",
];

export const ASSISTANT_CHATTER = [
  "The last two FDC trips on PM2 were both on the reflected power sensor during the first second of the main etch.",
  "The dense CD chart has eight points above center line in a row, which is a WE2 run, not yet a limit violation.",
  "I only read from RMS and MES; nothing was changed.",
  "The lot history shows the wafers went through the ash step within the window.",
  "The ECN is in review with two approvals; QA and integration have not signed yet.",
  "The Cpk on the iso lines is fine; the dense lines are the concern.",
  "PM4 is still down for the match swap, so PM1 and PM2 carry the gate etch tonight.",
  "I'll put that in the pass-down draft under open items.",
  "The qualification monitors show the etch rate uniformity within spec after the clean.",
  "Nothing in the alarm log points at the chiller yet; the wall temperature deviation stays small.",
  "The released revision and the traveller printout differ only in the header date.",
  "Three lots are queued at the gate etch step, all GX28-LP.",
  "Understood.",
  "Here is what the export shows.",
  "The alarm log is sorted by time; the PAUSE actions are all on PM2.",
  "No WE1 violations in the window, only the one WE2 run.",
  "The MES history shows no skipped steps between litho and etch for that lot.",
  "The ECN attachments include a before and after SPC plot; I have not opened the spreadsheet.",
  "Noted, I will keep it out of the pass-down until it is signed.",
  "The qualification report disposition is release with a monitor lot.",
  "Two of the FDC records are INFO only and need no action.",
];

/** A prose turn: a little chatter around the planted lines, each on its own line. */
export function proseTurn(rnd: Rnd, chatter: readonly string[], planted: string[][]): string {
  const said = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, chatter)).filter(
    (line, k, all) => all.indexOf(line) === k,
  );
  const at = Math.floor(rnd() * (said.length + 1));
  const lines = [...said.slice(0, at), ...planted.flat(), ...said.slice(at)];
  return lines.join(rnd() < 0.5 ? "\n" : "\n\n");
}
