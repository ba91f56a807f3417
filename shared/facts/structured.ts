// Structured key–value extraction, the public face of shared/facts/: what a text
// states as data (JSON, YAML, CSV/TSV and pipe tables, env files, unified-diff
// hunks, explicit `X = V` / `X: V` lines) and, across turns, the latest value of
// each key with the older ones it replaced. Pure and platform-free; it reads no
// English words. Used by the model Worker's extractive summariser.
export { extractKeyValues, type ExtractOptions } from "./extract.ts";
export { subjectOfKey, type KeyValue, type StructuredFormat } from "./key-value.ts";
export {
  latestValues,
  type LatestOptions,
  type StatedValue,
  type TurnText,
  type ValueHistory,
} from "./latest.ts";
