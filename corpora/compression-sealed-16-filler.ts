// The background of the "sealed-16" family: a CRA's and a data manager's chatter and the
// tool results of a clinical trial monitoring session (query logs, deviation tickets,
// visit schedules, lab listings, audit trails, enrollment trackers, SAE reconciliation,
// SQL over the EDC extract, site e-mails). None of it names a planted parameter.
// Used by corpora/compression-sealed-16.ts and corpora/compression-sealed-16-forms.ts.

export const SITES = [
  { name: "Site 104 (Leipzig)", domain: "uk-leipzig.example.de", id: "104" },
  { name: "Site 211 (Porto)", domain: "chsj-porto.example.pt", id: "211" },
  { name: "Site 305 (Lyon)", domain: "chu-lyon.example.fr", id: "305" },
  { name: "Site 412 (Krakow)", domain: "szpital-krakow.example.pl", id: "412" },
  { name: "Site 118 (Gent)", domain: "uz-gent.example.be", id: "118" },
] as const;

export const CRA_NAMES = ["Maren Holt", "Diego Paredes", "Aisha Bello", "Lukas Brandt"] as const;
export const STAFF_NAMES = [
  "Sofia Marchetti",
  "Owen Pritchard",
  "Hanna Nowak",
  "Pieter Claes",
] as const;

type Rnd = () => number;
const int = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo));
const one = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
/** A patient number, at `site` four times in five. */
const patient = (rnd: Rnd, site?: string) =>
  `${site !== undefined && rnd() < 0.8 ? site : one(rnd, SITES).id}-${pad(int(rnd, 1, 40), 4)}`;
const day = (rnd: Rnd) => `2026-${pad(int(rnd, 9, 12))}-${pad(int(rnd, 1, 29))}`;

export const USER_CHATTER = [
  "Morning. I have the Leipzig visit next week and want the listings ready before then.",
  "Can you pull the open queries for Porto? The coordinator says half of them are already answered.",
  "The sponsor wants a status on query ageing by Friday.",
  "Lyon sent their delegation log again; I think the PI signature page is still missing.",
  "Let's do the lab listing review now, I have an hour before the call.",
  "Remind me which patients had the unscheduled visits in October.",
  "The safety team is asking for the SAE reconciliation before the DSMB cut.",
  "I need the deviation tickets grouped by category for the monthly report.",
  "Krakow is behind on data entry again; check how many pages are outstanding.",
  "Can you draft a polite reminder to Gent about the missing ECG tracings?",
  "Please keep the patient identifiers out of anything we send outside the study team.",
  "I'll be on site tomorrow, so answers may be slow.",
  "The EDC was slow all morning, the vendor says it is a reporting job.",
  "Thanks, that listing is exactly what I needed.",
  "Let's close the ones that the site already corrected and re-query the rest.",
  "Do we have the signed informed consent versions for all of Porto's patients?",
  "The sponsor DM lead will join the next call, so let's have the numbers straight.",
  "Can you double-check the visit dates against the CTMS before I file the report?",
  "I'm seeing duplicate queries on the vital signs form; probably the edit check fired twice.",
  "Park that for now, we can come back to it after the interim cut.",
];

export const ASSISTANT_CHATTER = [
  "Done. I grouped the results by site so they are easier to read.",
  "Most of these are minor; two look like they need the PI's attention.",
  "I'll draft the reminder and leave it in your outbox for review.",
  "The counts match the CTMS except for one patient who was re-screened.",
  "I de-identified the listing before attaching it, as you asked.",
  "Nothing here changes the monitoring report; I noted it in the follow-up items.",
  "I can re-run this after the site uploads the corrected pages.",
  "Two of the queries were answered but not closed; I marked them for your review.",
  "The visit dates line up with the CTMS apart from the one entered as a partial date.",
  "I flagged the out-of-range values but did not raise queries yet.",
  "That site has improved since the last visit; the backlog is down by about a third.",
  "I kept the original wording of the site's answers in the export.",
  "The report is saved in the shared folder under this week's date.",
  "I'll watch the inbox for the site's reply and let you know.",
];

function queryLog(rnd: Rnd, site: string): string {
  const forms = ["VS", "AE", "CM", "LB", "EX", "DM", "MH"];
  const texts = [
    "Value outside expected range, please verify against source.",
    "Date is after the visit date, please correct or confirm.",
    "Missing required field, please complete.",
    "Units do not match the lab manual, please clarify.",
    "Dose recorded differs from the dispensing log.",
  ];
  const rows = Array.from({ length: int(rnd, 6, 11) }, () => {
    const status = one(rnd, ["Open", "Answered", "Closed", "Open", "Re-queried"]);
    return `Q-${int(rnd, 10000, 19999)},${patient(rnd, site)},${one(rnd, forms)},${status},${day(rnd)},${int(rnd, 1, 60)},"${one(rnd, texts)}"`;
  });
  return [
    `query_id,patient,form,status,opened,age_days,text`,
    ...rows,
    `(${rows.length} rows)`,
  ].join("\n");
}

function deviations(rnd: Rnd, site: string): string {
  const cats = [
    "Visit out of window",
    "Missed assessment",
    "Consent version",
    "IP storage excursion",
    "Eligibility",
  ];
  const tickets = Array.from({ length: int(rnd, 3, 6) }, () => ({
    id: `PD-${pad(int(rnd, 100, 999), 4)}`,
    site,
    patient: `${site}-${pad(int(rnd, 1, 40), 4)}`,
    category: one(rnd, cats),
    severity: one(rnd, ["Minor", "Minor", "Major"]),
    status: one(rnd, ["Open", "Under review", "Closed"]),
    reported: day(rnd),
  }));
  return JSON.stringify({ total: tickets.length, tickets }, null, 2);
}

function visitSchedule(rnd: Rnd, site: string): string {
  const visits = ["Screening", "C1D1", "C1D15", "C2D1", "C3D1", "Week 12", "EOT"];
  const rows = Array.from({ length: int(rnd, 5, 9) }, () => {
    const late = int(rnd, -3, 9);
    return `| ${patient(rnd, site)} | ${one(rnd, visits)} | ${day(rnd)} | ${late > 5 ? "late" : "ok"} (${late >= 0 ? "+" : ""}${late}d) |`;
  });
  return [`| Patient | Visit | Planned | Status |`, `|---|---|---|---|`, ...rows].join("\n");
}

function labListing(rnd: Rnd, site: string): string {
  const tests = [
    ["ALT", "U/L", 7, 60],
    ["AST", "U/L", 8, 55],
    ["HGB", "g/dL", 8, 16],
    ["PLT", "10^9/L", 90, 420],
    ["CREAT", "umol/L", 45, 130],
  ] as const;
  const rows = Array.from({ length: int(rnd, 6, 12) }, () => {
    const [name, unit, lo, hi] = one(rnd, tests);
    const result = int(rnd, lo, hi + Math.floor((hi - lo) / 3));
    return `${patient(rnd, site)},${one(rnd, ["C1D1", "C2D1", "C3D1"])},${name},${result},${unit},${result > hi ? "H" : ""}`;
  });
  return [`patient,visit,test,result,unit,flag`, ...rows].join("\n");
}

function auditTrail(rnd: Rnd, site: string): string {
  const rows = Array.from({ length: int(rnd, 4, 8) }, () => {
    const user = one(rnd, ["mholt", "dparedes", "site211_crc", "site104_sc", "abello"]);
    const field = one(rnd, ["AESTDTC", "CMDOSE", "VSORRES", "EXSTDTC", "LBORRES"]);
    return `${day(rnd)} ${pad(int(rnd, 7, 19))}:${pad(int(rnd, 0, 60))}:${pad(int(rnd, 0, 60))} UTC | ${user} | ${patient(rnd, site)} | ${field} | "${int(rnd, 1, 200)}" -> "${int(rnd, 1, 200)}" | ${one(rnd, ["data entry error", "per source", "query response"])}`;
  });
  return [`timestamp | user | record | field | change | reason`, ...rows].join("\n");
}

function enrollment(rnd: Rnd): string {
  const rows = SITES.map((s) => {
    const screened = int(rnd, 4, 30);
    const failed = int(rnd, 0, Math.max(1, Math.floor(screened / 3)));
    return `${s.name.padEnd(20)} screened ${String(screened).padStart(3)}  screen-failed ${String(failed).padStart(2)}  randomized ${String(screened - failed).padStart(3)}`;
  });
  return [`Enrollment by site (CTMS, as of ${day(rnd)})`, ...rows].join("\n");
}

function saeRecon(rnd: Rnd, site: string): string {
  const rows = Array.from({ length: int(rnd, 3, 6) }, () => {
    const ok = rnd() > 0.4;
    return `SAE-${pad(int(rnd, 1, 99), 4)} | ${patient(rnd, site)} | onset ${day(rnd)} | ${ok ? "MATCH" : "MISMATCH: outcome differs between safety database and EDC"}`;
  });
  return [`Safety database vs EDC reconciliation`, ...rows].join("\n");
}

function sqlRun(rnd: Rnd, site: string): string {
  return [
    `SELECT p.patient_id, v.visit_name, v.visit_date, COUNT(q.query_id) AS open_queries`,
    `FROM patients p JOIN visits v ON v.patient_id = p.patient_id`,
    `LEFT JOIN queries q ON q.visit_id = v.visit_id AND q.status = 'Open'`,
    `WHERE p.site_id = '${site}'`,
    `GROUP BY 1, 2, 3 ORDER BY open_queries DESC LIMIT 5;`,
    ``,
    ...Array.from(
      { length: 5 },
      () =>
        `${`${site}-${pad(int(rnd, 1, 40), 4)}`} | ${one(rnd, ["C1D1", "C2D1", "Week 12"])} | ${day(rnd)} | ${int(rnd, 0, 9)}`,
    ),
  ].join("\n");
}

function siteMail(rnd: Rnd, siteId: string): string {
  const site = SITES.find((s) => s.id === siteId) ?? SITES[0];
  const from = one(rnd, STAFF_NAMES);
  const body = one(rnd, [
    "We uploaded the corrected pages for the October visits; please let us know if any queries remain.",
    "Our pharmacist will be away next week, so the drug accountability review should move to the following visit.",
    "The PI has signed the updated delegation log and we filed it in the ISF.",
    "We had a freezer alarm over the weekend; the temperature log is attached and the samples were not affected.",
    "Could you send the current version of the query handling guideline? Our new coordinator starts Monday.",
  ]);
  return [
    `From: ${from} <${from.split(" ")[0]?.toLowerCase()}@${site.domain}>`,
    `Subject: ${one(rnd, ["Monitoring visit", "Data entry update", "ISF documents", "Question"])}`,
    ``,
    body,
    ``,
    `Best regards,`,
    `${from}, ${site.name}`,
  ].join("\n");
}

const TOOLS: readonly {
  name: string;
  intro: string;
  make: (rnd: Rnd, site: string) => string;
}[] = [
  { name: "edc_query_log", intro: "Pulling the query log.", make: queryLog },
  { name: "deviation_tracker", intro: "Checking the deviation tracker.", make: deviations },
  { name: "ctms_visits", intro: "Getting the visit schedule from the CTMS.", make: visitSchedule },
  { name: "edc_lab_listing", intro: "Running the lab listing.", make: labListing },
  { name: "edc_audit_trail", intro: "Looking at the audit trail.", make: auditTrail },
  { name: "ctms_enrollment", intro: "Pulling enrollment by site.", make: enrollment },
  { name: "safety_recon", intro: "Running the SAE reconciliation.", make: saeRecon },
  { name: "edc_sql", intro: "Querying the EDC extract.", make: sqlRun },
  { name: "mail_search", intro: "Searching the site inbox.", make: siteMail },
];

/** A background tool call: its name, arguments, the assistant's words and the result. */
export function fillerTool(rnd: Rnd): {
  name: string;
  args: Record<string, unknown>;
  intro: string;
  text: string;
} {
  const tool = one(rnd, TOOLS);
  const site = one(rnd, SITES).id;
  return {
    name: tool.name,
    args: { site, study: "ZX-4471" },
    intro: tool.intro,
    text: tool.make(rnd, site),
  };
}

/** A few sentences of chatter from one side. */
export function chatter(rnd: Rnd, role: "user" | "assistant"): string {
  const pool = role === "user" ? USER_CHATTER : ASSISTANT_CHATTER;
  const picked: string[] = [];
  for (let n = int(rnd, 1, 4); picked.length < n;) {
    const sentence = one(rnd, pool);
    if (!picked.includes(sentence)) {
      picked.push(sentence);
    }
  }
  return picked.join(" ");
}
