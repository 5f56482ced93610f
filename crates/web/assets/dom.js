// Small DOM helpers: element building without innerHTML (all text goes in
// as text), announcements for screen readers, and error rendering.

/**
 * h('button', {type: 'button', onclick: fn}, 'Text', child...)
 * Attributes starting with "on" become listeners; `class`, `for`, `aria-*`
 * and `data-*` are set as attributes; false/null/undefined are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'value') {
      el.value = v;
    } else if (k === 'checked' || k === 'disabled' || k === 'selected') {
      el[k] = Boolean(v);
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** Replaces the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Says `text` to screen readers (the polite live region). */
export function announce(text) {
  const live = document.getElementById('announce');
  if (!live) return;
  live.textContent = '';
  // A fresh text node after a tick makes repeated messages heard again.
  setTimeout(() => { live.textContent = text; }, 30);
}

/** The lines of an API error: its message and each detail, located. */
export function errorLines(err) {
  const lines = [];
  if (!err) return lines;
  lines.push(err.message || String(err));
  for (const d of err.details || []) lines.push(detailText(d));
  return lines;
}

/** One error detail as text: "field, line 2, column 7: reason". */
export function detailText(d) {
  const where = [];
  if (d.field) where.push(d.field);
  if (d.line !== undefined && d.line !== null) where.push(`line ${d.line}`);
  if (d.column !== undefined && d.column !== null) where.push(`column ${d.column}`);
  return where.length ? `${where.join(', ')}: ${d.reason}` : d.reason;
}

/** An alert box listing an error's message and details. */
export function errorBox(err, extra = {}) {
  const [first, ...rest] = errorLines(err);
  return h('div', {class: 'error', role: 'alert', ...extra},
    h('strong', {}, first || 'Something went wrong'),
    rest.length ? h('ul', {}, rest.map((l) => h('li', {}, l))) : null);
}

/** A labelled form field: label + control, linked by id. */
export function field(label, control, hint) {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  control.id = id;
  let hintEl = null;
  if (hint) {
    hintEl = h('small', {id: `${id}-hint`, class: 'hint'}, hint);
    control.setAttribute('aria-describedby', hintEl.id);
  }
  return h('div', {class: 'field'}, h('label', {for: id}, label), control, hintEl);
}

/** Sets the page title and moves focus to the main heading for screen readers. */
export function pageTitle(text) {
  document.title = text ? `${text} — Orderly` : 'Orderly';
}

/**
 * Runs `render`, which may replace elements inside `root`, and gives the
 * keyboard focus back to the new element that stands for the one that had
 * it (same tag, id, data-kind/data-id/data-command/data-key, and, for
 * elements without an id or a board thing's kind and id, label and text). Without this a keyboard user's focus would
 * fall back to the page's start each time a pick or an order re-draws the
 * side panel. If nothing matches, `fallback` (when given) gets the focus.
 */
export function keepingFocus(root, render, fallback = null) {
  const active = document.activeElement;
  const had = active && active !== root && root.contains(active) ? focusKey(active) : null;
  render();
  if (!had || (active.isConnected && root.contains(active))) return;
  const again = Array.from(root.querySelectorAll(had.tag)).find((el) => focusKey(el).sig === had.sig);
  if (again) again.focus();
  else if (fallback && fallback.isConnected) fallback.focus();
}

function focusKey(el) {
  const d = el.dataset || {};
  // A board thing's button is that thing whatever its label says now (the
  // label names its order, which the re-draw may have just changed).
  const named = el.id || (d.kind && d.id !== undefined);
  const sig = [el.id, d.kind, d.id, d.command, d.key, named ? '' : el.getAttribute('aria-label'), named ? '' : el.textContent]
    .map((p) => p ?? '').join('\u0001');
  return {tag: el.tagName.toLowerCase(), sig};
}
