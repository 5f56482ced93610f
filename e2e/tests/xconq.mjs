// An Xconq `intro` game against the greedy bot, played to its end by
// clicking in the page: each of our turns, towns with nothing in hand are
// picked and told to build infantry (a button of the controls), and a few
// of our units are picked and sent by clicks — an enemy or free unit next
// to them (an attack), the nearest town not ours (the controller walks
// there and strikes), or else a cell at the edge of what we have seen (a
// walk). The view read from the API only decides what to click; every
// order is given by clicks and sent with the page's Submit button.
//
// The game is played until one side has won (seed 7: the bot takes our
// last town at turn 48). It is created with the module option `last-turn`
// (LAST_TURN below) only as a guard: a game the turn limit ends, drawn,
// fails the test, since it was not played to its end.
//
// Fog, on screen: each turn the units in the page's DOM are compared with
// our seat's view (nothing the seat does not know is drawn), and after the
// end with the record (where the server kept every side's true units):
// the enemy units then out of our sight were present and not in the DOM.
//
// The `intro` module is read from the Xconq library of the reference
// corpus (`scripts/e2e` sets ORDERLY_XCONQ_LIB to ../shared/corpus/xconq/lib
// when it is there); without it the server cannot set the game up and the
// test says so on one line and passes.

import {ADMIN, BASE, apiGet, assert} from '../lib.mjs';

const LAST_TURN = 200;
const SEED = 7;
/** Most units given orders in one turn (the rest stay put). */
const MOVERS_PER_TURN = 5;
const DX = [0, 1, 1, 0, -1, -1];
const DY = [1, 0, -1, -1, 0, 1];

function distance(view, x1, y1, x2, y2) {
  let dx = x2 - x1;
  const dy = y2 - y1;
  if (view.circumference === view.width) {
    const w = view.width;
    if (dx > w / 2) dx -= w; else if (dx < -w / 2) dx += w;
  }
  if (dx >= 0) return dy >= 0 ? dx + dy : (-dy <= dx ? dx : -dy);
  if (dy <= 0) return -(dx + dy);
  return dy <= -dx ? -dx : dy;
}

function terrainAt(view, x, y) {
  const row = view.terrain[view.height - 1 - y];
  const c = row ? row.charCodeAt(x) : 0;
  return c >= 97 && c <= 122 ? c - 97 : null;
}

function inside(view, x, y) {
  const hh = Math.floor(view.height / 2);
  return y >= 1 && y <= view.height - 2 && x >= 1 && x <= view.width - 2 && x + y >= hh + 1 && x + y <= view.width + hh - 2;
}

const typeOf = (view, name) => view.types.findIndex((t) => t.name === name);

/**
 * What to click for one unit of ours: an attack on a neighbour it can
 * hurt, the nearest town not ours, or the nearest empty cell that borders
 * unseen land; null when none of these helps.
 */
function planUnit(view, u, taken) {
  const ti = typeOf(view, u.type);
  const t = view.types[ti];
  if (!t || !t.mobile || !u.complete || u.acp <= 0) return null;
  const foes = view.units.filter((e) => e.side !== view.side && !e.transport);
  const near = foes.filter((e) => distance(view, u.x, u.y, e.x, e.y) === 1 && t.hits.includes(typeOf(view, e.type)));
  if (near.length) return {kind: 'attack', foe: near[0]};
  const towns = foes.filter((e) => !view.types[typeOf(view, e.type)].mobile && t.hits.includes(typeOf(view, e.type)));
  towns.sort((a, b) => distance(view, u.x, u.y, a.x, a.y) - distance(view, u.x, u.y, b.x, b.y));
  if (towns.length && distance(view, u.x, u.y, towns[0].x, towns[0].y) <= 12) return {kind: 'attack', foe: towns[0]};
  // Explore: breadth-first over cells it may enter, to the first one next
  // to an unseen cell with no unit drawn in it.
  const occupied = new Set([...view.own, ...view.units].map((o) => `${o.x},${o.y}`));
  const seen = new Set([`${u.x},${u.y}`]);
  const queue = [[u.x, u.y, 0]];
  while (queue.length) {
    const [x, y, d] = queue.shift();
    if (d > 0 && !occupied.has(`${x},${y}`) && !taken.has(`${x},${y}`)) {
      const edge = DX.some((_, k) => terrainAt(view, x + DX[k], y + DY[k]) === null && inside(view, x + DX[k], y + DY[k]));
      if (edge) return {kind: 'walk', x, y};
    }
    if (d > 30) continue;
    for (let k = 0; k < 6; k++) {
      const nx = x + DX[k];
      const ny = y + DY[k];
      const terr = terrainAt(view, nx, ny);
      if (seen.has(`${nx},${ny}`) || !inside(view, nx, ny) || terr === null || !t.enters[terr]) continue;
      if (foes.some((e) => e.x === nx && e.y === ny)) continue;
      seen.add(`${nx},${ny}`);
      queue.push([nx, ny, d + 1]);
    }
  }
  return null;
}

/** The unit ids drawn on the board now, with their cells. */
async function drawnUnits(page) {
  return page.locator('#board [data-kind="unit"]').evaluateAll((els) => els.map((e) => Number(e.dataset.id)));
}

/**
 * Creates an Xconq game of `scenario` (seat 0 a person, seat 1 the greedy
 * bot), joins it as seat 0 and opens its page; null when the server has no
 * such module (the corpus library is not beside the project), after one
 * line saying the test `name` is skipped.
 */
export async function openXconq(page, name, scenario, seed, options) {
  const resp = await fetch(`${BASE}/api/games`, {method: 'POST',
    headers: {'Content-Type': 'application/json', ...(ADMIN ? {Authorization: `Bearer ${ADMIN}`} : {})},
    body: JSON.stringify({ruleset: 'xconq', scenario, seats: ['human', 'greedy'], seed, options})});
  if (!resp.ok) {
    const text = await resp.text();
    if (text.includes(scenario) && /(not found|no module|cannot find|unknown)/i.test(text)) {
      console.log(`     ${name}: skipped: the server has no ${scenario} module (ORDERLY_XCONQ_LIB, ../shared/corpus/xconq/lib): ${text.slice(0, 160)}`);
      return null;
    }
    assert(false, `POST /api/games (xconq ${scenario}): ${resp.status} ${text}`);
  }
  const c = await resp.json();
  const id = c.id;
  const token = c.tokens[0].token;
  await page.goto(`${BASE}/#/join/${id}/0/${encodeURIComponent(token)}`);
  await page.locator('#game-status[data-turn]').waitFor();
  await page.goto(`${BASE}/#/game/${id}?seat=0`);
  return {id, token};
}

export default {
  name: 'xconq',
  async run(b) {
    const {page} = b;
    const started = Date.now();
    const game = await openXconq(page, 'xconq', 'intro', SEED, {'last-turn': LAST_TURN});
    if (!game) return;
    const {id, token} = game;
    await page.locator('#game-status[data-turn]').waitFor();
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'start');
    await b.axe('Xconq play page');
    await b.widths('start');

    let turns = 0;
    let clicks = 0;
    let attacks = 0;
    let walks = 0;
    let builds = 0;
    let failedTurns = 0; // turns on which the page listed failed orders
    let holder = null; // the unit told to hold, then to wake
    let holdStage = null;
    let holdChecked = false;
    const shots = []; // per turn: what the page drew, and what the seat knew
    let map = null; // the map's size, for distances
    for (;;) {
      await page.waitForFunction(() => {
        const s = document.getElementById('game-status');
        const button = document.getElementById('submit-orders');
        return (s && s.dataset.finished === 'true') || (button && !button.disabled);
      }, null, {timeout: 60000});
      if (await page.locator('#game-status').getAttribute('data-finished') === 'true') break;
      assert(turns <= LAST_TURN + 1, `the game did not end by turn ${LAST_TURN}`);
      const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
      const {view} = await apiGet(`/api/games/${id}/view`, token);
      assert(view.turn === turn, `the page shows turn ${turn}, the server ${view.turn}`);
      map = {width: view.width, height: view.height, circumference: view.circumference};

      // Fog on screen: every unit drawn is ours or one our side has seen.
      // The page shows the new turn's number before its new board has
      // arrived: wait (bounded) for the board that has all our units.
      const known = new Set([...view.own, ...view.units].map((u) => u.id));
      await page.waitForFunction(([k, own]) => {
        const ids = [...document.querySelectorAll('#board [data-kind="unit"]')].map((e) => Number(e.dataset.id));
        const drawnNow = new Set(ids);
        const knownNow = new Set(k);
        return ids.every((x) => knownNow.has(x)) && own.every((x) => drawnNow.has(x));
      }, [[...known], view.own.map((u) => u.id)], {timeout: 15000}).catch(() => {});
      const drawn = await drawnUnits(page);
      const leak = drawn.filter((d) => !known.has(d));
      assert(leak.length === 0, `turn ${turn}: the page draws units our side does not know: ${leak.join(', ')}`);
      shots.push({turn, drawn: new Set(drawn), own: view.own.map((u) => u.id).sort((a, x) => a - x),
        images: new Set(view.units.map((u) => u.id))});

      // Our orders of the last turn that failed when they ran (a walk
      // that ran out of action points, an attack on a unit gone): with no
      // unit picked, the controls list each one the view names.
      if ((view.failed || []).length) {
        await page.locator('#failed-orders li').first().waitFor({timeout: 5000});
        const listed = await page.locator('#failed-orders li').count();
        assert(listed === view.failed.length, `turn ${turn}: the page lists ${listed} failed orders, the view ${view.failed.length}`);
        failedTurns++;
      } else {
        assert(await page.locator('#failed-orders').count() === 0, `turn ${turn}: a failed-orders list with none failed`);
      }

      // Towns with nothing in hand: build infantry.
      for (const town of view.own) {
        const t = view.types[typeOf(view, town.type)];
        if (t.mobile || !t.builds.length || !town.complete || town.acp <= 0) continue;
        if (view.own.some((o) => o.transport === town.id && !o.complete)) continue;
        await page.locator(`.pick[data-kind="unit"][data-id="${town.id}"]`).first().click();
        await page.getByRole('button', {name: 'Build infantry', exact: true}).click();
        await page.locator(`#orders > li[data-key="unit:${town.id}"]`).waitFor();
        clicks += 2;
        builds++;
      }

      // Hold and wake by clicks: from our second turn, one complete mobile
      // unit is told to hold (stay put); the next turn the server's view says it
      // holds and its controls offer Wake, which is clicked; the turn
      // after, it no longer holds.
      if (holder && holdStage === 'held') {
        const u = view.own.find((o) => o.id === holder);
        if (u) {
          assert(u.hold === true, `unit ${holder} holds after its Hold order`);
          await page.locator(`.pick[data-kind="unit"][data-id="${holder}"]`).first().click();
          await page.getByRole('button', {name: 'Wake', exact: true}).click();
          await page.locator(`#orders > li[data-key="unit:${holder}"]`).waitFor();
          clicks += 2;
          holdStage = 'woken';
        } else {
          holder = null; // lost: try again with another unit
          holdStage = null;
        }
      } else if (holder && holdStage === 'woken') {
        const u = view.own.find((o) => o.id === holder);
        if (u) assert(u.hold === false, `unit ${holder} no longer holds after Wake`);
        holdStage = 'done';
        holdChecked = Boolean(u);
      } else if (!holder && holdStage === null && turns >= 1) {
        const u = view.own.find((o) => o.complete && view.types[typeOf(view, o.type)].mobile);
        if (u) {
          await page.locator(`.pick[data-kind="unit"][data-id="${u.id}"]`).first().click();
          await page.getByRole('button', {name: 'Hold', exact: true}).click();
          await page.locator(`#orders > li[data-key="unit:${u.id}"]`).waitFor();
          clicks += 2;
          holder = u.id;
          holdStage = 'held';
        }
      }

      // A few units: attack, march on a town, or explore.
      const taken = new Set();
      let ordered = 0;
      for (const u of view.own) {
        if (ordered >= MOVERS_PER_TURN) break;
        if (u.id === holder && holdStage !== 'done') continue;
        const step = planUnit(view, u, taken);
        if (!step) continue;
        await page.locator(`.pick[data-kind="unit"][data-id="${u.id}"]`).first().click();
        clicks++;
        if (step.kind === 'attack') {
          // The target on the board; when units crowd its cell, its button.
          const onBoard = page.locator(`#board [data-kind="unit"][data-id="${step.foe.id}"]`);
          try {
            await onBoard.click({timeout: 3000});
          } catch {
            await page.locator(`.pick[data-kind="unit"][data-id="${step.foe.id}"]`).first().click();
          }
          attacks++;
        } else {
          taken.add(`${step.x},${step.y}`);
          await page.locator(`#board [data-kind="cell"][data-id="${step.x},${step.y}"]`).click();
          walks++;
        }
        clicks++;
        // Either an order line for the unit, or a message why not.
        const line = page.locator(`#orders > li[data-key="unit:${u.id}"]`);
        if (await line.count() === 0) continue;
        ordered++;
      }
      await page.locator('#submit-orders').click();
      clicks++;
      await page.waitForFunction((t) => {
        const s = document.getElementById('game-status');
        return s && (s.dataset.turn !== String(t) || s.dataset.finished === 'true');
      }, turn, {timeout: 60000});
      turns++;
      if (turns === 5) {
        await b.widths('playing');
        await b.axe('Xconq play page with orders given');
      }
    }

    const status = (await page.locator('#game-status').textContent()).trim();
    const api = await apiGet(`/api/games/${id}`);
    assert(api.finished, 'the server says the game is over');
    assert(/Game over/.test(status), `the outcome is shown: ${status}`);
    const w = api.outcome && api.outcome.winner;
    assert(w !== null && w !== undefined, `a side won before the turn limit (${LAST_TURN}): ${status}`);
    if (w === 0) assert(/You won/.test(status), `a win is told as ours: ${status}`);
    else assert(/You lost/.test(status), `a loss is told as ours: ${status}`);
    assert(walks > 0 && builds > 0, `orders were given by clicks (${attacks} attacks, ${walks} walks, ${builds} builds)`);
    assert(holdChecked, `a unit was told to hold and to wake by clicks (unit ${holder}, ${holdStage})`);

    // Fog against the truth: the record holds every side's units per turn.
    // An enemy unit farther than any vision range from all of ours, and
    // not one of our images, was not drawn; and there were such units.
    const record = await apiGet(`/api/games/${id}/record`);
    const rturns = record.turns || [];
    let hiddenChecked = 0;
    let from = 0;
    for (const shot of shots) {
      // The record turn whose units of ours are the ones the page had.
      const k = rturns.findIndex((t, i) => i >= from && t.units && t.units[0]
        && t.units[0].map((u) => u.id).sort((a, x) => a - x).join() === shot.own.join());
      if (k < 0) continue;
      from = k;
      const ours = rturns[k].units[0];
      for (const e of rturns[k].units[1] || []) {
        const [ex, ey] = e.assignment;
        const far = ours.every((o) => distance(map, o.assignment[0], o.assignment[1], ex, ey) > 4);
        if (!far || shot.images.has(e.id)) continue;
        assert(!shot.drawn.has(e.id), `turn ${shot.turn}: enemy ${e.type} ${e.id} at (${ex}, ${ey}), out of our sight, is in the page`);
        hiddenChecked++;
      }
    }
    assert(hiddenChecked > 0, 'some enemy unit out of sight was checked against the page');

    await page.locator('#event-log li', {hasText: 'Game over'}).first().waitFor();
    await b.screenshot('#board', 'end');
    await b.axe('finished Xconq play page');
    await b.widths('finished');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`     xconq: intro to turn ${api.turn} (guard: last-turn ${LAST_TURN}), ${turns} of our turns, ${clicks} clicks (${attacks} attacks, ${walks} walks, ${builds} builds), failed orders listed on ${failedTurns} turns, fog checked on ${shots.length} turns (${hiddenChecked} hidden enemy units), ${seconds} s; ${status} (${BASE}/#/replay/${id})`);
  },
};
