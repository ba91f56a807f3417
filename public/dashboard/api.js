// The dashboard's HTTP client: every call carries the signed-in hive key and
// turns the gateway's typed errors ({error:{code,message,hint}}) into values.

const STORAGE_KEY = "lethe.dashboard.auth";

/** The signed-in hive and key, kept for this tab only (sessionStorage). */
export function loadAuth() {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed.hive === "string" && typeof parsed.key === "string"
      ? parsed
      : null;
  } catch {
    // A corrupt entry means signed out.
    return null;
  }
}

export function saveAuth(auth) {
  if (auth) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(auth));
  } else {
    sessionStorage.removeItem(STORAGE_KEY);
  }
}

/** Calls the gateway; resolves to {ok, status, body} or {ok:false, error}. */
export async function call(auth, method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${auth.key}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    return {
      ok: false,
      status: 0,
      error: { code: "NETWORK", message: String(error), hint: "is the gateway running?" },
    };
  }
  const type = response.headers.get("content-type") ?? "";
  const parsed = type.includes("json")
    ? await response.json().catch(() => null)
    : await response.text();
  if (!response.ok) {
    const error =
      parsed && typeof parsed === "object" && parsed.error
        ? parsed.error
        : { code: `HTTP_${response.status}`, message: String(parsed).slice(0, 300) };
    return { ok: false, status: response.status, error };
  }
  return { ok: true, status: response.status, body: parsed };
}

export const enc = encodeURIComponent;
