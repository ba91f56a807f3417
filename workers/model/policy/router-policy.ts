// The local model's answer to a `[LETHE ROUTER]` request: domains chosen by
// lexical overlap between the intent and each domain's description and tools.
// Deterministic and lexical; a real model would classify by meaning.
import { parseRouterDomains, type RouterAnswer } from "../../../shared/model/contracts.ts";
import { contentStems } from "./words.ts";

/** The router asks for 3 to 5 domains when the overlap supports that many (issue 8). */
export const ROUTER_MIN_DOMAINS = 3;
export const ROUTER_MAX_DOMAINS = 5;

/** "callers" serves a mission that says "call", "importers" one that says "import". */
function agentRoot(stem: string): string[] {
  return stem.length > 5 && stem.endsWith("er") ? [stem.slice(0, -2)] : [];
}

export function routeByOverlap(system: string, intent: string): RouterAnswer {
  const domains = parseRouterDomains(system);
  const wanted = contentStems(intent);
  if (wanted.length === 0 || domains.length === 0) {
    return { domains: [], confidence: 0 };
  }
  const wantedSet = new Set(wanted);
  const scored = domains.map((domain, order) => {
    const vocabulary = new Set(
      contentStems(`${domain.name} ${domain.description} ${domain.tools.join(" ")}`).flatMap(
        (w) => [w, ...agentRoot(w)],
      ),
    );
    const matched = [...wantedSet].filter((w) => vocabulary.has(w));
    return { name: domain.name, order, matched };
  });
  const positive = scored
    .filter((s) => s.matched.length > 0)
    .sort((a, b) => b.matched.length - a.matched.length || a.order - b.order);
  // The best few always (up to the minimum, when that many overlap at all), then
  // others only while they match at least half as much as the best: a narrow
  // intent gets one or two domains rather than padding.
  const top = positive[0]?.matched.length ?? 0;
  const chosen = positive
    .filter((s, rank) => rank < ROUTER_MIN_DOMAINS || s.matched.length * 2 >= top)
    .slice(0, ROUTER_MAX_DOMAINS);
  const covered = new Set(chosen.flatMap((c) => c.matched));
  const confidence = Math.round((covered.size / wantedSet.size) * 100) / 100;
  return { domains: chosen.map((c) => c.name), confidence };
}
