// The `lethe` executable (bundled to dist/lethe.js for Node ≥ 20): runs the CLI
// on the process's arguments and exits with its code.
import { main } from "./lethe.ts";

process.exitCode = await main(process.argv.slice(2));
