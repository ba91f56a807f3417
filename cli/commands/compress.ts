// `lethe compress FILE`: compresses a transcript of OpenAI-style messages (a JSON
// array, or {messages: [...]}) through POST /v1/hives/:hive/compress and prints
// the report; `lethe compress --ref <ref>` prints a cut text back from the hive.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { CompressRequest } from "../../packages/client/lethe.ts";
import { cliCall, clientFor } from "./client.ts";
import { CliError, type CliContext } from "./context.ts";

/** Reads the budget flag: "25%" or "0.25" is a share of the input, "1200" is tokens. */
function budgetOf(value: string | undefined): { ratio: number } | { tokens: number } | undefined {
  if (value === undefined) {
    return undefined;
  }
  const share = /^(\d+(?:\.\d+)?)%$/.exec(value);
  const n = Number(share ? share[1] : value);
  if (!Number.isFinite(n) || n <= 0) {
    throw new CliError(
      `--budget ${value} is not a budget`,
      'use a share ("25%", "0.25") or tokens ("1200")',
    );
  }
  if (share) {
    return { ratio: n / 100 };
  }
  return n < 1 ? { ratio: n } : { tokens: Math.floor(n) };
}

export async function compressCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      hive: { type: "string" },
      budget: { type: "string" },
      structural: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      ref: { type: "string" },
    },
  });
  const client = clientFor(ctx);
  const hive = values.hive;
  if (hive === undefined) {
    throw new CliError(
      "compress needs --hive",
      "the hive your key belongs to: its refs are stored there",
    );
  }
  const ref = values.ref;
  if (ref !== undefined) {
    const body = await cliCall("resolve", "docs/compression.md", () => client.ref(hive, ref));
    ctx.out(body.content);
    return;
  }
  const file = positionals[0];
  if (file === undefined) {
    throw new CliError(
      "compress needs a FILE",
      "lethe compress transcript.json --hive H [--budget 25%]",
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new CliError(
      `cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
      "give a JSON array of {role, content} messages, or {messages: [...]}",
    );
  }
  const messages = Array.isArray(parsed)
    ? parsed
    : typeof parsed === "object" && parsed !== null && "messages" in parsed
      ? (parsed as { messages: unknown }).messages
      : undefined;
  if (!Array.isArray(messages)) {
    throw new CliError(
      `${file} holds no messages`,
      "give a JSON array of {role, content} messages, or {messages: [...]}",
    );
  }
  const budget = budgetOf(values.budget);
  const answer = await cliCall("compress", "docs/compression.md", () =>
    client.compress(hive, {
      // The route checks them against its schema; a bad message comes back as a typed refusal.
      messages: messages as CompressRequest["messages"],
      ...(budget === undefined ? {} : { budget }),
      ...(values.structural ? { method: "structural" as const } : {}),
    }),
  );
  if (values.json) {
    ctx.out(JSON.stringify(answer, null, 2));
    return;
  }
  const b = answer.budget;
  ctx.out(
    `${answer.method}: ${b.inputTokens} → ${b.outputTokens} tokens${b.target === null ? "" : ` (budget ${b.target}, ${b.met ? "met" : "NOT met"})`}; ${answer.messages.length} messages`,
  );
  for (const loss of answer.report.losses) {
    ctx.out(`  ${loss}`);
  }
  if (answer.summariser?.note !== undefined) {
    ctx.out(`  note: ${answer.summariser.note}`);
  }
  ctx.out(
    `  ${answer.refs.length} texts stored in hive "${hive}"; print one with: lethe compress --hive ${hive} --ref <ref>`,
  );
  if (answer.summary.length > 0) {
    ctx.out("");
    ctx.out(answer.summary);
  }
}
