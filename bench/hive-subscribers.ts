// The subscribers of `npm run bench:hive -- --fanout`, in a process of their own so
// the cluster's CPU is measured apart from theirs: light raw `ws` sockets, each
// counting gaps and duplicates, acking as the protocol asks, reconnecting with
// `since` when its socket closes (a relay ended), and recording commit-to-delivery
// latency from each event's `at`. Driven by its parent over IPC (hive-fanout.ts).
import WebSocket from "ws";
import { ACK_EVERY_EVENTS } from "../shared/hive/messages.ts";

interface Start {
  url: string;
  hive: string;
  key: string;
  count: number;
  since: number;
}

interface Sub {
  id: string;
  last: number;
  acked: number;
  synced: boolean;
  ws: WebSocket | null;
}

const start = JSON.parse(process.argv[2] ?? "{}") as Start;
const subs: Sub[] = Array.from({ length: start.count }, (_, i) => ({
  id: `bench-sub-${i}-${process.pid}`,
  last: start.since,
  acked: start.since,
  synced: false,
  ws: null,
}));
let latencies: number[] = [];
let gaps = 0;
let duplicates = 0;
let reconnects = 0;
let stopping = false;

function connect(sub: Sub): void {
  const base = start.url.replace(/^http/, "ws");
  const ws = new WebSocket(
    `${base}/parties/hive/${start.hive}?key=${start.key}&_pk=${sub.id}&since=${sub.last}`,
    { perMessageDeflate: false },
  );
  sub.ws = ws;
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as {
      type: string;
      events?: Array<{ seq: number; at: number }>;
    };
    if (frame.type === "hive.synced") {
      sub.synced = true;
    } else if (frame.type === "hive.events" && frame.events) {
      const now = Date.now();
      for (const e of frame.events) {
        if (e.seq <= sub.last) {
          duplicates++;
          continue;
        }
        if (e.seq > sub.last + 1) {
          gaps += e.seq - sub.last - 1;
        }
        sub.last = e.seq;
        latencies.push(now - e.at);
      }
      if (sub.last - sub.acked >= ACK_EVERY_EVENTS) {
        sub.acked = sub.last;
        ws.send(JSON.stringify({ type: "hive.ack", seq: sub.last }));
      }
    }
  });
  ws.on("error", () => {});
  ws.on("close", () => {
    if (!stopping && sub.ws === ws) {
      reconnects++;
      setTimeout(() => connect(sub), 50);
    }
  });
}

subs.forEach(connect);

process.on("message", (message: { type: string; head?: number }) => {
  if (message.type === "synced?") {
    process.send?.({ type: "synced", count: subs.filter((s) => s.synced).length });
  } else if (message.type === "reached?") {
    const head = message.head ?? 0;
    process.send?.({ type: "reached", count: subs.filter((s) => s.last >= head).length });
  } else if (message.type === "report") {
    process.send?.({ type: "report", latencies, gaps, duplicates, reconnects });
    latencies = [];
    gaps = 0;
    duplicates = 0;
    reconnects = 0;
  } else if (message.type === "stop") {
    stopping = true;
    subs.forEach((s) => s.ws?.close());
    setTimeout(() => process.exit(0), 200);
  }
});
