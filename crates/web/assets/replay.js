// The replay of a game record, action by action: an action's results are
// shown one at a time and a result's sub-results together with it (the
// game-record spec, 1.5). The board after each action is the host's SVG;
// the captions come from the host's frames, or from the record itself.

import {h, fill, errorBox, announce, pageTitle} from './dom.js';
import {api} from './api.js';
import {parseSvg, showViewText} from './board.js';
import {outcomeText} from './lobby.js';

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

/** An action in words, when the host gives no caption. */
export function actionText(a) {
  const who = a.teamId !== undefined ? `seat ${a.teamId}` : 'the game';
  const what = [a.type || 'action'];
  if (a.unit !== undefined) what.push(`unit ${a.unit}`);
  if (a.command) what.push(`(${a.command})`);
  if (a.target !== undefined) what.push(`at ${JSON.stringify(a.target)}`);
  return `${who}: ${what.join(' ')}`;
}

/** The frames as [{turn, captions}], from the host's frames or the record. */
export function normalizeFrames(frames, record) {
  const list = Array.isArray(frames) ? frames : frames && Array.isArray(frames.turns) ? frames.turns : null;
  const recTurns = (record && record.turns) || [];
  if (list) {
    return list.map((f, i) => {
      const turn = f.turn ?? recTurns[i]?.turn ?? i;
      let captions = Array.isArray(f.captions) ? f.captions : Array.isArray(f.actions) ? f.actions : null;
      captions = captions ? captions.map((c) => (typeof c === 'string' ? c : c.caption || actionText(c))) : null;
      const n = Number.isInteger(f.actions) ? f.actions : captions ? captions.length : 0;
      const rec = recTurns.find((t) => t.turn === turn) || recTurns[i] || {};
      const actions = rec.actions || [];
      return {turn, captions: Array.from({length: n}, (_, k) => (captions && captions[k]) || (actions[k] ? actionText(actions[k]) : `action ${k + 1}`)), actions};
    });
  }
  return recTurns.map((t, i) => ({turn: t.turn ?? i, captions: (t.actions || []).map(actionText), actions: t.actions || []}));
}

/** Every stop of the replay: a turn's start, then each result of each action. */
export function steps(frames) {
  const out = [];
  frames.forEach((f, ti) => {
    out.push({ti, k: 0, r: 0});
    f.captions.forEach((_, a) => {
      const m = ((f.actions[a] || {}).results || []).length;
      if (m <= 1) out.push({ti, k: a + 1, r: m});
      else for (let r = 1; r <= m; r++) out.push({ti, k: a + 1, r});
    });
  });
  return out;
}

export async function replayPage(main, id, query) {
  const [status, record] = await Promise.all([api.status(id), api.record(id)]);
  let frames;
  try {
    frames = normalizeFrames(await api.frames(id), record);
  } catch {
    frames = normalizeFrames(null, record);
  }
  pageTitle(`Replay of ${status.title || id}`);
  const all = steps(frames);
  if (!all.length) {
    fill(main, h('h1', {}, `Replay of ${status.title || id}`), h('p', {}, 'This record has no turns yet.'));
    return null;
  }

  let at = 0;
  const start = query.get('step');
  if (start !== null && /^\d+$/.test(start)) at = Math.min(Number(start), all.length - 1);
  let timer = null;
  let seq = 0;
  const cache = new Map();

  const board = h('div', {class: 'board-box', id: 'replay-board'});
  const where = h('p', {class: 'position', id: 'replay-position', 'aria-live': 'polite'});
  const list = h('ol', {class: 'actions', id: 'replay-actions'});
  const slider = h('input', {type: 'range', id: 'turn-slider', min: 0, max: frames.length - 1, step: 1, value: 0,
    oninput: () => { stop(); go(all.findIndex((s) => s.ti === Number(slider.value))); }});
  const btn = (label, onclick, extra = {}) => h('button', {type: 'button', onclick, ...extra}, label);
  const first = btn('First', () => { stop(); go(0); }, {'aria-keyshortcuts': 'Home'});
  const prev = btn('Previous', () => { stop(); go(at - 1); }, {'aria-keyshortcuts': 'ArrowLeft'});
  const play = btn('Play', () => (timer ? stop() : startPlay()), {'aria-pressed': 'false', id: 'play-pause'});
  const next = btn('Next', () => { stop(); go(at + 1); }, {'aria-keyshortcuts': 'ArrowRight'});
  const last = btn('Last', () => { stop(); go(all.length - 1); }, {'aria-keyshortcuts': 'End'});
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
      h('section', {class: 'board-section', 'aria-label': 'Board'}, board),
      h('aside', {class: 'side'}, h('h2', {}, 'Actions of this turn'), list)));

  function renderList() {
    const s = all[at];
    const f = frames[s.ti];
    fill(list, f.captions.length ? f.captions.map((c, a) => {
      const done = a < s.k;
      const current = a === s.k - 1;
      const results = (f.actions[a] || {}).results || [];
      const shown = current ? results.slice(0, Math.max(s.r, 0)) : done ? results : [];
      return h('li', {class: done ? (current ? 'current' : 'done') : 'later', 'aria-current': current ? 'step' : false},
        c, shown.length ? h('ul', {class: 'results'}, shown.map((r) => h('li', {}, resultText(r),
          (r.results || []).length ? h('ul', {class: 'subresults'}, r.results.map((x) => h('li', {}, resultText(x)))) : null))) : null);
    }) : h('li', {class: 'muted'}, 'No actions this turn.'));
  }

  async function renderBoard() {
    const s = all[at];
    const f = frames[s.ti];
    const key = `${f.turn}/${s.k}`;
    const mine = ++seq;
    board.setAttribute('aria-busy', 'true');
    try {
      let text = cache.get(key);
      if (text === undefined) {
        text = await api.recordSvg(id, f.turn, s.k);
        cache.set(key, text);
      }
      if (mine !== seq) return;
      fill(board, parseSvg(text));
    } catch (e) {
      if (mine !== seq) return;
      const rec = (record.turns || []).find((t) => t.turn === f.turn) || {};
      showViewText(board, {turn: f.turn, units_at_turn_start: rec.units}, e.message);
    } finally {
      if (mine === seq) board.setAttribute('aria-busy', 'false');
    }
  }

  function go(i) {
    at = Math.max(0, Math.min(all.length - 1, i));
    const s = all[at];
    const f = frames[s.ti];
    const m = ((f.actions[s.k - 1] || {}).results || []).length;
    slider.value = String(s.ti);
    slider.setAttribute('aria-valuetext', `Turn ${f.turn}`);
    main.querySelector('#turn-out').textContent = `${f.turn} (${s.ti + 1} of ${frames.length})`;
    const text = `Turn ${f.turn}, action ${s.k} of ${f.captions.length}${m > 1 ? `, result ${s.r} of ${m}` : ''}`;
    fill(where, text);
    where.dataset.step = String(at);
    where.dataset.last = String(at === all.length - 1);
    first.disabled = prev.disabled = at === 0;
    next.disabled = last.disabled = at === all.length - 1;
    renderList();
    renderBoard();
    if (at === all.length - 1 && timer) stop();
  }

  function startPlay() {
    if (at === all.length - 1) go(0);
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
    const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: all.length - 1};
    if (e.key in moves && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); stop(); go(moves[e.key]); }
  };
  document.addEventListener('keydown', onKey);
  go(at);
  return () => { stop(); document.removeEventListener('keydown', onKey); };
}
