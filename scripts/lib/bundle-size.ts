// What wrangler uploads for a Worker, module by module (the bundle and every .wasm
// beside it; source maps and wrangler's README left out), raw and gzipped, and the
// budget each Worker must stay under. Used by `npm run check`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface ModuleSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleSize {
  modules: ModuleSize[];
  raw: number;
  gzip: number;
}

const KiB = 1024;

/**
 * Gzip budgets, with margin under the Free plan's 3 MiB per Worker: 2 MiB for a
 * Worker that counts tokens (one encoding's rank tables are ~1 MiB gzipped), 300
 * KiB for the two that only route and admit and for the relay. The gateway also
 * holds every Durable Object class and the code-tree grammars (about 480 KiB of
 * wasm gzipped): 2 MiB + 64 KiB, still 0.9 MiB under the Free plan's limit. Of its
 * 2,047 KiB at the last raise, the tokenizer's ranks were 1,054 KiB, zod 107, the
 * OpenAI client 84, and Lethe's own code 153.
 */
export const GZIP_BUDGETS: Readonly<Record<string, number>> = {
  "lethe-gateway": 2112 * KiB,
  "lethe-compressor": 2048 * KiB,
  "lethe-model": 2048 * KiB,
  "lethe-router": 300 * KiB,
  "lethe-gatekeeper": 300 * KiB,
  "lethe-relay": 300 * KiB,
};

export function measureBundle(dir: string): BundleSize {
  const modules = readdirSync(dir)
    .filter((f) => !f.endsWith(".map") && f !== "README.md")
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .map((file) => {
      const bytes = readFileSync(path.join(dir, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    modules,
    raw: modules.reduce((s, m) => s + m.raw, 0),
    gzip: modules.reduce((s, m) => s + m.gzip, 0),
  };
}

export function formatKiB(bytes: number): string {
  return `${(bytes / KiB).toFixed(1)} KiB`;
}
