// The sixteen planted facts of the "sealed-7" compression family (a lab data
// pipeline session): each fact's subject as the session names it, its look-alike
// (another sample, stage or tier, one word apart), its params.yaml key, and the
// pools its values and the look-alike's value are drawn from. Pools are disjoint
// across facts, so every value in a transcript is distinct. Used by
// corpora/compression-sealed-7.ts and its forms.

export interface FactDef {
  /** Whole subject, as the transcript names it. */
  subject: string;
  /** The near subject with its own value, placed after the fact's latest value. */
  lookAlike: string;
  /** The params.yaml / LIMS settings key the tool output shows beside the subject. */
  key: string;
  /** Candidate values, in the fact's usual unit. */
  pool: readonly string[];
  /** Values of the same quantity in another unit (facts that can change unit only). */
  otherUnit?: readonly string[];
  /** Values the look-alike can take. */
  alike: readonly string[];
}

export const FACT_DEFS: readonly FactDef[] = [
  {
    subject: "reference genome build",
    lookAlike: "reference genome build for the xenograft reads",
    key: "genome",
    pool: ["GRCh38", "T2T-CHM13", "GRCh37", "hg19", "hg38-noalt"],
    alike: ["GRCm39", "mm10"],
  },
  {
    subject: "minimum read quality",
    lookAlike: "minimum read quality of the index reads",
    key: "min_read_quality",
    pool: ["Q20", "Q30", "Q25", "Q28", "Q22"],
    alike: ["Q15", "Q12"],
  },
  {
    subject: "sequencing batch id",
    lookAlike: "library batch id",
    key: "batch_id",
    pool: ["SB-2291", "SB-2317", "SB-2340", "SB-2402", "SB-2415"],
    alike: ["LB-0877", "LB-0912"],
  },
  {
    subject: "biological replicates per condition",
    lookAlike: "biological replicates per condition in the knockdown arm",
    key: "n_replicates",
    pool: ["3", "4", "5", "6", "8"],
    alike: ["2", "7"],
  },
  {
    subject: "raw data bucket",
    lookAlike: "processed data bucket",
    key: "raw_bucket",
    pool: [
      "s3://hollis-lab-raw/cohort-b",
      "s3://hollis-lab-seq/raw-2026",
      "gs://hollis-fastq-eu/cohort-b",
      "s3://core-seq-drop/hollis",
      "s3://hollis-lab-cold/fastq",
    ],
    alike: ["s3://hollis-lab-results/cohort-b", "gs://hollis-processed/rnaseq"],
  },
  {
    subject: "normalisation method",
    lookAlike: "normalisation method for the spike-in controls",
    key: "norm_method",
    pool: ["TMM", "median-of-ratios", "upper-quartile", "quantile", "TPM"],
    alike: ["RLE", "CPM"],
  },
  {
    subject: "p-value cutoff",
    lookAlike: "adjusted p-value cutoff",
    key: "pval_cutoff",
    pool: ["0.05", "0.01", "0.005", "0.001", "0.02"],
    alike: ["0.1", "0.25"],
  },
  {
    subject: "aligner version",
    lookAlike: "pseudo-aligner version",
    key: "aligner",
    pool: ["STAR 2.7.10b", "STAR 2.7.11a", "STAR 2.7.9a", "STAR 2.7.11b", "HISAT2 2.2.1"],
    alike: ["salmon 1.10.2", "kallisto 0.50.1"],
  },
  {
    subject: "sample sheet owner",
    lookAlike: "sample sheet owner for the validation plate",
    key: "sheet_owner",
    pool: ["Priya Raman", "Jonas Albrecht", "Mei Tanaka", "Rafael Ortiz", "Aoife Brennan"],
    alike: ["Kwame Mensah", "Ilse Vermeer"],
  },
  {
    subject: "sequencing run date",
    lookAlike: "sequencing run date of the pilot flow cell",
    key: "run_date",
    pool: ["March 14", "March 21", "April 2", "April 9", "March 28"],
    alike: ["February 27", "February 19"],
  },
  {
    subject: "memory per alignment job",
    lookAlike: "memory per indexing job",
    key: "align_memory",
    pool: ["64 GB", "48 GB", "96 GB", "80 GB", "72 GB"],
    otherUnit: ["98304 MB", "122880 MB", "90112 MB"],
    alike: ["160 GB", "200 GB"],
  },
  {
    subject: "adapter sequence",
    lookAlike: "adapter sequence for read 2",
    key: "adapter",
    pool: [
      "AGATCGGAAGAGC",
      "CTGTCTCTTATACACATCT",
      "TGGAATTCTCGGGTGCCAAGG",
      "AGATCGGAAGAGCACACGTCT",
      "AATGATACGGCGACCACCGA",
    ],
    alike: ["AGATCGGAAGAGCGTCGTGT", "GATCGTCGGACTGTAGAACTC"],
  },
  {
    subject: "flow cell id",
    lookAlike: "flow cell id of the rescue run",
    key: "flowcell",
    pool: ["HF7K2DSX5", "HGV3WDSX7", "H2MLNDRX3", "HCJ5YDSX2", "HT4QKDSX9"],
    alike: ["HM8PZDSX1", "HR2VGDSX4"],
  },
  {
    subject: "multiple-testing correction",
    lookAlike: "multiple-testing correction for the isoform test",
    key: "mt_correction",
    pool: ["Benjamini-Hochberg", "Bonferroni", "Holm", "Storey q-value", "Hochberg step-up"],
    alike: ["Benjamini-Yekutieli", "Sidak"],
  },
  {
    subject: "results email recipient",
    lookAlike: "results email recipient for the core facility",
    key: "notify_email",
    pool: [
      "dana.hollis@hollislab.example.org",
      "seq-results@hollislab.example.org",
      "m.tanaka@hollislab.example.org",
      "pi-office@hollislab.example.org",
      "j.albrecht@hollislab.example.org",
    ],
    alike: ["core-reports@seqcore.example.org", "lims-admin@seqcore.example.org"],
  },
  {
    subject: "per-sample walltime limit",
    lookAlike: "per-sample walltime limit for variant calling",
    key: "walltime",
    pool: ["6 hours", "8 hours", "12 hours", "10 hours", "5 hours"],
    otherUnit: ["540 minutes", "600 minutes", "840 minutes"],
    alike: ["36 hours", "48 hours"],
  },
];

/** Every value a fact or its look-alike can take, for the distinctness check. */
export const ALL_POOL_VALUES: readonly string[] = FACT_DEFS.flatMap((d) => [
  ...d.pool,
  ...(d.otherUnit ?? []),
  ...d.alike,
]);
