// A classic Tactics game against the greedy bot, played to its end by
// clicking on the board: each of our turns one unit is picked on the
// board, then an enemy unit it can strike is clicked (an attack) or else
// an open tile toward the enemy (a move), and the orders are submitted.
// The view read from the API only decides which unit and tile to click;
// every order is given by clicks. At the end the page says who won, from
// our side ("You won" / "You lost", or no winner by the pass rule).

import {BASE, apiGet, assert, createGame} from '../lib.mjs';

const key = (t) => `${t[0]},${t[1]}`;
/** Full health by type (specs/tactics.md §3.1); a unit's `mHealth` is what it lost or gained. */
const HEALTH = {Knight: 50, Pyromancer: 30, Scout: 40, Cleric: 24, LightningWard: 56, DarkMagicWitch: 28,
  Assassin: 35, Enchantress: 35, ChaosSeed: 100, ChaosDragon: 100};
const dist = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) + Math.min(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

/**
 * What to click this turn: an attack on the weakest enemy some unit of
 * ours can strike, else the move that brings a unit closest to an enemy
 * (never the Cleric, who heals from the back); null when nothing helps.
 */
export function plan(view, seat) {
  const teams = view.game.teams;
  const foes = teams.flatMap((t, i) => (i === seat ? [] : t.units || []));
  const friends = new Set((teams[seat].units || []).map((u) => key(u.tile)));
  const at = new Map(foes.map((u) => [key(u.tile), u]));
  const left = (u) => (HEALTH[u.type] || 40) + (u.mHealth ?? u.m_health ?? 0);
  let best = null;
  for (const o of view.options || []) {
    for (const t of o.targets || []) {
      const foe = at.get(key(t));
      if (!foe || friends.has(key(t))) continue;
      if (!best || left(foe) < left(best.foe)) best = {unit: o.unit, foe};
    }
  }
  if (best) return {kind: 'attack', unit: best.unit, foe: best.foe.id};
  const mine = new Map((teams[seat].units || []).map((u) => [u.id, u]));
  let move = null;
  for (const o of view.options || []) {
    const u = mine.get(o.unit);
    if (!u || u.type === 'Cleric') continue;
    const now = Math.min(...foes.map((f) => dist(f.tile, u.tile)));
    for (const t of o.moves || []) {
      const d = Math.min(...foes.map((f) => dist(f.tile, t)));
      if (d < now && (!move || d < move.d)) move = {kind: 'move', unit: o.unit, tile: t, d};
    }
  }
  return move;
}

export default {
  name: 'tactics',
  async run(b) {
    const {page} = b;
    const started = Date.now();
    const id = await createGame(page, {ruleset: 'tactics', scenario: 'classic', seats: ['human', 'greedy'], seed: 19});
    await page.getByRole('button', {name: /^Play .* here$/}).first().click();
    await page.locator('#game-status[data-turn]').waitFor();
    await page.locator('#board svg').waitFor();
    const token = await page.evaluate((gid) => localStorage.getItem(`orderly.seat.v2:${gid}:0`), id);
    const seat = 0;
    await b.screenshot('#board', 'start');
    await b.axe('Tactics play page');
    let turns = 0;
    let clicks = 0;
    let attacks = 0;
    let moves = 0;
    for (;;) {
      // Our turn (the submit button is enabled) or the end.
      await page.waitForFunction(() => {
        const s = document.getElementById('game-status');
        const button = document.getElementById('submit-orders');
        return (s && s.dataset.finished === 'true') || (button && !button.disabled);
      }, null, {timeout: 30000});
      if (await page.locator('#game-status').getAttribute('data-finished') === 'true') break;
      assert(turns < 400, 'the game did not end within 400 of our turns');
      const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
      const {view} = await apiGet(`/api/games/${id}/view`, token);
      assert(view.game.turn === turn, `the page shows turn ${turn}, the server ${view.game.turn}`);
      const step = plan(view, seat);
      if (step) {
        // Picked on the board: the unit's own picture...
        await page.locator(`#board [data-kind="unit"][data-id="${step.unit}"]`).click();
        clicks++;
        if (step.kind === 'attack') {
          // ...then the enemy on a red tile.
          await page.locator(`#board [data-kind="tile"].target-tile`).first().waitFor();
          await page.locator(`#board [data-kind="unit"][data-id="${step.foe}"]`).click();
          attacks++;
        } else {
          // ...then the open blue tile it moves to.
          await page.locator(`#board [data-kind="tile"].move-tile[data-id="${key(step.tile)}"]`).click();
          moves++;
        }
        clicks++;
        assert(await page.locator('#orders > li').count() === 1, `turn ${turn}: one order`);
      }
      await page.locator('#submit-orders').click();
      clicks++;
      await page.waitForFunction((t) => {
        const s = document.getElementById('game-status');
        return s && (s.dataset.turn !== String(t) || s.dataset.finished === 'true');
      }, turn, {timeout: 30000});
      turns++;
      if (turns === 3) await b.widths('playing');
    }
    const status = (await page.locator('#game-status').textContent()).trim();
    const api = await apiGet(`/api/games/${id}`);
    assert(api.finished && api.outcome, 'the server says the game is over');
    assert(/Game over/.test(status), `the outcome is shown: ${status}`);
    const w = api.outcome.winner;
    if (w === seat) assert(/You won/.test(status), `a win is told as ours: ${status}`);
    else if (w !== null && w !== undefined) assert(/You lost/.test(status), `a loss is told as ours: ${status}`);
    else assert(/No winner/.test(status), `no winner is told: ${status}`);
    assert(attacks > 0 && moves > 0, `orders were given by clicks (${attacks} attacks, ${moves} moves)`);
    // The record shows our clicked attacks as the engine records them.
    const record = await apiGet(`/api/games/${id}/record`);
    const ours = (record.turns || []).flatMap((t) => t.actions || []).filter((a) => a.teamId === seat && a.type === 'attack');
    assert(ours.length > 0, 'the record holds our attacks');
    await page.locator('#event-log li', {hasText: 'Game over'}).first().waitFor();
    await b.screenshot('#board', 'end');
    await b.axe('finished Tactics play page');
    await b.widths('finished');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`     tactics: ${turns} of our turns (${api.turn} in all), ${clicks} clicks (${attacks} attacks, ${moves} moves), ${seconds} s; ${status} (${BASE}/#/replay/${id})`);
  },
};
