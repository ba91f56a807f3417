// The two ways L1 holds files (see shared/context/page.ts for the pager's rules).
export type SessionMode = "strict" | "elastic";
