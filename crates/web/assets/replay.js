// The replay of a game record, action by action: an action's results are
// shown one at a time and a result's sub-results together with it (the
// game-record spec, 1.5). The board after each action is the host's SVG;
// captions and results come from the host's frames, a few turns at a time,
// and the next step's board is fetched while this one is looked at, so the
// first frame of even a big game shows at once and a step seldom waits. A
// step puts in only the parts of the picture that changed (`boardShower`):
// re-parsing and re-drawing a big map's whole picture was most of a step.

import {h, fill, errorBox, announce, pageTitle} from './dom.js';
import {api} from './api.js';
import {boardShower, showViewText} from './board.js';
import {outcomeText} from './lobby.js';
import {zoomable} from './zoom.js';

/** A result (with its sub-results) in words. */
export function resultText(r) {
  const parts = [];
  if (r.unit !== undefined) parts.push(`unit ${r.unit}`);
  const ch = r.changes && Object.entries(r.changes).map(([k, v]) => `${k} → ${JSON.stringify(v)}`).join(', ');
  if (ch) parts.push(ch);
  if (r.miss) parts.push(`missed (${r.miss})`);
  if (r.luck !== undefined) parts.push(`luck ${r.luck}`);
  if (r.notice) parts.push(`“${r.notice}”`);
  return parts.join(': ') || 'no change';
}

/**
 * The stops of one turn's frame: its start, then each action, or each of
 * its results when it has several (the game-record spec, 1.5), as {k, r}.
 */
export function turnStops(frame) {
  const out = [{k: 0, r: 0}];
  frame.captions.forEach((_, a) => {
    const m = (frame.results[a] || []).length;
    if (m <= 1) out.push({k: a + 1, r: m});
    else for (let r = 1; r <= m; r++) out.push({k: a + 1, r});
  });
  return out;
}

/** The first index `i` with `starts[i + 1] > at` (the turn holding stop `at`). */
function turnOf(starts, at) {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid; else hi = mid - 1;
  }
  return lo;
}

export async function replayPage(main, id, query) {
  // A page of frames carries the index of every turn, so the first frame
  // shows after one turn's captions and one board: the record itself is
  // never loaded (Battle200's is tens of megabytes).
  const [status, firstPage] = await Promise.all([api.status(id), api.framesPage(id, 0, 1)]);
  pageTitle(`Replay of ${status.title || id}`);
  const index = (firstPage.index || []).map(([turn, actions, stops]) => ({turn, actions, stops}));
  if (!index.length) {
    fill(main, h('h1', {}, `Replay of ${status.title || id}`), h('p', {}, 'This record has no turns yet.'));
    return null;
  }
  // starts[ti]: the global number of turn ti's first stop; the last entry
  // is the number of stops in all.
  const starts = [0];
  for (const t of index) starts.push(starts[starts.length - 1] + t.stops);
  const total = starts[starts.length - 1];
  const frames = new Map();
  const asked = new Map();
  const keep = (page) => {
    (page.turns || []).forEach((f, i) => {
      const frame = {turn: f.turn, captions: f.captions || [], results: f.results || []};
      frames.set(page.from + i, {...frame, stops: turnStops(frame)});
    });
  };
  keep(firstPage);
  /** Turn ti's frame, fetched (with the few after it) when not yet here. */
  const frameOf = (ti) => {
    if (frames.has(ti)) return Promise.resolve(frames.get(ti));
    if (!asked.has(ti)) {
      const count = Math.min(4, index.length - ti);
      const p = api.framesPage(id, ti, count).then((page) => { keep(page); return frames.get(ti); });
      for (let i = ti; i < ti + count; i++) if (!asked.has(i)) asked.set(i, p);
      p.catch(() => { for (let i = ti; i < ti + count; i++) asked.delete(i); });
    }
    return asked.get(ti);
  };

  let at = 0;
  const start = query.get('step');
  if (start !== null && /^\d+$/.test(start)) at = Math.min(Number(start), total - 1);
  let timer = null;
  let seq = 0;
  const boards = new Map();
  /**
   * The picture after `k` actions of `turn`, as SVG text (kept once
   * fetched). Only text is fetched ahead: parsing a big map's picture
   * whole took longer than a step may (see `boardShower`), and parsing
   * ahead kept the page busy just when it should draw.
   */
  const svgOf = (turn, k) => {
    const key = `${turn}/${k}`;
    if (!boards.has(key)) {
      const p = api.recordSvg(id, turn, k);
      boards.set(key, p);
      p.catch(() => boards.delete(key));
      // Boards are big on big maps: keep the last few dozen.
      if (boards.size > 48) boards.delete(boards.keys().next().value);
    }
    return boards.get(key);
  };

  const board = h('div', {class: 'board-box', id: 'replay-board'});
  const zoom = zoomable(board, 'Replay board');
  const shower = boardShower(board);
  const where = h('p', {class: 'position', id: 'replay-position', 'aria-live': 'polite'});
  const list = h('ol', {class: 'actions', id: 'replay-actions'});
  const slider = h('input', {type: 'range', id: 'turn-slider', min: 0, max: index.length - 1, step: 1, value: 0,
    oninput: () => { stop(); go(starts[Number(slider.value)]); }});
  const btn = (label, onclick, extra = {}) => h('button', {type: 'button', onclick, ...extra}, label);
  const first = btn('First', () => { stop(); go(0); }, {'aria-keyshortcuts': 'Home'});
  const prev = btn('Previous', () => { stop(); go(at - 1); }, {'aria-keyshortcuts': 'ArrowLeft'});
  const play = btn('Play', () => (timer ? stop() : startPlay()), {'aria-pressed': 'false', id: 'play-pause'});
  const next = btn('Next', () => { stop(); go(at + 1); }, {'aria-keyshortcuts': 'ArrowRight'});
  const last = btn('Last', () => { stop(); go(total - 1); }, {'aria-keyshortcuts': 'End'});
  const speed = h('select', {id: 'replay-speed'},
    h('option', {value: '2000'}, 'Slow'), h('option', {value: '900', selected: true}, 'Normal'), h('option', {value: '300'}, 'Fast'));

  fill(main,
    h('h1', {}, `Replay of ${status.title || id}`, h('small', {class: 'muted'}, ` ${status.ruleset} · ${id}`)),
    h('p', {class: 'status'}, status.finished ? `Finished: ${outcomeText(status)}.` : `In progress, at turn ${status.turn}; the record so far.`,
      ' ', h('a', {href: `#/game/${encodeURIComponent(id)}`}, status.finished ? 'The game page' : 'Watch it live')),
    h('div', {class: 'replay-controls', role: 'group', 'aria-label': 'Replay controls'},
      h('div', {class: 'field slider'}, h('label', {for: 'turn-slider'}, 'Turn'), slider,
        h('output', {for: 'turn-slider', id: 'turn-out'})),
      h('div', {class: 'command-row'}, first, prev, play, next, last,
        h('label', {for: 'replay-speed'}, 'Speed'), speed)),
    where,
    h('div', {class: 'play'},
      h('section', {class: 'board-section', 'aria-label': 'Board'}, zoom.bar, board),
      h('aside', {class: 'side'}, h('h2', {}, 'Actions of this turn'), list)));

  // The list of a turn's actions is built once per turn; a step only
  // updates the items whose state changed (a big map's turn has hundreds).
  let listed = null;
  function renderList(f, s) {
    const results = (a) => f.results[a] || [];
    const shownOf = (a) => (a === s.k - 1 ? results(a).slice(0, Math.max(s.r, 0)) : a < s.k ? results(a) : []);
    const item = (c) => h('li', {}, c);
    const paint = (li, a) => {
      const done = a < s.k;
      const current = a === s.k - 1;
      li.className = done ? (current ? 'current' : 'done') : 'later';
      if (current) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
      const shown = shownOf(a);
      const key = String(shown.length);
      if (li.dataset.shown === key) return;
      li.dataset.shown = key;
      li.querySelector(':scope > ul.results')?.remove();
      if (shown.length) {
        li.append(h('ul', {class: 'results'}, shown.map((r) => h('li', {}, resultText(r),
          (r.results || []).length ? h('ul', {class: 'subresults'}, r.results.map((x) => h('li', {}, resultText(x)))) : null))));
      }
    };
    if (!listed || listed.f !== f) {
      const items = f.captions.map(item);
      fill(list, items.length ? items : h('li', {class: 'muted'}, 'No actions this turn.'));
      listed = {f, items, k: s.k};
      items.forEach(paint);
      return;
    }
    // Only the actions between the old and the new position change.
    const lo = Math.max(0, Math.min(listed.k, s.k) - 1);
    const hi = Math.min(listed.items.length - 1, Math.max(listed.k, s.k));
    for (let a = lo; a <= hi; a++) paint(listed.items[a], a);
    listed.k = s.k;
  }

  async function renderBoard(f, s, mine) {
    board.setAttribute('aria-busy', 'true');
    try {
      const text = await svgOf(f.turn, s.k);
      if (mine !== seq) return;
      // Only what changed is put in: a step on a big map moves a unit or
      // two among thousands of drawn things (see `boardShower`).
      const {svg, changed} = shower.show(text);
      board.dataset.changed = String(changed);
      zoom.apply(svg);
    } catch (e) {
      if (mine !== seq) return;
      shower.forget();
      showViewText(board, {turn: f.turn}, e.message);
    } finally {
      if (mine === seq) board.setAttribute('aria-busy', 'false');
    }
  }

  /**
   * Fetches ahead, one at a time, the boards of the next few stops (and the
   * next turn's frames), so a step seldom waits. One at a time: the server
   * keeps one re-run of the game and goes on from it, while requests at
   * once would each re-run the game from its start.
   */
  let ahead = Promise.resolve();
  function prefetch(ti, o, mine) {
    const wanted = [];
    let t = ti;
    let k = o;
    for (let n = 0; n < 3; n++) {
      const f = frames.get(t);
      if (!f) break;
      if (k + 1 < f.stops.length) {
        k++;
        wanted.push([f.turn, f.stops[k].k]);
      } else if (t + 1 < index.length) {
        t++;
        k = 0;
        const g = frames.get(t);
        if (!g) { frameOf(t).catch(() => {}); break; }
        wanted.push([g.turn, 0]);
      } else break;
    }
    ahead = ahead.then(async () => {
      for (const [turn, a] of wanted) {
        if (mine !== seq) return;
        try { await svgOf(turn, a); } catch { return; }
      }
    });
  }

  async function go(i) {
    at = Math.max(0, Math.min(total - 1, i));
    const mine = ++seq;
    const ti = turnOf(starts, at);
    const o = at - starts[ti];
    slider.value = String(ti);
    slider.setAttribute('aria-valuetext', `Turn ${index[ti].turn}`);
    main.querySelector('#turn-out').textContent = `${index[ti].turn} (${ti + 1} of ${index.length})`;
    first.disabled = prev.disabled = at === 0;
    next.disabled = last.disabled = at === total - 1;
    if (at === total - 1 && timer) stop();
    let f;
    try {
      f = await frameOf(ti);
    } catch (e) {
      if (mine === seq) fill(board, errorBox(e));
      return;
    }
    if (mine !== seq) return;
    const s = f.stops[Math.min(o, f.stops.length - 1)];
    const m = (f.results[s.k - 1] || []).length;
    fill(where, `Turn ${f.turn}, action ${s.k} of ${f.captions.length}${m > 1 ? `, result ${s.r} of ${m}` : ''}`);
    where.dataset.step = String(at);
    where.dataset.last = String(at === total - 1);
    renderList(f, s);
    await renderBoard(f, s, mine);
    if (mine === seq) prefetch(ti, o, mine);
  }

  function startPlay() {
    if (at === total - 1) go(0);
    timer = setInterval(() => go(at + 1), Number(speed.value));
    play.textContent = 'Pause';
    play.setAttribute('aria-pressed', 'true');
    announce('Playing');
  }

  function stop() {
    if (!timer) return;
    clearInterval(timer);
    timer = null;
    play.textContent = 'Play';
    play.setAttribute('aria-pressed', 'false');
    announce('Paused');
  }

  speed.addEventListener('change', () => { if (timer) { stop(); startPlay(); } });
  const onKey = (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total - 1};
    if (e.key in moves && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); stop(); go(moves[e.key]); }
  };
  document.addEventListener('keydown', onKey);
  go(at);
  return () => { stop(); document.removeEventListener('keydown', onKey); };
}
