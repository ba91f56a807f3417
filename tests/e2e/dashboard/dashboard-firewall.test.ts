// The dashboard approving a firewall ASK in real headless Chromium: a hive whose
// firewall.yaml asks before a write to src/limits.ts, a scripted session paused on
// that rule, the Approve button, and the session resuming (socket frames and trace).
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { encodeScript, type ScriptEntry } from "../../../shared/model/script.ts";
import type { ServerMessage } from "../../../shared/protocol.ts";
import { vendorDashboard } from "../../../harness/dashboard-vendor.ts";
import {
  hiveClient,
  sharedCluster,
  subscribe,
  type SharedCluster,
  type Subscriber,
} from "../helpers.ts";
import { axeViolations, launchBrowser, screenshot } from "./browser.ts";

const ASK_LIMITS = `version: 1
default: ALLOW
ask_timeout_seconds: 300
rules:
  - id: limits-need-a-person
    tool: write_file
    action: ASK
    field: path
    matches: "^src/limits\\\\.ts$"
    reason: changing limits needs a person
`;
const call = (name: string, args: Record<string, unknown>): ScriptEntry => ({
  tool_calls: [{ name, arguments: args }],
});

let cluster: SharedCluster;
let browser: Browser;
const hive = `dashfw-${Math.random().toString(36).slice(2, 8)}`;
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

/** Reads frames until one of `type` arrives (step and page frames are skipped). */
async function frame<T extends ServerMessage["type"]>(
  sub: Subscriber,
  type: T,
  timeoutMs = 60_000,
): Promise<Extract<ServerMessage, { type: T }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await sub.next(Math.max(1, deadline - Date.now()));
    if (message.type === type) {
      return message as Extract<ServerMessage, { type: T }>;
    }
  }
}

describe("the dashboard and the hive's firewall", () => {
  it("shows a firewall ASK with approve/deny; Approve resumes the session and the move runs once", async ({
    expect,
  }) => {
    const put = await fetch(`${cluster.url}/v1/hives/${hive}/firewall`, {
      method: "PUT",
      headers: { authorization: `Bearer ${client.key}`, "content-type": "text/yaml" },
      body: ASK_LIMITS,
    });
    expect(put.status).toBe(200);
    const created = await client.call("POST", "/v1/sessions", {
      hive,
      mission: "Raise the wait limit.",
      // The model proposes the write, is asked to wait, and proposes it again once approved.
      script: encodeScript([
        call("write_file", { path: "src/limits.ts", content: "export const MAX_WAIT = 34;\n" }),
        call("write_file", { path: "src/limits.ts", content: "export const MAX_WAIT = 34;\n" }),
        call("finish", { status: "achieved", summary: "limit raised" }),
      ]),
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const sub = subscribe(cluster, "agent-session", id, { key: client.key });
    const page = await browser.newPage();
    try {
      await frame(sub, "session.state");
      await page.goto(`${cluster.url}/dashboard/`);
      await page.getByLabel("Hive", { exact: true }).fill(hive);
      await page.getByLabel("Hive key").fill(client.key);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator(`a[href="#/session/${id}"]`).click();
      await page.locator('[data-live="on"]').waitFor();
      await page.getByRole("button", { name: "Start" }).click();

      const question = await frame(sub, "session.question");
      expect(question).toMatchObject({ kind: "decision", tool: "write_file" });
      await page.getByTestId("ask").waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("ask-question").textContent()).toContain(
        "changing limits needs a person",
      );
      expect(await page.getByTestId("ask").textContent()).toContain("write_file");
      await page.getByRole("button", { name: "Deny" }).waitFor();
      // The move waits for a person: nothing is written yet.
      const before = await fetch(
        `${cluster.url}/v1/hives/${hive}/workspace/file?path=src/limits.ts`,
        { headers: { authorization: `Bearer ${client.key}` } },
      );
      expect(before.status).toBe(404);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "session-firewall-ask");

      await page.getByRole("button", { name: "Approve" }).click();
      const answered = await frame(sub, "session.answered");
      expect(answered).toMatchObject({ label: "approved", decisionId: question.decisionId });
      await expect
        .poll(() => page.getByTestId("status").textContent(), { timeout: 60_000 })
        .toContain("achieved");
      await page.getByTestId("ask").waitFor({ state: "detached" });
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, "session-firewall-approved");

      // The approved write reaches the hive's workspace (indexed after the step) and the page.
      await page.locator('li[data-file="src/limits.ts"] pre').getByText("MAX_WAIT = 34").waitFor();
      await expect
        .poll(
          async () =>
            (
              await fetch(`${cluster.url}/v1/hives/${hive}/workspace/file?path=src/limits.ts`, {
                headers: { authorization: `Bearer ${client.key}` },
              })
            ).text(),
          { timeout: 30_000 },
        )
        .toContain("MAX_WAIT = 34;");
      const trace = await client.call("GET", `/v1/sessions/${id}/trace`);
      const events = (trace.body.events ?? []) as Array<{
        kind: string;
        data: Record<string, unknown>;
      }>;
      const human = events.filter((e) => e.kind === "human");
      expect(human).toHaveLength(1);
      expect(human[0]?.data).toMatchObject({
        label: "approved",
        decisionId: question.decisionId,
      });
      const writes = events.filter((e) => e.kind === "tool" && e.data.tool === "write_file");
      expect(writes).toHaveLength(1);
      expect(writes[0]?.data.error).toBe(false);
    } finally {
      sub.close();
      await page.close();
    }
  });
});
