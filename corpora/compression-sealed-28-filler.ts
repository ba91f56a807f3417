// Prose of the "sealed-28" family (satellite ground-station and flight-dynamics
// shift): what the spacecraft controller and the flight-dynamics engineer say between
// planted facts, what the agent says before and after its tool calls, and the system
// prompt. None of it names a planted subject or a pooled value. Used by
// corpora/compression-sealed-28.ts.
import type { ToolName } from "./compression-sealed-28-tools.ts";

export const SYSTEM_PROMPT =
  "You are the operations assistant for the ORB-7 Earth-observation satellite. You help the " +
  "spacecraft controller and the flight-dynamics engineer on shift: pass planning, telemetry " +
  "limits, command plans, link budgets, ground-station bookings and anomaly tickets. Use the " +
  "tools, quote what they return, and never uplink anything without the controller's go.";

export const USER_CHATTER: readonly string[] = [
  "Morning, I'm on console until 18:00.",
  "Can you pull the pass list for the next few orbits?",
  "The last HK dump had a gap around eclipse entry, not sure why.",
  "Let's not touch the payload schedule until the customer confirms.",
  "FD wants another tracking arc before they sign anything off.",
  "Check the bookings for tomorrow, I think one got released by the provider.",
  "Wheel 2 is still noisy, keep the ticket open.",
  "I need the plan validated before the next uplink opportunity.",
  "Did the ranging data from the last pass come in?",
  "Remind me to update the handover notes before I leave.",
  "The antenna at the northern site had a drive fault yesterday.",
  "Keep an eye on the battery during the long eclipse season.",
  "That link budget looks tight at low elevation.",
  "I'll ping the station provider about the invoice later.",
  "Let's go through the open anomaly tickets one by one.",
  "Quick sanity check before I release the plan.",
  "Thanks, that's what I expected.",
  "Hold on, the console is asking me to re-login.",
  "Can you diff the ops config against yesterday's release?",
  "The customer asked for an extra image over the test site.",
];

export const ASSISTANT_CHATTER: readonly string[] = [
  "All passes in the window have a confirmed booking.",
  "No limit violations in the last six hours of housekeeping.",
  "The plan validates against the constraint checker with no warnings.",
  "Residuals are within the usual band for this solution.",
  "Two passes overlap on the same antenna; I flagged them for you.",
  "The ticket has no new comments since this morning.",
  "I'll keep the summary short so it fits in the handover.",
  "The chat export shows nothing unusual apart from the coffee machine.",
  "The link closes with some margin at the lowest pass.",
  "I did not change anything; this is read-only.",
  "The command count matches the plan header.",
  "Let me know if you want me to draft the email to the provider.",
  "That matches the attitude telemetry from the previous orbit.",
  "The booking system shows one tentative slot that still needs a confirmation.",
];

/** What the agent says when it calls `tool`. */
export const CALL_PREAMBLE: Record<ToolName, readonly string[]> = {
  pass_schedule: ["Pulling the pass schedule.", "Checking the upcoming passes."],
  tlm_limits: ["Reading the limits table.", "Let me look at the current limit set."],
  station_booking: ["Querying the station booking system.", "Checking the bookings."],
  od_report: ["Fetching the latest orbit determination report.", "Opening the OD report."],
  cmd_plan: ["Opening the command plan.", "Reading the plan file."],
  anomaly_tracker: ["Looking up the anomaly ticket.", "Checking the tracker."],
  ops_chat_export: ["Exporting the ops chat.", "Reading back the console channel."],
  mail_search: ["Searching the shift mailbox.", "Looking for the email."],
  config_diff: ["Diffing the ops config.", "Checking what changed in ops-config."],
  link_budget: ["Running the link budget.", "Computing the link budget for that pass."],
};
