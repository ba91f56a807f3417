// `lethe compress FILE`: compresses a transcript of OpenAI-style messages (a JSON
// array, or {messages: [...]}) through POST /v1/hives/:hive/compress and prints
// the report; `lethe compress --ref <ref>` prints a cut text back from the hive.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ErrorBodySchema } from "../../shared/errors.ts";
import { CliError, type CliContext } from "./context.ts";

async function request(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new CliError(
      `cannot reach the gateway at ${new URL(url).origin}`,
      "start the cluster with `npm start`, or pass --url <gateway>",
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: reported below with its status.
  }
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const e = parsed.data.error;
      throw new CliError(
        `${what} failed: ${e.code}: ${e.message}`,
        e.hint ?? "see docs/compression.md",
      );
    }
    throw new CliError(`${what} failed with HTTP ${response.status}`, "is --url a Lethe gateway?");
  }
  return body;
}

interface CompressAnswer {
  method: string;
  summary: string;
  messages: unknown[];
  budget: { target: number | null; inputTokens: number; outputTokens: number; met: boolean };
  report: { losses: string[] };
  cut: { turn: number; ref: string; why: string }[];
  refs: string[];
}

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
  const key = ctx.requireKey();
  if (values.hive === undefined) {
    throw new CliError(
      "compress needs --hive",
      "the hive your key belongs to: its refs are stored there",
    );
  }
  const base = `${ctx.url}/v1/hives/${encodeURIComponent(values.hive)}`;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  if (values.ref !== undefined) {
    const body = (await request(
      `${base}/refs/${encodeURIComponent(values.ref)}`,
      { headers },
      "resolve",
    )) as {
      content: string;
    };
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
  const answer = (await request(
    `${base}/compress`,
    {
      method: "POST",
      headers,
      body: JSON.stringify({
        messages,
        ...(budget === undefined ? {} : { budget }),
        ...(values.structural ? { method: "structural" } : {}),
      }),
    },
    "compress",
  )) as CompressAnswer;
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
  ctx.out(
    `  ${answer.refs.length} texts stored in hive "${values.hive}"; print one with: lethe compress --hive ${values.hive} --ref <ref>`,
  );
  if (answer.summary.length > 0) {
    ctx.out("");
    ctx.out(answer.summary);
  }
}
