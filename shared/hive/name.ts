// A hive's name: lowercase letters, digits and dashes, up to 63 characters. The
// session config, the session id format, the gateway's auth and the CLI check it.
export const HIVE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
