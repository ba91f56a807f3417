// Filler of the "sealed-10" family: the ordinary work of a network change window
// that plants nothing (dig answers for other records, BGP summaries, nftables
// listings, HAProxy stats, unrelated Terraform plans, firing alerts, traceroutes,
// on-call chat, and user and agent chatter). Filler never names a planted subject.
// Used by corpora/compression-sealed-10.ts.
import {
  clock,
  HANDLES,
  intIn,
  pickOf,
  stamp,
  toolBeat,
  type Beat,
} from "./compression-sealed-10-beat.ts";

const USER_CHATTER = [
  "How are the sessions looking?",
  "Bridge call says the vendor is five minutes behind, no action needed.",
  "Can you keep an eye on the 5xx graph while you do this?",
  "Sam is joining the bridge now.",
  "Let's not rush the next step, we have time.",
  "Any errors on the border routers?",
  "Please paste anything odd into the ticket as you go.",
  "Go ahead with the next post-check.",
  "The NOC asked whether we're still inside the window. We are.",
  "I'm grabbing a coffee, keep going with the checks.",
];
const AGENT_CHATTER = [
  "All sessions are Established and prefix counts look stable.",
  "No new log lines on the border routers in the last five minutes.",
  "I'll run the next post-check now.",
  "Latency from the probes is back to its usual band.",
  "Nothing unusual in the load-balancer stats.",
  "I've added the output to the ticket as a work note.",
  "The synthetic checkout probe is green from all three regions.",
  "Moving on to the next item of the MOP.",
];

type FillerMaker = (rnd: () => number) => Beat;

const RECORDS = ["www", "api", "mail", "cdn-origin", "auth", "docs"];

const dig: FillerMaker = (rnd) => {
  const name = `${pickOf(rnd)(RECORDS)}.lethe.net`;
  const ip = `203.0.113.${intIn(rnd, 2, 250)}`;
  return toolBeat(
    "filler-dig",
    {
      content: null,
      tool: "shell",
      args: { cmd: `dig +noall +answer +stats ${name} @ns1.lethe.net` },
    },
    [
      `${name}.\t\t${intIn(rnd, 2, 9) * 60}\tIN\tA\t${ip}`,
      `;; Query time: ${intIn(rnd, 1, 40)} msec`,
      ";; SERVER: 198.51.100.10#53(ns1.lethe.net) (UDP)",
      `;; WHEN: Fri Nov 27 ${clock(rnd)}:${String(intIn(rnd, 10, 59))} UTC 2026`,
    ].join("\n"),
    [],
  );
};

const bgpSummary: FillerMaker = (rnd) =>
  toolBeat(
    "filler-bgp",
    {
      content: "Checking the BGP table.",
      tool: "shell",
      args: { cmd: "ssh border-rtr-1 'show bgp ipv4 unicast summary'" },
    },
    [
      "BGP router identifier 10.255.0.1, local AS number 64512",
      "Neighbor        V    AS   MsgRcvd   MsgSent  Up/Down  State/PfxRcd",
      `198.51.100.1    4  174  ${intIn(rnd, 10000, 99999)}  ${intIn(rnd, 10000, 99999)}  ${intIn(rnd, 2, 40)}w${intIn(rnd, 0, 7)}d  ${intIn(rnd, 900000, 990000)}`,
      `198.51.100.5    4  6939  ${intIn(rnd, 10000, 99999)}  ${intIn(rnd, 10000, 99999)}  ${intIn(rnd, 1, 9)}d${intIn(rnd, 0, 24)}h  ${intIn(rnd, 150000, 190000)}`,
      `198.51.100.9    4  24115  ${intIn(rnd, 1000, 9999)}  ${intIn(rnd, 1000, 9999)}  ${intIn(rnd, 0, 24)}:${String(intIn(rnd, 10, 59))}:${String(intIn(rnd, 10, 59))}  ${intIn(rnd, 3000, 7000)}`,
    ].join("\n"),
    [],
    pickOf(rnd)(AGENT_CHATTER),
  );

const nft: FillerMaker = (rnd) =>
  toolBeat(
    "filler-nft",
    {
      content: null,
      tool: "shell",
      args: { cmd: "ssh fw-edge-1 'nft list chain inet filter forward'" },
    },
    [
      "table inet filter {",
      "\tchain forward {",
      "\t\ttype filter hook forward priority filter; policy drop;",
      "\t\tct state established,related accept",
      `\t\tip daddr 203.0.113.${intIn(rnd, 2, 250)} tcp dport 443 accept comment "public https"`,
      `\t\tip saddr 10.60.0.0/16 udp dport 53 accept comment "resolvers"`,
      `\t\tcounter packets ${intIn(rnd, 1000, 900000)} bytes ${intIn(rnd, 100000, 90000000)} drop`,
      "\t}",
      "}",
    ].join("\n"),
    [],
  );

const haproxy: FillerMaker = (rnd) => {
  const pool = pickOf(rnd)(["static", "web", "docs", "auth"]);
  return toolBeat(
    "filler-haproxy",
    {
      content: null,
      tool: "shell",
      args: { cmd: `echo 'show stat' | socat - /run/haproxy.sock | grep ${pool}` },
    },
    [
      "# pxname,svname,qcur,scur,smax,stot,status,weight,act,chkfail",
      `${pool},${pool}-1,0,${intIn(rnd, 0, 90)},${intIn(rnd, 90, 400)},${intIn(rnd, 10000, 99999)},UP,100,1,0`,
      `${pool},${pool}-2,0,${intIn(rnd, 0, 90)},${intIn(rnd, 90, 400)},${intIn(rnd, 10000, 99999)},UP,100,1,${intIn(rnd, 0, 3)}`,
      `${pool},BACKEND,0,${intIn(rnd, 0, 180)},${intIn(rnd, 180, 800)},${intIn(rnd, 100000, 999999)},UP,200,2,0`,
    ].join("\n"),
    [],
  );
};

const tfTags: FillerMaker = (rnd) =>
  toolBeat(
    "filler-terraform",
    { content: null, tool: "shell", args: { cmd: "./tf.sh plan -target=module.tags" } },
    [
      "  # module.tags.aws_ec2_tag.owner will be updated in-place",
      '  ~ resource "aws_ec2_tag" "owner" {',
      `      ~ value = "netops-${intIn(rnd, 1, 9)}" -> "netops"`,
      "    }",
      "",
      "Plan: 0 to add, 1 to change, 0 to destroy.",
    ].join("\n"),
    [],
    "Only a tag change there; I'll leave it for the daytime run.",
  );

const alert: FillerMaker = (rnd) =>
  toolBeat(
    "filler-alert",
    {
      content: null,
      tool: "http",
      args: {
        method: "GET",
        url: "http://alertmanager:9093/api/v2/alerts?filter=severity=warning",
      },
    },
    JSON.stringify(
      [
        {
          labels: {
            alertname: "InterfaceErrors",
            device: `leaf-${intIn(rnd, 1, 24)}`,
            ifname: `Ethernet${intIn(rnd, 1, 48)}`,
          },
          annotations: { summary: `input errors ${intIn(rnd, 3, 90)}/min on a server-facing port` },
          startsAt: stamp(rnd),
          status: { state: "active" },
        },
      ],
      null,
      2,
    ),
    [],
  );

const trace: FillerMaker = (rnd) =>
  toolBeat(
    "filler-mtr",
    { content: null, tool: "shell", args: { cmd: "mtr -rwc 10 api.lethe.net" } },
    [
      "HOST: probe-fra                      Loss%   Snt   Last   Avg  Best  Wrst StDev",
      `  1.|-- 10.0.0.1                     0.0%    10    0.${intIn(rnd, 2, 9)}   0.4   0.2   0.9   0.1`,
      `  2.|-- border-rtr-1.fra2            0.0%    10    ${intIn(rnd, 1, 3)}.1   1.2   0.9   2.4   0.3`,
      `  3.|-- api.lethe.net                0.0%    10    ${intIn(rnd, 2, 6)}.8   3.1   2.7   5.0   0.6`,
    ].join("\n"),
    [],
  );

const chat: FillerMaker = (rnd) => {
  const pick = pickOf(rnd);
  return toolBeat(
    "filler-chat",
    {
      content: null,
      tool: "chat",
      args: { action: "history", channel: "#netops-oncall", limit: 2 },
    },
    [
      `[${clock(rnd)}] ${pick(HANDLES)}: ${pick(["anyone seeing packet loss to AMS?", "bridge is quiet, all good", "reminder: freeze starts Monday", "leaf-7 fan alarm again, ignoring"])}`,
      `[${clock(rnd)}] ${pick(HANDLES)}: ${pick(["not from here", "ack", "thx", "+1"])}`,
    ].join("\n"),
    [],
  );
};

const userChatter: FillerMaker = (rnd) => ({
  form: "filler-user",
  messages: [{ role: "user", content: pickOf(rnd)(USER_CHATTER) }],
  statements: [],
});

const agentChatter: FillerMaker = (rnd) => ({
  form: "filler-agent",
  messages: [{ role: "assistant", content: pickOf(rnd)(AGENT_CHATTER) }],
  statements: [],
});

const TOOL_FILLERS: readonly FillerMaker[] = [
  dig,
  bgpSummary,
  nft,
  haproxy,
  tfTags,
  alert,
  trace,
  chat,
];

/** A filler beat of at most `room` messages (room ≥ 1). */
export function fillerBeat(rnd: () => number, room: number): Beat {
  if (room >= 3 && rnd() < 0.72) {
    const beat = pickOf(rnd)(TOOL_FILLERS)(rnd);
    if (beat.messages.length <= room) {
      return beat;
    }
  }
  return (rnd() < 0.5 ? userChatter : agentChatter)(rnd);
}
