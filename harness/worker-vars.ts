// Model settings that every Worker of a local cluster reads. `wrangler dev` with
// several configs gives `--env-file` and `--var` to the first Worker (the gateway)
// only; the others read `.dev.vars`/`.env` beside their config, plus the process
// environment when CLOUDFLARE_INCLUDE_PROCESS_ENV is true. So the model settings
// reach the router and the compressor through wrangler's environment, which is
// cut down to what wrangler itself needs first: each variable of it becomes a
// binding of every Worker.
import { DRIVER_ENV_VARS } from "../shared/driver/config.ts";

/** The variables of `vars` that configure the model driver (LETHE_MODEL_*, LETHE_TEMPERATURE_*). */
export function modelSettings(vars: Readonly<Record<string, string>>): Record<string, string> {
  const names: ReadonlySet<string> = new Set(DRIVER_ENV_VARS);
  return Object.fromEntries(Object.entries(vars).filter(([name]) => names.has(name)));
}

/** What wrangler and workerd need from the environment to run, and nothing else. */
const WRANGLER_NEEDS = new Set([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "TERM",
  "TZ",
  "TMPDIR",
  "TMP",
  "TEMP",
  "CI",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "SYSTEMROOT",
  "APPDATA",
  "LOCALAPPDATA",
  "USERPROFILE",
]);
const WRANGLER_PREFIXES = ["LC_", "XDG_", "WRANGLER_", "CLOUDFLARE_", "MINIFLARE_"];

/**
 * wrangler's environment when model settings must reach every Worker: `base` cut
 * down to what wrangler needs, the settings, and the switch that makes every
 * Worker read the environment. Without settings, `base` unchanged.
 */
export function environmentForEveryWorker(
  base: Readonly<Record<string, string | undefined>>,
  settings: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  if (Object.keys(settings).length === 0) {
    return base as NodeJS.ProcessEnv;
  }
  const kept = Object.entries(base).filter(
    ([name]) => WRANGLER_NEEDS.has(name) || WRANGLER_PREFIXES.some((p) => name.startsWith(p)),
  );
  const env: Record<string, string | undefined> = {
    ...Object.fromEntries(kept),
    ...settings,
    CLOUDFLARE_INCLUDE_PROCESS_ENV: "true",
  };
  return env as NodeJS.ProcessEnv;
}
