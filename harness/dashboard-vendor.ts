// Copies the dashboard's browser modules (preact, htm, partysocket) from
// node_modules into public/dashboard/vendor/ (git-ignored). Run by `npm install`
// (the `prepare` script), `npm start` and the browser tests; idempotent: a file
// already up to date is not written again, so a running `wrangler dev` (which
// reloads when its assets change) is left alone.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(ROOT, "public", "dashboard", "vendor");

/** node_modules source → vendor file name (the dashboard's import map names them). */
export const DASHBOARD_VENDOR: Record<string, string> = {
  "preact/dist/preact.mjs": "preact.mjs",
  "preact/hooks/dist/hooks.mjs": "preact-hooks.mjs",
  "htm/dist/htm.module.js": "htm.mjs",
  "partysocket/dist/index.js": "partysocket/index.js",
  "partysocket/dist/ws.js": "partysocket/ws.js",
};

export function vendorDashboard(): string {
  for (const [from, to] of Object.entries(DASHBOARD_VENDOR)) {
    const source = path.join(ROOT, "node_modules", from);
    const target = path.join(VENDOR, to);
    if (existsSync(target) && readFileSync(target).equals(readFileSync(source))) {
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  return VENDOR;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  vendorDashboard();
}
