import { loadTokenizer } from "../shared/context/tokens.ts";
import { compressConversation } from "../shared/compress/index.ts";
import { localModelFetch } from "../shared/compress/local-fetch.ts";
import { driverConfigFromEnv } from "../shared/driver/config.ts";
import { Driver } from "../shared/driver/driver.ts";
import { makeTranscript } from "./compression-transcript.ts";
const tokenizer = await loadTokenizer("gpt-4o");
const config = driverConfigFromEnv({}, { maxAttempts: 1 });
if (!config.ok) throw new Error("x");
const local = new Driver(config.value, { fetch: localModelFetch() });
const t = makeTranscript({ seed: Number(process.argv[2] ?? 1), family: (process.argv[3] ?? "dev") as "dev" });
for (const f of t.facts) console.log("FACT", f.subject, "|", f.values.join(" -> "), "| alike", f.lookAlike);
for (const s of t.statements) console.log("STMT", s.turn, s.sentence);
const run = await compressConversation(t.messages, { tokenizer, client: local, budget: { ratio: Number(process.argv[4] ?? 0.25) } });
if (run.ok) { console.log(run.value.summary); console.log(run.value.report.losses.join("\n")); }
