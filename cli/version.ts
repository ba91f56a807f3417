// The package's version for `lethe --version`, read from package.json next to the
// CLI (the repository's root, or the installed package's root above dist/).
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8"));
      if (
        typeof parsed === "object" &&
        parsed !== null &&
        "name" in parsed &&
        parsed.name === "lethe"
      ) {
        return "version" in parsed ? String(parsed.version) : "unknown";
      }
    } catch {
      // Not at this level: try the next one.
    }
  }
  return "unknown";
}
