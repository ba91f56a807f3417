// vendorDashboard copies the dashboard's browser modules once: a second run
// writes nothing, so a running `wrangler dev` does not reload its assets.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { DASHBOARD_VENDOR, vendorDashboard } from "../../harness/dashboard-vendor.ts";

describe("vendorDashboard", () => {
  it("copies every module, then leaves up-to-date files unwritten", ({ expect }) => {
    const vendor = vendorDashboard();
    const files = Object.values(DASHBOARD_VENDOR).map((to) => path.join(vendor, to));
    const written = files.map((file) => statSync(file).mtimeMs);
    vendorDashboard();
    expect(files.map((file) => statSync(file).mtimeMs)).toEqual(written);
    for (const [from, to] of Object.entries(DASHBOARD_VENDOR)) {
      const source = readFileSync(path.join(vendor, "..", "..", "..", "node_modules", from));
      expect(readFileSync(path.join(vendor, to)).equals(source)).toBe(true);
    }
  });
});
