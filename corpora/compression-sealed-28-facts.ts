// The planted facts of the "sealed-28" compression family (a satellite operator's
// ground-station and flight-dynamics shift): each subject, its look-alike, the
// system that prints it, and a pool of values to draw the fact's values, the
// look-alike's value and rejected proposals from. Used by corpora/compression-sealed-28.ts.

/** The ops system that normally prints a fact in its tool output. */
export type HomeTool =
  | "tlm_limits"
  | "station_booking"
  | "od_report"
  | "cmd_plan"
  | "anomaly_tracker";

export interface Sealed28FactSpec {
  subject: string;
  lookAlike: string;
  /** Telemetry or parameter mnemonic used in tables. */
  mnemonic: string;
  /** Key in the ops-config repository. */
  key: string;
  home: HomeTool;
  /** Distinct values; no value is another's whole-word part. */
  pool: readonly string[];
}

export const SEALED28_FACTS: readonly Sealed28FactSpec[] = [
  {
    subject: "battery undervoltage limit",
    lookAlike: "battery undervoltage limit of the spare pack",
    mnemonic: "EPS_BUV",
    key: "eps.batt_uv_red",
    home: "tlm_limits",
    pool: ["25.8 V", "26.1 V", "26.4 V", "26.7 V", "27.0 V", "27.2 V", "27.5 V"],
  },
  {
    subject: "downlink elevation mask",
    lookAlike: "downlink elevation mask at the polar site",
    mnemonic: "GS_ELMASK",
    key: "gs.dl_el_mask",
    home: "station_booking",
    pool: ["3 deg", "5 deg", "7 deg", "8.5 deg", "10 deg", "12 deg", "15 deg"],
  },
  {
    subject: "reaction wheel speed limit",
    lookAlike: "reaction wheel speed limit for wheel 3",
    mnemonic: "AOCS_RWMAX",
    key: "aocs.rw_speed_max",
    home: "tlm_limits",
    pool: ["3900 rpm", "4200 rpm", "4500 rpm", "4800 rpm", "5100 rpm", "5400 rpm", "6000 rpm"],
  },
  {
    subject: "X-band downlink rate",
    lookAlike: "X-band downlink rate during the LEOP backup",
    mnemonic: "TTC_XRATE",
    key: "ttc.xband_rate",
    home: "station_booking",
    pool: ["75 Mbps", "120 Mbps", "150 Mbps", "200 Mbps", "300 Mbps", "400 Mbps", "600 Mbps"],
  },
  {
    subject: "link margin threshold",
    lookAlike: "link margin threshold for the S-band uplink",
    mnemonic: "TTC_MARGIN",
    key: "ttc.min_link_margin",
    home: "station_booking",
    pool: ["2 dB", "2.5 dB", "3 dB", "3.5 dB", "4 dB", "4.5 dB", "6 dB"],
  },
  {
    subject: "next orbit maintenance burn",
    lookAlike: "next orbit maintenance burn of the sister satellite",
    mnemonic: "FD_OMB",
    key: "fd.next_omb_epoch",
    home: "od_report",
    pool: [
      "02 Dec 14:20 UTC",
      "03 Dec 09:45 UTC",
      "04 Dec 21:10 UTC",
      "05 Dec 03:35 UTC",
      "06 Dec 16:50 UTC",
      "08 Dec 11:05 UTC",
      "09 Dec 07:25 UTC",
    ],
  },
  {
    subject: "along-track delta-v target",
    lookAlike: "along-track delta-v target for the phasing campaign",
    mnemonic: "FD_DVAT",
    key: "fd.dv_along_track",
    home: "od_report",
    pool: [
      "0.031 m/s",
      "0.042 m/s",
      "0.057 m/s",
      "0.063 m/s",
      "0.071 m/s",
      "0.088 m/s",
      "0.094 m/s",
    ],
  },
  {
    subject: "payload heater setpoint",
    lookAlike: "payload heater setpoint on the redundant circuit",
    mnemonic: "TCS_PLHTR",
    key: "tcs.payload_htr_set",
    home: "tlm_limits",
    pool: ["17.0 C", "18.5 C", "19.0 C", "20.0 C", "21.5 C", "22.0 C", "23.5 C"],
  },
  {
    subject: "prime station for evening passes",
    lookAlike: "prime station for evening passes on weekends",
    mnemonic: "GS_PRIME_PM",
    key: "gs.prime_evening",
    home: "station_booking",
    pool: ["Svalbard", "Kiruna", "Inuvik", "Hartebeesthoek", "Punta Arenas", "Fairbanks", "Troll"],
  },
  {
    subject: "on-call flight dynamics engineer",
    lookAlike: "on-call flight dynamics engineer for the weekend",
    mnemonic: "OPS_FD_ONCALL",
    key: "ops.fd_oncall",
    home: "anomaly_tracker",
    pool: ["Oyelaran", "Kowalczyk", "Tanaka", "Ferreira", "Lindahl", "Mbeki", "Castellanos"],
  },
  {
    subject: "command uplink window",
    lookAlike: "command uplink window for the safe-mode recovery",
    mnemonic: "CMD_WIN",
    key: "cmd.uplink_window",
    home: "cmd_plan",
    pool: [
      "13:40-13:52 UTC",
      "14:05-14:17 UTC",
      "15:38-15:49 UTC",
      "17:12-17:24 UTC",
      "18:47-18:58 UTC",
      "20:21-20:33 UTC",
      "21:55-22:06 UTC",
    ],
  },
  {
    subject: "accepted orbit determination solution",
    lookAlike: "accepted orbit determination solution for debris screening",
    mnemonic: "FD_ODSOL",
    key: "fd.od_accepted",
    home: "od_report",
    pool: ["OD-331A", "OD-331B", "OD-332A", "OD-332C", "OD-333A", "OD-333B", "OD-334A"],
  },
  {
    subject: "star tracker exclusion angle",
    lookAlike: "star tracker exclusion angle for the moon",
    mnemonic: "AOCS_STEXCL",
    key: "aocs.st_sun_excl",
    home: "tlm_limits",
    pool: ["22 deg", "25 deg", "28 deg", "30 deg", "32 deg", "35 deg", "40 deg"],
  },
  {
    subject: "telemetry frame error threshold",
    lookAlike: "telemetry frame error threshold for the backup receiver",
    mnemonic: "TTC_FER",
    key: "ttc.frame_err_max",
    home: "tlm_limits",
    pool: [
      "0.2 percent",
      "0.5 percent",
      "1 percent",
      "1.5 percent",
      "2 percent",
      "3 percent",
      "4 percent",
    ],
  },
  {
    subject: "wheel anomaly review",
    lookAlike: "wheel anomaly review with the manufacturer",
    mnemonic: "ANOM_RW_REVIEW",
    key: "anom.rw_review_slot",
    home: "anomaly_tracker",
    pool: [
      "Monday 13:00 UTC",
      "Tuesday 10:00 UTC",
      "Tuesday 15:30 UTC",
      "Wednesday 09:00 UTC",
      "Wednesday 14:00 UTC",
      "Thursday 11:30 UTC",
      "Friday 08:30 UTC",
    ],
  },
  {
    subject: "ranging campaign cadence",
    lookAlike: "ranging campaign cadence after the burn",
    mnemonic: "FD_RNG_CAD",
    key: "fd.ranging_cadence",
    home: "od_report",
    pool: [
      "1 pass per day",
      "2 passes per day",
      "3 passes per day",
      "4 passes per day",
      "5 passes per day",
      "6 passes per day",
      "8 passes per day",
    ],
  },
];

/** Every value any fact, look-alike or rejected proposal can take. */
export const ALL_POOL_VALUES: readonly string[] = SEALED28_FACTS.flatMap((f) => [...f.pool]);

/** Controllers and engineers who speak in chat exports and emails (never a fact value). */
export const CREW = [
  "Dubois",
  "Okonkwo",
  "Halvorsen",
  "Reyes",
  "Novak",
  "Achterberg",
  "Sato",
  "Quinn",
];
