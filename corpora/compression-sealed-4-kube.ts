// The kubectl side of the sealed-4 compression family's filler (corpora/compression-sealed-4.ts,
// through corpora/compression-sealed-4-tools.ts): pod tables, pod describes, deployment
// manifests and namespace events, each as a tool call with its long output.
import { hex, int, pick, podSuffix, type Rng } from "./compression-sealed-4-rng.ts";

/** One tool call and what the tool printed. */
export interface ToolRun {
  tool: string;
  args: Record<string, unknown>;
  output: string;
}

export const pad = (s: string, n: number) =>
  s.length >= n ? `${s} ` : s + " ".repeat(n - s.length);
const age = (rnd: Rng) =>
  pick(rnd, [`${int(rnd, 2, 59)}m`, `${int(rnd, 1, 23)}h`, `${int(rnd, 2, 40)}d`]);
const NODES = [
  "ip-10-4-12-87",
  "ip-10-4-33-19",
  "ip-10-4-51-202",
  "ip-10-6-8-144",
  "ip-10-6-27-31",
];
const pod = (rnd: Rng, app: string) => `${app}-${hex(rnd, 9)}-${podSuffix(rnd)}`;

export function getPods(rnd: Rng, svc: string): ToolRun {
  const app = `${svc}-${pick(rnd, ["api", "worker", "consumer"])}`;
  const rows = Array.from({ length: int(rnd, 8, 16) }, () => {
    const status =
      rnd() < 0.75 ? "Running" : pick(rnd, ["CrashLoopBackOff", "OOMKilled", "Pending"]);
    const restarts = status === "Running" ? int(rnd, 0, 2) : int(rnd, 3, 41);
    const ready = status === "Running" ? "2/2" : pick(rnd, ["1/2", "0/2"]);
    return `${pad(pod(rnd, app), 44)}${pad(ready, 8)}${pad(status, 19)}${pad(String(restarts), 11)}${age(rnd)}`;
  });
  const header = `${pad("NAME", 44)}${pad("READY", 8)}${pad("STATUS", 19)}${pad("RESTARTS", 11)}AGE`;
  return {
    tool: "kubectl",
    args: { command: `get pods -n ${svc} -l app=${app}` },
    output: [header, ...rows].join("\n"),
  };
}

export function describePod(rnd: Rng, svc: string): ToolRun {
  const name = pod(rnd, `${svc}-api`);
  const image = `registry.internal/${svc}-api:${hex(rnd, 7)}`;
  const events = Array.from({ length: int(rnd, 3, 7) }, () =>
    pick(rnd, [
      `  Warning  BackOff    ${age(rnd)}  kubelet  Back-off restarting failed container api in pod ${name}`,
      `  Warning  Unhealthy  ${age(rnd)}  kubelet  Readiness probe failed: HTTP probe failed with statuscode: 503`,
      `  Normal   Pulled     ${age(rnd)}  kubelet  Container image "${image}" already present on machine`,
      `  Warning  Unhealthy  ${age(rnd)}  kubelet  Liveness probe failed: Get "http://10.4.${int(rnd, 1, 250)}.${int(rnd, 1, 250)}:8080/healthz": context deadline exceeded`,
      `  Normal   Killing    ${age(rnd)}  kubelet  Container api failed liveness probe, will be restarted`,
    ]),
  );
  const output = [
    `Name:             ${name}`,
    `Namespace:        ${svc}`,
    `Priority:         0`,
    `Service Account:  ${svc}-api`,
    `Node:             ${pick(rnd, NODES)}.ec2.internal/10.4.${int(rnd, 1, 250)}.${int(rnd, 1, 250)}`,
    `Labels:           app=${svc}-api`,
    `                  pod-template-hash=${hex(rnd, 9)}`,
    `                  team=${svc}`,
    `Status:           Running`,
    `IP:               10.4.${int(rnd, 1, 250)}.${int(rnd, 1, 250)}`,
    `Controlled By:    ReplicaSet/${svc}-api-${hex(rnd, 9)}`,
    `Containers:`,
    `  api:`,
    `    Image:          ${image}`,
    `    Port:           8080/TCP`,
    `    State:          Running`,
    `      Started:      Mon, 23 Nov 2026 ${int(rnd, 20, 23)}:${int(rnd, 10, 59)}:${int(rnd, 10, 59)} +0000`,
    `    Last State:     Terminated`,
    `      Reason:       ${pick(rnd, ["OOMKilled", "Error", "Completed"])}`,
    `      Exit Code:    ${pick(rnd, ["137", "1", "143", "2"])}`,
    `    Ready:          ${pick(rnd, ["True", "False"])}`,
    `    Restart Count:  ${int(rnd, 0, 30)}`,
    `    Liveness:       http-get http://:8080/healthz delay=10s timeout=2s period=10s #success=1 #failure=3`,
    `    Readiness:      http-get http://:8080/ready delay=5s timeout=2s period=5s #success=1 #failure=3`,
    `    Environment:`,
    `      GOMAXPROCS:        ${int(rnd, 1, 4)}`,
    `      OTEL_EXPORTER_OTLP_ENDPOINT:  http://otel-collector.observability:4317`,
    `      DB_HOST:           ${svc}-db.cluster-${hex(rnd, 12)}.us-east-1.rds.amazonaws.com`,
    `  envoy:`,
    `    Image:          envoyproxy/envoy:v1.${int(rnd, 27, 31)}.${int(rnd, 0, 4)}`,
    `    Port:           15001/TCP`,
    `Conditions:`,
    `  Type              Status`,
    `  Initialized       True`,
    `  Ready             ${pick(rnd, ["True", "False"])}`,
    `  ContainersReady   ${pick(rnd, ["True", "False"])}`,
    `  PodScheduled      True`,
    `QoS Class:         Burstable`,
    `Events:`,
    `  Type     Reason     Age   From     Message`,
    `  ----     ------     ----  ----     -------`,
    ...events,
  ];
  return {
    tool: "kubectl",
    args: { command: `describe pod ${name} -n ${svc}` },
    output: output.join("\n"),
  };
}

export function deploymentYaml(rnd: Rng, svc: string): ToolRun {
  const lines = [
    "apiVersion: apps/v1",
    "kind: Deployment",
    "metadata:",
    `  name: ${svc}-worker`,
    `  namespace: ${svc}`,
    "  labels:",
    `    app: ${svc}-worker`,
    `    app.kubernetes.io/part-of: ${svc}`,
    "  annotations:",
    `    deployment.kubernetes.io/revision: "${int(rnd, 20, 190)}"`,
    "spec:",
    "  progressDeadlineSeconds: 600",
    "  revisionHistoryLimit: 10",
    "  selector:",
    "    matchLabels:",
    `      app: ${svc}-worker`,
    "  strategy:",
    "    type: RollingUpdate",
    "    rollingUpdate:",
    "      maxSurge: 25%",
    "      maxUnavailable: 0",
    "  template:",
    "    metadata:",
    "      labels:",
    `        app: ${svc}-worker`,
    "    spec:",
    "      terminationGracePeriodSeconds: 45",
    "      topologySpreadConstraints:",
    "        - maxSkew: 1",
    "          topologyKey: topology.kubernetes.io/zone",
    "          whenUnsatisfiable: ScheduleAnyway",
    "      containers:",
    "        - name: worker",
    `          image: registry.internal/${svc}-worker:${hex(rnd, 7)}`,
    `          args: ["--queue=${svc}-events", "--concurrency=${int(rnd, 4, 32)}"]`,
    "          ports:",
    "            - containerPort: 9090",
    "              name: metrics",
    "          env:",
    "            - name: LOG_LEVEL",
    `              value: ${pick(rnd, ["info", "debug", "warn"])}`,
    "            - name: KAFKA_BROKERS",
    "              valueFrom:",
    "                configMapKeyRef:",
    "                  name: kafka-endpoints",
    "                  key: brokers",
    "          readinessProbe:",
    "            httpGet:",
    "              path: /ready",
    "              port: 9090",
    "            periodSeconds: 5",
    "          lifecycle:",
    "            preStop:",
    "              exec:",
    '                command: ["/bin/sh", "-c", "sleep 10"]',
  ];
  return {
    tool: "kubectl",
    args: { command: `get deployment ${svc}-worker -n ${svc} -o yaml` },
    output: lines.join("\n"),
  };
}

export function events(rnd: Rng, svc: string): ToolRun {
  const rows = Array.from({ length: int(rnd, 8, 14) }, () => {
    const [type, reason, msg] = pick(rnd, [
      [
        "Warning",
        "FailedScheduling",
        "0/14 nodes are available: 3 Insufficient memory, 11 node(s) didn't match pod anti-affinity rules.",
      ],
      [
        "Normal",
        "ScalingReplicaSet",
        `Scaled up replica set ${svc}-api-${hex(rnd, 9)} from the autoscaler`,
      ],
      ["Warning", "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503"],
      ["Normal", "SuccessfulCreate", `Created pod: ${pod(rnd, `${svc}-api`)}`],
      [
        "Warning",
        "FailedGetResourceMetric",
        "failed to get cpu utilization: unable to get metrics for resource cpu",
      ],
      ["Normal", "Pulling", `Pulling image "registry.internal/${svc}-api:${hex(rnd, 7)}"`],
    ] as const);
    return `${pad(age(rnd), 8)}${pad(type, 9)}${pad(reason, 26)}${msg}`;
  });
  return {
    tool: "kubectl",
    args: { command: `get events -n ${svc} --sort-by=.lastTimestamp` },
    output: [`${pad("LAST", 8)}${pad("TYPE", 9)}${pad("REASON", 26)}MESSAGE`, ...rows].join("\n"),
  };
}
