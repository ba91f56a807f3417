// Network settings for the fetcher. Values are in seconds.
export const TIMEOUT = 30;
export const KEEP_ALIVE = true;
