// The package entry `lethe/client`: the typed gateway client, its route groups and its follower.
export { DEFAULT_TIMEOUT_MS, Lethe, LetheError, TextBody } from "./lethe.ts";
export type * from "./lethe.ts";
export type * from "./memory.ts";
export type * from "./workspace.ts";
export { FollowSinceError } from "./follow.ts";
export type { FollowOptions, FollowSince, HiveFollower } from "./follow.ts";
export type { HiveWriter, WriterOptions } from "./hive-writer.ts";
export type { CommitOutcome } from "../../shared/hive/messages.ts";
