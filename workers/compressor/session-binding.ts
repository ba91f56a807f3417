// The compressor's view of the Durable Objects it calls, typed from the classes
// the gateway exports: a changed RPC signature fails the compressor's type check.
// Used by the compaction and steward jobs.
import type { AgentSession } from "../../durable-objects/agent-session.ts";
import type { Hive } from "../../durable-objects/hive.ts";

export type SessionNamespace = DurableObjectNamespace<AgentSession>;
export type SessionStub = DurableObjectStub<AgentSession>;
export type HiveNamespace = DurableObjectNamespace<Hive>;
