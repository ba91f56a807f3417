// The context engine's public surface: token counting, the L1 pager, the
// envelope, the output gate, the pruner and reduction reports.
export * from "./envelope-compress.ts";
export * from "./envelope.ts";
export * from "./messages.ts";
export * from "./output-gate.ts";
export * from "./page.ts";
export * from "./pager.ts";
export * from "./prune.ts";
export * from "./refs.ts";
export * from "./report.ts";
export * from "./section-hits.ts";
export * from "./tokens.ts";
