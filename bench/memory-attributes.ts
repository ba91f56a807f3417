// The subjects and attributes of bench/memory-workload.ts: look-alike names,
// attributes in near-miss pairs, and the paraphrased questions users ask about them.
import type { Cardinality } from "../shared/memory/schema.ts";

export interface Attribute {
  predicate: string;
  cardinality: Cardinality;
  values: readonly string[];
  /**
   * How a user asks about it ({s} is the subject), paraphrased as LongMemEval's
   * questions are: in other wording than the stored predicate, each sharing at
   * least one of its content words (some all of them, bench/memory.ts counts),
   * many sharing words with a near-miss attribute.
   * One is drawn per question by the seed; every method gets the same text.
   */
  questions: readonly string[];
}

/** Look-alikes: people share first names or surnames, services share their first word. */
export const PEOPLE = [
  "alice chen",
  "alice park",
  "bruno costa",
  "bruno silva",
  "chiara rossi",
  "marco rossi",
  "dmitri volkov",
  "emeka obi",
  "farah khan",
  "farah ali",
  "goran petrovic",
  "hana sato",
];
export const SERVICES = [
  "billing service",
  "billing worker",
  "billing api",
  "search api",
  "search indexer",
  "auth gateway",
  "auth service",
  "ledger worker",
  "media pipeline",
  "report builder",
];
const OFFICES = [
  "dublin office",
  "austin office",
  "seoul office",
  "paris office",
  "cairo office",
  "quito office",
];
const TRAININGS = ["security basics", "incident command", "sql tuning", "public speaking"];
const REGIONS = ["eu-west", "us-east", "ap-south", "sa-east"];
const LANGUAGES = ["rust", "go", "typescript", "python", "kotlin"];
const TTLS = ["30 seconds", "5 minutes", "1 hour", "12 hours"];
/**
 * Attributes come in near-miss pairs (team / team lead, lives in city / born in
 * city, …): sessions state both, so a question's words also fit a fact it does
 * not ask about, as LongMemEval's sessions hold details beside the asked one.
 */
export const PERSON_ATTRS: Attribute[] = [
  {
    predicate: "works on team",
    cardinality: "one",
    values: ["payments", "platform", "growth", "infra", "mobile", "data"],
    questions: [
      "Which team is {s} part of?",
      "What team does {s} belong to?",
      "On which team does {s} sit these days?",
    ],
  },
  {
    predicate: "team lead",
    cardinality: "one",
    values: ["nadia", "oskar", "pilar", "quentin", "rosa"],
    questions: [
      "Who leads the team of {s}?",
      "Who is the lead over {s}?",
      "Which lead does {s} report to on the team?",
    ],
  },
  {
    predicate: "lives in city",
    cardinality: "one",
    values: ["lisbon", "berlin", "nairobi", "osaka", "toronto", "lima"],
    questions: [
      "Which city is {s} based in?",
      "What city does {s} call home?",
      "In what city is {s} living now?",
    ],
  },
  {
    predicate: "born in city",
    cardinality: "one",
    values: ["porto", "krakow", "accra", "kyoto", "quebec", "cusco"],
    questions: [
      "Which city was {s} born in?",
      "Where was {s} born, which city?",
      "What is the birth city of {s}?",
    ],
  },
  {
    predicate: "preferred editor",
    cardinality: "one",
    values: ["vim", "emacs", "vscode", "zed", "helix"],
    questions: [
      "Which editor does {s} like to code in?",
      "What editor is {s} most comfortable with?",
      "Which code editor does {s} favour?",
    ],
  },
  {
    predicate: "editor theme",
    cardinality: "one",
    values: ["solarized", "dracula", "gruvbox", "nord", "monokai"],
    questions: [
      "What theme does {s} use in the editor?",
      "Which colour theme is on the editor of {s}?",
      "Which theme does {s} like for code?",
    ],
  },
  {
    predicate: "mentor",
    cardinality: "one",
    values: ["ravi", "sofia", "tomas", "ulla", "vera"],
    questions: [
      "Who mentors {s}?",
      "Who is {s} being mentored by?",
      "Which senior engineer is the mentor for {s}?",
    ],
  },
  {
    predicate: "mentee",
    cardinality: "one",
    values: ["wes", "yara", "zane", "xiao", "quinn"],
    questions: [
      "Who is the mentee of {s}?",
      "Who is {s}'s mentee?",
      "Which junior engineer is the mentee of {s}?",
    ],
  },
  {
    predicate: "phone extension",
    cardinality: "one",
    values: ["x101", "x202", "x303", "x404", "x505", "x606"],
    questions: [
      "What extension do I dial to reach {s}?",
      "Which desk phone extension does {s} answer on?",
      "What is the extension for calling {s}?",
    ],
  },
  {
    predicate: "phone model",
    cardinality: "one",
    values: ["pixel 8", "iphone 15", "galaxy s24", "fairphone 5"],
    questions: [
      "Which phone does {s} carry?",
      "What model of phone does {s} own?",
      "What kind of mobile phone does {s} have?",
    ],
  },
  {
    predicate: "desk number",
    cardinality: "one",
    values: ["desk 12", "desk 31", "desk 47", "desk 58", "desk 73"],
    questions: [
      "Where does {s} sit, at which desk?",
      "Which desk is {s} at?",
      "What desk has {s} been given?",
    ],
  },
  {
    predicate: "office floor",
    cardinality: "one",
    values: ["floor 2", "floor 3", "floor 5", "floor 7"],
    questions: [
      "On which floor does {s} work?",
      "Which floor is the desk of {s} on?",
      "What floor of the office is {s} on?",
    ],
  },
  {
    predicate: "laptop model",
    cardinality: "one",
    values: ["thinkpad x1", "macbook air", "framework 13", "xps 13"],
    questions: [
      "What laptop does {s} work on?",
      "Which laptop was {s} issued?",
      "What kind of laptop is {s} using?",
    ],
  },
  {
    predicate: "laptop os",
    cardinality: "one",
    values: ["ubuntu", "macos", "fedora", "windows", "nixos"],
    questions: [
      "Which os runs on the laptop of {s}?",
      "What operating system (os) does {s} use?",
      "What os has {s} installed on the laptop?",
    ],
  },
  {
    predicate: "timezone",
    cardinality: "one",
    values: ["utc", "cet", "eat", "jst", "est", "pet"],
    questions: [
      "What timezone does {s} keep?",
      "Which timezone is {s} working from?",
      "In what timezone are the hours of {s}?",
    ],
  },
  {
    predicate: "working hours",
    cardinality: "one",
    values: ["9 to 5", "10 to 6", "8 to 4", "7 to 3"],
    questions: [
      "What hours does {s} work?",
      "When is {s} working, which hours?",
      "Which hours is {s} available at work?",
    ],
  },
  {
    predicate: "visited office",
    cardinality: "many",
    values: OFFICES,
    questions: [
      "Which offices has {s} been to?",
      "What offices did {s} travel to?",
      "List the offices {s} visited.",
    ],
  },
  {
    predicate: "home office",
    cardinality: "one",
    values: OFFICES,
    questions: [
      "Which office is the home base of {s}?",
      "Out of which office does {s} work?",
      "What is the home office of {s}?",
    ],
  },
  {
    predicate: "completed training",
    cardinality: "many",
    values: TRAININGS,
    questions: [
      "Which trainings has {s} finished?",
      "What training courses did {s} complete?",
      "List the trainings {s} has done.",
    ],
  },
  {
    predicate: "next training",
    cardinality: "one",
    values: TRAININGS,
    questions: [
      "Which training is {s} scheduled for?",
      "What training does {s} take next?",
      "What is the upcoming training of {s}?",
    ],
  },
];
export const SERVICE_ATTRS: Attribute[] = [
  {
    predicate: "database",
    cardinality: "one",
    values: ["postgres", "mysql", "sqlite", "cockroachdb", "dynamodb"],
    questions: [
      "Which database backs the {s}?",
      "What database does the {s} store its data in?",
      "On what database is the {s} built?",
    ],
  },
  {
    predicate: "analytics database",
    cardinality: "one",
    values: ["clickhouse", "bigquery", "snowflake", "duckdb"],
    questions: [
      "Which database does the {s} use for analytics?",
      "What analytics store does the {s} feed its data to?",
      "Where does the {s} keep analytics data?",
    ],
  },
  {
    predicate: "deploy region",
    cardinality: "one",
    values: REGIONS,
    questions: [
      "In which region is the {s} deployed?",
      "Which region does the {s} run in?",
      "Where is the {s} deployed, which region?",
    ],
  },
  {
    predicate: "failover region",
    cardinality: "one",
    values: REGIONS,
    questions: [
      "Which region does the {s} fail over to?",
      "Where does the {s} go when its region is down?",
      "What is the failover target of the {s}?",
    ],
  },
  {
    predicate: "owner",
    cardinality: "one",
    values: PEOPLE,
    questions: [
      "Who is the owner of the {s}?",
      "Which engineer is the {s} owner?",
      "Who is named as owner for the {s}?",
    ],
  },
  {
    predicate: "backup owner",
    cardinality: "one",
    values: PEOPLE,
    questions: [
      "Who is the backup owner of the {s}?",
      "Which engineer covers as backup for the {s}?",
      "Who is the second owner of the {s}?",
    ],
  },
  {
    predicate: "language",
    cardinality: "one",
    values: LANGUAGES,
    questions: [
      "What language is the {s} written in?",
      "Which programming language does the {s} use?",
      "In which language was the {s} built?",
    ],
  },
  {
    predicate: "client sdk language",
    cardinality: "one",
    values: LANGUAGES,
    questions: [
      "In which language is the client sdk of the {s}?",
      "What language are the {s} client libraries in?",
      "Which sdk language do clients of the {s} use?",
    ],
  },
  {
    predicate: "on-call rotation",
    cardinality: "one",
    values: ["rotation a", "rotation b", "rotation c"],
    questions: [
      "Which rotation is on call for the {s}?",
      "Who covers the {s} on call, which rotation?",
      "What rotation pages for the {s}?",
    ],
  },
  {
    predicate: "escalation rotation",
    cardinality: "one",
    values: ["rotation d", "rotation e", "rotation f"],
    questions: [
      "Which rotation does the {s} escalate to?",
      "Where do pages for the {s} go next, which rotation?",
      "What is the escalation path of the {s}?",
    ],
  },
  {
    predicate: "cache ttl",
    cardinality: "one",
    values: TTLS,
    questions: [
      "What ttl does the {s} cache use?",
      "How long does the {s} cache entries?",
      "How long is the cache ttl on the {s}?",
    ],
  },
  {
    predicate: "session ttl",
    cardinality: "one",
    values: TTLS,
    questions: [
      "How long do sessions last on the {s}?",
      "What ttl does the {s} give a session?",
      "After how long does a session of the {s} expire?",
    ],
  },
  {
    predicate: "runtime version",
    cardinality: "one",
    values: ["node 20", "node 22", "jdk 21", "python 3.12"],
    questions: [
      "What runtime does the {s} run on?",
      "Which runtime is the {s} on?",
      "On which runtime is the {s} deployed?",
    ],
  },
  {
    predicate: "api version",
    cardinality: "one",
    values: ["v1", "v2", "v3", "v4"],
    questions: [
      "Which api version does the {s} serve?",
      "What version of its api does the {s} expose?",
      "Which version do clients of the {s} call?",
    ],
  },
  {
    predicate: "depends on",
    cardinality: "many",
    values: ["redis", "kafka", "stripe", "s3", "nats", "vault", "clickhouse"],
    questions: [
      "What does the {s} depend on?",
      "Which systems does the {s} depend on?",
      "List what the {s} depends on.",
    ],
  },
  {
    predicate: "feeds into",
    cardinality: "many",
    values: ["warehouse", "crm", "audit log", "data lake"],
    questions: [
      "Which systems does the {s} feed?",
      "What does the {s} feed its data into?",
      "List what the {s} feeds.",
    ],
  },
  {
    predicate: "alert channel",
    cardinality: "many",
    values: ["#ops", "#billing-alerts", "#sre", "#oncall", "#search-team"],
    questions: [
      "Which channels get alerts from the {s}?",
      "Where does the {s} send its alerts?",
      "What alert channels does the {s} use?",
    ],
  },
  {
    predicate: "status channel",
    cardinality: "one",
    values: ["#status", "#announcements", "#releases", "#general"],
    questions: [
      "Which channel announces the {s} status?",
      "Where does the {s} post its status?",
      "In which channel does the {s} report status?",
    ],
  },
];
/** Attributes never stated for anyone: abstention questions ask about them. */
export const NEVER: Attribute[] = [
  {
    predicate: "blood type",
    cardinality: "one",
    values: [],
    questions: ["What is the blood type of {s}?"],
  },
  {
    predicate: "license",
    cardinality: "one",
    values: [],
    questions: ["Under which license is the {s} published?"],
  },
];
