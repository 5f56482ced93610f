// The ttrts controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become ttrts's JSON orders:
//   [{"unit": 0, "command": "F"}]   pick a unit, then F/L/R/A
// Each planned order is drawn on the unit: an arrow one tile ahead for F,
// a turn mark for L and R, a red dashed charge for A. Served by the host at
// /rulesets/ttrts/controller.js (the plug-in entry of this crate carries
// it); its default export is what play.js drives.

import {h} from '/dom.js';

const NAMES = ['Red', 'Green', 'Yellow', 'Blue'];
/** One tile in the picture's units (the crate's picture.rs draws 10). */
const CELL = 10;
const AHEAD = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};
const LEFT = {N: 'W', W: 'S', S: 'E', E: 'N'};
const RIGHT = {N: 'E', E: 'S', S: 'W', W: 'N'};
const WORDS = {F: 'forward', L: 'turn left', R: 'turn right', A: 'attack'};

/** Board things from the view JSON, for when the board picture is missing. */
function ttrtsItems(view) {
  return (view.units || []).map((u) => ({
    kind: 'unit', id: String(u.id), owner: u.player,
    label: `Unit ${u.id} (${NAMES[u.player] || `player ${u.player}`}) at ${u.pos.x},${u.pos.y} facing ${u.dir}`,
  }));
}

export default {
  name: 'ttrts',
  help: 'Pick one of your units, then Forward, Left, Right or Attack (keys F, L, R, A). Units without an order do nothing. A unit that steps forward leaves a wall behind it.',
  fallbackItems: ttrtsItems,
  selectable: (item, ctx) => item.kind === 'unit' && Number(item.owner) === ctx.seat,
  itemLabel(item, ctx) {
    const u = (ctx.view.units || []).find((x) => String(x.id) === item.id);
    const o = ctx.get(`unit:${item.id}`);
    const base = u ? `Unit ${u.id} at ${u.pos.x},${u.pos.y} facing ${u.dir}` : item.label || `Unit ${item.id}`;
    return o ? `${base}: ${WORDS[o.json.command]}` : base;
  },
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
    ctx.put({key: `unit:${unit.id}`, text: `Unit ${unit.id}: ${WORDS[c]} (${c})`,
      json: {unit: Number(unit.id), command: c}});
  },
  /** Every planned order, drawn on its unit. */
  overlay(ctx, layer, g) {
    const units = new Map((ctx.view.units || []).map((u) => [String(u.id), u]));
    for (const o of ctx.orders) {
      const u = units.get(String(o.json.unit));
      const item = g.item('unit', o.json.unit);
      const c = item && g.centre(item);
      if (!u || !c) continue;
      const [x, y] = c;
      const c0 = o.json.command;
      if (c0 === 'F' || c0 === 'A') {
        const [dx, dy] = AHEAD[u.dir];
        const len = c0 === 'A' ? CELL * 2.5 : CELL * 0.95;
        const colour = c0 === 'A' ? '#b3261e' : '#1f4e79';
        const ex = x + dx * len;
        const ey = y + dy * len;
        layer.append(g.el('path', {class: `plan plan-${c0}`, d: `M${x + dx * 4.5} ${y + dy * 4.5}L${ex} ${ey}`,
          stroke: colour, 'stroke-width': 1.2, 'stroke-dasharray': c0 === 'A' ? '2 1' : null, fill: 'none'}));
        // The arrow head.
        const [px, py] = [-dy, dx];
        layer.append(g.el('path', {class: 'plan-head', d: `M${ex} ${ey}L${ex - dx * 2.2 + px * 1.6} ${ey - dy * 2.2 + py * 1.6}L${ex - dx * 2.2 - px * 1.6} ${ey - dy * 2.2 - py * 1.6}Z`,
          fill: colour}));
      } else if (c0 === 'L' || c0 === 'R') {
        const to = c0 === 'L' ? LEFT[u.dir] : RIGHT[u.dir];
        const [dx, dy] = AHEAD[to];
        layer.append(g.el('path', {class: `plan plan-${c0}`, d: `M${x} ${y}L${x + dx * 5.5} ${y + dy * 5.5}`,
          stroke: '#1f4e79', 'stroke-width': 1, fill: 'none'}));
        layer.append(g.el('circle', {class: 'plan-head', cx: x + dx * 5.5, cy: y + dy * 5.5, r: 1.2, fill: '#1f4e79'}));
      }
    }
  },
  body: (orders) => orders.map((o) => o.json),
};
