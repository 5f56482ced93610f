// The board picture: the host draws it (SVG, see the render crate); this
// module fetches it as text, parses it as image/svg+xml and inserts the node
// inline, so clicks reach the elements that carry data-kind, data-id and
// data-owner. It also lists those elements, for the buttons beside the board.

import {h, fill} from './dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The root <svg> of SVG text, cleaned (see `clean`); throws on bad markup. */
function parseRoot(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) {
    throw new Error('the board picture from the server is not valid SVG');
  }
  clean(root);
  return root;
}

/** Scripts would not run anyway when imported; drop them and handlers to be sure. */
function clean(root) {
  for (const s of root.querySelectorAll('script, foreignObject')) s.remove();
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const a of [...el.attributes]) {
      if (/^on/i.test(a.name) || (/href$/i.test(a.name) && /^\s*javascript:/i.test(a.value))) el.removeAttribute(a.name);
    }
  }
}

/** Parses SVG text into a node of this document; throws on bad markup. */
export function parseSvg(text) {
  const svg = document.importNode(parseRoot(text), true);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('focusable', 'false');
  return svg;
}

/**
 * The key a child of the board's root is matched by from one picture to
 * the next: its kind and id when it has them, else its tag, class and how
 * many of those came before it (the header's texts, the grid, the ground).
 */
function childKey(el, seen) {
  if (el.dataset && el.dataset.kind !== undefined && el.dataset.id !== undefined) {
    return `k\u0001${el.dataset.kind}\u0001${el.dataset.id}`;
  }
  const base = `t\u0001${el.localName}\u0001${el.getAttribute('class') || ''}`;
  const n = seen.get(base) || 0;
  seen.set(base, n + 1);
  return `${base}\u0001${n}`;
}

/**
 * Puts the picture `next` (a parsed SVG) in place of `shown`, the one on
 * screen, changing only what differs: the root's attributes are copied,
 * each child of the root is matched by `childKey`, kept when it is drawn
 * the same (`isEqualNode`), replaced when not, moved when its place
 * changed; the others are removed. On a big map one step moves a unit or
 * two among thousands of things, and swapping the whole picture made
 * Chromium restyle and lay out all of them (most of a replay step's time).
 * Returns {svg, changed}: the node now on screen (`shown`, or a copy of
 * `next` when nothing was shown: `changed` is then -1; the caller puts it
 * in) and how many children were put in. `next` itself is left as it is
 * (a replay keeps parsed pictures to show again). `shown` must be a picture this page did not mark
 * (classes the page adds would count as changes, which is only slower).
 */
export function patchSvg(shown, next) {
  if (!shown || !shown.isConnected) return {svg: next.cloneNode(true), changed: -1};
  // The root's style is the zoom's (touch-action), not the picture's.
  for (const a of [...shown.attributes]) {
    if (!next.hasAttribute(a.name) && a.name !== 'style') shown.removeAttribute(a.name);
  }
  for (const a of [...next.attributes]) {
    if (shown.getAttribute(a.name) !== a.value) shown.setAttribute(a.name, a.value);
  }
  const oldSeen = new Map();
  const old = new Map();
  for (const c of shown.children) old.set(childKey(c, oldSeen), c);
  const newSeen = new Map();
  let ref = shown.firstElementChild;
  let changed = 0;
  for (const n of [...next.children]) {
    const key = childKey(n, newSeen);
    const o = old.get(key);
    old.delete(key);
    if (o && o.isEqualNode(n)) {
      if (o === ref) ref = ref.nextElementSibling;
      else shown.insertBefore(o, ref);
      continue;
    }
    if (o) {
      if (o === ref) ref = o.nextElementSibling;
      o.remove();
    }
    shown.insertBefore(n.cloneNode(true), ref);
    changed++;
  }
  for (const o of old.values()) o.remove();
  return {svg: shown, changed};
}

/**
 * A picture as lines: the host writes the root's opening tag on the first
 * line, each child of the root on a line of its own and `</svg>` last (the
 * render crate's `Svg`); `body` are the lines between.
 */
function linesOf(text) {
  const all = text.split('\n');
  while (all.length && all[all.length - 1] === '') all.pop();
  if (all.length < 2 || !all[0].startsWith('<svg') || all[all.length - 1] !== '</svg>') return null;
  return {head: all[0], body: all.slice(1, -1).filter((l) => l !== '')};
}

/**
 * Shows board pictures given as SVG text one after another in `box`,
 * each step putting in only what changed, without parsing the whole
 * picture again: a big map's picture (Battle200: 180 KB, 400 units) takes
 * the browser 60–270 ms to parse, while a step moves a unit or two. The
 * lines of the new text are compared with those on screen (one child of
 * the root a line, see `linesOf`); only the changed lines are parsed and
 * put in place of theirs. A picture whose lines are not one child each,
 * or anything unexpected, is parsed whole and patched child by child
 * (`patchSvg`). Returns {show(text) → {svg, changed}, forget()}: `changed`
 * is how many children were put in, -1 when the picture was put in whole.
 */
export function boardShower(box) {
  let svg = null;
  let lines = null; // the body lines of what is on screen, one per child of `svg`
  function whole(text) {
    const next = parseSvg(text);
    const r = svg && svg.isConnected ? patchSvg(svg, next) : {svg: next, changed: -1};
    if (r.changed < 0) fill(box, r.svg);
    svg = r.svg;
    const l = linesOf(text);
    lines = l && l.body.length === svg.children.length ? l.body : null;
    return r;
  }
  function line(text) {
    const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink">${text}</svg>`, 'image/svg+xml');
    const root = doc.documentElement;
    if (doc.getElementsByTagName('parsererror').length || root.children.length !== 1) return null;
    clean(root);
    return document.importNode(root.firstElementChild, true);
  }
  return {
    show(text) {
      const l = linesOf(text);
      if (!l || !lines || !svg || !svg.isConnected || svg.children.length !== lines.length) return whole(text);
      // The root's attributes, from its opening tag alone.
      let head;
      try { head = parseRoot(`${l.head}</svg>`); } catch { return whole(text); }
      // Each line on screen, by its text (the same line may appear twice).
      const old = new Map();
      [...svg.children].forEach((el, i) => {
        const k = lines[i];
        if (!old.has(k)) old.set(k, []);
        old.get(k).push(el);
      });
      const children = [];
      let changed = 0;
      for (const t of l.body) {
        const same = old.get(t);
        if (same && same.length) { children.push(same.shift()); continue; }
        const el = line(t);
        if (!el) return whole(text);
        children.push(el);
        changed++;
      }
      for (const a of [...svg.attributes]) {
        if (!head.hasAttribute(a.name) && a.name !== 'style') svg.removeAttribute(a.name);
      }
      for (const a of [...head.attributes]) {
        if (svg.getAttribute(a.name) !== a.value) svg.setAttribute(a.name, a.value);
      }
      for (const rest of old.values()) for (const el of rest) el.remove();
      // Into their order, moving only what is out of place.
      let ref = svg.firstElementChild;
      for (const el of children) {
        if (el === ref) ref = ref.nextElementSibling;
        else svg.insertBefore(el, ref);
      }
      lines = l.body;
      return {svg, changed};
    },
    /** Something else is shown in the box now: the next picture goes in whole. */
    forget() { svg = null; lines = null; },
  };
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
