// One session: status and mission, the pending ASK (approve/deny or answer), L1
// occupancy per step, the envelope's sections, the checkpoint timeline with
// rollback and fork, the files it wrote and its metrics; live over the session
// socket, and reloaded on every (re)connect so nothing missed while away is lost.
import { useEffect, useState } from "preact/hooks";
import { call, enc } from "./api.js";
import { MetricsSummary } from "./hive-views.js";
import { html, Budget, ErrorBox, LiveBadge, when } from "./html.js";
import { openLive } from "./live.js";

function useSessionData(auth, onAuthError, id, tick) {
  const [data, setData] = useState({});
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    const base = `/v1/sessions/${enc(id)}`;
    const parts = {
      session: base,
      state: `${base}/state`,
      steps: `${base}/steps?limit=30`,
      timeline: `${base}/timeline?limit=50`,
      envelope: `${base}/envelope`,
      metrics: `${base}/metrics`,
    };
    Promise.all(
      Object.entries(parts).map(async ([name, path]) => [name, await call(auth, "GET", path)]),
    ).then((results) => {
      if (!live) {
        return;
      }
      const next = {};
      for (const [name, r] of results) {
        if (!r.ok && (r.status === 401 || r.status === 403)) {
          onAuthError(r.error);
          return;
        }
        if (!r.ok && name === "session") {
          setError(r.error);
          return;
        }
        next[name] = r.ok ? r.body : null;
      }
      setError(null);
      setData(next);
    });
    return () => {
      live = false;
    };
  }, [id, tick]);
  return { data, error };
}

function Ask({ pending, onAnswer }) {
  const [text, setText] = useState("");
  if (!pending) {
    return null;
  }
  return html`<section class="panel ask" aria-labelledby="ask-title" data-testid="ask">
    <h2 id="ask-title">Waiting for you</h2>
    <p class="value" data-testid="ask-question">${pending.question}</p>
    ${
      pending.kind === "decision"
        ? html`<div>
            ${pending.tool ? html`<p>Tool <code>${pending.tool}</code> with <code class="value">${pending.args ?? ""}</code></p>` : null}
            <button
              class="primary"
              type="button"
              onClick=${() => onAnswer({ decision: "approve" })}
            >
              Approve
            </button>
            <button class="danger" type="button" onClick=${() => onAnswer({ decision: "deny" })}>
              Deny
            </button>
          </div>`
        : html`<form
            onSubmit=${(e) => {
              e.preventDefault();
              onAnswer({ text });
            }}
          >
            <label for="answer">Your answer</label><br />
            <textarea
              id="answer"
              rows="3"
              cols="60"
              value=${text}
              onInput=${(e) => setText(e.currentTarget.value)}
            ></textarea
            ><br />
            <button class="primary" type="submit">Answer</button>
          </form>`
    }
  </section>`;
}

function Files({ auth, paths, tick }) {
  const [files, setFiles] = useState([]);
  useEffect(() => {
    Promise.all(
      paths.slice(0, 20).map(async (path) => {
        const r = await call(
          auth,
          "GET",
          `/v1/hives/${enc(auth.hive)}/workspace/file?path=${enc(path)}`,
        );
        return { path, text: r.ok ? String(r.body) : null };
      }),
    ).then(setFiles);
  }, [paths.join("\n"), tick]);
  if (paths.length === 0) {
    return html`<p>No files written on this branch.</p>`;
  }
  return html`<ul>
    ${files.map(
      (f) =>
        html`<li key=${f.path} data-file=${f.path}>
          <code>${f.path}</code
          >${f.text === null ? html` <em>(not in the workspace)</em>` : html`<pre>${f.text.slice(0, 4000)}</pre>`}
        </li>`,
    )}
  </ul>`;
}

export function SessionView({ auth, onAuthError, id }) {
  const [tick, setTick] = useState(0);
  const [open, setOpen] = useState(false);
  const [liveSteps, setLiveSteps] = useState([]);
  const [actionError, setActionError] = useState(null);
  const refresh = () => setTick((t) => t + 1);
  const { data, error } = useSessionData(auth, onAuthError, id, tick);
  useEffect(
    () =>
      openLive({
        party: "agent-session",
        room: id,
        query: { key: auth.key },
        onStatus: (isOpen) => {
          setOpen(isOpen);
          if (isOpen) {
            // Resume: whatever happened while the socket was down is read again.
            refresh();
          }
        },
        onMessage: (m) => {
          if (m.type === "session.step") {
            setLiveSteps((s) => [...s.slice(-49), m.step]);
            refresh();
          } else if (
            m.type === "session.checkpointed" ||
            m.type === "session.rolled_back" ||
            m.type === "session.state"
          ) {
            refresh();
          }
        },
      }),
    [id, auth.key],
  );
  const act = async (method, path, body, after) => {
    const r = await call(auth, method, `/v1/sessions/${enc(id)}${path}`, body);
    setActionError(r.ok ? null : r.error);
    if (r.ok && after) {
      after(r.body);
    }
    refresh();
  };
  if (error) {
    return html`<section>
      <h2>Session ${id}</h2>
      <${ErrorBox} error=${error} />
    </section>`;
  }
  const session = data.session;
  const state = data.state;
  if (!session || !state) {
    return html`<section>
      <h2>Session ${id}</h2>
      <p>Loading…</p>
    </section>`;
  }
  const l1Used = state.pager.pages.reduce((t, p) => t + p.tokens, 0);
  return html`<section aria-labelledby="session-title">
    <h2 id="session-title">Session ${id} <${LiveBadge} open=${open} /></h2>
    <p><a href="#/">All sessions</a></p>
    <table>
      <tbody>
        <tr>
          <th scope="row">Mission</th>
          <td class="mission" data-testid="mission">${session.config.mission}</td>
        </tr>
        <tr>
          <th scope="row">Status</th>
          <td data-testid="status">
            ${state.status}${state.outcome ? ` — ${state.outcome.status}` : ""}
          </td>
        </tr>
        <tr>
          <th scope="row">Step</th>
          <td data-testid="step">${state.step}</td>
        </tr>
        <tr>
          <th scope="row">L1</th>
          <td><${Budget} used=${l1Used} capacity=${state.pager.capacity} label="L1 now" /></td>
        </tr>
        ${
          session.origin
            ? html`<tr>
                <th scope="row">Forked from</th>
                <td>
                  <a href=${`#/session/${enc(session.origin.session)}`}
                    >${session.origin.session}</a
                  >
                </td>
              </tr>`
            : null
        }
      </tbody>
    </table>
    <div>
      ${state.status === "idle" ? html`<button class="primary" type="button" onClick=${() => act("POST", "/start")}>Start</button>` : null}
      ${state.status === "running" ? html`<button type="button" onClick=${() => act("POST", "/pause")}>Pause</button>` : null}
    </div>
    <${ErrorBox} error=${actionError} />
    <${Ask} pending=${state.pending} onAnswer=${(answer) => act("POST", "/answer", answer)} />
    <section class="panel" aria-labelledby="steps-title">
      <h2 id="steps-title">Steps (L1 budget per step)</h2>
      <p class="muted" data-testid="live-steps">${liveSteps.length} steps seen live</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">L1</th>
            <th scope="col">Label</th>
            <th scope="col">Committed</th>
          </tr>
        </thead>
        <tbody>
          ${(data.steps?.steps ?? []).map(
            (s) =>
              html`<tr key=${s.checkpoint} data-step=${s.step}>
                <td>${s.step}</td>
                <td>
                  ${s.l1 ? html`<${Budget} used=${s.l1.used} capacity=${s.l1.capacity} label=${`L1 at step ${s.step}`} />` : "?"}
                </td>
                <td>${s.label ?? ""}</td>
                <td>${when(s.at)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>
    <section class="panel" aria-labelledby="envelope-title">
      <h2 id="envelope-title">Envelope sections</h2>
      ${
        data.envelope
          ? html`<table>
              <caption>
                ${`${data.envelope.tokens} tokens; section cache hit rate ${Math.round(data.envelope.hitRate * 100)}%`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">Tokens / budget</th>
                  <th scope="col">Hash</th>
                </tr>
              </thead>
              <tbody>
                ${data.envelope.sections.map(
                  (s) =>
                    html`<tr key=${s.name} data-section=${s.name}>
                      <td>${s.name}</td>
                      <td>
                        <${Budget}
                          used=${s.tokens}
                          capacity=${s.budget}
                          label=${`${s.name} section`}
                        />
                      </td>
                      <td>
                        <code>${s.hash.slice(0, 12)}</code
                        >${s.needsCompression ? " (compress)" : ""}
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p>Unavailable.</p>`
      }
    </section>
    <section class="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Checkpoint timeline</h2>
      <ol data-testid="timeline">
        ${(data.timeline?.timeline ?? []).map(
          (cp) =>
            html`<li key=${cp.id} data-checkpoint=${cp.id} data-checkpoint-step=${cp.step}>
              step ${cp.step}${cp.label ? ` (${cp.label})` : ""}, ${when(cp.at)}
              <button
                type="button"
                aria-label=${`Roll back to step ${cp.step}`}
                onClick=${() => act("POST", "/rollback", { checkpoint: cp.id })}
              >
                Roll back
              </button>
              <button
                type="button"
                aria-label=${`Fork at step ${cp.step}`}
                onClick=${() =>
                  act("POST", "/fork", { checkpoint: cp.id }, (b) => {
                    location.hash = `#/session/${enc(b.id)}`;
                  })}
              >
                Fork
              </button>
            </li>`,
        )}
      </ol>
    </section>
    <section class="panel" aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      <${Files} auth=${auth} paths=${state.written ?? []} tick=${tick} />
    </section>
    <section class="panel" aria-labelledby="session-metrics-title">
      <h2 id="session-metrics-title">Metrics</h2>
      ${data.metrics ? html`<${MetricsSummary} metrics=${data.metrics.metrics} />` : null}
    </section>
  </section>`;
}
