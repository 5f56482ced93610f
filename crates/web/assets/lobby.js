// The lobby: every game on the server (ruleset, turn, who is awaited,
// outcome), creating a game (ruleset, map or scenario, each seat a human or
// a bot), and a join link per human seat of a game just created.

import {h, fill, errorBox, field, announce, pageTitle, keepingFocus} from './dom.js';
import {api} from './api.js';
import {seatsOf, keepSeat, adminToken, keepAdminToken} from './store.js';

/** "Red, Green" for the awaited seats of a status. */
export function seatNames(status, seats) {
  return seats.map((s) => (status.seats || []).find((x) => x.seat === s)?.name || `seat ${s}`).join(', ');
}

/** The outcome in words. */
export function outcomeText(status) {
  const o = status.outcome;
  if (!o) return status.finished ? 'over' : '';
  const winner = o.winner === null || o.winner === undefined
    ? 'No winner' : `${seatNames(status, [o.winner])} wins`;
  return o.reason ? `${winner}: ${o.reason}` : winner;
}

function playerText(p) {
  if (p === 'human') return 'human';
  if (p && p.bot) return `bot ${p.bot}`;
  if (p && p.rules) return 'played by the rules';
  return String(p);
}

function gamesTable(games) {
  if (!games.length) return h('p', {class: 'muted'}, 'No games yet. Create one below.');
  return h('table', {class: 'games'},
    h('caption', {class: 'visually-hidden'}, 'Games on this server'),
    h('thead', {}, h('tr', {},
      ['Game', 'Ruleset', 'Seats', 'Turn', 'Awaited', 'Outcome'].map((t) => h('th', {scope: 'col'}, t)),
      h('th', {scope: 'col'}, h('span', {class: 'visually-hidden'}, 'Play, watch or replay')))),
    h('tbody', {}, games.map((g) => {
      const mine = seatsOf(g.id);
      return h('tr', {'data-game': g.id},
        h('th', {scope: 'row'}, h('a', {href: `#/game/${encodeURIComponent(g.id)}`}, g.title || g.id),
          h('small', {class: 'muted id'}, ` ${g.id}`)),
        h('td', {}, g.ruleset),
        h('td', {}, (g.seats || []).map((s) => `${s.name} (${playerText(s.player)})`).join(', ')),
        h('td', {}, String(g.turn)),
        h('td', {}, g.finished ? '—' : seatNames(g, g.missing || g.awaiting || [])),
        h('td', {}, outcomeText(g)),
        h('td', {class: 'actions'},
          h('a', {href: `#/game/${encodeURIComponent(g.id)}`},
            mine.length ? `Play (${mine.map((m) => `seat ${m.seat}`).join(', ')})` : 'Watch'),
          ' ',
          h('a', {href: `#/replay/${encodeURIComponent(g.id)}`}, 'Replay')));
    })));
}

function joinLink(id, seat, token) {
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/join/${encodeURIComponent(id)}/${seat}/${encodeURIComponent(token)}`;
}

function createdPanel(created) {
  const status = created.status || {};
  const rows = (created.tokens || []).map(({seat, token}) => {
    const link = joinLink(created.id, seat, token);
    const name = (status.seats || []).find((s) => s.seat === seat)?.name || `Seat ${seat}`;
    const input = h('input', {type: 'text', readonly: true, value: link, class: 'link',
      onfocus: (e) => e.target.select()});
    return h('li', {'data-seat': seat},
      field(`Join link for ${name} (seat ${seat})`, input, 'Give this link to the player of this seat; it carries the seat\'s secret token.'),
      h('button', {type: 'button', onclick: () => {
        keepSeat(created.id, seat, token);
        location.hash = `#/game/${encodeURIComponent(created.id)}?seat=${seat}`;
      }}, `Play ${name} here`));
  });
  return h('section', {class: 'created', 'aria-labelledby': 'created-h'},
    h('h2', {id: 'created-h', tabindex: -1}, `Game ${created.id} created`),
    rows.length
      ? [h('p', {}, 'The tokens are shown only once: keep the links.'), h('ul', {class: 'joins'}, rows)]
      : h('p', {}, 'Every seat is a bot. ', h('a', {href: `#/game/${encodeURIComponent(created.id)}`}, 'Watch the game'), '.'));
}

function createForm(rulesets, out, reload) {
  const ruleset = h('select', {id: 'new-ruleset', name: 'ruleset'},
    rulesets.map((r) => h('option', {value: r.name}, `${r.name} ${r.version || ''}`.trim())));
  // The ruleset's maps are offered as a list; any other name (or a path the
  // server knows) can still be typed.
  const maps = h('datalist', {id: 'new-scenario-list'});
  const scenario = h('input', {type: 'text', id: 'new-scenario', name: 'scenario', autocomplete: 'off', spellcheck: 'false',
    list: 'new-scenario-list'});
  const seed = h('input', {type: 'number', id: 'new-seed', name: 'seed', min: 0, step: 1, inputmode: 'numeric'});
  const deadline = h('input', {type: 'number', id: 'new-deadline', name: 'deadline', min: 1, step: 1, inputmode: 'numeric'});
  const maxTurns = h('input', {type: 'number', id: 'new-max-turns', name: 'max_turns', min: 1, step: 1, inputmode: 'numeric', placeholder: '1000'});
  const admin = h('input', {type: 'password', id: 'new-admin', name: 'admin', autocomplete: 'off', value: adminToken()});
  const seatList = h('ol', {class: 'seat-list'});
  let seatCount = 2;
  const known = new Set();

  const current = () => rulesets.find((r) => r.name === ruleset.value) || rulesets[0];
  const renderSeats = () => {
    const r = current();
    const old = [...seatList.querySelectorAll('select')].map((s) => s.value);
    fill(seatList, Array.from({length: seatCount}, (_, i) => {
      const sel = h('select', {id: `new-seat-${i}`, name: `seat-${i}`},
        h('option', {value: 'human'}, 'Human'),
        (r.bots || []).map((b) => h('option', {value: b}, `Bot: ${b}`)));
      const want = old[i] ?? (i === 0 ? 'human' : (r.bots || [])[0] || 'human');
      if ([...sel.options].some((o) => o.value === want)) sel.value = want;
      return h('li', {}, field(`Seat ${i}`, sel));
    }));
    const def = r.default_scenario || r.scenario || '';
    scenario.placeholder = def ? `${def} (default)` : 'the ruleset\'s default';
    const asked = r.name;
    api.scenarios(r.name).then((got) => {
      for (const name of got.scenarios || []) known.add(`${asked}\u0001${name}`);
      if (current().name !== asked) return;
      fill(maps, (got.scenarios || []).map((name) => h('option', {value: name})));
      fitSeats();
    }, () => fill(maps));
  };
  // The seats follow the chosen map's players: the server asks the rules
  // how many seats a game of it takes, and the list grows or shrinks to
  // the nearest such number (the seats already chosen are kept).
  const seatsHint = h('p', {class: 'hint', id: 'seats-hint', 'aria-live': 'polite'});
  let fitAsked = 0;
  const fitSeats = async () => {
    const r = current();
    const name = scenario.value.trim() || r.default_scenario || '';
    const asked = ++fitAsked;
    // Only the ruleset's own maps are asked about (a file name or a name
    // being typed is no map the server could count).
    if (!name || !known.has(`${r.name}\u0001${name}`)) { fill(seatsHint); return; }
    let counts = [];
    try {
      counts = (await api.scenarioSeats(r.name, name)).seat_counts || [];
    } catch { /* not a bundled map (a file, a typo): the seats stay as they are */ }
    if (asked !== fitAsked) return;
    if (!counts.length) { fill(seatsHint); return; }
    if (!counts.includes(seatCount)) {
      const bigger = counts.find((n) => n >= seatCount);
      seatCount = bigger ?? counts[counts.length - 1];
      renderSeats();
    }
    const says = counts.length === 1 ? `${counts[0]}` : `${counts[0]} to ${counts[counts.length - 1]}`;
    fill(seatsHint, `${name} is played by ${says} ${counts.length === 1 && counts[0] === 1 ? 'seat' : 'seats'}.`);
  };
  ruleset.addEventListener('change', () => { renderSeats(); fitSeats(); });
  let typing = null;
  scenario.addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(fitSeats, 250); });
  scenario.addEventListener('change', fitSeats);
  renderSeats();
  fitSeats();

  const errors = h('div', {class: 'form-errors'});
  const form = h('form', {class: 'create', 'aria-labelledby': 'create-h', novalidate: true,
    onsubmit: async (e) => {
      e.preventDefault();
      fill(errors);
      const req = {ruleset: ruleset.value, seats: [...seatList.querySelectorAll('select')].map((s) => s.value)};
      if (scenario.value.trim()) req.scenario = scenario.value.trim();
      if (seed.value !== '') req.seed = Number(seed.value);
      // A turn resolves as soon as every seat's orders are in, or at the deadline.
      if (deadline.value !== '') req.deadline = {policy: 'all_done_or_limit', seconds: Number(deadline.value)};
      if (maxTurns.value !== '') req.max_turns = Number(maxTurns.value);
      keepAdminToken(admin.value);
      const button = form.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const created = await api.create(req, admin.value);
        fill(out, createdPanel(created));
        announce(`Game ${created.id} created`);
        out.querySelector('h2')?.focus();
        reload();
      } catch (err) {
        fill(errors, errorBox(err));
        announce(`The game was not created: ${err.message}`);
      } finally {
        button.disabled = false;
      }
    }},
  h('h2', {id: 'create-h'}, 'New game'),
  field('Ruleset', ruleset),
  field('Map or scenario', scenario, 'Pick one of the ruleset\'s maps from the list, or leave blank for its default.'), maps,
  h('fieldset', {}, h('legend', {}, 'Seats'), seatsHint, seatList,
    h('div', {class: 'command-row'},
      h('button', {type: 'button', onclick: () => { seatCount = Math.min(16, seatCount + 1); renderSeats(); }}, 'Add a seat'),
      h('button', {type: 'button', onclick: () => { seatCount = Math.max(1, seatCount - 1); renderSeats(); }}, 'Remove the last seat'))),
  h('details', {}, h('summary', {}, 'More options'),
    field('Seed', seed, 'Blank for a random one.'),
    field('Turn deadline in seconds', deadline, 'The turn resolves when every seat\'s orders are in, or at this deadline, whichever comes first; seats that send nothing by then get default orders. Blank: no deadline (wait for everyone).'),
    field('Turn limit', maxTurns, 'The game ends without a winner after this many turns if nobody has won (blank: 1000).')),
  field('Admin token', admin, 'Needed when the server was started with one (`orderly serve` prints it).'),
  errors,
  h('button', {type: 'submit', class: 'primary'}, 'Create the game'));
  return form;
}

export async function lobbyPage(main) {
  pageTitle('Lobby');
  const list = h('div', {class: 'game-list', 'aria-live': 'polite', 'aria-busy': 'true', tabindex: '-1'}, h('p', {class: 'muted'}, 'Loading games…'));
  const out = h('div', {});
  // The newest games first, a page at a time: "Show more games" fetches the
  // page the server's Link header names and adds its rows.
  let shown = [];
  const draw = (page, error) => keepingFocus(list, () => fill(list,
    gamesTable(shown),
    error ? errorBox(error) : null,
    shown.length && page.total !== null ? h('p', {class: 'muted', id: 'games-count'}, `${shown.length} of ${page.total} games shown, newest first.`) : null,
    page.next ? h('button', {type: 'button', id: 'more-games', onclick: () => more(page.next)}, 'Show more games') : null), list);
  const load = async (path, keep) => {
    list.setAttribute('aria-busy', 'true');
    try {
      const page = await api.gamesPage(path);
      shown = keep ? shown.concat(page.games.filter((g) => !shown.some((s) => s.id === g.id))) : page.games;
      draw(page);
    } catch (e) {
      if (keep) draw({next: path, total: null}, e); else fill(list, errorBox(e));
    } finally {
      list.setAttribute('aria-busy', 'false');
    }
  };
  const reload = () => load(undefined, false);
  const more = (next) => load(next, true);
  let rulesets = [];
  let rulesetsError = null;
  try { rulesets = await api.rulesets(); } catch (e) { rulesetsError = e; }
  fill(main,
    h('h1', {}, 'Lobby'),
    h('section', {'aria-labelledby': 'games-h'},
      h('div', {class: 'section-head'}, h('h2', {id: 'games-h'}, 'Games'),
        h('button', {type: 'button', onclick: reload}, 'Refresh')),
      list),
    out,
    rulesetsError ? errorBox(rulesetsError) : createForm(rulesets, out, reload));
  await reload();
  return null;
}
