// Failures a caller must handle across an RPC or module boundary travel as values:
// Workers RPC keeps only an Error's message and name, so codes would be lost.

export type Ok<T> = { ok: true; value: T };
export type Err<C extends string = string> = {
  ok: false;
  code: C;
  message: string;
  hint?: string;
};
export type Result<T, C extends string = string> = Ok<T> | Err<C>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<C extends string>(code: C, message: string, hint?: string): Err<C> {
  return hint === undefined ? { ok: false, code, message } : { ok: false, code, message, hint };
}
