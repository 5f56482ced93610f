// A Chaos game of Tactics between four bots, watched live as a spectator:
// the game is created with the 4 player seats only (the Chaos team is
// played by the rules), a fixed one-second deadline paces the turns, and
// the spectator's page follows them from the event stream: its turn
// counter and board change, the Seed (or, once hatched, the Dragon) is on
// the board, and the turns are told in the event log.

import {ADMIN, BASE, apiGet, apiPost, assert} from '../lib.mjs';

const WATCHED = 8;

export default {
  name: 'tactics-chaos',
  async run(b) {
    const {page} = b;
    const created = await apiPost('/api/games', {ruleset: 'tactics', scenario: 'chaos',
      seats: ['greedy', 'random', 'greedy', 'random'], seed: 5, max_turns: 60,
      deadline: {policy: 'fixed', seconds: 1}}, ADMIN);
    const id = created.id;
    assert(created.tokens.length === 0, 'no seat of a bot game has a token');
    const seats = created.status.seats;
    assert(seats.length === 5, `the Chaos team is put in as seat 0: ${JSON.stringify(seats)}`);
    assert(seats[0].name === 'Chaos' && seats[0].player && seats[0].player.rules === 'Chaos',
      `seat 0 is the Chaos team, played by the rules: ${JSON.stringify(seats[0])}`);
    assert(seats.slice(1).every((s) => s.player && s.player.bot), 'the four others are the bots asked for');

    await page.goto(`${BASE}/#/game/${id}?seat=spectator`);
    await page.locator('#board svg').waitFor();
    assert(await page.locator('#submit-orders').count() === 0, 'a spectator gives no orders');
    const chaos = '#board [data-kind="unit"][data-type="ChaosSeed"], #board [data-kind="unit"][data-type="ChaosDragon"]';
    await page.locator(chaos).first().waitFor();
    await b.axe('Tactics Chaos spectator page');
    await b.widths('spectator');

    const started = Date.now();
    let turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
    const seen = [turn];
    let boards = new Set([await page.locator('#board svg').innerHTML()]);
    while (seen.length <= WATCHED) {
      if (await page.locator('#game-status').getAttribute('data-finished') === 'true') break;
      await page.waitForFunction((t) => {
        const s = document.getElementById('game-status');
        return s && (s.dataset.turn !== String(t) || s.dataset.finished === 'true');
      }, turn, {timeout: 30000});
      turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
      seen.push(turn);
      await page.locator('#board svg').waitFor();
      assert(await page.locator(chaos).count() >= 1 || await page.locator('#game-status').getAttribute('data-finished') === 'true',
        `turn ${turn}: the Seed or the Dragon is on the board`);
      boards.add(await page.locator('#board svg').innerHTML());
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    assert(new Set(seen).size === seen.length && seen.every((t, i) => i === 0 || t > seen[i - 1]),
      `the turn counter only goes forward: ${seen.join(', ')}`);
    assert(boards.size > 1, 'the board changed as turns resolved');
    // The turns are told in the event log as they resolve.
    await page.locator('#event-log .turn-lines').first().waitFor({timeout: 30000});
    const status = await apiGet(`/api/games/${id}`);
    assert(status.turn >= seen[seen.length - 1], 'the page is not ahead of the server');
    await b.screenshot('#board', 'watched');
    await b.axe('Tactics Chaos spectator page, later');
    console.log(`     tactics-chaos: watched turns ${seen.join(', ')} live in ${seconds} s (${boards.size} different boards); ${BASE}/#/game/${id}?seat=spectator`);
  },
};
