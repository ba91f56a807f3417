// `npm start`: this example beside a local Lethe in one Miniflare (lethe/testing):
// Lethe's five Workers and this Worker, D1 migrated, a key of the hive LETHE_HIVE
// made and given to the agent as LETHE_KEY, the admin token printed; then a short
// demo (tool turns, then a late question the model answers from the facts block),
// and the agent serves on 127.0.0.1:PORT (--port, else the PORT variable, else
// 8788; 0 takes a free port) until Ctrl-C. State lives in memory.
import { appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chatClient } from "./chat.ts";
import { testing } from "./lethe.ts";

const CONFIG = path.resolve(import.meta.dirname, "../wrangler.toml");
const DEMO_SERVICES = ["billing-api", "ledger", "search-index"];

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT || "8788" },
    "no-demo": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});
/** The Workers' own log lines (JSON), kept out of the console unless --verbose. */
const LOG_FILE = path.join(tmpdir(), `lethe-agents-chat-${process.pid}.log`);

/** Scripted answers for the offline stand-in model: call the tool, then say what it found. */
function lookupScript(service: string): unknown[] {
  return [
    { tool_calls: [{ name: "lookup_service", arguments: { name: service } }] },
    { content: `${service} is up; I looked at its logs.` },
  ];
}

async function demo(host: string): Promise<void> {
  console.log(
    "\nDemo (the offline stand-in model: its tool calls are scripted; the late question is not):",
  );
  const alice = await chatClient(host, "alice");
  for (const [i, service] of DEMO_SERVICES.entries()) {
    const text = `Look up ${service} and tell me about it.`;
    const reply = await alice.ask(`demo-${i}`, text, lookupScript(service));
    console.log(`  you:   ${text}\n  agent: ${reply.text}`);
  }
  const question = "Which port does billing-api listen on?";
  const late = await alice.ask("demo-late", question);
  console.log(`  you:   ${question}\n  agent: ${late.text}`);
  console.log(`  (answered from the hive_facts block: ${late.promptTokens.at(-1)} prompt tokens)`);
  alice.close();
}

const app = testing.workerFromConfig(CONFIG);
const hive = String(app.bindings.LETHE_HIVE ?? "demo");
const key = testing.newHiveKey(hive);
app.bindings.LETHE_KEY = key;
const adminToken = `admin-${crypto.randomUUID()}`;
console.log("agents-chat: bundling Lethe's Workers and this example (wrangler), then starting…");
const lethe = await testing.startLetheMiniflare(
  {
    workers: [app],
    host: "127.0.0.1",
    port: Number(values.port),
    handleStructuredLogs: ({ level, message }) =>
      values.verbose ? console.log(message) : appendFileSync(LOG_FILE, `${level} ${message}\n`),
  },
  { keys: { [hive]: key }, adminToken },
);
const url = await lethe.mf.ready;
const stop = async () => {
  await lethe.dispose();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());

console.log(`agents-chat: ready at ${url.origin}
  The agent:   ws://${url.host}/agents/chat-agent/<name>
  Lethe:       every other path of ${url.origin} reaches Lethe's gateway (e.g. /health)
  Hive:        ${hive}   LETHE_KEY=${key}
  Admin token: LETHE_ADMIN_TOKEN=${adminToken}   (this run only; state is in memory)
  Logs:        ${values.verbose ? "on the console (--verbose)" : LOG_FILE}`);
if (!values["no-demo"]) {
  await demo(url.host);
}
console.log(`
Try: npm run chat -- --host ${url.host} --name bob "Which port does ledger listen on?"
Ctrl-C stops the example and Lethe.`);
