// The ttrts controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become ttrts's JSON orders:
//   [{"unit": 0, "command": "F"}]   pick a unit, then F/L/R/A
// Served by the host at /rulesets/ttrts/controller.js (the plug-in entry of
// this crate carries it); its default export is what play.js drives.

import {h} from '/dom.js';

/** Board things from the view JSON, for when the board picture is missing. */
function ttrtsItems(view) {
  const names = ['Red', 'Green', 'Yellow', 'Blue'];
  return (view.units || []).map((u) => ({
    kind: 'unit', id: String(u.id), owner: u.player,
    label: `Unit ${u.id} (${names[u.player] || `player ${u.player}`}) at ${u.pos.x},${u.pos.y} facing ${u.dir}`,
  }));
}

export default {
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
