// What the reliability test files share against the suite's one cluster
// (global-setup.ts): URL filling, a keyed request, a health probe and a raw
// `ws` hive socket that resolves frames by predicate.
import WebSocket from "ws";
import { inject } from "vitest";
import { probe } from "./helpers.ts";

export const rel = inject("reliability");

/** encodeURIComponent, or the raw text when it has a lone surrogate (fetch then sends U+FFFD). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

export function fill(template: string, value: string): string {
  return template
    .replace(":hive", rel.hive)
    .replace(":id", rel.sessionId)
    .replace(":ref", encode(value));
}

/** A request with the hive key (or the admin token on admin routes); never throws. */
export async function send(method: string, url: string, body?: string) {
  const admin = url.includes("/v1/admin/");
  return probe(url, {
    method,
    headers: {
      authorization: `Bearer ${admin ? rel.adminToken : rel.key}`,
      "content-type": "application/json",
    },
    ...(body === undefined || method === "GET" ? {} : { body }),
  });
}

/** The cluster still answers (no request left it busy). */
export async function alive(): Promise<boolean> {
  const outcome = await probe(`${rel.url}/health`, { timeoutMs: 10_000 });
  return !outcome.hang && outcome.status === 200;
}

type Frame = Record<string, unknown>;

/** A raw `ws` hive socket that resolves frames by predicate. */
export async function hiveSocket(withKey = rel.key) {
  const ws = new WebSocket(
    `ws://127.0.0.1:${rel.port}/parties/hive/${rel.hive}?key=${encodeURIComponent(withKey)}`,
    { perMessageDeflate: false },
  );
  const frames: Frame[] = [];
  const waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  ws.on("message", (data: Buffer) => {
    const frame = JSON.parse(data.toString("utf8")) as Frame;
    const i = waiters.findIndex((w) => w.test(frame));
    if (i >= 0) {
      waiters.splice(i, 1)[0]?.resolve(frame);
    } else {
      frames.push(frame);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const wait = (test: (f: Frame) => boolean, ms = 10_000) => {
    const queued = frames.findIndex(test);
    if (queued >= 0) {
      return Promise.resolve(frames.splice(queued, 1)[0] ?? null);
    }
    return new Promise<Frame | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  };
  return { ws, wait };
}
