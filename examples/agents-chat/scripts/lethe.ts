// lethe/testing for this example's scripts: the installed package (npm install in
// this folder links it from the checkout, `file:../..`), or, in a checkout of
// Lethe where the example is not installed, the checkout's own source.
import type * as Testing from "lethe/testing";

async function load(): Promise<typeof Testing> {
  try {
    return await import("lethe/testing");
  } catch {
    // Not installed here: this folder is inside Lethe's repository, whose source is the package.
    return (await import(
      new URL("../../../packages/testing/index.ts", import.meta.url).href
    )) as typeof Testing;
  }
}

export const testing = await load();
