// Test helper: js-tiktoken (the oracle) and tiktoken's WASM build, with
// special-token strings treated as ordinary text like ours.
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import o200k from "js-tiktoken/ranks/o200k_base";
import type { EncodingName } from "../../../shared/context/tokens.ts";

const oracles = new Map<EncodingName, Tiktoken>();

export function oracleCount(encoding: EncodingName, text: string): number {
  let oracle = oracles.get(encoding);
  if (oracle === undefined) {
    oracle = new Tiktoken(encoding === "o200k_base" ? o200k : cl100k);
    oracles.set(encoding, oracle);
  }
  return oracle.encode(text, [], []).length;
}

/** A corpus of every class PLATFORM.md calls out: code, prose, JSON, CJK, emoji, base64, special tokens. */
export function makeCorpus(): string[] {
  const code = `export async function handler(req: Request): Promise<Response> {\n  const { pathname } = new URL(req.url);\n  if (pathname === "/health") {\n    return Response.json({ ok: true });\n  }\n  for (let i = 0; i < 10; i++) { total += items[i]?.price ?? 0; }\n  return new Response("Not found", { status: 404 });\n}\n`;
  const python = `def fib(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n\t\n`;
  const prose =
    "The quick brown fox doesn't jump over the lazy dog; it's 3:45pm and they've seen 1,234,567 foxes. Ünïcödé naïve café résumé — “quotes” and ‘apostrophes’ … ";
  const json = JSON.stringify(
    {
      id: "a1b2",
      items: [{ sku: "X-1", qty: 3, price: 19.99 }, null, true],
      nested: { deep: { deeper: [1, 2, 3] } },
    },
    null,
    2,
  );
  const cjk =
    "中文文本的分词测试。日本語のテキストも含まれています。한국어 문장도 있습니다. 漢字かな交じり文";
  const emoji = "😀😃😄 👩‍👩‍👧‍👦 🇫🇷🇯🇵 👍🏽👍🏿 ❤️‍🔥 🧑‍💻 text 🎉🎉🎉";
  const base64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==".repeat(
      8,
    );
  const special =
    "before <|endoftext|> middle <|im_start|>user<|im_sep|>hi<|im_end|> <|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|> after";
  const whitespace = "   \n\n\n  \t  x  \r\n\r\n    \n ";
  const mixed = `${code}// commentaire accentué: déjà vu\n${cjk}\n${emoji}\n${json}`;
  return [
    code,
    python,
    prose,
    json,
    cjk,
    emoji,
    base64,
    special,
    whitespace,
    mixed,
    "",
    "a",
    " ",
    "\ud83d lone high",
    "lone low \ude00",
  ];
}
