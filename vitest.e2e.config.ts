// The e2e project alone (tests/e2e/project.ts), for the mutation runner's scenario
// runs (scripts/mutations.ts): `vitest run --config vitest.e2e.config.ts <file>`.
import { defineConfig } from "vitest/config";
import { E2E_PROJECT } from "./tests/e2e/project.ts";

export default defineConfig({ test: { projects: [E2E_PROJECT] } });
