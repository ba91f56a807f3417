// What the proxy stores of a request and what it counts: the chain's new links (a long
// message once, as its ref) and the request's tokens (a huge content estimated).
// Used by route.ts.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { refFor, type KeptContent } from "../../../shared/context/refs.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import type { ChainLink } from "./chain.ts";

/** A stored message longer than this is stored once, as the original behind its ref. */
const INLINE_LINK_CHARS = 64 * 1024;

/** The links to store: long contents go once, as their ref (the original is in `kept`). */
export function storedLinks(
  messages: readonly ChatMessage[],
  chain: readonly ChainLink[],
  known: number,
  kept: KeptContent[],
) {
  return chain.slice(known).map((link) => {
    if (link.content.length <= INLINE_LINK_CHARS) {
      return link;
    }
    const message = messages[link.position];
    const text = message?.content ?? link.content;
    const ref = refFor(text);
    kept.push({ ref, content: text });
    return { ...link, content: JSON.stringify({ role: link.role, ref }) };
  });
}

/** Content longer than this is estimated (4 characters a token), not counted: a 20 MB result. */
const COUNT_EXACT_CHARS = 256 * 1024;

export function countRequest(
  tokenizer: Tokenizer,
  messages: readonly ChatMessage[],
  tools: unknown[],
) {
  let total = tools.length > 0 ? tokenizer.countCached(JSON.stringify(tools)) : 0;
  for (const message of messages) {
    const content = message.content ?? "";
    total +=
      content.length > COUNT_EXACT_CHARS
        ? tokenizer.countMessage({ ...message, content: "" }) + Math.ceil(content.length / 4)
        : tokenizer.countMessage(message);
  }
  return total;
}
