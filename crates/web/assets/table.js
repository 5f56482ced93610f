// What a seat decides at the table besides its orders: resign (after a
// confirmation on the page itself, which keyboard and screen-reader users
// reach like any button) and draw offers (offer, withdraw; accept or decline
// another seat's). The server stores each decision before it answers and
// tells every listener with a `table` event, so the other seat sees an offer
// as soon as it is made; this box is drawn again from the status each time.

import {h, fill, errorBox, announce} from './dom.js';
import {api} from './api.js';
import {seatNames} from './lobby.js';
import {keepSeat} from './store.js';

/**
 * The table box of seat `seat` in game `id`. `changed()` is called after a
 * decision was stored (the page then reads the status again). Returns
 * {el, render(status)}.
 */
export function tableBox(id, token, seat, changed) {
  const el = h('section', {class: 'table-box', id: 'table-box', 'aria-labelledby': 'table-h'});
  let confirming = false;
  let busy = false;
  let error = null;
  let last = null;
  let rematch = null;

  async function act(what, said) {
    busy = true;
    error = null;
    render(last);
    try {
      const res = what === 'resign' ? await api.resign(id, token) : await api.draw(id, token, what);
      announce(res.said || said);
      confirming = false;
    } catch (e) {
      error = e;
      announce(`Not done: ${e.message}`);
    }
    busy = false;
    render(last);
    await changed();
  }

  function render(status) {
    last = status;
    if (!status) return;
    const table = status.table || {resigned: [], draw_offers: []};
    const resigned = (table.resigned || []).some((r) => r.seat === seat);
    if (status.finished) {
      fill(el, h('h2', {id: 'table-h'}, 'Play again'), rematchPart(), error ? errorBox(error) : null);
      return;
    }
    if (resigned) {
      fill(el, h('p', {class: 'muted'}, 'You resigned; the others play on.'));
      return;
    }
    const offers = table.draw_offers || [];
    const others = offers.filter((s) => s !== seat);
    const mine = offers.includes(seat);
    const button = (label, onclick, extra = {}) =>
      h('button', {type: 'button', disabled: busy, onclick, ...extra}, label);
    let draw;
    if (others.length) {
      draw = h('div', {class: 'draw-offer', role: 'status'},
        h('p', {}, `${seatNames(status, others)} ${others.length > 1 ? 'offer' : 'offers'} a draw.`),
        h('div', {class: 'command-row'},
          button(mine ? 'Draw offered' : 'Accept the draw', () => act('accept', 'Draw accepted'),
            {id: 'accept-draw', class: 'primary', disabled: busy || mine}),
          button('Decline', () => act('decline', 'Draw declined'), {id: 'decline-draw'})));
    } else if (mine) {
      draw = h('div', {class: 'command-row'},
        h('span', {}, 'You offer a draw; it stands until the turn resolves.'),
        button('Withdraw the offer', () => act('withdraw', 'Draw offer withdrawn'), {id: 'withdraw-draw'}));
    } else {
      draw = h('div', {class: 'command-row'},
        button('Offer a draw', () => act('offer', 'Draw offered'), {id: 'offer-draw'}));
    }
    const resign = confirming
      ? h('div', {class: 'confirm', role: 'group', 'aria-labelledby': 'resign-q'},
        h('p', {id: 'resign-q'}, h('strong', {}, 'Resign this game?'), ' The game ends for you at once and cannot be taken back.'),
        h('div', {class: 'command-row'},
          button('Yes, resign', () => act('resign', 'You resigned'), {id: 'confirm-resign', class: 'danger'}),
          button('Cancel', () => { confirming = false; render(last); el.querySelector('#resign')?.focus(); }, {id: 'cancel-resign'})))
      : h('div', {class: 'command-row'},
        button('Resign…', () => {
          confirming = true;
          render(last);
          // The safe answer has the focus.
          el.querySelector('#cancel-resign')?.focus();
        }, {id: 'resign'}));
    fill(el, h('h2', {id: 'table-h'}, 'At the table'), draw, resign, error ? errorBox(error) : null);
  }

  // A new game like this one, made by whichever seat asks first; every
  // seat plays it with the token it has here (the server keeps each seat's
  // token), so nobody is handed another's. A rematch another seat made is
  // in the status (`rematch`), heard live by the page's event stream.
  function rematchPart() {
    const made = (last && last.rematch) || (rematch && rematch.id) || null;
    if (made) {
      keepSeat(made, seat, token);
      return h('div', {class: 'rematch', id: 'rematch-made', role: 'status'},
        h('p', {}, rematch ? 'Rematch created. ' : 'A rematch was started. ',
          h('a', {href: `#/game/${encodeURIComponent(made)}?seat=${seat}`, id: 'rematch-link'},
            `Play the rematch (game ${made})`)),
        h('p', {class: 'hint'}, 'Everyone who played here plays the same seat there, with their own link.'));
    }
    return h('div', {class: 'command-row'},
      h('button', {type: 'button', id: 'rematch', class: 'primary', disabled: busy, onclick: async () => {
        busy = true;
        error = null;
        render(last);
        try {
          rematch = await api.rematch(id, token);
          announce(`Rematch: game ${rematch.id}`);
        } catch (e) {
          error = e;
        }
        busy = false;
        render(last);
        el.querySelector('#rematch-link')?.focus();
      }}, 'Rematch'),
      h('span', {class: 'hint'}, 'A new game: same ruleset, map and seats; the others are told.'));
  }

  return {el, render};
}

/** What changed at the table between two statuses, in words, for the log. */
export function tableNews(before, after) {
  const was = (before && before.table) || {resigned: [], draw_offers: []};
  const now = (after && after.table) || {resigned: [], draw_offers: []};
  const lines = [];
  const gone = new Set((was.resigned || []).map((r) => r.seat));
  for (const r of now.resigned || []) if (!gone.has(r.seat)) lines.push(`${seatNames(after, [r.seat])} resigned.`);
  const offered = new Set(was.draw_offers || []);
  const fresh = (now.draw_offers || []).filter((s) => !offered.has(s));
  if (fresh.length) lines.push(`${seatNames(after, fresh)} ${fresh.length > 1 ? 'offer' : 'offers'} a draw.`);
  const stand = new Set(now.draw_offers || []);
  const ended = (was.draw_offers || []).filter((s) => !stand.has(s));
  if (ended.length && !after.finished && before && before.turn === after.turn) lines.push('The draw offer was declined or withdrawn.');
  return lines;
}
