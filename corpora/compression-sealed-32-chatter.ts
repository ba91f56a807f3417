// What people say in the "sealed-32" family (a transit agency's winter timetable change)
// between planted facts: the service planner's and the operations supervisor's asides, the
// agent's short answers, and the agent's longer drafts (rider alert, reply to the city, board
// one-pager, a pandas check). None of it names a planted subject. Used by
// corpora/compression-sealed-32.ts.

export const USER_CHATTER = [
  "Okay, next thing on my list.",
  "The pick posts on the 1st, so whatever we settle has to be in the run guides by then.",
  "Can you pull the Saturday blocks again? I think two of them interline wrong.",
  "Lena wants the alert drafts by Friday so Communications can translate them.",
  "The depot is short three operators this week, keep that in mind.",
  "Let's not touch the school trippers until the district confirms its bell times.",
  "Ray is on the road today, he'll check messages at lunch.",
  "That run-time report looks noisy for October, the bridge works skewed it.",
  "I need a one-pager for the board chair, plain language please.",
  "Remember the validator warnings from last time, let's not ship those again.",
  "Good. Park that and let's look at the vehicle side.",
  "Can you draft a reply to the city? Keep it short.",
  "Open the latest export and tell me if anything jumps out.",
  "Check the Sunday service IDs, last winter we shipped a calendar with Christmas as a weekday.",
  "I'm in a budget meeting from two to four, keep going without me.",
  "What does the trip planner vendor need from us besides the zip?",
  "Communications wants the detour map as a PNG and a PDF, not a screenshot.",
  "Can we get the stop_times sorted by block before I print paddles?",
  "Finance asked for the platform hours delta against the fall pick.",
  "Pull up the union's last email, I want to answer it properly this time.",
  "Did the validator ever stop complaining about the shape near Ferris Park?",
  "Let's do a pass on the board memo wording after lunch.",
  "The city wants to see the snow-route plan before they sign off on anything.",
  "Please don't send anything to the map vendors until I say so.",
  "How many blocks pull out of Eastgate before five in the morning?",
  "Make a note that the Route 31 short turns need a new headsign.",
  "Thanks, that's useful. Keep it in the notes for the memo.",
  "Hang on, I'm on a call with the depot.",
];

export const SUPERVISOR_CHATTER = [
  "Ray here, jumping in on Marisol's session.",
  "From the street side, Route 14 buses bunch badly after the school bell.",
  "The operators keep asking whether their split shifts get worse in the winter pick.",
  "Dispatch says the Blue Line shuttle drivers want a proper restroom at the layover.",
  "Ray again: two road calls on the artics this morning, both heaters.",
  "Street supervisors will hand out the new pocket schedules the week before the change.",
  "I'll need the paddles a day early for the night shift briefing.",
  "We had a near miss at the Kessler stop, I want the bus stop moved past the crosswalk eventually.",
];

export const ASSISTANT_CHATTER = [
  "Here's what I found.",
  "That lines up with the run-time report for September.",
  "I'll keep the wording plain for the board chair.",
  "Two Saturday blocks interline between routes 31 and 52; that looks deliberate, since the deadhead is under four minutes.",
  "The validator warnings are all fast-travel notices on the express pattern, not errors.",
  "I drafted the reply; it only acknowledges receipt and promises the final paddles next week.",
  "Nothing in that output contradicts what we have in the workbook.",
  "I can regenerate the GTFS export once the parameters are final.",
  "The alert text is under the 280-character limit for the stop flags.",
  "That listing has no assignments for the electric buses yet; maintenance usually adds them last.",
  "The calendar_dates file marks December 25 and January 1 as Sunday service, as intended.",
  "I sorted the trips by block and departure; the paddle export query already does that.",
  "The shape warning near Ferris Park comes from the detour shape, which is only used by two trips.",
  "I can't see anything in the roster that would break the spread rules, but the union will check it themselves.",
  "Noted; I won't send anything to the vendors.",
  "The platform-hour delta is small; most of the change is in the Saturday network.",
  "I'll hold that until you're back.",
  "There are eleven blocks out of Eastgate before 05:00 in the draft.",
  "The headsign change for the short turns is in the trips file, direction 1 only.",
  "Fine by me. I'll pick that up in the next pass.",
];

/** Longer answers the agent writes now and then: drafts, summaries, snippets. */
export const ASSISTANT_LONG: readonly string[] = [
  [
    "Draft rider alert (English, for translation):",
    "",
    "WINTER SCHEDULES START SOON",
    "New bus schedules begin with the winter service change. Some trips leave earlier or later than today.",
    "Check your trip in the app or at rta.example.org/winter before you travel. Paper schedules are at Union Station.",
  ].join("\n"),
  [
    "Here's a short reply to the city:",
    "",
    "> Hi Priya, thanks for the note. We'll send the final service change package, including the detour maps",
    "> and the snow-route plan, once the board item is posted. Happy to walk council staff through it.",
    "> Marisol",
  ].join("\n"),
  [
    "One-pager outline for the board chair:",
    "1. Why we change schedules in winter (ridership, run times, weather).",
    "2. What riders will notice (a few earlier first trips, Saturday changes, one detour).",
    "3. What it costs (roughly flat platform hours).",
    "4. How we tell riders (alerts, stop flags, app, pocket schedules).",
  ].join("\n"),
  [
    "A quick check you can run on the export:",
    "```python",
    "import pandas as pd",
    "st = pd.read_csv('exports/winter26/stop_times.txt', dtype={'stop_id': str})",
    "st['dep'] = st.departure_time.str.slice(0, 5)",
    "late = st[st.departure_time > '24:30:00']",
    "print(len(late), 'departures after 00:30 next day')",
    "```",
  ].join("\n"),
];

export const PREFACES = ["Pulling that up.", "Checking.", "Let me look.", "One moment.", ""];
