// References to content that left L1 or history: `ref:<key>`, where key is
// contentKey(content) from shared/base/hash.ts. The caller stores the content under
// the ref; anyone holding the ref can check that what comes back is the same.
import { contentKey } from "../base/hash.ts";

export const REF_PREFIX = "ref:";
const REF_PATTERN = /^ref:[0-9a-f]{32}$/;

export function refFor(content: string): string {
  return `${REF_PREFIX}${contentKey(content)}`;
}

export function isRef(value: string): boolean {
  return REF_PATTERN.test(value);
}

/** True when `content` is exactly what `ref` was made from. */
export function refMatches(ref: string, content: string): boolean {
  return ref === refFor(content);
}

/** Content to store under its reference; every reduction returns these. */
export interface KeptContent {
  ref: string;
  content: string;
}

export function keep(content: string): KeptContent {
  return { ref: refFor(content), content };
}
