// Filler prose and code for the sealed-4 compression family (corpora/compression-sealed-4.ts):
// what an SRE on call and a coding agent say between tool runs, and the scripts, queries and
// patches the agent writes. None of it names a planted setting.
import { pick, type Rng } from "./compression-sealed-4-rng.ts";

/** People on the incident bridge (never values of a planted setting). */
export const SPEAKERS = ["Sam", "Jordan", "Elena", "Marco", "Yuki", "Ben", "Chloe", "Ade", "Mira"];

const OPENERS = [
  "ok",
  "right",
  "hmm",
  "alright",
  "good catch",
  "thanks",
  "wait",
  "sure",
  "yep",
  "got it",
];

const ASKS = [
  (s: string) => `can you write me a quick script to find which ${s} pods got OOMKilled today?`,
  (s: string) => `draft the status page update for ${s}, customer facing, no internal names`,
  (s: string) => `what's the blast radius if we drain the node ${s} is pinned to?`,
  (s: string) => `give me a query for the ${s} burn rate, I want it on the big screen`,
  (s: string) => `should we roll back ${s} or wait one more window?`,
  (s: string) => `how would you stop ${s} holding connections while it retries?`,
  (s: string) => `can you add an alert so ${s} pool saturation pages us before customers notice?`,
];

const OBSERVATIONS = [
  "the error graph is finally flattening out but I don't trust it yet",
  "support has three enterprise tickets open about this",
  "the bridge is getting crowded, I'm muting the non-essential folks",
  "we're forty minutes into this and the burn rate alert is still firing",
  "I think the deploy at the top of the hour is a red herring",
  "my laptop is fighting me, the vpn keeps dropping",
  "the db folks say replication looks healthy from their side",
  "networking swears nothing changed in the mesh config today",
  "someone from product is asking for an ETA, I'm stalling them",
  "the canary looked fine which is what bothers me",
  "this smells like connection pool exhaustion again",
  "the last time we saw this pattern it was a noisy neighbour on the node",
  "I'll take notes for the postmortem as we go",
  "coffee number four, let's keep going",
];

const REPLIES = [
  "Looking at it now. The restarts line up with the memory graph rather than the deploy, so I'd hold off on rolling back until we see the next OOM.",
  "The timeouts start about six minutes before the deploy finished, which points at the dependency and not the new build. I'll keep the rollback in our back pocket.",
  "Two of the pods are on the same node and both are failing readiness; the others are fine. That's consistent with a node-level problem, so cordoning it is a cheap experiment.",
  "I'd leave the autoscaler alone for the moment. It is reacting to CPU, and CPU is a symptom here: the pods are spinning on retries.",
  "The plan only touches what we expect. Nothing is being destroyed, and the in-place changes do not restart pods.",
  "That trace is the pool acquire path timing out. If the database side looks healthy, the client is holding connections too long, probably in the retry loop.",
  "Agreed, let's not stack changes. One change, wait one full window of the SLO graph, then decide.",
  "I've drafted the customer update below; it says degraded performance, gives no cause, and promises the next update in thirty minutes.",
  "The duplicate page comes from the old alert rule that was never deleted after the migration; I'd silence it for the duration of the incident and file a cleanup task.",
  "Nothing in the events is alarming except the scheduling failures, and those are from the anti-affinity rule, not from capacity.",
  "Error rate is back under the SLO line for the last three data points. I'd call it mitigated, not resolved.",
  "The flag is evaluating as expected for the tenants in the rule; the tenants support named are falling through to the default variation.",
  "That matches what I'm seeing: the first failures are on the consumer side, the API errors follow once the queue backs up.",
  "I'll keep a running timeline in the incident doc so the postmortem writes itself.",
];

const STATUS_UPDATES = [
  (s: string) =>
    `**Investigating** — Some customers are seeing slow or failed requests in ${s}. We have identified elevated error rates and are working on mitigation. Next update in 30 minutes.`,
  (s: string) =>
    `**Monitoring** — A fix has been applied for the ${s} degradation and error rates are recovering. We are monitoring the results and will post again within the hour.`,
];

/** A code block the agent writes: a script, a query or a patch. */
function code(rnd: Rng, svc: string): string {
  return pick(rnd, [
    () =>
      [
        "Here's a one-liner you can keep in the runbook:",
        "```bash",
        `kubectl get pods -n ${svc} -o json \\`,
        `  | jq -r '.items[] | select(.status.containerStatuses[]?.lastState.terminated.reason == "OOMKilled")`,
        `      | [.metadata.name, .spec.nodeName, .status.containerStatuses[0].restartCount] | @tsv' \\`,
        "  | sort -k3 -n -r | column -t",
        "```",
        "It prints the pod, its node and the restart count, worst first.",
      ].join("\n"),
    () =>
      [
        "This PromQL gives the burn rate against a 99.9% objective over the short window:",
        "```promql",
        `sum(rate(http_server_requests_total{service="${svc}",code=~"5.."}[5m]))`,
        "  /",
        `sum(rate(http_server_requests_total{service="${svc}"}[5m]))`,
        "  / (1 - 0.999)",
        "```",
        "Anything above 14.4 sustained for five minutes is the fast-burn page.",
      ].join("\n"),
    () =>
      [
        "Patch for the retry loop so it stops holding a connection while it sleeps:",
        "```go",
        `func (c *Client) do(ctx context.Context, req *Request) (*Response, error) {`,
        "\tvar lastErr error",
        "\tfor attempt := 0; attempt < c.maxAttempts; attempt++ {",
        "\t\tconn, err := c.pool.Acquire(ctx)",
        "\t\tif err != nil {",
        '\t\t\treturn nil, fmt.Errorf("acquire: %w", err)',
        "\t\t}",
        "\t\tresp, err := conn.Send(ctx, req)",
        "\t\tconn.Release() // release before backing off, not after",
        "\t\tif err == nil || !isRetryable(err) {",
        "\t\t\treturn resp, err",
        "\t\t}",
        "\t\tlastErr = err",
        "\t\tselect {",
        "\t\tcase <-ctx.Done():",
        "\t\t\treturn nil, ctx.Err()",
        "\t\tcase <-time.After(c.backoff(attempt)):",
        "\t\t}",
        "\t}",
        "\treturn nil, lastErr",
        "}",
        "```",
      ].join("\n"),
    () =>
      [
        "Small script to compare the two deploys' error counts from the log export:",
        "```python",
        "import json, sys",
        "from collections import Counter",
        "",
        "by_build = Counter()",
        "for line in sys.stdin:",
        "    try:",
        "        rec = json.loads(line)",
        "    except json.JSONDecodeError:",
        "        continue",
        `    if rec.get("svc") == "${svc}" and rec.get("level") == "error":`,
        '        by_build[rec.get("build", "unknown")] += 1',
        "",
        "for build, n in by_build.most_common():",
        '    print(f"{build}\\t{n}")',
        "```",
      ].join("\n"),
    () =>
      [
        "The alert rule I'd add so this pages earlier next time:",
        "```yaml",
        "groups:",
        `  - name: ${svc}-saturation`,
        "    rules:",
        `      - alert: ${svc.charAt(0).toUpperCase()}${svc.slice(1)}PoolSaturated`,
        `        expr: max by (pod) (db_pool_in_use{service="${svc}"} / db_pool_max{service="${svc}"}) > 0.9`,
        "        for: 10m",
        "        labels:",
        "          severity: ticket",
        "        annotations:",
        `          runbook: https://runbooks.acme.dev/${svc}/pool-saturation`,
        "```",
      ].join("\n"),
    () =>
      [
        "A guard for the handler so a slow dependency sheds load instead of queueing:",
        "```ts",
        "export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {",
        "  const controller = new AbortController();",
        "  const timer = setTimeout(() => controller.abort(new Error(`deadline ${ms}ms`)), ms);",
        "  try {",
        "    return await work(controller.signal);",
        "  } finally {",
        "    clearTimeout(timer);",
        "  }",
        "}",
        "```",
        `Wrap the call to the ${svc} dependency with it and return 503 with Retry-After when it aborts.`,
      ].join("\n"),
  ])();
}

/** A user line of chatter about service `svc`, ending in `ask` or one of the usual asks. */
export function userChatter(rnd: Rng, svc: string, ask?: string): string {
  const parts = [pick(rnd, OPENERS)];
  if (rnd() < 0.6) {
    parts.push(pick(rnd, OBSERVATIONS));
  }
  parts.push(ask ?? pick(rnd, ASKS)(svc));
  return parts.join(", ");
}

/** An assistant reply: analysis, a status-page draft or a code block. */
export function assistantChatter(rnd: Rng, svc: string): string {
  const r = rnd();
  if (r < 0.25) {
    return code(rnd, svc);
  }
  if (r < 0.33) {
    return `Draft:\n\n${pick(rnd, STATUS_UPDATES)(svc)}`;
  }
  const first = pick(rnd, REPLIES);
  return rnd() < 0.5 ? first : `${first} ${pick(rnd, REPLIES)}`;
}

/** A short user acknowledgement. */
export function userAck(rnd: Rng): string {
  return pick(rnd, [
    "ok, keep going",
    "makes sense",
    "let's do that",
    "fine by me, note it in the timeline",
    "hold on, the IC wants a summary first",
    "yeah I see it too",
    "agreed",
    "good, next",
  ]);
}
