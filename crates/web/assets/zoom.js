// Zoom and pan for a board picture, any ruleset: by the mouse wheel (at the
// pointer), by dragging, by pinching, by keys while the board has the focus
// (+ and − zoom, arrows pan, 0 resets) and by buttons. It only changes the
// SVG's viewBox, so the picture stays sharp and clicks still reach the
// board's things (a drag is not a click). The view is kept when the page
// puts a new picture of the same board in (each turn).

import {h} from './dom.js';

const MAX_SCALE = 24;
const STEP = 1.4;

/**
 * Makes `box` (the element the board's <svg> goes in) zoomable. Returns
 * {bar, apply(svg), reset()}: `bar` holds the buttons (put it next to the
 * box); call apply(svg) each time a new picture is put in.
 */
export function zoomable(box, label = 'Board') {
  let svg = null;
  let base = null; // [x, y, w, h] of the picture as drawn
  let scale = 1;
  let cx = 0;
  let cy = 0;
  const status = h('span', {class: 'zoom-level', 'aria-live': 'polite'});
  const bar = h('div', {class: 'zoom-bar command-row', role: 'group', 'aria-label': `${label} zoom`},
    h('button', {type: 'button', class: 'small', 'aria-label': 'Zoom in', 'aria-keyshortcuts': '+', onclick: () => zoomBy(STEP)}, '+'),
    h('button', {type: 'button', class: 'small', 'aria-label': 'Zoom out', 'aria-keyshortcuts': '-', onclick: () => zoomBy(1 / STEP)}, '−'),
    h('button', {type: 'button', class: 'small', id: `${box.id || 'board'}-zoom-reset`, 'aria-keyshortcuts': '0', onclick: () => reset()}, 'Reset view'),
    status);
  box.setAttribute('tabindex', '0');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', `${label}: + and − zoom, arrow keys pan, 0 resets the view`);

  const view = () => {
    const [x, y, w, hh] = base;
    const vw = w / scale;
    const vh = hh / scale;
    const vx = Math.min(Math.max(cx - vw / 2, x), x + w - vw);
    const vy = Math.min(Math.max(cy - vh / 2, y), y + hh - vh);
    return [vx, vy, vw, vh];
  };
  const draw = () => {
    if (!svg || !base) return;
    const [vx, vy, vw, vh] = view();
    // Kept inside the picture: the centre follows the clamped view.
    cx = vx + vw / 2;
    cy = vy + vh / 2;
    // Set only when it changes: a new viewBox lays out and paints the whole
    // picture again, the most a replay step on a big map can cost.
    const vb = `${vx} ${vy} ${vw} ${vh}`;
    if (svg.getAttribute('viewBox') !== vb) svg.setAttribute('viewBox', vb);
    const touch = scale > 1 ? 'none' : 'pan-x pan-y';
    if (svg.style.touchAction !== touch) svg.style.touchAction = touch;
    box.dataset.zoom = scale.toFixed(2);
    status.textContent = scale > 1.001 ? `${Math.round(scale * 100)} %` : '';
  };
  /** Zooms by `factor`, keeping the point at fractions (fx, fy) of the view still. */
  function zoomBy(factor, fx = 0.5, fy = 0.5) {
    if (!base) return;
    const [vx, vy, vw, vh] = view();
    const px = vx + fx * vw;
    const py = vy + fy * vh;
    scale = Math.min(MAX_SCALE, Math.max(1, scale * factor));
    const nw = base[2] / scale;
    const nh = base[3] / scale;
    cx = px - fx * nw + nw / 2;
    cy = py - fy * nh + nh / 2;
    draw();
  }
  function panBy(dx, dy) {
    if (!base) return;
    const [, , vw, vh] = view();
    cx += dx * vw;
    cy += dy * vh;
    draw();
  }
  function reset() {
    if (!base) return;
    scale = 1;
    cx = base[0] + base[2] / 2;
    cy = base[1] + base[3] / 2;
    draw();
  }
  const fraction = (e) => {
    const r = svg.getBoundingClientRect();
    return [(e.clientX - r.left) / (r.width || 1), (e.clientY - r.top) / (r.height || 1), r];
  };

  box.addEventListener('keydown', (e) => {
    if (e.target !== box || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      '+': () => zoomBy(STEP), '=': () => zoomBy(STEP), '-': () => zoomBy(1 / STEP), '_': () => zoomBy(1 / STEP),
      0: reset, ArrowLeft: () => panBy(-0.2, 0), ArrowRight: () => panBy(0.2, 0),
      ArrowUp: () => panBy(0, -0.2), ArrowDown: () => panBy(0, 0.2),
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    // The board's keys are its own (the replay's arrows step only elsewhere).
    e.stopPropagation();
    f();
  });
  box.addEventListener('wheel', (e) => {
    if (!svg || !base) return;
    e.preventDefault();
    const [fx, fy] = fraction(e);
    zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, fx, fy);
  }, {passive: false});

  // Dragging pans, two fingers pinch; a drag is not a click.
  const pointers = new Map();
  let drag = null;
  let pinch = null;
  let dragged = false;
  box.addEventListener('pointerdown', (e) => {
    if (!svg) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 1) {
      drag = {x: e.clientX, y: e.clientY, cx, cy};
      dragged = false;
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = {d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, scale};
      drag = null;
    }
  });
  box.addEventListener('pointermove', (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const [fx, fy] = fraction({clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2});
      zoomBy((pinch.scale * d) / pinch.d / scale, fx, fy);
      dragged = true;
      return;
    }
    if (!drag || scale <= 1) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 6) return;
    dragged = true;
    const r = svg.getBoundingClientRect();
    const [, , vw, vh] = view();
    cx = drag.cx - (dx / (r.width || 1)) * vw;
    cy = drag.cy - (dy / (r.height || 1)) * vh;
    draw();
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) drag = null;
  };
  box.addEventListener('pointerup', up);
  box.addEventListener('pointercancel', up);
  box.addEventListener('click', (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);

  return {
    bar,
    reset,
    apply(newSvg) {
      svg = newSvg;
      const vb = (svg.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
      const fresh = vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0 ? vb : null;
      const same = base && fresh && fresh.every((v, i) => Math.abs(v - base[i]) < 1e-9);
      base = fresh;
      if (!base) { bar.hidden = true; return; }
      bar.hidden = false;
      if (!same) { scale = 1; cx = base[0] + base[2] / 2; cy = base[1] + base[3] / 2; }
      draw();
    },
  };
}
