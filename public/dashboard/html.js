// preact + htm: components written as tagged templates, no build step. Text is
// always rendered as text nodes, so HTML in data stays inert.
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);

export function ErrorBox({ error }) {
  if (!error) {
    return null;
  }
  return html`<div class="error" role="alert">
    <strong>${error.code}</strong>:
    ${error.message}${error.hint ? html`<br /><span>${error.hint}</span>` : null}
  </div>`;
}

export function Budget({ used, capacity, label }) {
  const pct = capacity > 0 ? Math.round((used / capacity) * 100) : 0;
  return html`<span class="budget">
    <meter min="0" max=${capacity || 1} value=${used} aria-label=${label}></meter>
    <span>${used} / ${capacity} tokens (${pct}%)</span>
  </span>`;
}

export function LiveBadge({ open }) {
  return html`<span
    class=${open ? "live on" : "live"}
    role="status"
    aria-live="polite"
    data-live=${open ? "on" : "off"}
    >${open ? "live" : "reconnecting…"}</span
  >`;
}

export function when(at) {
  return typeof at === "number" ? new Date(at).toISOString().replace("T", " ").slice(0, 19) : "";
}
