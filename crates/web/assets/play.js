// Playing or watching one game: the board (the host's SVG, inline and
// clickable, with its pickable things also listed as buttons), the orders
// being entered with the server's errors next to each, and the live event
// stream that moves the page on when a turn resolves.

import {h, fill, errorBox, announce, detailText, pageTitle, keepingFocus} from './dom.js';
import {api, ApiError} from './api.js';
import {seatsOf, forgetSeat} from './store.js';
import {parseSvg, showBoard, markPicked, markTargets, showViewText, overlayTools, snapshot, markChanges} from './board.js';
import {controllerFor, detailIndex} from './orders.js';
import {followEvents} from './stream.js';
import {seatNames, outcomeText} from './lobby.js';
import {tableBox, tableNews} from './table.js';
import {zoomable} from './zoom.js';

export async function playPage(main, id, query) {
  const held = seatsOf(id);
  const wanted = query.get('seat');
  let mine = null;
  if (wanted === 'spectator') mine = null;
  else if (wanted !== null && held.some((s) => String(s.seat) === wanted)) mine = held.find((s) => String(s.seat) === wanted);
  else mine = held[0] || null;

  const st = {
    id, seat: mine ? mine.seat : null, token: mine ? mine.token : null,
    status: null, view: null, items: [], selected: null, aim: null, targets: null, svg: null,
    orders: [], ordersTurn: null, notes: new Map(), errors: new Map(), general: null, sent: null,
  };

  const status = await api.status(id);
  st.status = status;
  const ctl = await controllerFor(status.ruleset);
  pageTitle(`${status.title || id}`);

  // The page's parts.
  const statusLine = h('p', {class: 'status', id: 'game-status', 'aria-live': 'polite'});
  const deadline = h('p', {class: 'deadline', id: 'deadline'});
  const boardBox = h('div', {class: 'board-box', id: 'board'});
  // What the last turn changed: the board is compared with the one shown
  // for the turn before (kept as `lastTurnBoard`), on every redraw of this
  // turn's board.
  const changesNote = h('p', {class: 'hint changes-note', id: 'changes-note', 'aria-live': 'polite'});
  let shownBoard = null;
  let lastTurnBoard = null;
  const zoom = zoomable(boardBox);
  const pickList = h('div', {class: 'pick-list', role: 'group', 'aria-labelledby': 'pick-h'});
  const controls = h('div', {class: 'controls', id: 'controls'});
  const pending = h('div', {class: 'pending', tabindex: '-1'});
  const submitBox = h('div', {class: 'submit-box'});
  // The log scrolls by keyboard too (it is focusable) and follows new entries.
  const log = h('ol', {class: 'log', id: 'event-log', tabindex: '0', 'aria-label': 'What happened, newest last',
    'aria-live': 'polite', 'aria-relevant': 'additions'});
  const hint = h('p', {class: 'hint', id: 'pick-hint', 'aria-live': 'polite'});
  // The side panel is re-drawn on every pick, order and turn; `redraw` keeps
  // the keyboard focus on the control that had it (or on the order list when
  // that control is gone, e.g. after "Remove").
  const side = h('aside', {class: 'side'});
  const redraw = (...parts) => keepingFocus(side, () => parts.forEach((p) => p()), pending);

  const seatSelect = h('select', {id: 'seat-select', onchange: (e) => {
    location.hash = `#/game/${encodeURIComponent(id)}?seat=${e.target.value}`;
  }},
  held.map((s) => {
    const name = (status.seats || []).find((x) => x.seat === s.seat)?.name;
    return h('option', {value: String(s.seat), selected: st.seat === s.seat},
      name && name !== `Seat ${s.seat}` ? `Seat ${s.seat} (${name})` : `Seat ${s.seat}`);
  }),
  h('option', {value: 'spectator', selected: st.seat === null}, 'Spectator'));

  // The ruleset's rules and legend, from its plug-in (an HTML fragment of
  // our own server, parsed inertly; scripts and handlers dropped).
  const guideBody = h('div', {class: 'guide-body'});
  const guide = h('details', {class: 'guide', id: 'guide'}, h('summary', {}, 'Rules and legend'), guideBody);
  fetch(`/rulesets/${encodeURIComponent(status.ruleset)}/guide.html`, {cache: 'no-cache'})
    .then((r) => (r.ok ? r.text() : ''))
    .then((text) => {
      const doc = new DOMParser().parseFromString(text, 'text/html');
      for (const bad of doc.body.querySelectorAll('script, style, iframe, object, embed, form')) bad.remove();
      for (const el of doc.body.querySelectorAll('*')) {
        for (const a of [...el.attributes]) if (/^on|^style$/i.test(a.name)) el.removeAttribute(a.name);
      }
      fill(guideBody, ...[...doc.body.childNodes].map((n) => document.importNode(n, true)));
      if (!guideBody.childNodes.length) guide.hidden = true;
    }, () => { guide.hidden = true; });

  const playing = st.seat !== null;
  // An optional sound when it becomes this seat's move (off unless asked
  // for; remembered in this browser). Made with Web Audio, so no file.
  const soundKey = 'orderly.sound.v1';
  let audio = null;
  const soundOn = () => { try { return localStorage.getItem(soundKey) === 'on'; } catch { return false; } };
  const beep = () => {
    if (!soundOn()) return;
    document.body.dataset.moveSounds = String(Number(document.body.dataset.moveSounds || 0) + 1);
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.35);
    } catch { /* no sound here: the title still says it */ }
  };
  const soundBox = h('input', {type: 'checkbox', id: 'sound-toggle', checked: soundOn(), onchange: (e) => {
    try { localStorage.setItem(soundKey, e.target.checked ? 'on' : 'off'); } catch { /* private mode */ }
    // The click is the user's gesture that lets the page make a sound later.
    if (e.target.checked) { try { audio = audio || new AudioContext(); audio.resume(); } catch { /* none */ } }
  }});
  // No moves to be told of once the game is over.
  const soundField = h('div', {class: 'field inline', id: 'sound-field'}, soundBox, h('label', {for: 'sound-toggle'}, 'Sound on your move'));
  let wasMyMove = null;
  // Resign and draw offers, for a seat played here.
  const table = playing ? tableBox(id, st.token, st.seat, () => refresh()) : null;
  // Picking and orders: gone once the game is over, when the seat's
  // result stands in their place.
  const ordersPart = h('div', {id: 'orders-part'},
    h('h2', {id: 'pick-h'}, ctl ? 'Pick' : 'Orders'),
    ctl ? h('p', {class: 'hint'}, ctl.help) : null,
    ctl ? pickList : null,
    hint,
    controls,
    h('h2', {}, 'Your orders'),
    pending,
    submitBox);
  const resultBox = h('p', {class: 'my-result', id: 'my-result', hidden: true});
  // For spectators: the rematch the players started, to watch.
  const rematchLine = h('p', {class: 'rematch-line', id: 'rematch-line', hidden: true});
  fill(main,
    h('h1', {}, `${status.title || id}`, h('small', {class: 'muted'}, ` ${status.ruleset} · ${id}`)),
    h('div', {class: 'game-head'},
      statusLine,
      deadline,
      held.length ? h('div', {class: 'field inline'}, h('label', {for: 'seat-select'}, 'Playing as'), seatSelect)
        : h('p', {class: 'muted'}, 'You are watching as a spectator. A join link from the game\'s creator lets you play a seat.'),
      playing ? soundField : null,
      h('p', {}, h('a', {href: `#/replay/${encodeURIComponent(id)}`}, 'Replay this game'))),
    h('div', {class: 'play'},
      h('section', {class: 'board-section', 'aria-label': 'Board'}, zoom.bar, boardBox, changesNote),
      fill(side,
        playing ? [
          resultBox,
          ordersPart,
          table.el,
        ] : rematchLine,
        h('h2', {}, 'Events'),
        log,
        guide)));

  const logEvent = (text, ...more) => {
    log.append(h('li', {}, h('time', {}, new Date().toLocaleTimeString()), ' ', text, ...more));
    while (log.children.length > 80) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  };

  // Each resolved turn in the ruleset's words, once, in turn order.
  let toldFrom = Math.max(0, (status.turn || 0) - 1);
  let telling = Promise.resolve();
  const tellTurns = () => {
    telling = telling.then(async () => {
      try {
        const res = await api.turns(id, toldFrom);
        for (const t of res.turns || []) {
          if (t.turn < toldFrom) continue;
          const lines = t.lines || [];
          logEvent(h('strong', {}, `Turn ${t.turn}:`), lines.length
            ? h('ul', {class: 'turn-lines', 'data-turn': String(t.turn)}, lines.map((l) => h('li', {}, l)))
            : ' nothing happened.');
          toldFrom = t.turn + 1;
        }
      } catch { /* the record is not ready or kept: the status line still says the turn */ }
    });
    return telling;
  };

  // What controllers see and do.
  let targetsAsked = 0;
  const ctx = {
    get seat() { return st.seat; },
    get view() { return st.view ? st.view.view : {}; },
    get selected() { return st.selected; },
    get orders() { return st.orders; },
    /** What a controller is aiming (e.g. a battery), or null. */
    get aim() { return st.aim; },
    set aim(v) { st.aim = v; },
    /** The ids the server says the current pick may target (a Set), or null. */
    get targets() { return st.targets; },
    put(order) {
      const i = st.orders.findIndex((o) => o.key === order.key);
      if (i >= 0) st.orders[i] = order; else st.orders.push(order);
      st.errors.clear(); st.notes.clear(); st.general = null; st.sent = null;
      announce(`Order: ${order.text}`);
      redraw(renderPickList, renderOrders);
      drawOverlay();
    },
    remove(key) {
      st.orders = st.orders.filter((o) => o.key !== key);
      st.errors.clear(); st.notes.clear(); st.general = null; st.sent = null;
      redraw(renderPickList, renderOrders);
      drawOverlay();
    },
    get: (key) => st.orders.find((o) => o.key === key),
    message(text) { fill(hint, text); announce(text); },
    /** Asks the server which board things `pick` may target and outlines them. */
    async showTargets(pickName) {
      const asked = ++targetsAsked;
      st.targets = null;
      boardBox.dataset.targets = 'asking';
      try {
        const res = await api.targets(id, st.token, pickName);
        if (asked !== targetsAsked) return;
        st.targets = new Set(res.targets || []);
      } catch (e) {
        if (asked !== targetsAsked) return;
        st.targets = null;
      }
      markTargets(st.items, st.targets);
      boardBox.dataset.targets = st.targets ? 'shown' : 'none';
      redraw(renderPickList, renderOrders);
    },
    clearTargets() {
      targetsAsked++;
      st.targets = null;
      boardBox.dataset.targets = 'none';
      markTargets(st.items, null);
    },
    /** Redraws the lists, controls and the board's planned orders. */
    refresh() {
      markPickable();
      redraw(renderPickList, renderOrders);
      drawOverlay();
    },
  };

  // The controller's drawing of planned orders, on a layer over the board.
  function drawOverlay() {
    if (!st.svg || !ctl || !ctl.overlay || !playing) return;
    const tools = overlayTools(st.svg, st.items);
    tools.layer.replaceChildren();
    try { ctl.overlay(ctx, tools.layer, tools); } catch (e) { console.warn('overlay', e); }
  }

  function markPickable() {
    for (const i of st.items) if (i.el) i.el.classList.toggle('pickable', pickable(i));
  }

  const pickable = (item) => Boolean(ctl && playing && !(st.status && st.status.finished) && ctl.selectable(item, ctx));
  const pick = (item) => {
    if (ctl.pick && ctl.pick(item, ctx)) return;
    st.selected = item;
    markPicked(st.items, item);
    ctx.clearTargets();
    const label = ctl.itemLabel(item, ctx);
    fill(hint, `Picked: ${label}`);
    announce(`Picked ${label}`);
    if (ctl.picked) ctl.picked(item, ctx);
    markPickable();
    redraw(renderPickList, renderOrders);
    drawOverlay();
  };

  function renderPickList() {
    if (!ctl || !playing) return;
    const items = st.items.filter((i) => pickable(i) && (!ctl.listed || ctl.listed(i, ctx)));
    fill(pickList, items.length
      ? h('ul', {}, items.map((i) => h('li', {}, h('button', {type: 'button', class: 'pick',
        'data-kind': i.kind, 'data-id': i.id,
        'data-target': st.targets && st.targets.has(i.id) ? 'true' : null,
        'aria-pressed': String(Boolean(st.selected && st.selected.kind === i.kind && st.selected.id === i.id)),
        onclick: () => pick(i)}, ctl.itemLabel(i, ctx)))))
      : h('p', {class: 'muted'}, 'Nothing of yours to pick.'));
  }

  const awaitingMe = () => st.status && !st.status.finished && st.seat !== null && (st.status.awaiting || []).includes(st.seat);

  function renderOrders() {
    if (!playing) return;
    if (ctl) fill(controls, awaitingMe() ? ctl.controls(ctx) : null);
    else fill(controls, rawForm());
    if (!ctl) { fill(pending); fill(submitBox); return; }
    fill(pending, st.orders.length
      ? h('ol', {class: 'orders', id: 'orders'}, st.orders.map((o, i) => h('li', {'data-key': o.key},
        h('span', {class: 'order-text'}, o.text),
        h('button', {type: 'button', class: 'small', 'aria-label': `Remove: ${o.text}`,
          onclick: () => ctx.remove(o.key)}, 'Remove'),
        // The alert wraps the list, so the list stays a list for assistive technology.
        st.errors.has(i) ? h('div', {role: 'alert'}, h('ul', {class: 'order-errors'}, st.errors.get(i).map((t) => h('li', {}, t)))) : null,
        st.notes.has(i) ? h('ul', {class: 'order-notes'}, st.notes.get(i).map((t) => h('li', {}, t))) : null)))
      : h('p', {class: 'muted'}, 'No orders yet.'));
    const button = h('button', {type: 'button', class: 'primary', id: 'submit-orders', disabled: !awaitingMe(),
      onclick: submit}, st.status && !st.status.finished ? `Submit orders for turn ${st.status.turn}` : 'Submit orders');
    fill(submitBox, button,
      st.general ? st.general : null,
      st.sent ? h('p', {class: 'ok', role: 'status'}, st.sent) : null);
  }

  function rawForm() {
    const area = h('textarea', {id: 'raw-orders', rows: 6, spellcheck: 'false'}, '[]');
    const errs = h('div', {});
    return h('form', {onsubmit: async (e) => {
      e.preventDefault();
      fill(errs);
      let body;
      try { body = JSON.parse(area.value); } catch (err) { fill(errs, errorBox(new ApiError(0, `Not JSON: ${err.message}`))); return; }
      try {
        await api.submit(id, st.token, body, st.status.turn);
        fill(errs, h('p', {class: 'ok', role: 'status'}, 'Orders stored.'));
      } catch (err) { fill(errs, errorBox(err)); }
    }}, h('label', {for: 'raw-orders'}, 'Orders as the ruleset\'s JSON'), area, errs,
    h('button', {type: 'submit', class: 'primary'}, 'Submit orders'));
  }

  async function submit() {
    const turn = st.status.turn;
    const body = ctl.body(st.orders, ctx);
    st.errors.clear(); st.notes.clear(); st.general = null; st.sent = null;
    try {
      const res = await api.submit(id, st.token, body, turn);
      const loose = [];
      for (const n of res.notes || []) {
        const i = detailIndex(n, st.orders.length);
        if (i >= 0) st.notes.set(i, [...(st.notes.get(i) || []), detailText(n)]);
        else loose.push(detailText(n));
      }
      st.sent = `Orders for turn ${turn} stored${loose.length ? ` (${loose.join('; ')})` : ''}. Waiting for the turn to resolve.`;
      logEvent(`Your orders for turn ${turn} were stored.`);
      announce(`Orders for turn ${turn} stored`);
      await refreshStatus();
    } catch (err) {
      const loose = [];
      for (const d of err.details || []) {
        const i = err.status === 422 ? detailIndex(d, st.orders.length) : -1;
        if (i >= 0) st.errors.set(i, [...(st.errors.get(i) || []), detailText(d)]);
        else loose.push(d);
      }
      st.general = errorBox(new ApiError(err.status, err.message, loose), {id: 'submit-error'});
      announce(`Orders rejected: ${err.message}`);
    }
    redraw(renderOrders);
  }

  function renderStatus() {
    const s = st.status;
    let text;
    const yourMove = !s.finished && st.seat !== null && (s.missing || s.awaiting || []).includes(st.seat);
    pageTitle(`${yourMove ? 'Your move · ' : ''}${s.title || id}`);
    if (yourMove && wasMyMove === false) beep();
    wasMyMove = yourMove;
    document.body.dataset.yourMove = String(yourMove);
    ordersPart.hidden = Boolean(s.finished);
    soundField.hidden = Boolean(s.finished);
    resultBox.hidden = !s.finished;
    rematchLine.hidden = !s.rematch;
    if (s.rematch) {
      fill(rematchLine, 'The players started a rematch: ',
        h('a', {href: `#/game/${encodeURIComponent(s.rematch)}`, id: 'rematch-watch'}, `watch game ${s.rematch}`), '.');
    }
    if (s.finished) {
      const o = s.outcome;
      const decided = o && o.winner !== null && o.winner !== undefined;
      const mine = st.seat === null || !o ? null
        : decided ? (o.winner === st.seat ? 'You won' : 'You lost') : 'Drawn';
      text = `Game over after turn ${s.turn}. ${mine ? `${mine}: ` : ''}${outcomeText(s)}.`;
      fill(resultBox, mine ? h('strong', {}, `${mine}.`) : null, ' ', outcomeText(s), '.');
      resultBox.dataset.result = mine === 'You won' ? 'won' : mine === 'You lost' ? 'lost' : mine ? 'drawn' : '';
    } else {
      const waiting = seatNames(s, s.missing || s.awaiting || []);
      text = `Turn ${s.turn}. ${waiting ? `Waiting for ${waiting}.` : 'Resolving…'}`;
      if (st.seat !== null) {
        if ((s.missing || []).includes(st.seat)) text += ' Your orders are awaited.';
        else if ((s.awaiting || []).includes(st.seat)) text += ' Your orders are in; you may still replace them.';
      }
    }
    fill(statusLine, text);
    statusLine.dataset.turn = String(s.turn);
    statusLine.dataset.finished = String(Boolean(s.finished));
    if (table) table.render(s);
    renderDeadline();
  }

  // The turn's deadline, counted down once a second.
  function renderDeadline() {
    const d = st.status && !st.status.finished ? st.status.deadline_ms : null;
    if (!d) { deadline.textContent = ''; return; }
    const left = Math.max(0, Math.round((d - Date.now()) / 1000));
    deadline.textContent = `Deadline ${new Date(d).toLocaleTimeString()} (${left ? `in ${left} s` : 'now'}); seats without orders then get the default ones.`;
  }
  const clock = setInterval(renderDeadline, 1000);

  async function refreshStatus() {
    st.status = await api.status(id);
    renderStatus();
  }

  async function loadBoard() {
    try {
      const svg = parseSvg(await api.boardSvg(id, st.token));
      const turn = st.status ? st.status.turn : null;
      st.items = showBoard(boardBox, svg, {pickable, onPick: pick});
      st.svg = svg;
      const now = {turn, board: snapshot(svg, st.items)};
      if (shownBoard && shownBoard.turn !== turn) lastTurnBoard = shownBoard;
      shownBoard = now;
      const marked = lastTurnBoard ? markChanges(svg, st.items, lastTurnBoard.board) : {changed: 0, gone: 0};
      const parts = [];
      if (marked.changed) parts.push(`${marked.changed} ${marked.changed === 1 ? 'thing' : 'things'} new or changed (outlined in green)`);
      if (marked.gone) parts.push(`${marked.gone} gone (faded)`);
      fill(changesNote, lastTurnBoard && parts.length ? `Since turn ${lastTurnBoard.turn}: ${parts.join('; ')}.` : '');
      boardBox.dataset.changed = String(marked.changed);
      boardBox.dataset.gone = String(marked.gone);
      zoom.apply(svg);
    } catch (e) {
      const items = ctl && st.view ? ctl.fallbackItems(st.view.view || {}) : [];
      st.items = items;
      st.svg = null;
      showViewText(boardBox, st.view ? st.view.view : null, e.message);
    }
    if (st.selected) {
      st.selected = st.items.find((i) => i.kind === st.selected.kind && i.id === st.selected.id && pickable(i)) || null;
      markPicked(st.items, st.selected);
    }
    markTargets(st.items, st.targets);
    drawOverlay();
  }

  let busy = null;
  let again = false;
  async function refresh() {
    if (busy) { again = true; return busy; }
    busy = (async () => {
      do {
        again = false;
        try {
          const [status, view] = await Promise.all([api.status(id), api.view(id, st.token)]);
          if (st.status) for (const line of tableNews(st.status, status)) logEvent(line);
          st.status = status;
          st.view = view;
          if (st.ordersTurn !== status.turn) {
            st.ordersTurn = status.turn;
            st.orders = []; st.errors.clear(); st.notes.clear(); st.general = null; st.sent = null; st.selected = null;
            st.aim = null; st.targets = null; targetsAsked++;
            fill(hint);
          }
          renderStatus();
          await loadBoard();
          redraw(renderPickList, renderOrders);
        } catch (e) {
          if (e.status === 401 && st.token) {
            fill(boardBox, errorBox(e), h('button', {type: 'button', onclick: () => {
              forgetSeat(id, st.seat);
              location.hash = `#/game/${encodeURIComponent(id)}?seat=spectator`;
            }}, 'Forget this seat and watch'));
          } else {
            fill(statusLine, errorBox(e));
          }
        }
      } while (again);
      busy = null;
    })();
    return busy;
  }

  await refresh();
  tellTurns();

  // Live events, read with the token in a header (see stream.js).
  // A finished game's stream says "game over" at once and ends. A turn
  // resolved between the first look and the stream's start (or while it
  // reconnects) would go unheard: look again once it is open.
  const es = followEvents(api.eventsUrl(id), st.token, {
    onOpen: () => refresh(),
    onEvent(type, text) {
      const d = safeJson(text);
      if (type === 'turn_resolved') {
        announce(`Turn ${d.turn ?? ''} resolved`);
        tellTurns();
        refresh();
      } else if (type === 'table') {
        refresh();
      } else if (type === 'awaiting_you') {
        if (st.status && d.turn !== undefined && d.turn !== st.status.turn) refresh();
      } else if (type === 'game_over') {
        es.close();
        tellTurns().then(() => logEvent(`Game over.${d.outcome ? ` ${outcomeText({...st.status, outcome: d.outcome})}.` : ''}`));
        refresh();
        followRematch();
      }
    },
    onStop: (why) => logEvent(`Live updates stopped (${why}); reload the page to resume them.`),
  });
  // Once the game is over, the page goes on listening for a rematch (any
  // seat may start one), so every seat and spectator sees it live.
  let rematchEs = null;
  function followRematch() {
    if (rematchEs || (st.status && st.status.rematch)) return;
    rematchEs = followEvents(`${api.eventsUrl(id)}?follow=rematch`, st.token, {
      onEvent(type, text) {
        if (type !== 'rematch') return;
        rematchEs.close();
        const d = safeJson(text);
        logEvent(`A rematch was started: game ${d.rematch || ''}.`);
        announce('A rematch was started');
        refresh();
      },
    });
  }

  // Keys F/L/R/A (and any a controller names) while something is picked.
  const onKey = (e) => {
    if (!ctl || !ctl.keys || !st.selected || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    const c = ctl.keys[e.key.toLowerCase()];
    if (c && awaitingMe()) { e.preventDefault(); ctl.command(ctx, c); }
  };
  document.addEventListener('keydown', onKey);

  return () => {
    document.removeEventListener('keydown', onKey);
    clearInterval(clock);
    es.close();
    if (rematchEs) rematchEs.close();
  };
}

function safeJson(text) {
  try { return JSON.parse(text) || {}; } catch { return {}; }
}
