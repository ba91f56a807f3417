// Mutations of the "clean-room" family (scripts/mutations.ts): the clean room on bytes: every entry point's redaction must be needed.
// Each removes one capability; the family's scenario file must then fail.
import type { Mutation } from "../lib/mutation.ts";

/** The byte-level clean-room scenario: every entry point's redaction must be needed. */
const BYTES = "a secret met at every entry point";

export const CLEAN_ROOM: readonly Mutation[] = [
  // The clean room on bytes: removing the redaction at any one entry point must
  // let a secret into the state directory, a log or a prompt.
  {
    family: "clean-room",
    scenario: BYTES,
    file: "workers/gateway/routes/sessions.ts",
    find: 'const config = cleanConfig(c.req.valid("json"));',
    replace: 'const config = c.req.valid("json");',
    removes: "redacting a clean-room session's mission before it is stored",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "durable-objects/session/step/effects.ts",
    find: "? { ...op, page: { ...op.page, content: redactSecrets(op.page.content).text } }",
    replace: "? op",
    removes: "redacting a staged file's contents before they enter L1",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "const args = redactDeepValue(move.args);",
    replace: "const args = { value: move.args, count: 0 };",
    removes: "redacting a move's tool-call arguments",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "current = current.replace(BASE64_RUN, (run) => {",
    replace: "current = current.replace(/(?!)/g, (run) => {",
    removes: "decoding base64 runs that hide a secret",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "if (ESCAPE.test(current)) {",
    replace: "if (false) {",
    removes: "decoding JSON escapes that spell a secret",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/clean-room.ts",
    find: "const half = splitPrefixAt(current);",
    replace: "const half = null as number | null;",
    removes: "redacting the first half of a secret split across two calls",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "durable-objects/session/step/exits.ts",
    find: "keep(ctx.preset.cleanRoom ? redactDeep(failure.raw).text : failure.raw)",
    replace: "keep(failure.raw)",
    removes: "redacting a model reply kept raw (an answer that is no move)",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/gatekeeper/output.ts",
    find: "const redacted = redactSecrets(content);",
    replace: "const redacted = { text: content, redactions: [] };",
    removes: "redacting a tool's output before the model or the transcript sees it",
  },
  {
    family: "clean-room",
    scenario: BYTES,
    file: "shared/base/log.ts",
    find: "    return redactSecrets(value).text;\n",
    replace: "    return value;\n",
    removes: "redacting secrets out of structured log lines (a client's request id is logged)",
  },
  // The compact job's summariser answers are redacted too (workers/compressor/
  // redacted-summariser.ts), but no mutation removes it here: the cluster's compressor
  // calls its own local model (the MODEL binding), not this scenario's hostile server,
  // and the turns it summarises are already redacted, so removing it changes nothing
  // the scenario can see; tests/workers/compressor/redacted-summariser.test.ts proves it.

  // No mutation removes the artifact-value redaction (step/effects.ts, `artifact: preset.cleanRoom`):
  // every artifact value arrives in a move, and the move is cleaned first, so removing it
  // alone changes nothing a scenario can see (measured: it survived).
];
