// Context block providers for the `agents` SDK (`agents/context`): the hive's
// current facts with their provenance, and a Lethe session's L1 pages, each
// rendered within the block's token budget counted exactly (shared/context/tokens.ts).
import type { ContextProvider } from "agents/context";
import type { Artifact } from "../../shared/hive/artifact.ts";
import { loadTokenizer, type Tokenizer } from "../../shared/context/tokens.ts";
import type { Page } from "../../shared/context/page.ts";
import { letheCall, type LetheConnection } from "./lethe-api.ts";

export interface BlockBudget {
  /** The block's budget: the rendered text never counts more tokens than this. */
  maxTokens: number;
  /** The model or encoding the budget is counted in (default o200k_base). */
  encoding?: string;
}

/**
 * The longest prefix of `lines` (after `header`) whose joined text counts at
 * most `maxTokens`, counted on the joined text itself (not summed per line).
 */
export function fitLines(
  tokenizer: Tokenizer,
  header: string,
  lines: readonly string[],
  maxTokens: number,
): { text: string; tokens: number; included: number } {
  let included = 0;
  let text = header;
  let tokens = tokenizer.count(text);
  if (tokens > maxTokens) {
    return { text: "", tokens: 0, included: 0 };
  }
  for (const line of lines) {
    const next = `${text}\n${line}`;
    const count = tokenizer.count(next);
    if (count > maxTokens) {
      break;
    }
    text = next;
    tokens = count;
    included += 1;
  }
  return { text, tokens, included };
}

/** One artifact as a line: identifier, value, summary and where it came from. */
export function artifactLine(a: Artifact): string {
  const p = a.provenance;
  const value = JSON.stringify(a.value);
  return `- ${a.identifier} = ${value.length > 400 ? `${value.slice(0, 400)}…` : value} — ${a.summary} [v${a.version}; source ${p.source}; session ${p.session}, agent ${p.agent}, step ${p.step}]`;
}

export interface ArtifactsBlockOptions extends BlockBudget {
  connection: LetheConnection;
  /** Only artifacts whose identifier starts with this. */
  prefix?: string;
}

/** The hive's active artifacts, newest first, as many as the budget holds. */
export function letheArtifactsBlock(options: ArtifactsBlockOptions): ContextProvider {
  return {
    async get() {
      const query = new URLSearchParams({ limit: "200" });
      if (options.prefix !== undefined) {
        query.set("prefix", options.prefix);
      }
      const page = await letheCall<{ artifacts: Artifact[] }>(
        options.connection,
        "GET",
        `/v1/hives/${encodeURIComponent(options.connection.hive)}/artifacts?${query}`,
      );
      const newest = [...page.artifacts].sort((a, b) => b.seq - a.seq);
      const tokenizer = await loadTokenizer(options.encoding);
      const header = `Facts of hive ${options.connection.hive} (current, with provenance):`;
      const fitted = fitLines(tokenizer, header, newest.map(artifactLine), options.maxTokens);
      return fitted.included === 0 ? null : fitted.text;
    },
  };
}

export interface L1BlockOptions extends BlockBudget {
  connection: LetheConnection;
  /** The Lethe session whose L1 (pager) this block shows. */
  session: string;
}

/** A Lethe session's L1 pages, pinned and high-priority first, within the budget. */
export function letheL1Block(options: L1BlockOptions): ContextProvider {
  return {
    async get() {
      const state = await letheCall<{ pager: { pages: Page[] } }>(
        options.connection,
        "GET",
        `/v1/sessions/${encodeURIComponent(options.session)}/state`,
      );
      const pages = [...state.pager.pages].sort(
        (a, b) => Number(b.pinned) - Number(a.pinned) || b.priority - a.priority,
      );
      const tokenizer = await loadTokenizer(options.encoding);
      const fitted = fitLines(
        tokenizer,
        "L1 (what this agent holds in working memory):",
        pages.map((p) => `[${p.id}]\n${p.content}`),
        options.maxTokens,
      );
      return fitted.included === 0 ? null : fitted.text;
    },
  };
}
