// The dashboard's shell: sign in with a hive key, then the hive's sessions,
// artifacts and metrics, or one session (hash routes #/, #/artifacts, #/metrics,
// #/session/<id>, #/artifact/<identifier>). Served by the gateway at /dashboard/.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { call, enc, loadAuth, saveAuth } from "./api.js";
import { ArtifactView, ArtifactsView, MetricsView, SessionsView } from "./hive-views.js";
import { html, ErrorBox } from "./html.js";
import { SessionView } from "./session-view.js";

function parseRoute(hash) {
  const path = hash.replace(/^#/, "") || "/";
  const session = /^\/session\/([^/]+)$/.exec(path);
  if (session) {
    return { name: "session", id: decodeURIComponent(session[1]) };
  }
  const artifact = /^\/artifact\/(.+)$/.exec(path);
  if (artifact) {
    return { name: "artifact", id: decodeURIComponent(artifact[1]) };
  }
  if (path === "/artifacts" || path === "/metrics") {
    return { name: path.slice(1) };
  }
  return { name: "sessions" };
}

function SignIn({ onSignedIn, initialError }) {
  const [hive, setHive] = useState("");
  const [key, setKey] = useState("");
  const [error, setError] = useState(initialError ?? null);
  const [busy, setBusy] = useState(false);
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    const auth = { hive: hive.trim(), key: key.trim() };
    const checked = await call(auth, "GET", `/v1/hives/${enc(auth.hive)}/sessions?limit=1`);
    setBusy(false);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    saveAuth(auth);
    onSignedIn(auth);
  };
  return html`<main>
    <h1>Lethe dashboard</h1>
    <p>Sign in with a hive API key (an admin creates one with <code>lethe hive create</code>).</p>
    <form class="signin" onSubmit=${submit}>
      <label for="hive">Hive</label>
      <input
        id="hive"
        name="hive"
        required
        value=${hive}
        onInput=${(e) => setHive(e.currentTarget.value)}
      />
      <label for="key">Hive key</label>
      <input
        id="key"
        name="key"
        type="password"
        autocomplete="off"
        required
        value=${key}
        onInput=${(e) => setKey(e.currentTarget.value)}
      />
      <button class="primary" type="submit" disabled=${busy}>Sign in</button>
    </form>
    <${ErrorBox} error=${error} />
  </main>`;
}

const SOURCE = {
  "workers-ai": "Workers AI",
  endpoint: "endpoint",
  "stand-in": "local stand-in, not a language model",
  none: "no model",
};

/** Which model serves each role (GET /health's models): the stand-in is never mistaken for a model. */
function Models() {
  const [models, setModels] = useState(null);
  useEffect(() => {
    fetch("/health")
      .then((response) => response.json())
      .then((report) => setModels(report.models ?? null))
      // Without /health the header just leaves the models out.
      .catch(() => setModels(null));
  }, []);
  if (!models) {
    return null;
  }
  const roles = [
    ["router", "router"],
    ["compression", "summariser"],
    ["agent", "agent"],
  ];
  return html`<span class="models" data-testid="models">
    ${roles.map(
      ([role, label]) =>
        html`<span data-role=${role} data-source=${models[role]?.source}
          >${label}
          <strong>${models[role]?.model ?? "none"}</strong>
          (${SOURCE[models[role]?.source] ?? "?"})</span
        > `,
    )}
  </span>`;
}

function App() {
  const [auth, setAuth] = useState(loadAuth());
  const [route, setRoute] = useState(parseRoute(location.hash));
  const [lost, setLost] = useState(null);
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  if (!auth) {
    return html`<${SignIn} onSignedIn=${setAuth} initialError=${lost} />`;
  }
  // A key that stops working (revoked, expired) signs the tab out with the reason.
  const onAuthError = (error) => {
    saveAuth(null);
    setLost(error);
    setAuth(null);
  };
  const signOut = () => {
    saveAuth(null);
    setLost(null);
    setAuth(null);
  };
  const tab = (name, href, label) =>
    html`<a href=${href} aria-current=${route.name === name ? "page" : undefined}>${label}</a>`;
  const props = { auth, onAuthError };
  let body;
  if (route.name === "session") {
    body = html`<${SessionView} key=${route.id} id=${route.id} ...${props} />`;
  } else if (route.name === "artifact") {
    body = html`<${ArtifactView} key=${route.id} identifier=${route.id} ...${props} />`;
  } else if (route.name === "artifacts") {
    body = html`<${ArtifactsView} ...${props} />`;
  } else if (route.name === "metrics") {
    body = html`<${MetricsView} ...${props} />`;
  } else {
    body = html`<${SessionsView} ...${props} />`;
  }
  return html`<div>
    <header class="bar">
      <h1>Lethe</h1>
      <span>hive <strong data-testid="hive-name">${auth.hive}</strong></span>
      <${Models} />
      <button type="button" onClick=${signOut}>Sign out</button>
    </header>
    <main>
      <nav class="tabs" aria-label="Views">
        ${tab("sessions", "#/", "Sessions")} ${tab("artifacts", "#/artifacts", "Artifacts")}
        ${tab("metrics", "#/metrics", "Metrics")}
      </nav>
      ${body}
    </main>
  </div>`;
}

const root = document.getElementById("root");
root.textContent = "";
render(html`<${App} />`, root);
