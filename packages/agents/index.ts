// `lethe/agents`: Lethe as the memory layer of Cloudflare's `agents` SDK — a
// session store on a Lethe AgentSession, context blocks for the hive's facts
// and L1, and a compaction function on Lethe's compressor.
export {
  LetheAgentsError,
  isLetheAgentsError,
  letheCall,
  type LetheConnection,
  type LetheFetcher,
} from "./lethe-api.ts";
export { LetheSessionStore, type SessionStoreOptions } from "./session-store.ts";
export { letheArtifactsBlock, letheL1Block, fitLines, artifactLine } from "./context-blocks.ts";
export { letheCompaction, compactionSpan, toChatMessages } from "./compaction.ts";
export { letheSaveFact, type FactInput } from "./facts.ts";
export { loadTokenizer as letheTokenizer } from "../../shared/context/tokens.ts";
