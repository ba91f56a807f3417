// callTarget (shared/base/rpc-target.ts): the call runs on the pipelined target,
// and the target's stub is disposed once, whether the call answered or threw; a
// target that never arrived is not disposed and does not throw.
import { describe, it } from "vitest";
import { callTarget } from "../../../shared/base/rpc-target.ts";

/** A stand-in for an RPC answer holding a stub: a promise of a disposable target. */
function target(arrives: boolean) {
  const stub = {
    disposed: 0,
    [Symbol.dispose]() {
      this.disposed++;
    },
  };
  const promise = arrives ? Promise.resolve(stub) : Promise.reject(new Error("gone"));
  promise.catch(() => undefined);
  return { stub, promise };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("callTarget", () => {
  it("answers the call and disposes the target's stub once", async ({ expect }) => {
    const { stub, promise } = target(true);
    expect(await callTarget(promise, async () => 42)).toBe(42);
    await settle();
    expect(stub.disposed).toBe(1);
  });

  it("disposes the stub when the call throws, and rethrows", async ({ expect }) => {
    const { stub, promise } = target(true);
    await expect(
      callTarget(promise, async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await settle();
    expect(stub.disposed).toBe(1);
  });

  it("a target that never arrived: the call's error, nothing disposed", async ({ expect }) => {
    const { stub, promise } = target(false);
    await expect(callTarget(promise, async (p) => p)).rejects.toThrow("gone");
    await settle();
    expect(stub.disposed).toBe(0);
  });
});
