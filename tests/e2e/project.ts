// The e2e vitest project, in vitest.config.ts with every other project and alone in
// vitest.e2e.config.ts: the mutation runner starts ~50 scenario runs, and a config
// without the workerd projects loads without their plugin, wrangler and miniflare
// (about 3 s of CPU per start).
import type { TestProjectInlineConfiguration } from "vitest/config";

export const E2E_PROJECT = {
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.test.ts"],
    // One cluster shared by every file that asks for it (sharedCluster(), tests/e2e/helpers.ts).
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Removes each test file's temporary directories when the file ends.
    setupFiles: ["./tests/fixtures/temp-dirs-setup.ts"],
  },
} satisfies TestProjectInlineConfiguration;
