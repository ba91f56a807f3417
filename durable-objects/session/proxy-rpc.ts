// The proxy's RPC surface on AgentSession, an RpcTarget (AgentSession.proxy()):
// validates what the gateway sends and answers typed Results over ProxyStore.
// The gateway pipelines through it: `stub.proxy().plan(hive, input)`.
import { RpcTarget } from "cloudflare:workers";
import { z } from "zod";
import { isRef } from "../../shared/context/refs.ts";
import { contentKey } from "../../shared/base/hash.ts";
import {
  PROXY_CALL_KIND,
  ProxyCallSchema,
  type ProxyCall,
} from "../../shared/observe/proxy-span.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import type { SessionStore } from "./session-store.ts";
import {
  ProxyLinkSchema,
  ProxyTextSchema,
  ProxyStore,
  type ProxyPlan,
  type ProxyStoreError,
} from "./proxy-store.ts";

export type ProxyRpcError = ProxyStoreError | "INVALID_PROXY_INPUT" | "REF_NOT_FOUND";

/** The 10,000-message conversation of the hostile suite, with room to spare. */
export const MAX_PROXY_CHAIN = 20_000;
export const MAX_ARTIFACT_NAME_CHARS = 200;
/** A saved artifact is a note, not a dump: 256 KB. */
export const MAX_ARTIFACT_CHARS = 256 * 1024;

const PlanInputSchema = z.strictObject({
  chain: z.array(z.string().regex(/^[0-9a-f]{32}$/)).max(MAX_PROXY_CHAIN),
  refs: z.array(z.string()).max(MAX_PROXY_CHAIN),
});
const CommitInputSchema = z.strictObject({
  links: z.array(ProxyLinkSchema).max(MAX_PROXY_CHAIN),
  texts: z.array(ProxyTextSchema).max(MAX_PROXY_CHAIN),
});
const ArtifactSchema = z.strictObject({
  name: z.string().min(1).max(MAX_ARTIFACT_NAME_CHARS),
  content: z.string().max(MAX_ARTIFACT_CHARS),
});

function invalid(error: z.ZodError): Result<never, "INVALID_PROXY_INPUT"> {
  const issue = error.issues[0];
  return err(
    "INVALID_PROXY_INPUT",
    `${issue?.path.join(".") ?? "input"}: ${issue?.message ?? "invalid"}`,
    "the gateway sends these; this is a bug if it reaches a client",
  );
}

/** `configHive` is the hive of a loop session under the same id (null when there is none). */
function claim(
  store: ProxyStore,
  hive: string,
  configHive: string | null,
): Result<{ created: boolean }, ProxyStoreError> {
  if (configHive !== null && configHive !== hive) {
    return err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
  }
  return store.claim(hive);
}

/** A proxy conversation's side of the session; its storage is made on first use. */
export class SessionProxy extends RpcTarget {
  readonly #storage: DurableObjectStorage;
  readonly #configHive: () => string | null;
  readonly #append: (call: ProxyCall) => void;
  #proxyStore: ProxyStore | undefined;

  /**
   * `configHive`: the hive of a loop session under the same id (null when there is none);
   * `append`: writes a call's span into the session's trace.
   */
  constructor(
    storage: DurableObjectStorage,
    configHive: () => string | null,
    append: (call: ProxyCall) => void,
  ) {
    super();
    this.#storage = storage;
    this.#configHive = configHive;
    this.#append = append;
  }

  #store(): ProxyStore {
    this.#proxyStore ??= new ProxyStore(this.#storage);
    return this.#proxyStore;
  }

  plan(hive: string, input: unknown): Result<ProxyPlan & { created: boolean }, ProxyRpcError> {
    const store = this.#store();
    const parsed = PlanInputSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error);
    }
    const claimed = claim(store, hive, this.#configHive());
    if (!claimed.ok) {
      return claimed;
    }
    return ok({
      ...store.plan(parsed.data.chain, parsed.data.refs),
      created: claimed.value.created,
    });
  }

  commit(hive: string, input: unknown): Result<{ stored: number }, ProxyRpcError> {
    const store = this.#store();
    const parsed = CommitInputSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error);
    }
    const claimed = store.claim(hive);
    if (!claimed.ok) {
      return claimed;
    }
    return ok(store.commit(parsed.data.links, parsed.data.texts));
  }

  readRef(hive: string, ref: string): Result<string, ProxyRpcError> {
    const store = this.#store();
    if (store.hive() !== hive) {
      return err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
    }
    const content = isRef(ref) ? store.readRef(ref) : null;
    return content === null
      ? err(
          "REF_NOT_FOUND",
          `this conversation holds no ${ref.slice(0, 40)}`,
          "copy a ref shown in the prompt exactly",
        )
      : ok(content);
  }

  saveArtifact(hive: string, input: unknown): Result<{ name: string; ref: string }, ProxyRpcError> {
    const store = this.#store();
    const parsed = ArtifactSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error);
    }
    if (store.hive() !== hive) {
      return err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
    }
    const hash = contentKey(parsed.data.content);
    store.saveArtifact(parsed.data.name, parsed.data.content, hash);
    return ok({ name: parsed.data.name, ref: `ref:${hash}` });
  }

  stats(hive: string): Result<ReturnType<ProxyStore["stats"]>, ProxyRpcError> {
    const store = this.#store();
    const bound = store.hive();
    if (bound === null) {
      return err(
        "REF_NOT_FOUND",
        "no proxy conversation under this id",
        "POST /v1/chat/completions starts one",
      );
    }
    return bound === hive
      ? ok(store.stats())
      : err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
  }

  /** Records one proxy call (its span) in the session's trace, for the hive the conversation is bound to. */
  recordCall(hive: string, input: unknown): Result<{ recorded: true }, ProxyRpcError> {
    const store = this.#store();
    const parsed = ProxyCallSchema.safeParse(input);
    if (!parsed.success) {
      return invalid(parsed.error);
    }
    if (store.hive() !== hive) {
      return err("FORBIDDEN_HIVE", "this session belongs to another hive", "use a new session id");
    }
    this.#append(parsed.data);
    return ok({ recorded: true });
  }
}

/** The proxy side of a session: its hive from the loop config, each call's span in its trace. */
export function sessionProxy(storage: DurableObjectStorage, store: SessionStore): SessionProxy {
  return new SessionProxy(
    storage,
    () => store.config()?.hive ?? null,
    (call) =>
      store.trace.append(
        store.config() === null ? 0 : store.state().step,
        { kind: PROXY_CALL_KIND, data: { ...call } },
        call.startedAt + call.ms,
      ),
  );
}
