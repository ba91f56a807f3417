// Filler tool calls and their long outputs for the sealed-4 compression family
// (corpora/compression-sealed-4.ts): log greps with stack traces, terraform plans, metric
// tables, flag-service JSON, pager lists and the kubectl runs of -kube.ts, with asks and notes.
import { hex, int, pick, type Rng } from "./compression-sealed-4-rng.ts";
import {
  describePod,
  deploymentYaml,
  events,
  getPods,
  pad,
  type ToolRun,
} from "./compression-sealed-4-kube.ts";

const STACKS = [
  (svc: string, rnd: Rng) => [
    `panic: runtime error: invalid memory address or nil pointer dereference`,
    `[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x${hex(rnd, 7)}]`,
    ``,
    `goroutine ${int(rnd, 100, 9000)} [running]:`,
    `github.com/acme/${svc}/internal/store.(*Pool).Acquire(0x0, {0x1c2f3e0, 0xc000${hex(rnd, 6)}})`,
    `\t/src/internal/store/pool.go:${int(rnd, 40, 300)} +0x3a`,
    `github.com/acme/${svc}/internal/handler.(*Handler).ServeHTTP(0xc0001a2000, {0x1c31f80, 0xc000${hex(rnd, 6)}}, 0xc000${hex(rnd, 6)})`,
    `\t/src/internal/handler/http.go:${int(rnd, 40, 300)} +0x1f4`,
    `net/http.serverHandler.ServeHTTP({0xc000${hex(rnd, 6)}}, {0x1c31f80, 0xc000${hex(rnd, 6)}}, 0xc000${hex(rnd, 6)})`,
    `\t/usr/local/go/src/net/http/server.go:3137 +0x8e`,
  ],
  (svc: string, rnd: Rng) => [
    `java.util.concurrent.TimeoutException: Did not observe any item or terminal signal within 5000ms in 'flatMap'`,
    `\tat reactor.core.publisher.FluxTimeout$TimeoutMainSubscriber.handleTimeout(FluxTimeout.java:296)`,
    `\tat com.acme.${svc}.client.InventoryClient.reserve(InventoryClient.java:${int(rnd, 40, 400)})`,
    `\tat com.acme.${svc}.service.OrderService.place(OrderService.java:${int(rnd, 40, 400)})`,
    `\tat com.acme.${svc}.web.OrderController.create(OrderController.java:${int(rnd, 40, 200)})`,
    `\tat java.base/java.lang.Thread.run(Thread.java:1583)`,
    `Caused by: io.netty.channel.ConnectTimeoutException: connection timed out: ${svc}-db-proxy/10.6.${int(rnd, 1, 250)}.${int(rnd, 1, 250)}:5432`,
  ],
  (svc: string, rnd: Rng) => [
    `Error: connect ECONNREFUSED 10.4.${int(rnd, 1, 250)}.${int(rnd, 1, 250)}:6379`,
    `    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)`,
    `    at RedisClient.connect (/app/node_modules/@redis/client/dist/lib/client/index.js:${int(rnd, 100, 500)}:17)`,
    `    at SessionCache.get (/app/dist/${svc}/session-cache.js:${int(rnd, 10, 200)}:24)`,
    `    at async handler (/app/dist/${svc}/routes/session.js:${int(rnd, 10, 200)}:19)`,
  ],
];

function logGrep(rnd: Rng, svc: string): ToolRun {
  const pattern = pick(rnd, ["error", "timeout", "panic", "5xx", "deadline exceeded", "OOM"]);
  const lines = Array.from({ length: int(rnd, 13, 24) }, () => {
    const lvl = pick(rnd, ["error", "warn", "error", "info"]);
    const msg = pick(rnd, [
      "upstream request failed",
      "context deadline exceeded",
      "retrying after transient failure",
      "circuit breaker open",
      "slow query",
      "dropped message after max attempts",
      "connection reset by peer",
    ]);
    const extra = pick(rnd, [
      `latency_ms=${int(rnd, 200, 9000)}`,
      `attempt=${int(rnd, 1, 5)}`,
      `status=${pick(rnd, ["502", "503", "504", "500"])}`,
      `rows=${int(rnd, 1000, 90000)} duration_ms=${int(rnd, 300, 12000)}`,
    ]);
    return `{"ts":"2026-11-23T${int(rnd, 21, 23)}:${int(rnd, 10, 59)}:${int(rnd, 10, 59)}.${int(rnd, 100, 999)}Z","level":"${lvl}","svc":"${svc}","trace_id":"${hex(rnd, 16)}","msg":"${msg}",${extra.replace(/(\w+)=(\w+)/g, '"$1":"$2"').replace(/" "/g, '","')}}`;
  });
  const stack = rnd() < 0.6 ? ["", ...pick(rnd, STACKS)(svc, rnd)] : [];
  return {
    tool: "logs_grep",
    args: { service: svc, pattern, since: pick(rnd, ["15m", "30m", "1h", "2h"]) },
    output: [...lines, ...stack].join("\n"),
  };
}

function terraformPlan(rnd: Rng, svc: string): ToolRun {
  const blocks = [
    [
      `  # aws_security_group_rule.${svc}_db_ingress will be updated in-place`,
      `  ~ resource "aws_security_group_rule" "${svc}_db_ingress" {`,
      `      ~ cidr_blocks       = [`,
      `          + "10.6.${int(rnd, 0, 250)}.0/24",`,
      `            # (2 unchanged elements hidden)`,
      `        ]`,
      `        id                = "sgrule-${int(rnd, 100000000, 999999999)}"`,
      `        # (8 unchanged attributes hidden)`,
      `    }`,
    ],
    [
      `  # module.${svc}_cache.aws_elasticache_replication_group.this will be updated in-place`,
      `  ~ resource "aws_elasticache_replication_group" "this" {`,
      `        id                         = "${svc}-cache"`,
      `      ~ node_type                  = "cache.r6g.large" -> "cache.r6g.xlarge"`,
      `        # (31 unchanged attributes hidden)`,
      `    }`,
    ],
    [
      `  # aws_lb_target_group.${svc}_api will be updated in-place`,
      `  ~ resource "aws_lb_target_group" "${svc}_api" {`,
      `      ~ deregistration_delay = "300" -> "${int(rnd, 20, 120)}"`,
      `        name                 = "${svc}-api"`,
      `      ~ health_check {`,
      `          ~ healthy_threshold   = 5 -> 3`,
      `            # (6 unchanged attributes hidden)`,
      `        }`,
      `    }`,
    ],
    [
      `  # aws_cloudwatch_log_group.${svc}_audit will be created`,
      `  + resource "aws_cloudwatch_log_group" "${svc}_audit" {`,
      `      + arn               = (known after apply)`,
      `      + id                = (known after apply)`,
      `      + name              = "/acme/${svc}/audit"`,
      `      + skip_destroy      = false`,
      `      + tags_all          = {`,
      `          + "team" = "${svc}"`,
      `        }`,
      `    }`,
    ],
  ];
  const chosen = blocks.filter(() => rnd() < 0.6);
  const body = chosen.length === 0 ? [blocks[0] ?? []] : chosen;
  const output = [
    `Refreshing state... [id=${svc}-api]`,
    `Refreshing state... [id=sg-${hex(rnd, 17)}]`,
    "",
    "Terraform used the selected providers to generate the following execution plan. Resource",
    "actions are indicated with the following symbols:",
    "  + create",
    "  ~ update in-place",
    "",
    "Terraform will perform the following actions:",
    "",
    ...body.flatMap((b) => [...b, ""]),
    `Plan: ${body.filter((b) => b[0]?.endsWith("created")).length} to add, ${body.filter((b) => b[0]?.endsWith("in-place")).length} to change, 0 to destroy.`,
  ];
  return {
    tool: "terraform",
    args: { command: "plan", dir: `envs/prod/${svc}` },
    output: output.join("\n"),
  };
}

function metrics(rnd: Rng, svc: string): ToolRun {
  const base = int(rnd, 80, 300);
  const rows = Array.from({ length: int(rnd, 12, 20) }, (_, i) => {
    const spike = i > 4 && i < 10 ? int(rnd, 2, 6) : 1;
    const p50 = base * spike + int(rnd, 0, 40);
    const p99 = p50 * int(rnd, 3, 7);
    const err = (spike > 1 ? rnd() * 9 : rnd() * 0.4).toFixed(2);
    return `${pad(`23:${String(i * 3).padStart(2, "0")}`, 8)}${pad(String(int(rnd, 900, 4200)), 8)}${pad(`${p50}ms`, 9)}${pad(`${p99}ms`, 10)}${err}%`;
  });
  return {
    tool: "metrics_query",
    args: {
      query: `histogram_quantile(0.99, sum by (le) (rate(http_server_duration_ms_bucket{service="${svc}"}[1m])))`,
      step: "3m",
    },
    output: [
      `${pad("time", 8)}${pad("rps", 8)}${pad("p50", 9)}${pad("p99", 10)}errors`,
      ...rows,
    ].join("\n"),
  };
}

function flagGet(rnd: Rng, svc: string): ToolRun {
  const key = `${svc}-${pick(rnd, ["async-capture", "batch-writes", "v2-serializer", "shadow-reads", "grpc-client"])}`;
  const json = {
    key,
    kind: "boolean",
    environment: "production",
    on: rnd() < 0.5,
    version: int(rnd, 4, 300),
    targets: [{ variation: 0, values: [`tenant-${hex(rnd, 6)}`, `tenant-${hex(rnd, 6)}`] }],
    rules: [
      {
        id: hex(rnd, 8),
        clauses: [{ attribute: "region", op: "in", values: ["us-east-1"] }],
        variation: 0,
      },
      {
        id: hex(rnd, 8),
        clauses: [{ attribute: "plan", op: "in", values: ["enterprise"] }],
        variation: 1,
      },
    ],
    fallthrough: { variation: 1 },
    offVariation: 1,
    lastModified: `2026-11-${int(rnd, 10, 23)}T${int(rnd, 10, 23)}:${int(rnd, 10, 59)}:00Z`,
    maintainer: `${pick(rnd, ["sam", "jordan", "elena", "marco", "yuki"])}@acme.dev`,
  };
  return {
    tool: "flags",
    args: { action: "get", flag: key },
    output: JSON.stringify(json, null, 2),
  };
}

function pagerList(rnd: Rng, svc: string): ToolRun {
  const rows = Array.from({ length: int(rnd, 4, 9) }, () => {
    const id = `INC-${int(rnd, 4000, 4999)}`;
    const title = pick(rnd, [
      `${svc} 5xx rate above SLO`,
      `${svc} p99 latency burn rate fast`,
      `kafka consumer lag ${svc}-events`,
      `node NotReady in pool general-${int(rnd, 1, 4)}`,
      `${svc} db replica lag high`,
      "certificate expiry in 7 days: api.acme.dev",
    ]);
    return `${pad(id, 10)}${pad(pick(rnd, ["triggered", "acknowledged", "resolved"]), 14)}${pad(pick(rnd, ["P1", "P2", "P3"]), 5)}${title}`;
  });
  return {
    tool: "pager",
    args: { action: "list", service: svc, since: "6h" },
    output: [`${pad("ID", 10)}${pad("STATUS", 14)}${pad("PRI", 5)}TITLE`, ...rows].join("\n"),
  };
}

type Phrase = (svc: string) => string;
const KINDS: readonly {
  run: (rnd: Rng, svc: string) => ToolRun;
  asks: Phrase[];
  notes: Phrase[];
}[] = [
  {
    run: getPods,
    asks: [
      (s) => `can you pull the pods for ${s} and tell me which ones are flapping?`,
      (s) => `is anything in ${s} still crashlooping after the restart?`,
    ],
    notes: [
      (s) =>
        `Most ${s} pods are fine; the ones restarting are the ones to look at, and they are not all on one node.`,
      () => "The pending pod is the interesting one, the rest are steady.",
    ],
  },
  {
    run: describePod,
    asks: [
      (s) => `describe one of the failing ${s} api pods, I want the last termination reason`,
      (s) => `why is ${s} failing readiness? show me a pod`,
    ],
    notes: [
      () =>
        "Last state tells the story: the container was killed and the probes failed while it warmed up.",
      () =>
        "The probe failures line up with the restarts; the events are the kubelet's side of the same thing.",
    ],
  },
  {
    run: deploymentYaml,
    asks: [
      (s) => `dump the ${s} worker deployment yaml, I want to see the probes`,
      (s) => `what strategy does the ${s} worker roll out with?`,
    ],
    notes: [
      () =>
        "Rolling update with no unavailable pods and a preStop sleep, so drains should be graceful.",
      () =>
        "Readiness only, no liveness probe on the worker; that explains why it never restarts when stuck.",
    ],
  },
  {
    run: events,
    asks: [
      (s) => `check the events in the ${s} namespace, something is failing to schedule`,
      (s) => `anything weird in the ${s} events since the page?`,
    ],
    notes: [
      () => "Scheduling failures are from the anti-affinity rule, not from capacity.",
      () => "The metrics-server gaps explain the autoscaler hesitating.",
    ],
  },
  {
    run: logGrep,
    asks: [
      (s) =>
        `grep the ${s} logs for the last half hour, I want to know if the timeouts started before the deploy`,
      (s) => `any panics or stack traces in ${s} since the deploy?`,
      (s) => `what are the ${s} errors actually saying?`,
    ],
    notes: [
      (s) =>
        `The ${s} errors are all on the write path, mostly upstream timeouts with a few resets.`,
      () => "The stack at the bottom is the one to open a bug for; the rest is retry noise.",
      () => "I don't see the deploy in there at all, so the timing is coincidence.",
    ],
  },
  {
    run: terraformPlan,
    asks: [
      (s) =>
        `show me what terraform wants to change in the ${s} env before anyone applies anything`,
      (s) => `run a plan for ${s}, someone said there's drift`,
    ],
    notes: [
      () => "The plan only touches what we expect. Nothing is destroyed and no pod restarts.",
      () =>
        "That drift is someone's console change from last week; I'd apply it after the incident, not during.",
    ],
  },
  {
    run: metrics,
    asks: [
      (s) => `what does the p99 look like for ${s} since the page fired?`,
      (s) => `give me rps and latency for ${s}, three minute steps`,
    ],
    notes: [
      () =>
        "The spike is about fifteen minutes wide and the error column follows latency, not traffic.",
      () =>
        "Traffic is flat through the spike, so this is not load; something downstream slowed down.",
    ],
  },
  {
    run: flagGet,
    asks: [
      (s) =>
        `pull the flag config for the ${s} experiment, support says some tenants see the old flow`,
      (s) => `which ${s} flag changed today?`,
    ],
    notes: [
      () => "The tenants support named fall through to the default variation; the rules are fine.",
      () => "Last modified well before the incident, so I'd rule the flag out.",
    ],
  },
  {
    run: pagerList,
    asks: [
      (s) => `list the open incidents for ${s}, I think we have a duplicate page`,
      (s) => `what else has paged for ${s} tonight?`,
    ],
    notes: [
      () => "The duplicate comes from the old alert rule nobody deleted after the migration.",
      () => "Only the top one is ours; the rest are resolved or belong to the platform team.",
    ],
  },
];

/** One filler tool run about service `svc`, with the ask that prompts it and the note after it. */
export function fillerTool(rnd: Rng, svc: string): ToolRun & { ask: string; note: string } {
  const kind = pick(rnd, KINDS);
  const run = kind.run(rnd, svc);
  return { ...run, ask: pick(rnd, kind.asks)(svc), note: pick(rnd, kind.notes)(svc) };
}
