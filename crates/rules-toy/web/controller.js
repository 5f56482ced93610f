// The sealed-bids controller of the browser client: pick one of your cards
// and it becomes your bid, {"bid": 7}. Served by the host at
// /rulesets/sealedbids/controller.js.

import {h} from '/dom.js';

export default {
  name: 'sealedbids',
  help: 'Pick one of your cards: it is your sealed bid for the prize on show. Without a bid your lowest card is played.',
  fallbackItems(view) {
    const seat = view.seat;
    return ((view.hands || [])[0] || []).map((n) => ({kind: 'card', id: String(n), owner: seat, label: `Card ${n}`}));
  },
  selectable: (item, ctx) => item.kind === 'card' && Number(item.owner) === ctx.seat,
  itemLabel: (item) => item.label || `Card ${item.id}`,
  listed: () => true,
  controls(ctx) {
    const card = ctx.selected;
    if (!card) return h('p', {class: 'muted'}, 'No card picked.');
    return h('div', {class: 'command-row', role: 'group', 'aria-label': `Bid ${card.id}`},
      h('button', {type: 'button', onclick: () => ctx.put({key: 'bid', text: `Bid ${card.id}`,
        json: {bid: Number(card.id)}})}, `Bid ${card.id}`));
  },
  body: (orders) => (orders[0] ? orders[0].json : {}),
};
