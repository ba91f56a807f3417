// The everyday turns of the "sealed-7" compression family's session between a
// scientist (Dana) and the lab agent: questions about QC, sample swaps and plots,
// the agent's replies, and long tool output (LIMS sample tables, workflow logs,
// bucket listings, dataframes, tracebacks, the genome registry, the inbox). No
// filler line states a planted value. Used by corpora/compression-sealed-7.ts.
import {
  assistant,
  toolPair,
  user,
  type Beat,
  type Ids,
  type Rng,
} from "./compression-sealed-7-beats.ts";
import { mention } from "./compression-sealed-7-decoys.ts";
import {
  bucketListing,
  DAYS,
  deFrame,
  genomeRegistry,
  sampleId,
  sampleTable,
  traceback,
  workflowLog,
} from "./compression-sealed-7-tools.ts";

/** A question of the scientist and the agent's answer to it. */
const EXCHANGES: readonly ((r: Rng) => [string, string])[] = [
  (r) => [
    `Why is ${sampleId(r.int(1, 48))} so low on assigned reads? It was fine at intake.`,
    `Assigned reads are at ${r.int(41, 78)}% for that sample versus a median of ${r.int(80, 92)}% for the plate. Most of the loss is multi-mapping, which usually points at rRNA carry-over rather than a swap.`,
  ],
  (r) => [
    "Can you check whether the MultiQC report flagged any duplication problems?",
    `Duplication is high in ${r.int(2, 7)} samples, all from the low-input wells. That is expected for that input range; I would not exclude them on duplication alone.`,
  ],
  (r) => [
    `I think ${sampleId(r.int(1, 24))} and ${sampleId(r.int(25, 48))} got swapped on the plate. How would we tell from the data?`,
    "The sex-linked genes are the quickest check: XIST against the RPS4Y1 and DDX3Y group. If the two samples show the opposite pattern from their metadata, they are swapped.",
  ],
  (r) => [
    "How long until the current run finishes, roughly?",
    `About ${r.int(2, 9)} hours at the current rate; the alignment stage is the slow part and ${r.int(10, 40)} tasks are still queued on the cluster.`,
  ],
  () => [
    "Make the PCA plot again but colour by extraction day instead of condition.",
    "Done, figures/pca_by_day.pdf. The first component tracks condition and the second separates the two extraction days, so there is some day effect to model.",
  ],
  (r) => [
    "Is there a batch effect by extraction day or am I imagining it?",
    `It's real but modest: extraction day explains about ${r.int(4, 12)}% of the variance after condition. Adding it as a covariate in the design takes care of it.`,
  ],
  () => [
    "Can you write the counts matrix to parquet so Jonas can open it?",
    "Written to results/counts/merged_gene_counts.parquet with gene ids as the index and sample ids as columns.",
  ],
  (r) => [
    "What does exit status 137 mean again? Memory?",
    `Yes, exit status 137 is the kernel killing the task for memory. ${r.int(2, 6)} tasks hit it, all on the largest libraries.`,
  ],
  () => [
    "The volcano plot labels overlap. Can you only label the top 15?",
    "The volcano now labels only the fifteen genes with the smallest adjusted values; the file is figures/volcano_treated_vs_ctrl.pdf.",
  ],
  (r) => [
    "Do we have RIN values for everything from the second extraction?",
    `All but ${r.int(1, 4)} samples; those were measured on the old Bioanalyzer chip and the LIMS has them as missing. I'll ask the core for the PDFs.`,
  ],
  (r) => [
    `Drop ${sampleId(r.int(1, 48))} from the DE model for now, it failed QC twice.`,
    "Dropped from the design table; the model refits in a couple of minutes and I'll flag it in the results README.",
  ],
  (r) => [
    "Check how many reads we lose at trimming per sample.",
    `Trimming removes between ${r.int(1, 4)}% and ${r.int(5, 14)}% of reads per sample; the worst ones are the degraded samples from the second extraction.`,
  ],
  () => [
    "Is the GTF we use the same one the core used for their QC?",
    "The core used the same GENCODE release for their QC, so the gene ids line up with ours one to one.",
  ],
  (r) => [
    "What's left on the storage quota for the lab?",
    `The lab has ${r.int(3, 40)} TB free of the quota; the raw FASTQs are the bulk of what we use.`,
  ],
  () => [
    "Coffee break, back in ten. Keep an eye on the run.",
    "Will do. Nothing has failed since the last retry wave.",
  ],
];

const CHATTER_USER = [
  "ok",
  "thanks",
  "Perfect, thanks.",
  "Hmm, interesting.",
  "Let's leave it for now.",
  "Good, carry on.",
  "That's what I was afraid of.",
  "Fine by me.",
];

/** A question and its answer, sometimes with a mention of a planted subject on a line of its own. */
function chat(rng: Rng, subjects: readonly string[]): Beat {
  const [q, a] = rng.pick(EXCHANGES)(rng);
  const m = rng.chance(0.12) ? `\n\n${mention(rng, rng.pick(subjects))}` : "";
  return [user(q), assistant(`${a}${m}`)];
}

/** A tool look-up: the ask, the call and its long output, and a comment on it. */
function lookUp(rng: Rng, ids: Ids): Beat {
  const day = rng.pick(DAYS);
  const kind = rng.int(0, 8);
  const [ask, name, args, lines, remark] = ((): [
    string,
    string,
    Record<string, unknown>,
    string[],
    string,
  ] => {
    switch (kind) {
      case 0:
        return [
          "Show me the sample table for the plate.",
          "lims.list_samples",
          { project: "HOL-RNA-07" },
          sampleTable(rng),
          "Three samples are still in prep; the rest are sequenced.",
        ];
      case 1:
        return [
          "How's the run going?",
          "workflow.log",
          { run: "latest", tail: 30 },
          workflowLog(rng, day, `run_${rng.int(10, 99)}`).lines,
          "It's moving; the retries are memory kills on the big libraries.",
        ];
      case 2:
        return [
          "Are all the FASTQs in the bucket?",
          "objstore.ls",
          { prefix: `fastq/${day}` },
          bucketListing(rng, `s3://seq-drop/fastq/${day}`),
          "Both reads are there for every sample listed.",
        ];
      case 3: {
        const frame = deFrame(rng);
        return [
          "Show me the top DE genes.",
          "notebook.run",
          { cell: (frame[0] ?? "").replace(">>> ", "") },
          frame,
          "The usual immediate-early genes lead, as in the pilot.",
        ];
      }
      case 4:
        return [
          "Load the counts for the new samples.",
          "notebook.run",
          { cell: "counts = load_counts(run_dir).loc[:, meta.index]" },
          traceback(rng),
          "That failed; I'll fix the path and rerun the cell.",
        ];
      case 5:
        return [
          "Which builds does the registry have indexed?",
          "genomes.list",
          { species: "any" },
          genomeRegistry(rng),
          "Only the builds with a ready index can be used without a rebuild.",
        ];
      case 6:
        return [
          "Anything in the inbox?",
          "email.list",
          { folder: "inbox", unread: true },
          inbox(rng),
          "Nothing that needs an answer today.",
        ];
      default:
        return [
          "What's in the results bucket for the last run?",
          "objstore.ls",
          { prefix: "results" },
          bucketListing(rng, `s3://seq-results/run_${rng.int(10, 99)}`, "results"),
          "Everything from the last run landed.",
        ];
    }
  })();
  return [
    user(ask),
    ...toolPair(ids, name, args, lines, [], rng.chance(0.5) ? "Checking." : null),
    assistant(remark),
  ];
}

function inbox(rng: Rng): string[] {
  const subjects = [
    "Re: plate map for cohort B",
    "Freezer -80 B alarm (resolved)",
    "Seminar Thursday: spatial transcriptomics",
    "Invoice 2026-031 sequencing",
    "Re: IRB amendment",
    "Cluster maintenance window",
    "Lab meeting slides",
  ];
  return rng
    .shuffle(subjects)
    .slice(0, rng.int(3, 7))
    .map(
      (s, i) =>
        `${String(i + 1).padStart(2)}  ${rng.pick(DAYS)}  ${rng.pick(["seqcore", "e.hollis", "it-hpc", "facilities", "j.albrecht"])}  ${s}`,
    );
}

/** One filler beat: a chat exchange or a tool look-up, weighted toward long tool output. */
export function fillerBeat(rng: Rng, ids: Ids, subjects: readonly string[]): Beat {
  return rng.chance(0.66) ? lookUp(rng, ids) : chat(rng, subjects);
}

/** A single short message, to land on the exact message count. */
export function fillerOne(rng: Rng, asUser: boolean): Beat {
  return [asUser ? user(rng.pick(CHATTER_USER)) : assistant("Noted.")];
}
