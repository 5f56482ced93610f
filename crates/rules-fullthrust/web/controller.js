// The fullthrust controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become fullthrust's JSON orders:
//   {"scenario": ..., "turn": N, "ships": [{"ship": "Lark", "move": [{"Port": 1}, {"Accelerate": 2}]}]}   pick a ship, then turns and thrust
// Served by the host at /rulesets/fullthrust/controller.js (the plug-in entry of
// this crate carries it); its default export is what play.js drives.

import {h} from '/dom.js';

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

export default {
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
