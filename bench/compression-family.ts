// A compression family as data: its planted facts (prose subject, config key, value
// pool), the look-alike of each, and the templates its people and tools state values
// with. Families live as JSON in bench/compression-families/; the one generator
// (bench/compression-generator.ts) turns any of them into seeded transcripts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** `{subject}`, `{key}`, `{value}`, `{old}`, `{person}`, `{lookalike}` are filled in by the generator. */
const Template = z.string().min(1).max(400);
const Templates = z.array(Template).min(1);

export const FactSpecSchema = z.strictObject({
  /** How people name it ("appointment slot length"). */
  subject: z.string().min(3),
  /** How config and tool output name it ("slot_minutes"). */
  key: z.string().regex(/^[A-Za-z][\w.-]*$/),
  /** Appended to a value in prose ("minutes"); structured output shows the bare value. */
  unit: z.string().optional(),
  /** Distinct values; the generator picks its history from these. */
  values: z.array(z.string().min(1)).min(4),
  lookAlike: z.strictObject({
    subject: z.string().min(3),
    key: z.string().regex(/^[A-Za-z][\w.-]*$/),
    values: z.array(z.string().min(1)).min(2),
  }),
});
export type FactSpec = z.infer<typeof FactSpecSchema>;

/** The ways a value gets stated; a family may leave any out. */
export const CARRIERS = [
  "prose",
  "relayed",
  "answer",
  "json",
  "yaml",
  "csv",
  "env",
  "diff",
  "log",
  "table",
] as const;
export type Carrier = (typeof CARRIERS)[number];

export const FamilySchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** Held out: written after the stand-in, never used to change it. */
  heldOut: z.boolean(),
  domain: z.string(),
  system: z.string(),
  people: z.array(z.string()).min(2),
  facts: z.array(FactSpecSchema).min(12),
  /** The tool names of each structured carrier ("get_schedule_config"). */
  tools: z.strictObject({
    config: z.array(z.string()).min(1),
    logs: z.array(z.string()).min(1),
    other: z.array(z.string()).min(1),
  }),
  /** Weights of the carriers a first value and an update use. */
  carriers: z.record(z.enum(CARRIERS), z.number().min(0)),
  /** Noise keys of config dumps, with a value each. */
  noiseKeys: z.record(z.string(), z.string()),
  templates: z.strictObject({
    first: Templates,
    update: Templates,
    relayed: Templates,
    question: Templates,
    answer: Templates,
    hedge: Templates,
    proposal: Templates,
    rejection: Templates,
    mention: Templates,
    lookAlike: Templates,
    logUpdate: Templates,
    heartbeat: Templates,
    chatter: Templates.min(10),
    replies: Templates.min(5),
    toolNoise: Templates.min(3),
  }),
});
export type Family = z.infer<typeof FamilySchema>;

const DIR = new URL("./compression-families/", import.meta.url).pathname;

/** Every family of bench/compression-families/, validated; a broken file throws with its path. */
export function loadFamilies(dir: string = DIR): Family[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = FamilySchema.safeParse(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${file}: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
      }
      return parsed.data;
    });
}
