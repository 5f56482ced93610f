// The tae controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become tae's JSON orders:
//   [{"order": "colonize", "colonist": 19, "x": 3, "y": 1}, ...]   pick a piece, then a system
// When a piece is picked, the systems it may legally go to are outlined (the
// server runs the ruleset's own checks on this seat's view); each planned
// order is drawn from its piece to its system. Served by the host at
// /rulesets/tae/controller.js (the plug-in entry of this crate carries it);
// its default export is what play.js drives.

import {h} from '/dom.js';

/** "x,y", "x y", "(x, y)", or data-x/data-y on the element. */
export function systemXY(item, view) {
  const m = /^\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?$/.exec(String(item.id ?? ''));
  if (m) return [Number(m[1]), Number(m[2])];
  const el = item.el;
  if (el && el.dataset && el.dataset.x !== undefined && el.dataset.y !== undefined) {
    return [Number(el.dataset.x), Number(el.dataset.y)];
  }
  const w = view && view.board && view.board.width;
  if (/^\d+$/.test(String(item.id)) && w) return [Number(item.id) % w, Math.floor(Number(item.id) / w)];
  return null;
}

function taeRole(view, seat, id) {
  const n = Number(id);
  const hand = (view.hand || []).find((p) => Number(p.id) === n);
  if (hand) return {role: 'colonist', kind: hand.kind};
  const me = (view.players || [])[seat] || {};
  if ((me.bombers || []).map(Number).includes(n)) return {role: 'bomber'};
  return {role: 'leader'};
}

const TAE_VERB = {colonist: 'colonize', leader: 'move', bomber: 'bomb'};
const TAE_FIELD = {colonist: 'colonist', leader: 'leader', bomber: 'bomber'};
const ROLE = {colonist: 'Colonist', leader: 'Leader', bomber: 'Bomber'};

export default {
  name: 'tae',
  help: 'Pick one of your pieces (a colonist, leader or bomber); the systems it may go to are outlined. Then pick a system on the board, or type its x and y. In a combat turn, pick a colonist and press Reinforce. At most two orders a turn.',
  fallbackItems(view) {
    const seat = view.seat;
    const items = (view.hand || []).map((p) => ({kind: 'piece', id: String(p.id), owner: seat,
      label: `Colonist ${p.id} (${p.kind})`}));
    const me = (view.players || [])[seat] || {};
    for (const b of me.bombers || []) items.push({kind: 'piece', id: String(b), owner: seat, label: `Bomber ${b}`});
    return items;
  },
  selectable(item, ctx) {
    if (item.kind === 'piece') return item.owner === undefined || item.owner === null || Number(item.owner) === ctx.seat;
    return item.kind === 'system';
  },
  // Systems are picked on the board or by coordinates, not from the list.
  listed: (item) => item.kind !== 'system',
  itemLabel(item, ctx) {
    const r = taeRole(ctx.view, ctx.seat, item.id);
    const o = ctx.get(`piece:${item.id}`);
    const base = item.kind === 'piece'
      ? `${ROLE[r.role]} ${item.id}${r.kind ? ` (${r.kind})` : ''}`
      : item.label || `System ${item.id}`;
    return o ? `${base}: ${o.text}` : base;
  },
  picked(item, ctx) {
    if (item.kind === 'piece') ctx.showTargets(`piece:${item.id}`);
  },
  /** Clicking a system while a piece is picked gives that piece its order. */
  pick(item, ctx) {
    if (item.kind !== 'system') return false;
    const xy = systemXY(item, ctx.view);
    if (!ctx.selected) {
      ctx.message('Pick one of your pieces first, then the system.');
      return true;
    }
    if (xy) this.target(ctx, xy[0], xy[1]);
    return true;
  },
  target(ctx, x, y) {
    const piece = ctx.selected;
    if (!piece || piece.kind !== 'piece') return;
    const {role} = taeRole(ctx.view, ctx.seat, piece.id);
    const verb = TAE_VERB[role];
    const legal = !ctx.targets || ctx.targets.has(`${x},${y}`);
    ctx.put({key: `piece:${piece.id}`, text: `${verb} ${piece.id} → (${x}, ${y})`, at: [x, y],
      json: {order: verb, [TAE_FIELD[role]]: Number(piece.id), x, y}});
    if (!legal) ctx.message(`(${x}, ${y}) is not outlined: the server will most likely refuse ${verb} ${piece.id} there.`);
  },
  controls(ctx) {
    const piece = ctx.selected;
    if (!piece || piece.kind !== 'piece') return h('p', {class: 'muted'}, 'No piece picked.');
    const {role, kind} = taeRole(ctx.view, ctx.seat, piece.id);
    const w = (ctx.view.board && ctx.view.board.width) || 1;
    const ht = (ctx.view.board && ctx.view.board.height) || 1;
    const x = h('input', {type: 'number', min: 0, max: w - 1, step: 1, inputmode: 'numeric', id: 'tae-x', required: true});
    const y = h('input', {type: 'number', min: 0, max: ht - 1, step: 1, inputmode: 'numeric', id: 'tae-y', required: true});
    const form = h('form', {class: 'command-row', 'aria-label': `Target for ${role} ${piece.id}`,
      onsubmit: (e) => {
        e.preventDefault();
        if (x.value === '' || y.value === '') { ctx.message('Give both x and y.'); return; }
        this.target(ctx, Number(x.value), Number(y.value));
      }},
    h('span', {}, `${role} ${piece.id}${kind ? ` (${kind})` : ''}: ${TAE_VERB[role]} at`),
    h('label', {for: 'tae-x'}, 'x'), x, h('label', {for: 'tae-y'}, 'y'), y,
    h('button', {type: 'submit'}, 'Set target'));
    const count = ctx.targets ? ctx.targets.size : null;
    const reinforce = role === 'colonist'
      ? h('button', {type: 'button', onclick: () => ctx.put({key: `piece:${piece.id}`, text: `reinforce ${piece.id}`,
        json: {order: 'reinforce', colonist: Number(piece.id)}})}, 'Reinforce (combat turns)')
      : null;
    return h('div', {}, form,
      count === null ? null : h('p', {class: 'hint'}, count ? `${count} system${count === 1 ? '' : 's'} outlined where this ${role} may go.` : `This ${role} has nowhere to go this turn.`),
      reinforce);
  },
  /** Each planned order: a line from its piece to its system, and a ring there. */
  overlay(ctx, layer, g) {
    for (const o of ctx.orders) {
      if (!o.at) continue;
      const sys = g.item('system', `${o.at[0]},${o.at[1]}`);
      const end = sys && g.centre(sys);
      if (!end) continue;
      const piece = g.item('piece', o.json.colonist ?? o.json.leader ?? o.json.bomber);
      const from = piece && g.centre(piece);
      if (from) {
        layer.append(g.el('path', {class: 'plan', d: `M${from[0]} ${from[1]}L${end[0]} ${end[1]}`,
          stroke: '#1f4e79', 'stroke-width': 0.8, 'stroke-dasharray': '2 1', fill: 'none'}));
      }
      layer.append(g.el('circle', {class: 'plan-head', cx: end[0], cy: end[1], r: 4.2, fill: 'none',
        stroke: '#1f4e79', 'stroke-width': 1}));
    }
  },
  body: (orders) => orders.map((o) => o.json),
};
