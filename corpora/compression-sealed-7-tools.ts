// Tool output of the "sealed-7" compression family's lab: LIMS sample tables and
// settings exports (CSV), workflow-runner logs with timestamps, object-store
// listings, notebook dataframe prints and tracebacks, the reference-genome
// registry, params.yaml and its diffs, and e-mail. Each renderer can carry planted
// lines among its own; none of its own lines names a planted subject. Used by
// corpora/compression-sealed-7-forms.ts and corpora/compression-sealed-7-filler.ts.
import { clock, columns, type Rng } from "./compression-sealed-7-beats.ts";

export const PEOPLE = ["dhollis", "lims-sync", "t.okoro", "s.varga", "n.adeyemi", "wf-bot"];
export const DAYS = [
  "2026-03-09",
  "2026-03-10",
  "2026-03-12",
  "2026-03-16",
  "2026-03-18",
  "2026-03-23",
];
const TISSUES = ["liver", "PBMC", "colon", "lung", "kidney"];
const CONDITIONS = ["ctrl", "treated", "knockdown", "rescue"];
const PROCESSES = [
  "FASTQC",
  "TRIMGALORE",
  "STAR_ALIGN",
  "SAMTOOLS_SORT",
  "PICARD_MARKDUP",
  "FEATURECOUNTS",
  "QUALIMAP_RNASEQ",
  "MULTIQC",
];
const GENES = [
  "CXCL8",
  "IL1B",
  "SOCS3",
  "MT2A",
  "FOS",
  "JUNB",
  "EGR1",
  "HSPA1A",
  "NFKBIA",
  "TNFAIP3",
  "CCL2",
  "SERPINE1",
  "KLF2",
  "ATF3",
  "DUSP1",
  "GADD45B",
  "IER3",
  "ZFP36",
  "MYC",
  "CDKN1A",
];

export const sampleId = (n: number) => `HL-B${String(n).padStart(3, "0")}`;
const num = (rng: Rng, lo: number, hi: number, digits: number) =>
  (lo + rng.next() * (hi - lo)).toFixed(digits);

/** Settings rows that are not planted facts (key, human name, value). */
const OTHER_SETTINGS: readonly [string, string, (rng: Rng) => string][] = [
  ["threads", "threads per task", (r) => String(r.pick([8, 12, 16, 24]))],
  ["strandedness", "library strandedness", (r) => r.pick(["reverse", "forward", "unstranded"])],
  ["umi_len", "UMI length", (r) => String(r.pick([8, 10, 12]))],
  ["trim_front", "bases clipped at the 5' end", (r) => String(r.pick([0, 1, 2]))],
  ["min_len", "shortest read kept after trimming", (r) => `${r.pick([18, 20, 25, 30])}bp`],
  ["outdir", "results folder", (r) => `results/run_${r.int(100, 999)}`],
  ["seed", "random seed", (r) => String(r.int(1000, 99999))],
  ["gtf", "annotation file", (r) => `gencode.v${r.pick([44, 45, 46])}.annotation.gtf`],
  ["max_retries", "retries per failed task", (r) => String(r.pick([1, 2, 3]))],
  ["save_bams", "keep aligned BAMs", (r) => r.pick(["true", "false"])],
];

/** Inserts each planted line at a random place among `lines`. */
function sprinkle(rng: Rng, lines: string[], planted: readonly string[]): string[] {
  const out = [...lines];
  for (const p of planted) {
    out.splice(rng.int(1, out.length + 1), 0, p);
  }
  return out;
}

/** A params.yaml: the other settings as key: value, planted lines among them. */
export function paramsYaml(rng: Rng, planted: readonly string[] = []): string[] {
  const own = rng.shuffle(OTHER_SETTINGS).slice(0, rng.int(5, 9));
  return [
    "# params.yaml (cohort-b rnaseq)",
    ...sprinkle(
      rng,
      own.map(([key, , v]) => `${key}: ${v(rng)}`),
      planted,
    ),
  ];
}

/** A unified diff of params.yaml changing one planted line; context lines around it. */
export function paramsDiff(rng: Rng, minus: string, plus: string): string[] {
  const own = rng.shuffle(OTHER_SETTINGS).slice(0, 6);
  const ctx = own.map(([key, , v]) => ` ${key}: ${v(rng)}`);
  const at = rng.int(8, 30);
  return [
    "diff --git a/conf/params.yaml b/conf/params.yaml",
    `index ${rng.int(0x1000000, 0xfffffff).toString(16)}..${rng.int(0x1000000, 0xfffffff).toString(16)} 100644`,
    "--- a/conf/params.yaml",
    "+++ b/conf/params.yaml",
    `@@ -${at},7 +${at},7 @@`,
    ...ctx.slice(0, 3),
    minus,
    plus,
    ...ctx.slice(3),
  ];
}

/** A LIMS settings export (CSV); the planted rows among other settings. */
export function settingsCsv(rng: Rng, planted: readonly string[], day: string): string[] {
  const own = rng.shuffle(OTHER_SETTINGS).slice(0, rng.int(4, 8));
  return [
    "setting,value,changed_by,changed_on",
    ...sprinkle(
      rng,
      own.map(([, name, v]) => `${name},${v(rng)},${rng.pick(PEOPLE)},${day}`),
      planted,
    ),
    `# ${own.length + planted.length} rows exported from LIMS project HOL-RNA-07`,
  ];
}

/** A settings dataframe as pandas prints it; planted rows are [name, value]. Returns lines and the planted rows' lines. */
export function settingsFrame(
  rng: Rng,
  planted: readonly (readonly [string, string])[],
  day: string,
): { lines: string[]; rows: string[] } {
  const own = rng
    .shuffle(OTHER_SETTINGS)
    .slice(0, rng.int(4, 7))
    .map(([, name, v]): [string, string] => [name, v(rng)]);
  const order = rng.shuffle([
    ...own.map((r) => ({ r, p: false })),
    ...planted.map((r) => ({ r, p: true })),
  ]);
  const table = [
    ["", "setting", "value", "changed_by", "changed_on"],
    ...order.map(({ r }, i) => [String(i), r[0], r[1], rng.pick(PEOPLE), day]),
  ];
  const lines = columns(table, 3);
  const rows = order.flatMap(({ p }, i) => (p ? [lines[i + 1] ?? ""] : []));
  return {
    lines: [
      ">>> settings = lims.settings('HOL-RNA-07', as_frame=True)",
      ">>> print(settings)",
      ...lines,
      "",
      `[${order.length} rows x 4 columns]`,
    ],
    rows,
  };
}

/** A workflow-runner log: process progress with timestamps; planted lines after the header. */
export function workflowLog(
  rng: Rng,
  day: string,
  runName: string,
  planted: readonly ((stamp: string) => string)[] = [],
): { lines: string[]; plantedLines: string[] } {
  const at = clock(rng, day, rng.int(7, 20));
  const plantedLines: string[] = [];
  const lines = [
    `N E X T F L O W  ~  version 24.10.${rng.int(0, 5)}`,
    `Launching \`hollislab/rnaseq\` [${runName}] DSL2 - revision: ${rng.int(0x100000, 0xffffff).toString(16)} [main]`,
    `${at()} INFO  executor > slurm (${rng.int(40, 400)} tasks)`,
  ];
  for (const p of planted) {
    const line = p(at());
    plantedLines.push(line);
    lines.push(line);
  }
  const n = rng.int(10, 22);
  for (let i = 0; i < n; i++) {
    const proc = rng.pick(PROCESSES);
    const s = sampleId(rng.int(1, 48));
    const r = rng.next();
    if (r < 0.08) {
      lines.push(`${at()} WARN  [${proc} (${s})] exit status 137 -- retrying (attempt 2)`);
    } else if (r < 0.14) {
      lines.push(`${at()} INFO  [${proc} (${s})] cached`);
    } else {
      lines.push(
        `${at()} INFO  [${rng.int(10, 99).toString(16)}/${rng.int(0x1000, 0xffff).toString(16)}] ${proc} (${s}) completed in ${rng.int(1, 59)}m ${rng.int(0, 59)}s`,
      );
    }
  }
  lines.push(
    `${at()} INFO  Completed at: ${day}  Duration: ${rng.int(1, 9)}h ${rng.int(0, 59)}m  Succeeded: ${rng.int(100, 400)}  Failed: ${rng.int(0, 3)}`,
  );
  return { lines, plantedLines };
}

/** An object-store listing (date, size, key): paired FASTQs, or a run's BAMs and counts. */
export function bucketListing(
  rng: Rng,
  prefix: string,
  kind: "fastq" | "results" = "fastq",
): string[] {
  const n = rng.int(10, 26);
  const first = rng.int(1, 30);
  const out = [`listing ${prefix}/ (${n} objects)`];
  for (let i = 0; i < n; i++) {
    const s = sampleId(first + Math.floor(i / 2));
    const key =
      kind === "fastq"
        ? `${s}_R${(i % 2) + 1}_001.fastq.gz`
        : i % 2 === 0
          ? `star/${s}.Aligned.sortedByCoord.out.bam`
          : `featurecounts/${s}.featureCounts.tsv`;
    out.push(
      `${rng.pick(DAYS)} ${String(rng.int(0, 23)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}  ${String(rng.int(900_000, 4_000_000_000)).padStart(11)}  ${prefix}/${key}`,
    );
  }
  return out;
}

/** A LIMS sample table (CSV). */
export function sampleTable(rng: Rng): string[] {
  const first = rng.int(1, 20);
  const out = ["sample_id,patient,tissue,condition,rin,conc_ng_ul,status"];
  for (let i = 0; i < rng.int(12, 30); i++) {
    out.push(
      [
        sampleId(first + i),
        `P${rng.int(100, 160)}`,
        rng.pick(TISSUES),
        rng.pick(CONDITIONS),
        num(rng, 5.5, 9.9, 1),
        num(rng, 12, 180, 1),
        rng.pick(["sequenced", "sequenced", "in prep", "failed QC", "received"]),
      ].join(","),
    );
  }
  return out;
}

/** A differential-expression result printed by pandas. */
export function deFrame(rng: Rng): string[] {
  const genes = rng.shuffle(GENES).slice(0, rng.int(8, 16));
  const rows = [
    ["", "gene", "baseMean", "log2FoldChange", "lfcSE", "pvalue", "padj"],
    ...genes.map((g, i) => [
      String(i),
      g,
      num(rng, 20, 9000, 2),
      num(rng, -4, 6, 4),
      num(rng, 0.05, 0.6, 4),
      `${num(rng, 1, 9.9, 3)}e-${rng.int(3, 40)}`,
      `${num(rng, 1, 9.9, 3)}e-${rng.int(2, 36)}`,
    ]),
  ];
  return [`>>> res.sort_values('padj').head(${genes.length})`, ...columns(rows, 3)];
}

/** A Python traceback from the notebook executor. */
export function traceback(rng: Rng): string[] {
  const kind = rng.pick([
    ["KeyError", `'${sampleId(rng.int(1, 48))}'`],
    ["ValueError", "could not convert string to float: 'NA'"],
    ["FileNotFoundError", "[Errno 2] No such file or directory: 'counts/merged_gene_counts.tsv'"],
    ["MemoryError", "Unable to allocate 7.42 GiB for an array with shape (61852, 16093)"],
  ]);
  return [
    "Traceback (most recent call last):",
    `  File "<cell ${rng.int(3, 40)}>", line ${rng.int(1, 12)}, in <module>`,
    "    counts = load_counts(run_dir).loc[:, meta.index]",
    `  File "/opt/lab/helpers/io.py", line ${rng.int(20, 200)}, in load_counts`,
    "    df = pd.read_csv(path, sep='\\t', index_col=0)",
    `  File "/opt/conda/lib/python3.11/site-packages/pandas/core/indexing.py", line ${rng.int(900, 1500)}, in __getitem__`,
    "    return self._getitem_tuple(key)",
    `${kind[0]}: ${kind[1]}`,
  ];
}

/** The reference-genome registry's listing. */
export function genomeRegistry(rng: Rng): string[] {
  return columns([
    ["build_key", "species", "annotation", "star_index", "added"],
    ["grch38_gencode45", "Homo sapiens", "GENCODE 45", "yes", rng.pick(DAYS)],
    ["t2t_chm13v2", "Homo sapiens", "RefSeq 110", "building", rng.pick(DAYS)],
    ["grcm39_gencodeM34", "Mus musculus", "GENCODE M34", "yes", rng.pick(DAYS)],
    ["grch37_ens75", "Homo sapiens", "Ensembl 75", "no", rng.pick(DAYS)],
    ["ercc92", "synthetic", "ERCC 92", "yes", rng.pick(DAYS)],
  ]);
}

/** An e-mail as the mail tool prints it; body lines as given. */
export function email(
  from: string,
  subject: string,
  day: string,
  body: readonly string[],
): string[] {
  return [
    `From: ${from}`,
    "To: dhollis@hollislab.example.org",
    `Date: ${day}`,
    `Subject: ${subject}`,
    "",
    ...body,
  ];
}
