// The dashboard in real headless Chromium against a whole local cluster: sign in,
// watch a scripted mission's steps arrive live, answer its question, roll back and
// see the timeline and files change; hostile keys, markup in data, 10,000
// artifacts, a socket that keeps dropping. axe-core checks every view.
import { afterAll, beforeAll, describe, it, type ExpectStatic } from "vitest";
import type { Browser, Page } from "playwright-core";
import { encodeScript, type ScriptEntry } from "../../../shared/model/script.ts";
import { vendorDashboard } from "../../../harness/dashboard-vendor.ts";
import { E2E_ADMIN_TOKEN, hiveClient, sharedCluster, type SharedCluster } from "../helpers.ts";
import { axeViolations, launchBrowser, screenshot, SCREENSHOTS } from "./browser.ts";
import { flakyProxy } from "./flaky-proxy.ts";

const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
const call = (name: string, args: Record<string, unknown>): ScriptEntry => ({
  tool_calls: [{ name, arguments: args }],
});

let cluster: SharedCluster;
let browser: Browser;
const hive = `dash-${Math.random().toString(36).slice(2, 8)}`;
let client: Awaited<ReturnType<typeof hiveClient>>;

beforeAll(async () => {
  vendorDashboard();
  cluster = await sharedCluster();
  client = await hiveClient(cluster, hive);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(
  page: Page,
  as: { hive: string; key: string },
  base = cluster.url,
): Promise<void> {
  await page.goto(`${base}/dashboard/`);
  await page.getByLabel("Hive", { exact: true }).fill(as.hive);
  await page.getByLabel("Hive key").fill(as.key);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function expectAccessible(page: Page, expect: ExpectStatic) {
  expect(await axeViolations(page)).toEqual([]);
}

describe("the dashboard", () => {
  it("signs in, shows a mission's steps live, answers its question, rolls back and forks", async ({
    expect,
  }) => {
    const created = await client.call("POST", "/v1/sessions", {
      hive,
      mission: `Write the app. ${HOSTILE}`,
      script: encodeScript([
        call("write_file", { path: "src/app.ts", content: "export const v = 1;\n" }),
        call("stage_context", { path: "src/app.ts" }),
        call("write_file", { path: "src/notes.md", content: "# v = 2\n" }),
        call("ask_human", { question: `Ship it? ${HOSTILE}` }),
        call("finish", { status: "achieved", summary: "shipped" }),
      ]),
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const page = await browser.newPage();
    await signIn(page, { hive, key: client.key });
    await page.locator(`tr[data-session="${id}"]`).waitFor();
    // The header says which model serves each role: here the local stand-in, named as such.
    await expect
      .poll(() => page.getByTestId("models").textContent())
      .toMatch(/router\s*lethe-local\s*\(local stand-in, not a language model\)/);
    // The mission's markup is text: visible as characters, never run.
    await expect
      .poll(() => page.locator(`tr[data-session="${id}"] td.mission`).textContent())
      .toContain("<script>");
    await expectAccessible(page, expect);
    await screenshot(page, "sessions");

    await page.locator(`a[href="#/session/${id}"]`).click();
    await page.locator('[data-live="on"]').waitFor();
    await expectAccessible(page, expect);
    await page.getByRole("button", { name: "Start" }).click();
    // Steps arrive over the socket while the page stays open.
    await page.getByTestId("ask").waitFor({ timeout: 60_000 });
    expect(
      Number((await page.getByTestId("live-steps").textContent())?.split(" ")[0]),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId("ask-question").textContent()).toContain("<script>");
    await page.locator('li[data-file="src/notes.md"] pre').getByText("v = 2").waitFor();
    await expectAccessible(page, expect);
    await screenshot(page, "session-ask");

    await page.getByLabel("Your answer").fill("yes, ship it");
    await page.getByRole("button", { name: "Answer" }).click();
    await expect
      .poll(() => page.getByTestId("status").textContent(), { timeout: 60_000 })
      .toContain("achieved");
    await screenshot(page, "session-finished");
    // The README's picture: the top of the session view at a laptop's size.
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/readme-session.png` });
    const before = await page.locator("[data-testid=timeline] li").count();

    // Roll back to the first write: the timeline shortens and the later file is gone.
    const first = page.locator('[data-testid=timeline] li[data-checkpoint-step="1"]');
    await first.getByRole("button", { name: "Roll back to step 1" }).click();
    await expect.poll(() => page.getByTestId("step").textContent(), { timeout: 30_000 }).toBe("1");
    await expect.poll(() => page.locator("[data-testid=timeline] li").count()).toBeLessThan(before);
    await page
      .locator('li[data-file="src/notes.md"]')
      .waitFor({ state: "detached", timeout: 30_000 });
    await page.locator('li[data-file="src/app.ts"] pre').getByText("v = 1").waitFor();
    const notes = await fetch(`${cluster.url}/v1/hives/${hive}/workspace/file?path=src/notes.md`, {
      headers: { authorization: `Bearer ${client.key}` },
    });
    expect(notes.status).toBe(404);
    await screenshot(page, "session-rolled-back");

    await page.getByRole("button", { name: "Fork at step 1" }).click();
    await page.locator("text=Forked from").waitFor();
    expect(page.url()).not.toContain(id);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it("refuses a key of another hive and a revoked key, and signs out when a key is revoked", async ({
    expect,
  }) => {
    const other = await hiveClient(cluster, `${hive}-other`);
    const page = await browser.newPage();
    await signIn(page, { hive, key: other.key });
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("FORBIDDEN_HIVE");
    await expectAccessible(page, expect);
    await screenshot(page, "sign-in-other-hive");

    const revokable = await hiveClient(cluster, hive);
    await signIn(page, { hive, key: revokable.key });
    await page.getByTestId("hive-name").waitFor();
    const keys = await fetch(`${cluster.url}/v1/admin/hives/${hive}/keys`, {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    }).then(
      (r) =>
        r.json() as Promise<{
          keys: Array<{ id: string; label: string; revokedAt: number | null }>;
        }>,
    );
    for (const k of keys.keys.filter((k) => k.revokedAt === null).slice(0, 1)) {
      // The newest key is the one just created (keys are listed newest first).
      await fetch(`${cluster.url}/v1/admin/hives/${hive}/keys/${k.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      });
    }
    // The gateway's key cache forgets a revoked key at once in this isolate.
    await page.getByRole("link", { name: "Metrics" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent(), { timeout: 30_000 })
      .toContain("INVALID_KEY");
    await page.getByLabel("Hive key").waitFor();
    await signIn(page, { hive, key: revokable.key });
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("INVALID_KEY");
    await page.close();
  });

  it("pages 10,000 artifacts whose values, names and sources hold markup, inertly", async ({
    expect,
  }) => {
    const total = 10_000;
    const batch = 64;
    for (let start = 0; start < total; start += batch) {
      const writes = Array.from({ length: Math.min(batch, total - start) }, (_, i) => {
        const n = start + i;
        return {
          op: "put",
          artifact: {
            identifier: `bulk.item-${String(n).padStart(5, "0")}`,
            kind: "fact",
            value: { html: HOSTILE, n },
            summary: `item ${n} ${HOSTILE}`,
            provenance: {
              session: "s-bulk",
              agent: "loader",
              step: 0,
              source: `src/<b>${n}</b>.ts`,
            },
          },
        };
      });
      const r = await client.call("POST", `/v1/hives/${hive}/commit`, {
        idempotencyKey: `bulk-${start}`,
        writes,
      });
      expect(r.status).toBeLessThan(300);
    }
    const page = await browser.newPage();
    await signIn(page, { hive, key: client.key });
    await page.getByRole("link", { name: "Artifacts" }).click();
    await page.locator("tr[data-artifact]").first().waitFor();
    expect(await page.locator("tr[data-artifact]").count()).toBe(50);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect
      .poll(() => page.locator("tr[data-artifact]").first().getAttribute("data-artifact"))
      .toBe("bulk.item-00050");
    expect(await page.locator("tr[data-artifact]").count()).toBe(50);
    await expectAccessible(page, expect);
    await screenshot(page, "artifacts");
    await page.locator('a[href="#/artifact/bulk.item-00051"]').click();
    await page.getByTestId("artifact-value").waitFor();
    expect(await page.getByTestId("artifact-value").textContent()).toContain("<script>");
    await expectAccessible(page, expect);
    await page.getByRole("link", { name: "Metrics" }).click();
    await page.locator('[data-metric="steps"]').waitFor();
    expect(Number(await page.locator('[data-metric="steps"]').textContent())).toBeGreaterThan(0);
    await expectAccessible(page, expect);
    await screenshot(page, "metrics");
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it("keeps up with the hive while its connection drops every two seconds", async ({ expect }) => {
    const proxy = await flakyProxy(cluster);
    const page = await browser.newPage();
    await signIn(page, { hive, key: client.key }, proxy.url);
    await page.getByRole("link", { name: "Artifacts" }).click();
    await page.locator('[data-live="on"]').waitFor();
    const writes = 12;
    let cuts = 0;
    for (let i = 0; i < writes; i++) {
      if (i % 3 === 0) {
        cuts += proxy.cut() > 0 ? 1 : 0;
      }
      await client.call("POST", `/v1/hives/${hive}/artifacts`, {
        idempotencyKey: `live-${i}`,
        artifact: {
          identifier: `aaa.live-${String(i).padStart(2, "0")}`,
          kind: "fact",
          value: i,
          summary: `live ${i}`,
          provenance: { session: "s-live", agent: "writer", step: i, source: "test" },
        },
      });
      // Paced like a working agent, so that cuts land between, before and after writes.
      await new Promise((r) => setTimeout(r, 700));
    }
    // Every write arrives exactly once across the reconnects (resumed with ?since=).
    await expect
      .poll(() => page.getByTestId("artifact-events").textContent(), { timeout: 30_000 })
      .toBe(`${writes} live events`);
    expect(cuts).toBe(4);
    await page.locator('[data-live="on"]').waitFor();
    await expect.poll(() => page.locator('tr[data-artifact^="aaa.live-"]').count()).toBe(writes);
    await screenshot(page, "artifacts-live");
    await page.close();
    await proxy.close();
  });
});
