// Upper bound on how long a caller waits for a response, in seconds.
// It must equal TIMEOUT + RETRIES (one second of slack per retry).
export const MAX_WAIT = 0;
