// The compressor's public surface: summaries over the summariser contract with
// citations, the structural fallback and the summary block.
export * from "./answer.ts";
export * from "./block.ts";
export * from "./budget.ts";
export * from "./compaction.ts";
export * from "./compress.ts";
export * from "./errors.ts";
export * from "./map-reduce.ts";
export * from "./merge.ts";
export * from "./rpc.ts";
export * from "./structural.ts";
export * from "./turns.ts";
