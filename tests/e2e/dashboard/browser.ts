// Headless Chromium for the dashboard tests, from the project's own install:
// the binary inside the npm package @sparticuz/chromium (unpacked to the temp
// directory on first use), driven by playwright-core; axe-core checks each view.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import chromium from "@sparticuz/chromium";
import { chromium as playwright, type Browser, type Page } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** Screenshots land here (git-ignored): the tests' visible output. */
export const SCREENSHOTS = path.join(ROOT, ".test-output", "dashboard");
const AXE = path.join(ROOT, "node_modules", "axe-core", "axe.min.js");

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromium.executablePath();
  // playwright gives every launch a fresh profile directory of its own (no --user-data-dir).
  return playwright.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/** Runs axe-core (WCAG 2 A/AA rules) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (o: unknown) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: unknown[];
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
    }));
  });
}
