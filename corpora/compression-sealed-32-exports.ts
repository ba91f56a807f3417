// Machine output for the "sealed-32" family (a transit agency's winter timetable change) that
// never carries a planted line: GTFS files (stop_times, trips, calendar_dates, frequencies),
// SQL against the scheduling database and its results, a headway script, validator notices,
// run-time percentiles, rostering runs and vehicle assignments. Used by
// corpora/compression-sealed-32-filler.ts.

export type Rnd = () => number;
export const pick = <T>(rnd: Rnd, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;
export const n = (rnd: Rnd, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
export const two = (x: number) => String(x).padStart(2, "0");
export const hms = (mins: number, secs = 0) =>
  `${two(Math.floor(mins / 60))}:${two(mins % 60)}:${two(secs)}`;

export const STOPS = [
  "Union Station Bay C",
  "Millbrook Loop",
  "Harbor St & 3rd",
  "Ferris Park",
  "General Hospital",
  "Kessler Ave",
  "Northgate Mall",
  "Lakeshore Ferry",
];
export const ROUTES = ["9", "14", "22", "31", "40", "52", "BL"];

export const GTFS_FILES = [
  "stop_times.txt",
  "trips.txt",
  "calendar_dates.txt",
  "frequencies.txt",
] as const;

export const SQL_TEXT =
  "SELECT r.route_short_name AS route, t.service_id, COUNT(*) AS trips, MIN(t.first_dep) AS first_dep, MAX(t.last_arr) AS last_arr FROM trips t JOIN routes r USING (route_id) WHERE t.change_id = 'W26' GROUP BY 1, 2 ORDER BY 1";

export function gtfsOther(rnd: Rnd, variant: number): string[] {
  const file = GTFS_FILES[variant % GTFS_FILES.length];
  if (file === "trips.txt") {
    const rows = ["route_id,service_id,trip_id,trip_headsign,direction_id,block_id,shape_id"];
    for (let i = 0; i < n(rnd, 8, 14); i++) {
      const r = pick(rnd, ROUTES);
      rows.push(
        `${r},W26_${pick(rnd, ["WKDY", "SAT", "SUN"])},W26_${r}_${n(rnd, 1000, 9999)},${pick(rnd, STOPS)},${n(rnd, 0, 1)},${n(rnd, 9, 52)}-${two(n(rnd, 1, 12))},shp_${r}_${n(rnd, 1, 4)}`,
      );
    }
    return rows;
  }
  if (file === "calendar_dates.txt") {
    return [
      "service_id,date,exception_type",
      "W26_WKDY,20261225,2",
      "W26_SUN,20261225,1",
      "W26_WKDY,20270101,2",
      "W26_SUN,20270101,1",
      `W26_WKDY,202701${two(n(rnd, 15, 21))},2`,
      `W26_SAT,202701${two(n(rnd, 15, 21))},1`,
    ];
  }
  const rows = ["trip_id,start_time,end_time,headway_secs,exact_times"];
  for (let i = 0; i < n(rnd, 4, 8); i++) {
    const a = n(rnd, 300, 1200);
    rows.push(
      `W26_${pick(rnd, ROUTES)}_F${n(rnd, 10, 99)},${hms(a)},${hms(a + n(rnd, 60, 240))},${n(rnd, 4, 20) * 60},0`,
    );
  }
  return rows;
}

export function sqlFile(rnd: Rnd): string[] {
  return [
    "-- paddle export for the run guides; one row per trip per block",
    "SELECT b.block_id,",
    "       t.trip_id,",
    "       r.route_short_name,",
    "       to_char(t.first_dep, 'HH24:MI') AS dep,",
    "       to_char(t.last_arr, 'HH24:MI') AS arr,",
    "       s.stop_name AS from_stop",
    "  FROM blocks b",
    "  JOIN trips t ON t.block_id = b.block_id",
    "  JOIN routes r ON r.route_id = t.route_id",
    "  JOIN stops s ON s.stop_id = t.first_stop_id",
    ` WHERE b.change_id = 'W26' AND b.depot = '${pick(rnd, ["EASTGATE", "NORTH YARD"])}'`,
    " ORDER BY b.block_id, t.first_dep;",
  ];
}

export function gtfs(rnd: Rnd): string[] {
  const trip = `W26_${pick(rnd, ROUTES)}_${n(rnd, 1000, 9999)}`;
  let t = n(rnd, 300, 1300);
  const rows = ["trip_id,arrival_time,departure_time,stop_id,stop_sequence,timepoint"];
  for (let i = 1; i <= n(rnd, 10, 18); i++) {
    t += n(rnd, 1, 4);
    rows.push(
      `${trip},${hms(t, n(rnd, 0, 5) * 10)},${hms(t, n(rnd, 0, 5) * 10)},${n(rnd, 1000, 9899)},${i},${i % 4 === 1 ? 1 : 0}`,
    );
  }
  return rows;
}

export function sql(rnd: Rnd): string[] {
  const rows = [
    "route | service_id | trips | first_dep | last_arr",
    "------+------------+-------+-----------+---------",
  ];
  for (const r of ROUTES.slice(0, n(rnd, 4, 7))) {
    rows.push(
      `${r.padStart(5)} | ${pick(rnd, ["WKDY", "SAT", "SUN"]).padEnd(10)} | ${String(n(rnd, 30, 190)).padStart(5)} | ${hms(n(rnd, 290, 400))}  | ${hms(n(rnd, 1320, 1500))}`,
    );
  }
  rows.push(`(${rows.length - 2} rows)`);
  return rows;
}

export function script(rnd: Rnd): string[] {
  return [
    "import csv",
    "from collections import defaultdict",
    "",
    `PEAK = (${n(rnd, 6, 7) * 60}, ${n(rnd, 9, 10) * 60})  # minutes after midnight`,
    "",
    "def headways(stop_times_path, stop_id):",
    "    deps = defaultdict(list)",
    "    with open(stop_times_path) as f:",
    "        for row in csv.DictReader(f):",
    "            if row['stop_id'] != stop_id:",
    "                continue",
    "            h, m, _ = map(int, row['departure_time'].split(':'))",
    "            deps[row['trip_id'].split('_')[1]].append(h * 60 + m)",
    "    out = {}",
    "    for route, times in deps.items():",
    "        times.sort()",
    "        gaps = [b - a for a, b in zip(times, times[1:]) if PEAK[0] <= a < PEAK[1]]",
    "        out[route] = max(gaps) if gaps else None",
    "    return out",
  ];
}

export function validator(rnd: Rnd): string[] {
  return [
    `Validation finished in ${n(rnd, 9, 40)}.${n(rnd, 0, 9)}s`,
    `  ERROR   0`,
    `  WARNING ${n(rnd, 2, 30)}  fast_travel_between_consecutive_stops (${n(rnd, 1, 9)} trips)`,
    `  WARNING ${n(rnd, 1, 9)}  stop_too_far_from_shape`,
    `  INFO    ${n(rnd, 100, 900)}  unusable_trip (calendar_dates only)`,
    `Report written to out/report.html`,
  ];
}

export function runtime(rnd: Rnd): string[] {
  const rows = ["segment                         p50    p85    sched  trips"];
  for (let i = 0; i < n(rnd, 5, 8); i++) {
    const a = pick(rnd, STOPS);
    const b = pick(
      rnd,
      STOPS.filter((x) => x !== a),
    );
    const p50 = n(rnd, 3, 14);
    rows.push(
      `${`${a} > ${b}`.slice(0, 30).padEnd(32)}${`${p50}.${n(rnd, 0, 9)}`.padEnd(7)}${`${p50 + n(rnd, 1, 4)}.${n(rnd, 0, 9)}`.padEnd(7)}${String(p50 + n(rnd, 0, 3)).padEnd(7)}${n(rnd, 40, 400)}`,
    );
  }
  return rows;
}

export function roster(rnd: Rnd): string[] {
  const rows = [
    "RUN   BLOCK   SIGN-ON  SIGN-OFF  PLATFORM  SPREAD  TYPE",
    "----  ------  -------  --------  --------  ------  --------",
  ];
  for (let i = 0; i < n(rnd, 6, 10); i++) {
    const on = n(rnd, 270, 900);
    const plat = n(rnd, 380, 520);
    rows.push(
      `${String(n(rnd, 100, 699)).padEnd(6)}${`${n(rnd, 9, 52)}-${two(n(rnd, 1, 12))}`.padEnd(8)}${hms(on).slice(0, 5).padEnd(9)}${hms(
        on + plat + n(rnd, 0, 200),
      )
        .slice(0, 5)
        .padEnd(
          10,
        )}${`${Math.floor(plat / 60)}:${two(plat % 60)}`.padEnd(10)}${`${n(rnd, 8, 12)}:${two(n(rnd, 0, 59))}`.padEnd(8)}${pick(rnd, ["STRAIGHT", "SPLIT", "TRIPPER"])}`,
    );
  }
  return rows;
}

export function vehicles(rnd: Rnd): string[] {
  const rows = ["BLOCK   VEH    TYPE        PULL-OUT  PULL-IN  NOTES"];
  for (let i = 0; i < n(rnd, 6, 9); i++) {
    rows.push(
      `${`${n(rnd, 9, 52)}-${two(n(rnd, 1, 12))}`.padEnd(8)}${String(n(rnd, 1200, 1899)).padEnd(7)}${pick(rnd, ["40ft diesel", "60ft artic", "40ft BEB", "35ft hybrid"]).padEnd(12)}${hms(
        n(rnd, 270, 420),
      )
        .slice(0, 5)
        .padEnd(10)}${hms(n(rnd, 1100, 1480))
        .slice(0, 5)
        .padEnd(
          9,
        )}${pick(rnd, ["", "", "wheelchair lift slow", "charge at 14:00", "snow chains"])}`,
    );
  }
  return rows;
}
