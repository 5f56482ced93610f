// The board picture: the host draws it (SVG, see the render crate); this
// module fetches it as text, parses it as image/svg+xml and inserts the node
// inline, so clicks reach the elements that carry data-kind, data-id and
// data-owner. It also lists those elements, for the buttons beside the board.

import {h, fill} from './dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Parses SVG text into a node of this document; throws on bad markup. */
export function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
    throw new Error('the board picture from the server is not valid SVG');
  }
  // Scripts would not run anyway when imported; drop them and handlers to be sure.
  for (const s of root.querySelectorAll('script, foreignObject')) s.remove();
  for (const el of root.querySelectorAll('*')) {
    for (const a of [...el.attributes]) {
      if (/^on/i.test(a.name) || (/href$/i.test(a.name) && /^\s*javascript:/i.test(a.value))) el.removeAttribute(a.name);
    }
  }
  const svg = document.importNode(root, true);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('focusable', 'false');
  return svg;
}

/** The label of a board element: aria-label, its <title>, or its text. */
function labelOf(el) {
  const aria = el.getAttribute('aria-label');
  if (aria) return aria.trim();
  const title = [...el.children].find((c) => c.localName === 'title');
  if (title && title.textContent.trim()) return title.textContent.trim();
  const text = el.textContent.replace(/\s+/g, ' ').trim();
  return text || null;
}

/** Every element with data-kind and data-id, in document order. */
export function boardItems(svg) {
  return [...svg.querySelectorAll('[data-kind][data-id]')].map((el) => ({
    kind: el.dataset.kind,
    id: el.dataset.id,
    owner: el.dataset.owner === undefined || el.dataset.owner === '' ? null : Number(el.dataset.owner),
    label: labelOf(el),
    // What it looks like as drawn by the server (before this page adds
    // classes), to tell what changed from one turn's board to the next.
    sig: el.outerHTML,
    el,
  }));
}

/**
 * What a board looked like, for `markChanges` later: each thing's drawing
 * by kind and id, and the picture's frame.
 */
export function snapshot(svg, items) {
  return {
    viewBox: svg.getAttribute('viewBox'),
    things: new Map(items.map((i) => [`${i.kind}\u0001${i.id}`, {sig: i.sig, el: i.el}])),
  };
}

/**
 * Marks on `svg` what differs from the board `before` (a `snapshot`): the
 * things that are new or drawn differently get the class `changed`; the
 * things that are gone are drawn again, faded, on a layer of their own
 * (when both pictures share a frame). Generic: it compares the server's
 * drawings by `data-kind`/`data-id`, whatever the ruleset. Returns
 * {changed, gone}.
 */
export function markChanges(svg, items, before) {
  if (!before) return {changed: 0, gone: 0};
  let changed = 0;
  const seen = new Set();
  for (const i of items) {
    const key = `${i.kind}\u0001${i.id}`;
    seen.add(key);
    const was = before.things.get(key);
    const differs = !was || was.sig !== i.sig;
    i.el.classList.toggle('changed', differs);
    if (differs) changed++;
  }
  let layer = svg.querySelector(':scope > g.gone-layer');
  if (layer) layer.remove();
  let gone = 0;
  if (before.viewBox === svg.getAttribute('viewBox')) {
    layer = document.createElementNS(SVG_NS, 'g');
    layer.setAttribute('class', 'gone-layer');
    layer.setAttribute('aria-hidden', 'true');
    layer.setAttribute('pointer-events', 'none');
    for (const [key, was] of before.things) {
      if (seen.has(key)) continue;
      const ghost = was.el.cloneNode(true);
      // A ghost is a picture only: nothing in it can be picked or found.
      for (const el of [ghost, ...ghost.querySelectorAll('*')]) {
        el.removeAttribute('data-kind');
        el.removeAttribute('data-id');
        el.removeAttribute('id');
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
      }
      ghost.setAttribute('class', 'gone');
      layer.append(ghost);
      gone++;
    }
    if (gone) svg.append(layer);
  }
  return {changed, gone};
}

/**
 * Shows `svg` in `container` and calls onPick(item) when one of the
 * `pickable` items is clicked. Returns the items.
 */
export function showBoard(container, svg, {pickable = () => false, onPick = () => {}} = {}) {
  const items = boardItems(svg);
  for (const item of items) {
    if (pickable(item)) item.el.classList.add('pickable');
  }
  const byEl = new Map(items.map((i) => [i.el, i]));
  const pickableAt = (el) => {
    for (let e = el; e && e !== svg.parentNode; e = e.parentNode) {
      const item = byEl.get(e);
      if (item && pickable(item)) return item;
    }
    return null;
  };
  svg.addEventListener('click', (e) => {
    // The clicked element or its group; else whatever pickable thing lies
    // under the pointer (a system under a colony drawn on top of it).
    let item = pickableAt(e.target);
    if (!item && document.elementsFromPoint) {
      for (const el of document.elementsFromPoint(e.clientX, e.clientY)) {
        if (!svg.contains(el)) continue;
        item = pickableAt(el);
        if (item) break;
      }
    }
    if (item) onPick(item);
  });
  fill(container, svg);
  return items;
}

/** Marks the picked item on the board. */
export function markPicked(items, picked) {
  for (const i of items) {
    if (!i.el) continue;
    const on = picked && i.kind === picked.kind && i.id === picked.id;
    i.el.classList.toggle('picked', Boolean(on));
  }
}

/** Outlines the items whose id is in `targets` (a Set), or none. */
export function markTargets(items, targets) {
  for (const i of items) {
    if (!i.el) continue;
    i.el.classList.toggle('target', Boolean(targets && targets.has(i.id)));
  }
}

/**
 * A layer on top of the board for a controller's planned orders, and the
 * tools to draw there: `el(tag, attrs, text)` makes an SVG element (null
 * attributes left out), `item(kind, id)` finds a board thing, `centre(item)`
 * is its centre in the picture's units.
 */
export function overlayTools(svg, items) {
  let layer = svg.querySelector(':scope > g.plan-layer');
  if (!layer) {
    layer = document.createElementNS(SVG_NS, 'g');
    layer.setAttribute('class', 'plan-layer');
    layer.setAttribute('aria-hidden', 'true');
    layer.setAttribute('pointer-events', 'none');
    svg.append(layer);
  }
  return {
    layer,
    el(tag, attrs = {}, text) {
      const e = document.createElementNS(SVG_NS, tag);
      for (const [k, v] of Object.entries(attrs)) {
        if (v !== null && v !== undefined && v !== '') e.setAttribute(k, String(v));
      }
      if (text !== undefined) e.textContent = text;
      return e;
    },
    item: (kind, id) => items.find((i) => i.kind === kind && i.id === String(id)) || null,
    centre(item) {
      if (!item || !item.el || !item.el.getBBox) return null;
      let b;
      try { b = item.el.getBBox(); } catch { return null; }
      let x = b.x + b.width / 2;
      let y = b.y + b.height / 2;
      const m = item.el.transform && item.el.transform.baseVal.consolidate();
      if (m) {
        const k = m.matrix;
        [x, y] = [k.a * x + k.c * y + k.e, k.b * x + k.d * y + k.f];
      }
      return [x, y];
    },
  };
}

/** When the server draws no board: the view JSON, so play still works. */
export function showViewText(container, view, why) {
  fill(container, h('div', {class: 'board-missing'},
    h('p', {class: 'muted'}, `No board picture (${why}); the view as JSON:`),
    h('pre', {tabindex: 0, 'aria-label': 'The view as JSON'}, JSON.stringify(view, null, 1))));
}
