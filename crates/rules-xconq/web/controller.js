// The xconq controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become xconq's JSON orders:
//   {"orders": [{"unit": 14, "action": "move", "args": [13, 9, 0]}, ...]}
// Pick one of your units, then a cell (it walks there, one cell per move,
// as far as its action points go this turn), an enemy or free unit next to
// it (attack; a unit that detonates, such as standard's nuclear bomb, blows
// up its cell instead), or a button: build, develop a type your side cannot
// build yet, board a transport, hold (stay put) or wake, disband, blow up.
// Served by the host at /rulesets/xconq/controller.js (the plug-in entry of
// this crate carries it); its default export is what play.js drives.

import {h} from '/dom.js';

// Steps to the six neighbours (spec §3.2): NE, E, SE, SW, W, NW.
const DX = [0, 1, 1, 0, -1, -1];
const DY = [1, 0, -1, -1, 0, 1];

function wraps(view) { return view.circumference === view.width; }

function wrapX(view, x) {
  return wraps(view) ? ((x % view.width) + view.width) % view.width : x;
}

/** Cells a unit may stand in: inside the area (not its edge). */
function inside(view, x, y) {
  const hh = Math.floor(view.height / 2);
  if (y < 1 || y > view.height - 2) return false;
  if (wraps(view)) return true;
  return x >= 1 && x <= view.width - 2 && x + y >= hh + 1 && x + y <= view.width + hh - 2;
}

/** The hex distance of spec §3.2. */
export function distance(view, x1, y1, x2, y2) {
  let dx = x2 - x1;
  const dy = y2 - y1;
  if (wraps(view)) {
    const w = view.width;
    if (dx > w / 2) dx -= w; else if (dx < -w / 2) dx += w;
  }
  if (dx >= 0) {
    if (dy >= 0) return dx + dy;
    return -dy <= dx ? dx : -dy;
  }
  if (dy <= 0) return -(dx + dy);
  return dy <= -dx ? -dx : dy;
}

/** The terrain type index the seat has seen at (x, y), or null. */
function terrainAt(view, x, y) {
  const row = (view.terrain || [])[view.height - 1 - y];
  if (!row) return null;
  const c = row.charCodeAt(x);
  return c >= 97 && c <= 122 ? c - 97 : null;
}

function typeIndex(view, name) {
  return (view.types || []).findIndex((t) => t.name === name);
}

function ownUnit(view, id) {
  return (view.own || []).find((u) => String(u.id) === String(id));
}

function otherUnit(view, id) {
  return (view.units || []).find((u) => String(u.id) === String(id));
}

/** Whether a unit of type `t` may step into (x, y) as far as the seat knows. */
function canEnter(view, t, x, y) {
  if (!inside(view, x, y)) return false;
  const terr = terrainAt(view, x, y);
  if (terr === null || !view.types[t].enters[terr]) return false;
  // No stepping into a cell held by another side (zones of control, §8.4).
  return !(view.units || []).some((u) => u.x === x && u.y === y && !u.transport && u.side !== view.side);
}

/** The shortest walk from the unit's cell to (tx, ty): a list of cells. */
export function path(view, unit, tx, ty) {
  const t = typeIndex(view, unit.type);
  if (t < 0) return null;
  const key = (x, y) => `${x},${y}`;
  const from = new Map([[key(unit.x, unit.y), null]]);
  const queue = [[unit.x, unit.y]];
  while (queue.length) {
    const [x, y] = queue.shift();
    if (x === tx && y === ty) {
      const cells = [];
      for (let k = key(x, y); from.get(k); k = key(...from.get(k))) {
        cells.unshift(k.split(',').map(Number));
      }
      return cells;
    }
    for (let d = 0; d < 6; d++) {
      const nx = wrapX(view, x + DX[d]);
      const ny = y + DY[d];
      if (from.has(key(nx, ny)) || !canEnter(view, t, nx, ny)) continue;
      from.set(key(nx, ny), [x, y]);
      queue.push([nx, ny]);
    }
  }
  return null;
}

function xyOf(item) {
  const m = /^(-?\d+),(-?\d+)$/.exec(String(item.id));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function describe(view, u) {
  const t = view.types[typeIndex(view, u.type)] || {};
  const parts = [`${u.type} ${u.id}${u.name ? ` "${u.name}"` : ''} at (${u.x}, ${u.y})`];
  if (!u.complete) parts.push(`being built (${u.cp}/${t.cp})`);
  parts.push(`hp ${u.hp}/${t.hp}`, `acp ${u.acp}`);
  if (u.supply && u.supply.length) parts.push(`supplies ${u.supply.join('/')}`);
  if (u.transport) parts.push(`inside ${u.transport}`);
  if (u.hold) parts.push('holding');
  return parts.join(', ');
}

const order = (unit, action, args) => ({unit: Number(unit), action, args});

/** A warning when units of ours (other than `u`) stand at (x, y). */
function ourUnitsAt(view, u, x, y) {
  const n = (view.own || []).filter((o) => o.id !== u.id && o.x === x && o.y === y).length;
  if (!n) return '';
  return n === 1 ? ' (a unit of yours there is hit too)' : ` (${n} of your units there are hit too)`;
}

/** The seat's orders of the last turn that ran and did not succeed, and why. */
function failedOrders(view) {
  const failed = view.failed || [];
  if (!failed.length) return null;
  const what = (f) => {
    const u = ownUnit(view, f.unit);
    const who = u ? `${u.type} ${u.id}` : `unit ${f.unit}`;
    const args = f.action === 'create-in' || f.action === 'create-at' || f.action === 'develop'
      ? [(view.types[f.args[0]] || {}).name || f.args[0], ...f.args.slice(1)] : f.args;
    return `${who}: ${f.action}${args.length ? ` ${args.join(' ')}` : ''}: ${f.result}`;
  };
  return h('div', {class: 'failed-orders', id: 'failed-orders'},
    h('p', {}, `Orders of turn ${failed[0].turn} that did not succeed:`),
    h('ul', {}, failed.map((f) => h('li', {}, what(f)))));
}

export default {
  name: 'xconq',
  help: 'Pick one of your units, then a cell to walk there (one cell per action point), an enemy or free unit next to it to attack (a bomb blows up its cell instead), or a button below to build, develop what your side cannot build yet (a city and the nuclear bomb), board a transport, hold (stay put: a town then gives it only what it needs to survive) or wake, disband, or blow up. Each unit keeps one line of orders; picking again replaces it.',
  fallbackItems(view) {
    return (view.own || []).map((u) => ({kind: 'unit', id: String(u.id), owner: view.side - 1,
      label: describe(view, u)}));
  },
  selectable(item, ctx) {
    if (item.kind === 'unit' && item.owner !== null && Number(item.owner) === ctx.seat) return true;
    return Boolean(ctx.selected) && (item.kind === 'cell' || item.kind === 'unit');
  },
  // Units are listed as buttons (other sides' units only while one of
  // yours is picked, as targets); cells are picked on the map.
  listed: (item) => item.kind === 'unit',
  itemLabel(item) {
    if (item.kind === 'cell') return `Cell (${item.id.replace(',', ', ')})`;
    return item.label || `Unit ${item.id}`;
  },
  /** A cell or another side's unit, picked while a unit is picked: its order. */
  pick(item, ctx) {
    const mine = item.kind === 'unit' && item.owner !== null && Number(item.owner) === ctx.seat;
    if (mine) return false;
    const sel = ctx.selected && ownUnit(ctx.view, ctx.selected.id);
    if (!sel) {
      ctx.message('Pick one of your units first.');
      return true;
    }
    if (item.kind === 'cell') {
      const xy = xyOf(item);
      if (xy) this.walk(ctx, sel, xy[0], xy[1]);
      return true;
    }
    const target = otherUnit(ctx.view, item.id);
    if (!target) return true;
    if ((ctx.view.types[typeIndex(ctx.view, sel.type)] || {}).detonates) this.blast(ctx, sel, target);
    else this.attack(ctx, sel, target);
    return true;
  },
  walk(ctx, u, x, y, then = [], thenText = 'attack') {
    const view = ctx.view;
    const t = view.types[typeIndex(view, u.type)];
    if (!t || !t.mobile) { ctx.message(`${u.type} ${u.id} cannot move.`); return; }
    if (u.x === x && u.y === y && !u.transport) { ctx.message(`${u.type} ${u.id} is already there.`); return; }
    const cells = (u.x === x && u.y === y) ? [[x, y]] : path(view, u, x, y);
    if (!cells) { ctx.message(`No known way for ${u.type} ${u.id} to (${x}, ${y}).`); return; }
    const steps = cells.slice(0, Math.max(1, u.acp));
    const orders = steps.map(([cx, cy]) => order(u.id, 'move', [cx, cy, 0])).concat(then);
    const more = cells.length - steps.length;
    ctx.put({key: `unit:${u.id}`, json: orders,
      text: `${u.type} ${u.id}: to (${x}, ${y})${more > 0 ? `, ${steps.length} of ${cells.length} cells this turn` : ''}${then.length ? `, then ${thenText}` : ''}`});
  },
  attack(ctx, u, target) {
    const view = ctx.view;
    const d = distance(view, u.x, u.y, target.x, target.y);
    const strike = order(u.id, 'attack', [Number(target.id), 1]);
    const who = `${target.type} ${target.id}`;
    if (d <= 1) {
      const n = Math.max(1, u.acp);
      ctx.put({key: `unit:${u.id}`, json: Array.from({length: n}, () => strike),
        text: `${u.type} ${u.id}: attack ${who}${n > 1 ? ` (${n} times)` : ''}`});
      return;
    }
    this.approach(ctx, u, target, [strike]);
  },
  /** Walks next to the target; `then` follows if action points are left. */
  approach(ctx, u, target, then, thenText = 'attack') {
    const view = ctx.view;
    let best = null;
    for (let k = 0; k < 6; k++) {
      const nx = wrapX(view, target.x + DX[k]);
      const ny = target.y + DY[k];
      const p = path(view, u, nx, ny);
      if (p && (!best || p.length < best.length)) best = p;
    }
    if (!best) { ctx.message(`No known way for ${u.type} ${u.id} to reach ${target.type} ${target.id}.`); return; }
    const [ex, ey] = best[best.length - 1];
    this.walk(ctx, u, ex, ey, best.length < u.acp ? then : [], thenText);
  },
  /** A unit that detonates, told to blow up the target's cell (spec
   * §8.12: every unit standing there is hit, whoever's it is). */
  blast(ctx, u, target) {
    const view = ctx.view;
    const {x, y} = target;
    const boom = order(u.id, 'detonate', [x, y, 0]);
    if (distance(view, u.x, u.y, x, y) > 1) { this.approach(ctx, u, target, [boom], 'blow it up'); return; }
    ctx.put({key: `unit:${u.id}`, json: [boom], text: `${u.type} ${u.id}: blow up (${x}, ${y})${ourUnitsAt(view, u, x, y)}`});
  },
  controls(ctx) {
    const view = ctx.view;
    const picked = ctx.selected && ownUnit(view, ctx.selected.id);
    if (!picked) return h('div', {}, failedOrders(view), h('p', {class: 'muted'}, 'No unit picked.'));
    const u = picked;
    const ti = typeIndex(view, u.type);
    const t = view.types[ti] || {builds: [], carries: []};
    const key = `unit:${u.id}`;
    const put = (text, json) => ctx.put({key, text: `${u.type} ${u.id}: ${text}`, json});
    const rows = [h('p', {class: 'unit-info'}, describe(view, u))];
    const build = [];
    // What it is building already: units of ours in its cell (or inside it) not complete.
    for (const w of (view.own || []).filter((o) => !o.complete && o.id !== u.id && o.x === u.x && o.y === u.y)) {
      build.push(h('button', {type: 'button', 'data-order': 'build', onclick: () => put(`work on ${w.type} ${w.id}`, [order(u.id, 'build', [w.id])])},
        `Work on ${w.type} ${w.id} (${w.cp}/${(view.types[typeIndex(view, w.type)] || {}).cp})`));
    }
    const tech = (d) => (view.tech || [])[d] || 0;
    for (const d of t.develops || []) {
      const dt = view.types[d];
      const need = dt.tech_to_build || 0;
      // Nothing to gain, or more than a side may reach (older views do not say).
      if (tech(d) >= need || (dt.tech_max !== undefined && need > dt.tech_max)) continue;
      build.push(h('button', {type: 'button', 'data-order': 'develop', onclick: () => put(`develop ${dt.name}`, [order(u.id, 'develop', [dt.name])])},
        `Develop ${dt.name} (${tech(d)} of ${need})`));
    }
    for (const b of t.builds || []) {
      const name = view.types[b].name;
      const need = view.types[b].tech_to_build || 0;
      if (tech(b) < need) {
        // Not yet: the side's technology in it is short (spec §8.6).
        build.push(h('button', {type: 'button', disabled: true, title: `Your side needs technology ${need} in ${name} (it has ${tech(b)}): develop it in a city.`},
          `Build ${name} (technology ${tech(b)} of ${need})`));
        continue;
      }
      if (t.mobile) {
        build.push(h('button', {type: 'button', 'data-order': 'create-at', onclick: () => put(`found a ${name} here`, [order(u.id, 'create-at', [name, u.x, u.y, 0])])},
          `Found ${name} here`));
      } else {
        build.push(h('button', {type: 'button', 'data-order': 'create-in', onclick: () => put(`build ${name}`, [order(u.id, 'create-in', [name, u.id])])},
          `Build ${name}`));
      }
    }
    if (build.length) rows.push(h('div', {class: 'command-row', role: 'group', 'aria-label': `Build with ${u.type} ${u.id}`}, build));
    // Own transports next to it or in its cell that can carry it.
    const board = (view.own || []).filter((o) => o.id !== u.id && o.id !== u.transport && o.complete
      && distance(view, u.x, u.y, o.x, o.y) <= 1
      && ((view.types[typeIndex(view, o.type)] || {}).carries || []).includes(ti));
    const moves = [];
    for (const o of board) {
      moves.push(h('button', {type: 'button', 'data-order': 'enter', onclick: () => put(`board ${o.type} ${o.id}`, [order(u.id, 'enter', [o.id])])},
        `Board ${o.type} ${o.id}`));
    }
    if (u.transport && t.mobile) {
      moves.push(h('button', {type: 'button', 'data-order': 'leave', onclick: () => this.walk(ctx, u, u.x, u.y)},
        'Step out here'));
    }
    if (t.mobile) {
      // Stay put (spec §10.5): a holding unit is given by its town only
      // what it needs to survive, until woken (or sent somewhere).
      if (u.hold) {
        moves.push(h('button', {type: 'button', 'data-order': 'wake', onclick: () => put('wake', [order(u.id, 'wake', [])])}, 'Wake'));
      } else {
        moves.push(h('button', {type: 'button', 'data-order': 'hold', onclick: () => put('hold here', [order(u.id, 'hold', [])])}, 'Hold'));
      }
      moves.push(h('button', {type: 'button', 'data-order': 'disband', onclick: () => put('disband', [order(u.id, 'disband', [])])}, 'Disband'));
    }
    if (t.detonates && u.complete) {
      // Blow up its own cell (not from inside one of ours: that would
      // go too), or a neighbouring one where other sides' units are seen.
      const cells = u.transport ? [] : [[u.x, u.y]];
      for (let k = 0; k < 6; k++) {
        const nx = wrapX(view, u.x + DX[k]);
        const ny = u.y + DY[k];
        if ((view.units || []).some((e) => e.x === nx && e.y === ny && e.side !== view.side)) cells.push([nx, ny]);
      }
      for (const [x, y] of cells) {
        const here = x === u.x && y === u.y;
        const label = here ? 'Blow up here' : `Blow up (${x}, ${y})`;
        moves.push(h('button', {type: 'button', 'data-order': 'detonate',
          onclick: () => put(`${label.toLowerCase()}${ourUnitsAt(view, u, x, y)}`, [order(u.id, 'detonate', [x, y, 0])])}, label));
      }
    }
    moves.push(h('button', {type: 'button', onclick: () => ctx.remove(key)}, 'No orders'));
    rows.push(h('div', {class: 'command-row', role: 'group', 'aria-label': `Orders for ${u.type} ${u.id}`}, moves));
    return h('div', {}, rows);
  },
  body: (orders) => ({orders: orders.flatMap((o) => o.json)}),
};
