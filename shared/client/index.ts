// The package entry `lethe/client`: the typed gateway client and its follower.
export { DEFAULT_TIMEOUT_MS, Lethe, LetheError } from "./lethe.ts";
export type * from "./lethe.ts";
export type { FollowOptions, HiveFollower } from "./follow.ts";
