// Filler turns of the "sealed-13" family (a fleet dispatch session): dispatcher and
// agent chatter, and tool output from the TMS, telematics, the dock schedule, the
// customs portal, the incident tracker, the driver app and the mailbox. Filler never
// names a planted subject together with a value; mentions name one without a value.
// Used by corpora/compression-sealed-13.ts.
import { BlockBuilder, clock, intIn, pickOf, type Block } from "./compression-sealed-13-kit.ts";

const USER_LINES = [
  "Morning. Let's get the evening wave planned before the carriers call.",
  "Can you check where truck 14 is? The customer keeps calling.",
  "Two drivers called in sick, so we need to re-plan the Antwerp loads.",
  "The warehouse says door 7 is blocked by a broken forklift.",
  "Please draft a reply to the customer about the delayed pallets.",
  "What does telematics say about fuel on the Leipzig units?",
  "I need the list of loads still without a carrier.",
  "Has the broker released the container from yesterday's vessel?",
  "Okay, thanks. Next item.",
  "Let's not touch the weekend plan until Friday.",
  "The finance team wants the waiting-time charges for October.",
  "Did anyone confirm the tail-lift for the Ghent delivery?",
  "Keep the messages to drivers short, they read them on the road.",
  "Who is covering the late shift tonight?",
];

const ASSISTANT_LINES = [
  "Done. I have updated the load plan and notified the carrier.",
  "Truck 14 is on the A12 near Gouda, about 40 minutes out.",
  "I re-assigned two of the Antwerp loads to the subcontractor pool.",
  "I moved the door 7 bookings to door 9 for the rest of the day.",
  "Here is a draft reply; have a look before I send it.",
  "Three loads are still unassigned; I have asked two carriers for quotes.",
  "The broker says the container is still under inspection.",
  "I will keep an eye on it and report back after the next telematics ping.",
  "No changes needed on the weekend plan so far.",
  "The waiting-time export is ready in the shared folder.",
  "The tail-lift for Ghent is confirmed by the carrier.",
  "I have sent the route update to the drivers in the app.",
];

/** Sentences that name a subject without stating any value of it. */
const MENTIONS: readonly ((s: string) => string)[] = [
  (s) => `Can you double-check the ${s} before I confirm anything to the customer?`,
  (s) => `The driver asked me about the ${s} again; I pointed him to the app.`,
  (s) => `We should write the ${s} into the onboarding notes for new planners.`,
];

const CITIES = ["Antwerp", "Leipzig", "Ghent", "Utrecht", "Lille", "Duisburg", "Venlo", "Liege"];

function tmsLoads(rnd: () => number): string {
  const rows = Array.from({ length: 5 }, () => {
    const from = pickOf(rnd, CITIES);
    const to = pickOf(rnd, CITIES);
    return `| L-${intIn(rnd, 10000, 99999)} | ${from} | ${to} | ${intIn(rnd, 4, 33)} pallets | ${pickOf(rnd, ["planned", "assigned", "in transit", "unassigned"])} |`;
  });
  return ["| load | from | to | size | status |", "|---|---|---|---|---|", ...rows].join("\n");
}

function telematics(rnd: () => number): string {
  return Array.from({ length: 6 }, () => {
    const unit = `TRK-${intIn(rnd, 10, 99)}`;
    const kind = pickOf(rnd, ["position", "fuel", "hos", "door", "speed"]);
    const detail =
      kind === "position"
        ? `lat=${(50 + rnd() * 3).toFixed(4)} lon=${(3 + rnd() * 4).toFixed(4)}`
        : kind === "fuel"
          ? `level=${intIn(rnd, 12, 98)}pct`
          : kind === "hos"
            ? `driving_left=${intIn(rnd, 30, 540)}min`
            : kind === "door"
              ? `rear=${pickOf(rnd, ["open", "closed"])}`
              : `kmh=${intIn(rnd, 0, 90)}`;
    return `${clock(rnd)}:${String(intIn(rnd, 10, 59))} ${unit} ${kind} ${detail}`;
  }).join("\n");
}

function dockSchedule(rnd: () => number): string {
  const rows = Array.from({ length: 4 }, () => {
    return `door ${intIn(rnd, 1, 12)}, slot ${clock(rnd)}, ${pickOf(rnd, CITIES)} inbound, ${intIn(rnd, 6, 33)} pallets`;
  });
  return ["dock schedule (today):", ...rows].join("\n");
}

function customsPortal(rnd: () => number): string {
  return JSON.stringify(
    {
      declarations: Array.from({ length: 2 }, () => ({
        mrn: `26NL${intIn(rnd, 100000, 999999)}`,
        status: pickOf(rnd, ["released", "under inspection", "documents requested"]),
        container: `MSKU${intIn(rnd, 1000000, 9999999)}`,
      })),
    },
    null,
    2,
  );
}

function incidentList(rnd: () => number): string {
  return Array.from(
    { length: 3 },
    () =>
      `INC-${intIn(rnd, 4000, 6999)}  ${pickOf(rnd, ["damaged pallet", "late arrival", "reefer alarm", "missing POD", "wrong address"])}  ${pickOf(rnd, ["open", "resolved", "waiting on carrier"])}`,
  ).join("\n");
}

function driverMessages(rnd: () => number): string {
  const lines = [
    "stuck in traffic, maybe 20 min late",
    "unloaded, heading back",
    "customer wants a signature on paper",
    "taking my break now",
    "gate closed, calling the site",
  ];
  return Array.from(
    { length: 3 },
    () =>
      `[${clock(rnd)}] ${pickOf(rnd, ["Marek", "Ioana", "Pieter", "Luca"])}: ${pickOf(rnd, lines)}`,
  ).join("\n");
}

function inbox(rnd: () => number): string {
  const subjects = [
    "Invoice query October",
    "Pallet exchange balance",
    "Request for proof of delivery",
    "New contact for bookings",
    "Complaint: damaged goods",
  ];
  return Array.from(
    { length: 3 },
    () =>
      `${clock(rnd)}  ${pickOf(rnd, ["Nordvik Retail", "Castell Foods", "Valdes Fruit"])}  ${pickOf(rnd, subjects)}`,
  ).join("\n");
}

const TOOLS: readonly [string, string, (rnd: () => number) => string][] = [
  ["tms.loads", "Listing the open loads.", tmsLoads],
  ["telematics.events", "Pulling the latest telematics events.", telematics],
  ["wms.dock_schedule", "Checking the dock schedule.", dockSchedule],
  ["customs.status", "Checking the customs portal.", customsPortal],
  ["incidents.list", "Listing open incidents.", incidentList],
  ["driverapp.inbox", "Reading new driver messages.", driverMessages],
  ["mail.inbox", "Checking the shared mailbox.", inbox],
];

/** One filler block: a user or assistant turn, or a tool call with its output. */
export function fillerBlock(
  rnd: () => number,
  callId: () => string,
  subjects: readonly string[],
  proseOnly = false,
): Block {
  const r = proseOnly ? 0.5 + rnd() * 0.5 : rnd();
  const b = new BlockBuilder();
  if (r < 0.42) {
    const [name, intro, out] = pickOf(rnd, TOOLS);
    return b.tool({ callId }, intro, name, { at: clock(rnd) }, out(rnd)).block;
  }
  if (r < 0.47) {
    return b.user(pickOf(rnd, MENTIONS)(pickOf(rnd, subjects))).block;
  }
  const lines = Array.from({ length: intIn(rnd, 1, 4) }, () =>
    pickOf(rnd, r < 0.75 ? USER_LINES : ASSISTANT_LINES),
  );
  return r < 0.75 ? b.user(lines.join(" ")).block : b.assistant(lines.join(" ")).block;
}
