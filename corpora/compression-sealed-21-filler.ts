// Filler of the "sealed-21" family (university course administration): user and
// assistant chatter and tool output (gradebook CSV, timetable CSV, room booking
// JSON, extension emails, Teams chat, plagiarism summaries, exam board minutes,
// rubric YAML, QA forms). None of it names a planted subject. Used by
// corpora/compression-sealed-21.ts.

type Rnd = () => number;
const n = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

const FIRST_NAMES = [
  "Aisha",
  "Tom",
  "Mei",
  "Kwame",
  "Sofia",
  "Liam",
  "Zara",
  "Oskar",
  "Nadia",
  "Ben",
];
const LAST_NAMES = [
  "Patel",
  "Hughes",
  "Chen",
  "Mensah",
  "Rossi",
  "Byrne",
  "Khan",
  "Nilsson",
  "Ali",
  "Ward",
];
const ROOMS = ["Ellen Wilkinson C2.14", "Crawford House 1.12", "Samuel Alexander A7", "Simon 3.40"];

export const USER_CHATTER = [
  "Morning. Lots to get through before the exam board on Thursday.",
  "Can you pull the latest gradebook export and check for blanks?",
  "The timetabling team haven't replied yet, I'll chase them.",
  "Let's do the extension requests next, there are a few new ones in the inbox.",
  "Please check the plagiarism summary for anything above the usual flags.",
  "I need the room bookings for week 9 confirmed today.",
  "Could you draft a reply to the student, polite but firm?",
  "Okay, that looks right. Move on to the next one.",
  "Hang on, the external wants the moderation pack by Friday.",
  "Can you check the rubric file still parses after my edit?",
  "The QA office wants the annual monitoring form filled in before Christmas.",
  "Thanks, that's really helpful.",
  "Let's pause the emails and look at the timetable clash.",
  "I'm in a meeting until two, carry on with the marks reconciliation.",
];

export const ASSISTANT_CHATTER = [
  "Checked. Three students have blank marks for the second component; I've listed them below.",
  "The rubric file parses cleanly and all criteria sum to 100.",
  "I've drafted the reply and left it in your drafts folder for review.",
  "The week 9 bookings are all confirmed except one, which is still provisional.",
  "No clashes with the core modules this time, only an optional module overlap.",
  "I've reconciled the marks against the spreadsheet; two rounding differences, both under 0.5.",
  "The extension request has the right evidence attached, so it can go to the panel.",
  "I'll keep a running list of actions for the board so nothing gets lost.",
  "The moderation pack has the scripts, the marking grid and the marker comments.",
  "That student already has an approved mitigating circumstances claim on file.",
];

function studentId(rnd: Rnd): string {
  return `1${n(rnd, 0, 10)}${String(n(rnd, 100000, 999999))}`;
}

function person(rnd: Rnd): string {
  return `${pick(rnd, FIRST_NAMES)} ${pick(rnd, LAST_NAMES)}`;
}

function gradebookCsv(rnd: Rnd): string {
  const rows = ["Student ID,Surname,Forename,CW1 (40%),Exam (60%),Overall,Flag"];
  for (let i = 0; i < 8; i++) {
    const cw = n(rnd, 28, 86);
    const ex = n(rnd, 22, 88);
    const overall = Math.round(cw * 0.4 + ex * 0.6);
    rows.push(
      `${studentId(rnd)},${pick(rnd, LAST_NAMES)},${pick(rnd, FIRST_NAMES)},${cw},${ex},${overall},${overall < 40 ? "REFER" : ""}`,
    );
  }
  return rows.join("\n");
}

function timetableCsv(rnd: Rnd): string {
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri"];
  const rows = ["activity,day,start,end,weeks,room,staff"];
  for (let i = 0; i < 6; i++) {
    const start = n(rnd, 9, 17);
    rows.push(
      `PSY20${n(rnd, 10, 60)}/${pick(rnd, ["LEC", "SEM", "LAB"])}/0${n(rnd, 1, 4)},${pick(rnd, days)},${start}:00,${start + 1}:00,1-5;7-12,${pick(rnd, ROOMS)},${pick(rnd, LAST_NAMES)}`,
    );
  }
  return rows.join("\n");
}

function bookingJson(rnd: Rnd): string {
  return JSON.stringify(
    {
      booking_id: `RB-${n(rnd, 10000, 99999)}`,
      room: pick(rnd, ROOMS),
      week: n(rnd, 1, 13),
      status: pick(rnd, ["confirmed", "provisional", "released"]),
      requested_by: person(rnd),
      layout: pick(rnd, ["lecture", "exam rows", "cabaret"]),
      av: { projector: true, lecture_capture: rnd() > 0.3 },
    },
    null,
    2,
  );
}

function extensionEmail(rnd: Rnd): string {
  const who = person(rnd);
  return [
    `From: ${who} <${who.split(" ")[0]?.toLowerCase()}.${studentId(rnd)}@student.example.ac.uk>`,
    `Subject: Extension request - PSY2041 coursework`,
    ``,
    `Dear Dr Rahman,`,
    `I have been unwell since last week and have a GP letter (attached). Would it be possible`,
    `to have some extra time on the essay? I have spoken to my personal tutor about it.`,
    `Kind regards,`,
    who,
  ].join("\n");
}

function teamsChat(rnd: Rnd): string {
  return [
    `[${n(rnd, 8, 12)}:${n(rnd, 10, 59)}] ${person(rnd)}: has anyone got the marker allocation sheet?`,
    `[${n(rnd, 12, 15)}:${n(rnd, 10, 59)}] ${person(rnd)}: it's in the shared drive under Assessment/2026`,
    `[${n(rnd, 15, 18)}:${n(rnd, 10, 59)}] ${person(rnd)}: thanks, I'll start on batch ${n(rnd, 2, 9)} tomorrow`,
  ].join("\n");
}

function similaritySummary(rnd: Rnd): string {
  const rows = ["submission_id | student | overall_match | top_source"];
  for (let i = 0; i < 5; i++) {
    rows.push(
      `SUB-${n(rnd, 100000, 999999)} | ${studentId(rnd)} | ${n(rnd, 2, 61)}% | ${pick(rnd, ["internet", "student paper", "publication", "none"])}`,
    );
  }
  return rows.join("\n");
}

function minutesExtract(rnd: Rnd): string {
  return [
    `Exam Board (Psychology, Level 5) - draft minutes`,
    `1. Apologies: ${person(rnd)}, ${person(rnd)}`,
    `2. Minutes of the previous meeting were approved as an accurate record.`,
    `4. Module results were reviewed; ${n(rnd, 2, 9)} students referred, ${n(rnd, 1, 5)} deferred.`,
  ].join("\n");
}

function rubricYaml(rnd: Rnd): string {
  return [
    `criteria:`,
    `  - id: structure`,
    `    bands: [fail, third, "2:2", "2:1", first]`,
    `    weight: ${n(rnd, 10, 20)}`,
    `  - id: use_of_evidence`,
    `    weight: ${n(rnd, 20, 30)}`,
    `  - id: referencing`,
    `    weight: ${n(rnd, 5, 15)}`,
  ].join("\n");
}

function qaForm(rnd: Rnd): string {
  return [
    `Annual Module Review - Section B`,
    `Student satisfaction (overall): ${n(rnd, 62, 95)}%`,
    `Response rate: ${n(rnd, 18, 70)}%`,
    `Action carried forward: revise assessment briefing in week ${n(rnd, 2, 6)}`,
  ].join("\n");
}

/** Filler output for each tool the session calls. */
export const TOOL_OUTPUT: Record<string, (rnd: Rnd) => string> = {
  export_gradebook: gradebookCsv,
  read_timetable: timetableCsv,
  get_room_booking: bookingJson,
  read_inbox: extensionEmail,
  read_teams_chat: teamsChat,
  similarity_summary: similaritySummary,
  open_minutes: minutesExtract,
  read_file: rubricYaml,
  open_qa_form: qaForm,
};

export const TOOL_NAMES = Object.keys(TOOL_OUTPUT);

export { pick };
