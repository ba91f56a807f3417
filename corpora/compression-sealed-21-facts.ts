// The planted facts of the "sealed-21" compression family (a university course
// administration session): each subject, its look-alike's qualifier and a pool of
// values no other pool shares. Used by corpora/compression-sealed-21.ts.

export interface FactSeed {
  subject: string;
  qualifier: string;
  pool: readonly string[];
}

export const FACT_SEEDS: readonly FactSeed[] = [
  {
    subject: "coursework submission deadline",
    qualifier: "for the resit cohort",
    pool: ["14 March", "21 March", "28 March", "4 April", "11 April", "18 April"],
  },
  {
    subject: "module pass mark",
    qualifier: "for the MSc variant",
    pool: ["40%", "45%", "50%", "35%", "55%", "38%"],
  },
  {
    subject: "late penalty rate",
    qualifier: "for group projects",
    pool: [
      "5 marks per day",
      "10 marks per day",
      "3 marks per day",
      "2 marks per day",
      "8 marks per day",
    ],
  },
  {
    subject: "extension request cap",
    qualifier: "for students with a support plan",
    pool: [
      "7 calendar days",
      "10 calendar days",
      "14 calendar days",
      "5 calendar days",
      "21 calendar days",
    ],
  },
  {
    subject: "second marking sample",
    qualifier: "of the dissertation strand",
    pool: ["10 scripts", "12 scripts", "15 scripts", "20 scripts", "25 scripts", "8 scripts"],
  },
  {
    subject: "main exam venue",
    qualifier: "for the deferred sitting",
    pool: [
      "Tower LT2",
      "Sackville G7",
      "Roscoe 1.008",
      "Kilburn TH1.1",
      "Stopford LT1",
      "Arthur Lewis 2.10",
    ],
  },
  {
    subject: "exam hall capacity",
    qualifier: "with accessible desks only",
    pool: ["180 seats", "220 seats", "150 seats", "96 seats", "240 seats", "130 seats"],
  },
  {
    subject: "external examiner",
    qualifier: "for the joint honours route",
    pool: [
      "Dr Achterberg",
      "Prof Nwosu",
      "Dr Castellanos",
      "Prof Halloran",
      "Dr Vuković",
      "Dr Iyer",
    ],
  },
  {
    subject: "similarity report threshold",
    qualifier: "for the reflective log",
    pool: ["25 percent", "30 percent", "20 percent", "35 percent", "18 percent", "40 percent"],
  },
  {
    subject: "critical analysis weighting",
    qualifier: "in the presentation rubric",
    pool: ["30 points", "35 points", "25 points", "40 points", "20 points", "45 points"],
  },
  {
    subject: "feedback return window",
    qualifier: "for the formative quiz",
    pool: [
      "15 working days",
      "20 working days",
      "10 working days",
      "12 working days",
      "25 working days",
    ],
  },
  {
    subject: "weekly lecture slot",
    qualifier: "in semester two",
    pool: ["Tuesday 10:00", "Monday 14:00", "Thursday 09:00", "Wednesday 11:00", "Friday 13:00"],
  },
  {
    subject: "essay word limit",
    qualifier: "for the foundation year",
    pool: [
      "2,500 words",
      "3,000 words",
      "2,000 words",
      "3,500 words",
      "1,800 words",
      "4,000 words",
    ],
  },
  {
    subject: "resit paper code",
    qualifier: "of the August board",
    pool: ["PSY2041R", "PSY2041R2", "PSY2041S", "PSY2041X", "PSY2041RB", "PSY2041Z"],
  },
  {
    subject: "QA form reference",
    qualifier: "for the periodic review",
    pool: ["QAF-7731", "QAF-8102", "QAF-6620", "QAF-9045", "QAF-5518", "QAF-7309"],
  },
  {
    subject: "gradebook export column",
    qualifier: "for the lab reports",
    pool: [
      "Essay_Final",
      "Essay_Final_v2",
      "ESSAY_AGREED",
      "Essay_Moderated",
      "CW1_Agreed",
      "CW1_Final",
    ],
  },
];
