// One call on an RpcTarget that an RPC answered (`stub.relays()`), pipelined (the
// call leaves before the target's stub arrives: one round trip), and then that
// stub disposed, so the object that exported the target releases it now rather
// than whenever the caller's garbage collector runs. workerd warns of a stub left
// undisposed, and in a Durable Object, whose context outlives each call, every
// such call would otherwise hold an export until collection.

/** Calls `call` on the pipelined `target`, then disposes the target's stub. */
export async function callTarget<P extends PromiseLike<Disposable>, R>(
  target: P,
  call: (target: P) => R,
): Promise<Awaited<R>> {
  try {
    return await call(target);
  } finally {
    // The stub arrives (or the call failed and there is nothing to release).
    target.then(
      (stub) => stub[Symbol.dispose](),
      () => undefined,
    );
  }
}
