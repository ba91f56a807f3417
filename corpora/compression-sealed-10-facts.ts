// The sixteen planted facts of the "sealed-10" compression family (a network change
// window run with an agent): each fact's whole subject, its look-alike (the subject
// with a qualifier), the config key a file or CLI would use for it, and a pool of
// values in mixed units and formats. Pools are disjoint, so every value in a
// transcript is distinct. Used by corpora/compression-sealed-10.ts and its test.

/** One plantable fact before values are drawn. */
export interface FactDef {
  subject: string;
  lookAlike: string;
  /** The key a config file, plan or API would show for it. */
  key: string;
  /** Candidate values; a transcript draws its values and the look-alike's from here. */
  pool: readonly string[];
}

export const FACT_DEFS: readonly FactDef[] = [
  {
    subject: "TTL of the checkout CNAME",
    lookAlike: "TTL of the checkout CNAME in the staging zone",
    key: "ttl",
    pool: ["300s", "45s", "1800s", "10m", "2m", "150s"],
  },
  {
    subject: "target of the status CNAME",
    lookAlike: "target of the status CNAME in the internal view",
    key: "target",
    pool: [
      "pages-eu.fastcdn.net",
      "status-b.akadns.net",
      "lb-fra2.lethe.net",
      "status.gslb.lethe.net",
      "sp-edge1.cdn77.net",
    ],
  },
  {
    subject: "hold timer of the Equinix peering session",
    lookAlike: "hold timer of the Equinix peering session on the backup router",
    key: "hold_time",
    pool: ["90s", "180s", "27s", "60 seconds", "2 minutes", "240s"],
  },
  {
    subject: "local preference of the Cogent transit routes",
    lookAlike: "local preference of the Cogent transit routes for the IPv6 family",
    key: "local_pref",
    pool: ["150", "200", "95", "120", "250", "80"],
  },
  {
    subject: "prefix limit of the HE peering session",
    lookAlike: "prefix limit of the HE peering session for IPv6",
    key: "max_prefix",
    pool: ["12000", "15000", "9500", "20000", "8000", "25000"],
  },
  {
    subject: "source range of the bastion SSH rule",
    lookAlike: "source range of the bastion SSH rule in the DR site",
    key: "source_cidr",
    pool: [
      "10.40.8.0/22",
      "10.40.12.0/24",
      "10.40.8.0 255.255.254.0",
      "172.20.4.0/23",
      "10.44.0.0/21",
      "192.168.30.0 255.255.255.0",
    ],
  },
  {
    subject: "port range of the metrics scrape rule",
    lookAlike: "port range of the metrics scrape rule for the legacy exporters",
    key: "ports",
    pool: ["9100-9110", "9090-9099", "9100-9199", "8080-8089", "9400-9420"],
  },
  {
    subject: "health check interval for the checkout pool",
    lookAlike: "health check interval for the checkout pool in the DR site",
    key: "interval",
    pool: ["10s", "5s", "15s", "20s", "7s", "3 seconds"],
  },
  {
    subject: "health check path of the search pool",
    lookAlike: "health check path of the search pool on the old F5",
    key: "path",
    pool: ["/healthz", "/ready", "/v2/health", "/status/live", "/ping"],
  },
  {
    subject: "drain timeout of the payments pool",
    lookAlike: "drain timeout of the payments pool on the old F5",
    key: "deregistration_delay",
    pool: ["30s", "120 seconds", "75s", "400 seconds", "4m", "55s"],
  },
  {
    subject: "CAB approver for the core change",
    lookAlike: "CAB approver for the core change rollback",
    key: "approver",
    pool: ["Priya Raman", "Tomasz Wojcik", "Aisha Bello", "Daniel Osei", "Marta Ruiz"],
  },
  {
    subject: "start of the maintenance window",
    lookAlike: "start of the maintenance window for the EU region",
    key: "window_start",
    pool: ["22:00 UTC", "23:30 UTC", "01:00 UTC", "21:15 UTC", "00:45 UTC"],
  },
  {
    subject: "desired capacity of the edge proxy group",
    lookAlike: "desired capacity of the edge proxy group in eu-central-1",
    key: "desired_capacity",
    pool: ["14", "18", "22", "11", "16", "26"],
  },
  {
    subject: "error-rate alert threshold for the checkout API",
    lookAlike: "error-rate alert threshold for the checkout API in staging",
    key: "threshold",
    pool: ["2%", "5%", "1.5%", "3%", "0.8%", "4%"],
  },
  {
    subject: "primary on-call for the network team",
    lookAlike: "primary on-call for the network team next week",
    key: "primary",
    pool: ["Kenji Sato", "Lena Fischer", "Omar Haddad", "Grace Mbeki", "Ruben Costa"],
  },
  {
    subject: "committed rate of the Lumen transit circuit",
    lookAlike: "committed rate of the Lumen transit circuit to Ashburn",
    key: "cir",
    pool: ["2 Gbps", "5 Gbps", "1 Gbps", "500 Mbps", "10 Gbps", "3 Gbps"],
  },
];

/** Every value any transcript can plant, facts and look-alikes alike. */
export const ALL_POOL_VALUES: readonly string[] = FACT_DEFS.flatMap((d) => d.pool);

/** A fact with its drawn values (the last is current) and its look-alike's own value. */
export interface DrawnFact extends FactDef {
  values: string[];
  lookAlikeValue: string;
  /** A value of the pool never adopted: what a rejected proposal or hypothetical offers. */
  spare: string;
}

/** Draws every fact's values: eight facts change, four of them once and four twice. */
export function drawFacts(rnd: () => number): DrawnFact[] {
  const order = FACT_DEFS.map((_, i) => i).sort(() => rnd() - 0.5);
  const changes = new Map<number, number>();
  order.slice(0, 4).forEach((i) => changes.set(i, 1));
  order.slice(4, 8).forEach((i) => changes.set(i, 2));
  return FACT_DEFS.map((def, i) => {
    const pool = [...def.pool].sort(() => rnd() - 0.5);
    const count = 1 + (changes.get(i) ?? 0);
    return {
      ...def,
      values: pool.slice(0, count),
      lookAlikeValue: pool[count] ?? "",
      spare: pool[count + 1] ?? "",
    };
  });
}
