// The phrasing families bench:compression can run: the built-in ones of
// corpora/compression-transcript.ts, plus every corpora/compression-*.ts file that
// exports a FamilySpec (facts(), first, updates, lookAlike), named by the file's
// suffix ("compression-sealed-2.ts" runs as --family=sealed-2). Used by bench/compression.ts.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { FAMILIES, type FamilySpec, type Transcript } from "../corpora/compression-transcript.ts";

/** The generator's interface, checked on an unknown module export. */
export function isFamilySpec(value: unknown): value is FamilySpec {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  const v = value as Record<string, unknown>;
  return (
    typeof v["facts"] === "function" &&
    Array.isArray(v["first"]) &&
    Array.isArray(v["updates"]) &&
    Array.isArray(v["lookAlike"]) &&
    (v["mentions"] === undefined || Array.isArray(v["mentions"]))
  );
}

/** A family that writes whole transcripts itself (exported as GENERATED_FAMILY). */
export interface GeneratedFamily {
  name: string;
  generate(seed: number, turns: number): Pick<Transcript, "messages" | "facts" | "statements">;
}

export function isGeneratedFamily(value: unknown): value is GeneratedFamily {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)["name"] === "string" &&
    typeof (value as Record<string, unknown>)["generate"] === "function"
  );
}

/** A family the bench can generate: its name and, unless built in, its spec or generator. */
export interface BenchFamily {
  name: string;
  spec?: FamilySpec;
  generate?: GeneratedFamily["generate"];
  file?: string;
}

/**
 * Every family: the built-ins first, then each corpora/compression-*.ts export
 * that is a FamilySpec under its file's suffix (a second export of one file
 * under suffix-exportname). A built-in's own file is the built-in.
 */
export async function discoverFamilies(dir: string): Promise<BenchFamily[]> {
  const out: BenchFamily[] = FAMILIES.map((name) => ({ name }));
  const files = readdirSync(dir)
    .filter((f) => /^compression-[\w.-]+\.ts$/.test(f) && f !== "compression-transcript.ts")
    .sort();
  for (const file of files) {
    const suffix = file.replace(/^compression-/, "").replace(/\.ts$/, "");
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    const generated = module["GENERATED_FAMILY"];
    if (isGeneratedFamily(generated)) {
      if (!out.some((f) => f.name === generated.name)) {
        out.push({ name: generated.name, generate: generated.generate, file });
      }
      continue;
    }
    const specs = Object.entries(module).filter(([, v]) => isFamilySpec(v));
    specs.forEach(([exportName, spec], i) => {
      const name = i === 0 ? suffix : `${suffix}-${exportName.toLowerCase()}`;
      if (out.some((f) => f.name === name)) {
        return;
      }
      out.push({ name, spec: spec as FamilySpec, file });
    });
  }
  return out;
}
