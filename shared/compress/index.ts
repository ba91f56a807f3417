// The compressor's public surface: map-reduce summaries with citations, the
// structural fallback and the summary block.
export * from "./block.ts";
export * from "./budget.ts";
export * from "./chunk.ts";
export * from "./compaction.ts";
export * from "./compress.ts";
export * from "./errors.ts";
export * from "./facts.ts";
export * from "./guard.ts";
export * from "./map-reduce.ts";
export * from "./rpc.ts";
export * from "./structural.ts";
export * from "./supersede.ts";
export * from "./turns.ts";
export * from "./normalise.ts";
export * from "./config-lines.ts";
export * from "./replaced-values.ts";
export * from "./tool-lines.ts";
export * from "./tool-phrases.ts";
export * from "./tool-tables.ts";
export * from "./tool-prose.ts";
export * from "./replies.ts";
export * from "./talked-about.ts";
export * from "./tool-fields.ts";
export * from "./hedges.ts";
export * from "./tool-named.ts";
