// How lethe/langgraph puts LangGraph values on the wire: the serde's JSON is
// externalised into a skeleton plus content-addressed chunks (so unchanged parts
// are never sent twice); other serde types travel as base64. Used by saver.ts.
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { contentKey } from "../base/hash.ts";
import { externalize, type Json } from "../session/checkpoint.ts";
import type { StoredValue, WireValue } from "./wire.ts";

export type Encoded = { value: StoredValue; chunks: Record<string, string> };

const decoder = new TextDecoder();

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function unbase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export async function encodeValue(serde: SerializerProtocol, value: unknown): Promise<Encoded> {
  const [type, bytes] = await serde.dumpsTyped(value);
  if (type !== "json") {
    return { value: { type, value: base64(bytes) }, chunks: {} };
  }
  const chunks: Record<string, string> = {};
  const skeleton = externalize(
    JSON.parse(decoder.decode(bytes)) as Json,
    (text) => {
      const hash = contentKey(text);
      chunks[hash] = text;
      return hash;
    },
    contentKey,
  );
  return { value: { type, value: skeleton }, chunks };
}

export function decodeValue(serde: SerializerProtocol, stored: WireValue): Promise<unknown> {
  return stored.type === "json"
    ? serde.loadsTyped("json", JSON.stringify(stored.value))
    : serde.loadsTyped(stored.type, unbase64(String(stored.value)));
}
