// Content-hash chain over a conversation: link i hashes link i-1 with message i,
// so the stored prefix of a resent history is found by hash, and an edited or
// truncated history diverges at the first changed message (a new branch is stored,
// the old links stay). Used by proxy/route.ts.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import { contentKey } from "../../../shared/base/hash.ts";

export interface ChainLink {
  chain: string;
  parent: string | null;
  position: number;
  role: string;
  contentHash: string;
  /** The message as stored: canonical JSON. */
  content: string;
}

/** Canonical JSON of a message (fixed key order), what its content hash covers. */
export function canonicalMessage(message: ChatMessage): string {
  switch (message.role) {
    case "assistant":
      return JSON.stringify({
        role: message.role,
        content: message.content,
        tool_calls: (message.tool_calls ?? []).map((c) => [
          c.id,
          c.function.name,
          c.function.arguments,
        ]),
      });
    case "tool":
      return JSON.stringify({
        role: message.role,
        content: message.content,
        id: message.tool_call_id,
      });
    default:
      return JSON.stringify({ role: message.role, content: message.content });
  }
}

export function chainOf(messages: readonly ChatMessage[]): ChainLink[] {
  const links: ChainLink[] = [];
  let parent: string | null = null;
  for (const [position, message] of messages.entries()) {
    const content = canonicalMessage(message);
    const contentHash = contentKey(content);
    const chain = contentKey(`${parent ?? ""}:${contentHash}`);
    links.push({ chain, parent, position, role: message.role, contentHash, content });
    parent = chain;
  }
  return links;
}
