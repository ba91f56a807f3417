// Permission grants, deny by default: `*`, `service:*`, `service:method` (or with
// `.` instead of `:`), or a bare tool name. Persona and skill sets are checked
// by the gatekeeper's admission; firewall rules reuse the same matcher.

export interface Grant {
  /** `*` for any service. */
  service: string;
  /** `*` for any method of the service. */
  method: string;
  /** The grant as written, quoted in verdicts. */
  source: string;
}

/** A persona's or a skill's grants. */
export interface PermissionSet {
  name: string;
  grants: readonly string[];
}

const GRANT = /^(?:\*|[A-Za-z0-9_-]+(?:[:.](?:\*|[A-Za-z0-9_-]+))?)$/;

export function isValidGrant(text: string): boolean {
  return GRANT.test(text.trim());
}

/** Parses a grant; a bare name is a method of any service (`write_file`). */
export function parseGrant(text: string): Grant | undefined {
  const source = text.trim();
  if (!GRANT.test(source)) {
    return undefined;
  }
  if (source === "*") {
    return { service: "*", method: "*", source };
  }
  const cut = source.search(/[:.]/);
  if (cut < 0) {
    return { service: "*", method: source, source };
  }
  return { service: source.slice(0, cut), method: source.slice(cut + 1), source };
}

/** `service:method` of a move, from a permission id such as `edit:write_file` or `mail.send`. */
export function splitPermissionId(id: string): { service: string; method: string } {
  const cut = id.search(/[:.]/);
  return cut < 0
    ? { service: "", method: id }
    : { service: id.slice(0, cut), method: id.slice(cut + 1) };
}

export function grantMatches(grant: Grant, target: { service: string; method: string }): boolean {
  return (
    (grant.service === "*" || grant.service === target.service) &&
    (grant.method === "*" || grant.method === target.method)
  );
}

/** The first grant of `grants` that covers the target, or undefined (deny by default). */
export function findGrant(
  grants: readonly string[],
  target: { service: string; method: string },
): Grant | undefined {
  for (const text of grants) {
    const grant = parseGrant(text);
    if (grant && grantMatches(grant, target)) {
      return grant;
    }
  }
  return undefined;
}
