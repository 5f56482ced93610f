// Entering orders by clicking, per ruleset. A controller knows which board
// things its seat may pick, what buttons a picked thing offers, and how the
// orders become the ruleset's JSON (see each ruleset crate's `orders`):
//   ttrts:      [{"unit": 0, "command": "F"}]                 pick a unit, then F/L/R/A
//   tae:        [{"order": "colonize", "colonist": 19, "x": 3, "y": 1}, ...]
//                                                            pick a piece, then a system
//   fullthrust: {"scenario": ..., "turn": N, "ships": [{"ship": "Lark", "move": [{"Port": 1}, {"Accelerate": 2}]}]}
//                                                            pick a ship, then turns and thrust
// Rulesets without a controller get a JSON text box (any ruleset's JSON
// orders work there too).

import {h} from './dom.js';

/** Board things from the view JSON, for when the board picture is missing. */
function ttrtsItems(view) {
  const names = ['Red', 'Green', 'Yellow', 'Blue'];
  return (view.units || []).map((u) => ({
    kind: 'unit', id: String(u.id), owner: u.player,
    label: `Unit ${u.id} (${names[u.player] || `player ${u.player}`}) at ${u.pos.x},${u.pos.y} facing ${u.dir}`,
  }));
}

const ttrts = {
  name: 'ttrts',
  help: 'Pick one of your units, then Forward, Left, Right or Attack (keys F, L, R, A). Units without an order do nothing.',
  fallbackItems: ttrtsItems,
  selectable: (item, ctx) => item.kind === 'unit' && Number(item.owner) === ctx.seat,
  itemLabel: (item) => item.label || `Unit ${item.id}`,
  listed: () => true,
  keys: {f: 'F', l: 'L', r: 'R', a: 'A'},
  controls(ctx) {
    const unit = ctx.selected;
    if (!unit) return h('p', {class: 'muted'}, 'No unit picked.');
    const cmd = (c, label) => h('button', {type: 'button', 'data-command': c,
      'aria-keyshortcuts': c, onclick: () => this.command(ctx, c)}, label);
    return h('div', {class: 'command-row', role: 'group', 'aria-label': `Orders for unit ${unit.id}`},
      cmd('F', 'Forward (F)'), cmd('L', 'Turn left (L)'), cmd('R', 'Turn right (R)'), cmd('A', 'Attack (A)'),
      h('button', {type: 'button', onclick: () => ctx.remove(`unit:${unit.id}`)}, 'No order'));
  },
  command(ctx, c) {
    const unit = ctx.selected;
    if (!unit) return;
    const words = {F: 'forward', L: 'turn left', R: 'turn right', A: 'attack'};
    ctx.put({key: `unit:${unit.id}`, text: `Unit ${unit.id}: ${words[c]} (${c})`,
      json: {unit: Number(unit.id), command: c}});
  },
  body: (orders) => orders.map((o) => o.json),
};

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

const tae = {
  name: 'tae',
  help: 'Pick one of your pieces (a colonist, leader or bomber), then a system on the board, or type its x and y. In a combat turn, pick a colonist and press Reinforce. At most two orders a turn.',
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
    if (item.label) return item.label;
    const r = taeRole(ctx.view, ctx.seat, item.id);
    return `${r.role[0].toUpperCase()}${r.role.slice(1)} ${item.id}${r.kind ? ` (${r.kind})` : ''}`;
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
    ctx.put({key: `piece:${piece.id}`, text: `${verb} ${piece.id} → (${x}, ${y})`,
      json: {order: verb, [TAE_FIELD[role]]: Number(piece.id), x, y}});
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
    const reinforce = role === 'colonist'
      ? h('button', {type: 'button', onclick: () => ctx.put({key: `piece:${piece.id}`, text: `reinforce ${piece.id}`,
        json: {order: 'reinforce', colonist: Number(piece.id)}})}, 'Reinforce (combat turns)')
      : null;
    return h('div', {}, form, reinforce);
  },
  body: (orders) => orders.map((o) => o.json),
};

/** Ships from the view's FT2 file: `Ship:` blocks and their `Fleet:`. */
function ftItems(view) {
  const fleets = view.fleets || [];
  const items = [];
  for (const block of String(view.file || '').split(/\r?\n\s*\r?\n/)) {
    const ship = /^Ship:\s*(.+?)\s*$/m.exec(block);
    if (!ship) continue;
    const fleet = /^Fleet:\s*(.+?)\s*$/m.exec(block);
    const owner = fleet ? fleets.indexOf(fleet[1]) : -1;
    items.push({kind: 'ship', id: ship[1], owner, label: `${ship[1]}${fleet ? ` (${fleet[1]})` : ''}`});
  }
  return items;
}

function moveElements(m) {
  const out = [];
  if (m.turn > 0) out.push({Starboard: m.turn});
  if (m.turn < 0) out.push({Port: -m.turn});
  if (m.thrust) out.push({Accelerate: m.thrust});
  return out;
}

function moveText(m) {
  const parts = [];
  if (m.turn > 0) parts.push(`${m.turn}S`);
  if (m.turn < 0) parts.push(`${-m.turn}P`);
  if (m.thrust > 0) parts.push(`+${m.thrust}`);
  if (m.thrust < 0) parts.push(`${m.thrust}`);
  return parts.length ? parts.join(' ') : 'straight ahead';
}

const fullthrust = {
  name: 'fullthrust',
  help: 'Pick one of your ships, then turn to port or starboard and change thrust; each press is one step. Ships without orders go straight ahead.',
  fallbackItems: ftItems,
  selectable: (item, ctx) => item.kind === 'ship' && Number(item.owner) === ctx.seat,
  itemLabel: (item) => item.label || `Ship ${item.id}`,
  controls(ctx) {
    const ship = ctx.selected;
    if (!ship) return h('p', {class: 'muted'}, 'No ship picked.');
    const key = `ship:${ship.id}`;
    const cur = (ctx.get(key) || {}).move || {turn: 0, thrust: 0};
    const change = (dt, da) => {
      const m = {turn: cur.turn + dt, thrust: cur.thrust + da};
      ctx.put({key, move: m, text: `${ship.id}: ${moveText(m)}`,
        json: {ship: ship.id, move: moveElements(m)}});
    };
    return h('div', {class: 'command-row', role: 'group', 'aria-label': `Move of ${ship.id}`},
      h('button', {type: 'button', onclick: () => change(-1, 0)}, 'Turn to port'),
      h('button', {type: 'button', onclick: () => change(1, 0)}, 'Turn to starboard'),
      h('button', {type: 'button', onclick: () => change(0, 1)}, 'Thrust +1'),
      h('button', {type: 'button', onclick: () => change(0, -1)}, 'Thrust −1'),
      h('output', {'aria-live': 'polite'}, `Move: ${moveText(cur)}`));
  },
  body: (orders, ctx) => ({scenario: ctx.view.scenario || '', turn: ctx.view.turn, ships: orders.map((o) => o.json)}),
};

const CONTROLLERS = {ttrts, tae, fullthrust};

/** The controller of `ruleset`, or null (then orders are typed as JSON). */
export function controllerFor(ruleset) {
  return CONTROLLERS[ruleset] || null;
}

/**
 * Which pending order an error detail is about, or -1: `orders[2]`,
 * `ships[0].move`, `[1]`, or (for orders checked as a file) `line 3`.
 */
export function detailIndex(detail, count) {
  const f = detail.field ? /^(?:[a-z_]+)?\[(\d+)\]/i.exec(detail.field) : null;
  if (f) return Number(f[1]) < count ? Number(f[1]) : -1;
  if (!detail.field && Number.isInteger(detail.line) && detail.line >= 1 && detail.line <= count) return detail.line - 1;
  return -1;
}
