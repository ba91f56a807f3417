// URL parts of the typed client's routes: a path segment, and a query string of
// the fields that are set.

export function enc(part: string): string {
  return encodeURIComponent(part);
}

export function qs(query: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  return entries.length === 0
    ? ""
    : `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}
