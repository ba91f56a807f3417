// The hive's views: sessions (newest first, paged), artifacts (paged, live over
// the hive socket, resumed from the last sequence number), one artifact with its
// provenance and history, and the hive's metrics.
import { useEffect, useRef, useState } from "preact/hooks";
import { call, enc } from "./api.js";
import { html, ErrorBox, LiveBadge, when } from "./html.js";
import { openLive } from "./live.js";

/** Artifacts per page: a hive may hold tens of thousands. */
export const ARTIFACT_PAGE = 50;

/** Loads `path`; a 401 signs out, any other error is shown. */
function useLoad(auth, onAuthError, path, deps) {
  const [state, setState] = useState({ data: null, error: null, path: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    call(auth, "GET", path).then((r) => {
      if (!live) {
        return;
      }
      if (!r.ok && (r.status === 401 || r.status === 403)) {
        onAuthError(r.error);
        return;
      }
      setState(r.ok ? { data: r.body, error: null, path } : { data: null, error: r.error, path });
    });
    return () => {
      live = false;
    };
  }, [path, tick, ...deps]);
  // `stale`: what is shown still belongs to the previous path (a page is loading).
  return [{ ...state, stale: state.path !== path }, () => setTick((t) => t + 1)];
}

export function SessionsView({ auth, onAuthError }) {
  const [before, setBefore] = useState([]);
  const cursor = before.at(-1);
  const [{ data, error }] = useLoad(
    auth,
    onAuthError,
    `/v1/hives/${enc(auth.hive)}/sessions?limit=25${cursor ? `&before=${enc(cursor)}` : ""}`,
    [],
  );
  return html`<section aria-labelledby="sessions-title">
    <h2 id="sessions-title">Sessions</h2>
    <${ErrorBox} error=${error} />
    ${data && data.sessions.length === 0 ? html`<p>No sessions in this hive yet.</p>` : null}
    ${
      data && data.sessions.length > 0
        ? html`<table>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Mission</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              ${data.sessions.map(
                (s) =>
                  html`<tr key=${s.id} data-session=${s.id}>
                    <td>
                      <a href=${`#/session/${enc(s.id)}`}>${s.id}</a
                      >${s.forkOf ? html`<br /><span class="muted">fork of ${s.forkOf}</span>` : null}
                    </td>
                    <td class="mission">${s.mission}</td>
                    <td>${when(s.createdAt)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : null
    }
    <div>
      ${before.length > 0 ? html`<button type="button" onClick=${() => setBefore(before.slice(0, -1))}>Newer</button>` : null}
      ${data && data.next ? html`<button type="button" onClick=${() => setBefore([...before, data.next])}>Older</button>` : null}
    </div>
  </section>`;
}

export function ArtifactsView({ auth, onAuthError }) {
  // A stack of `after` cursors: one per page already passed.
  const [cursors, setCursors] = useState([]);
  const [open, setOpen] = useState(false);
  const [events, setEvents] = useState(0);
  const seq = useRef(0);
  const after = cursors.at(-1);
  const [{ data, error, stale }, reload] = useLoad(
    auth,
    onAuthError,
    `/v1/hives/${enc(auth.hive)}/artifacts?limit=${ARTIFACT_PAGE}${after ? `&after=${enc(after)}` : ""}`,
    [],
  );
  // The socket opens once the first page says which seq it reflects, and resumes from there.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (data && !ready) {
      seq.current = data.seq;
      setReady(true);
    }
  }, [data]);
  useEffect(() => {
    if (!ready) {
      return undefined;
    }
    return openLive({
      party: "hive",
      room: auth.hive,
      // Evaluated at every (re)connect: resume after the last event seen.
      query: () => ({ key: auth.key, since: String(seq.current) }),
      onStatus: setOpen,
      onMessage: (m) => {
        if (m.type !== "hive.events") {
          return;
        }
        const fresh = m.events.filter((e) => e.seq > seq.current);
        if (fresh.length > 0) {
          seq.current = Math.max(...fresh.map((e) => e.seq));
          setEvents((n) => n + fresh.length);
          reload();
        }
      },
    });
  }, [ready, auth.hive, auth.key]);
  const page = cursors.length + 1;
  return html`<section aria-labelledby="artifacts-title">
    <h2 id="artifacts-title">Artifacts <${LiveBadge} open=${open} /></h2>
    <p class="muted" data-testid="artifact-events">${events} live events</p>
    <${ErrorBox} error=${error} />
    ${
      data
        ? html`<table>
            <caption>
              ${
                stale
                  ? `Loading page ${page}…`
                  : `Page ${page}, ${data.artifacts.length} artifacts (at seq ${data.seq})`
              }
            </caption>
            <thead>
              <tr>
                <th scope="col">Identifier</th>
                <th scope="col">Kind</th>
                <th scope="col">Version</th>
                <th scope="col">Summary</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              ${data.artifacts.map(
                (a) =>
                  html`<tr key=${a.identifier} data-artifact=${a.identifier}>
                    <td><a href=${`#/artifact/${enc(a.identifier)}`}>${a.identifier}</a></td>
                    <td>${a.kind}</td>
                    <td>${a.version}</td>
                    <td class="value">${a.summary}</td>
                    <td class="value">${a.provenance.source}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : null
    }
    <div>
      ${cursors.length > 0 ? html`<button type="button" onClick=${() => setCursors(cursors.slice(0, -1))}>Previous page</button>` : null}
      ${data && data.next ? html`<button type="button" onClick=${() => setCursors([...cursors, data.next])}>Next page</button>` : null}
    </div>
  </section>`;
}

/** Older versions shown under an artifact; the newest first. */
const HISTORY_VERSIONS = 10;

export function ArtifactView({ auth, onAuthError, identifier }) {
  const base = `/v1/hives/${enc(auth.hive)}/artifacts/${enc(identifier)}`;
  const [{ data, error }] = useLoad(auth, onAuthError, base, []);
  const [history, setHistory] = useState([]);
  useEffect(() => {
    if (!data) {
      return;
    }
    const versions = [];
    for (let v = data.version - 1; v >= 1 && versions.length < HISTORY_VERSIONS; v--) {
      versions.push(v);
    }
    Promise.all(versions.map((v) => call(auth, "GET", `${base}?version=${v}`))).then((all) =>
      setHistory(all.filter((r) => r.ok).map((r) => r.body)),
    );
  }, [data]);
  return html`<section aria-labelledby="artifact-title">
    <h2 id="artifact-title">Artifact ${identifier}</h2>
    <p><a href="#/artifacts">All artifacts</a></p>
    <${ErrorBox} error=${error} />
    ${
      data
        ? html`<div>
            <table>
              <tbody>
                <tr>
                  <th scope="row">Kind</th>
                  <td>${data.kind}</td>
                </tr>
                <tr>
                  <th scope="row">Version</th>
                  <td>${data.version} (${data.status})</td>
                </tr>
                <tr>
                  <th scope="row">Summary</th>
                  <td class="value">${data.summary}</td>
                </tr>
                <tr>
                  <th scope="row">Written by</th>
                  <td>
                    session ${data.provenance.session}, agent ${data.provenance.agent}, step
                    ${data.provenance.step}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Source</th>
                  <td class="value">${data.provenance.source}</td>
                </tr>
                <tr>
                  <th scope="row">Content hash</th>
                  <td><code>${data.provenance.contentHash}</code></td>
                </tr>
                <tr>
                  <th scope="row">Valid</th>
                  <td>${when(data.validFrom)} – ${data.validTo ? when(data.validTo) : "now"}</td>
                </tr>
              </tbody>
            </table>
            <h3>Value</h3>
            <pre data-testid="artifact-value">${JSON.stringify(data.value, null, 2)}</pre>
            <h3>History</h3>
            ${history.length === 0 ? html`<p>No earlier versions.</p>` : null}
            <ol reversed>
              ${history.map(
                (v) =>
                  html`<li key=${v.version}>
                    version ${v.version} (${v.status}), ${when(v.validFrom)}:
                    <span class="value">${v.summary}</span>
                    ${v.reason ? html` <em>(${v.reason})</em>` : null}
                  </li>`,
              )}
            </ol>
          </div>`
        : null
    }
  </section>`;
}

function Counts({ title, counts }) {
  const entries = Object.entries(counts ?? {});
  if (entries.length === 0) {
    return null;
  }
  return html`<table>
    <caption>
      ${title}
    </caption>
    <tbody>
      ${entries.map(
        ([k, v]) =>
          html`<tr key=${k}>
            <th scope="row">${k}</th>
            <td>${v}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function MetricsSummary({ metrics }) {
  const m = metrics;
  return html`<div>
    <table>
      <caption>
        Totals
      </caption>
      <tbody>
        <tr>
          <th scope="row">Steps</th>
          <td data-metric="steps">${m.steps}</td>
        </tr>
        <tr>
          <th scope="row">Model calls</th>
          <td data-metric="modelCalls">${m.modelCalls}</td>
        </tr>
        <tr>
          <th scope="row">Prompt / completion tokens</th>
          <td>${m.promptTokens} / ${m.completionTokens}</td>
        </tr>
        <tr>
          <th scope="row">Cost (USD)</th>
          <td>${m.costUsd.toFixed(6)}</td>
        </tr>
        <tr>
          <th scope="row">Compactions</th>
          <td>
            ${`${m.compactions.count} (${m.compactions.tokensBefore} → ${m.compactions.tokensAfter} tokens)`}
          </td>
        </tr>
        <tr>
          <th scope="row">Tool calls (errors)</th>
          <td data-metric="toolCalls">${m.toolCalls} (${m.toolErrors})</td>
        </tr>
        <tr>
          <th scope="row">Auto-fix attempts / recoveries / failures</th>
          <td>${m.autofix.attempts} / ${m.autofix.recoveries} / ${m.autofix.failures}</td>
        </tr>
        <tr>
          <th scope="row">Rollbacks / forks</th>
          <td data-metric="rollbacks">${m.rollbacks} / ${m.forks}</td>
        </tr>
      </tbody>
    </table>
    <${Counts} title="Router decisions" counts=${m.router} />
    <${Counts} title="Gatekeeper verdicts (verdict:rule)" counts=${m.verdicts} />
    <${Counts} title="Prompt tokens by section" counts=${m.promptTokensBySection} />
  </div>`;
}

export function MetricsView({ auth, onAuthError }) {
  const [{ data, error }, reload] = useLoad(
    auth,
    onAuthError,
    `/v1/hives/${enc(auth.hive)}/metrics?format=json`,
    [],
  );
  return html`<section aria-labelledby="metrics-title">
    <h2 id="metrics-title">Metrics</h2>
    <p>
      Figures recounted from the traces of ${data ? data.sessions : "…"} sessions. Prometheus text:
      <code>GET /v1/hives/${auth.hive}/metrics</code>.
      <button type="button" onClick=${reload}>Refresh</button>
    </p>
    <${ErrorBox} error=${error} />
    ${data ? html`<${MetricsSummary} metrics=${data.metrics} />` : null}
  </section>`;
}
