// A mutation of the scenario catalogue (scripts/mutations.ts): the source edit that
// removes a capability, and the scenario file of each family that must then fail.

export interface Mutation {
  family: string;
  /** The scenario (an `it` name prefix) that must fail. */
  scenario: string;
  file: string;
  /** Exact text in the file; the mutation refuses to run if it is not there once. */
  find: string;
  replace: string;
  /** What the mutation takes away, for the report. */
  removes: string;
}

const S = "tests/e2e/scenarios";

/** The scenario file of each family. */
export const SCENARIO_FILE: Readonly<Record<string, string>> = {
  retrieval: `${S}/retrieval.test.ts`,
  code: `${S}/code.test.ts`,
  memory: `${S}/memory.test.ts`,
  collaboration: `${S}/collaboration.test.ts`,
  governance: `${S}/governance.test.ts`,
  firewall: "tests/e2e/firewall.test.ts",
  wiring: "tests/e2e/step-wiring.test.ts",
  "clean-room": `${S}/clean-room-bytes.test.ts`,
  outcomes: `${S}/outcomes.test.ts`,
};
