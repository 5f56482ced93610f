// A ttrts game against the random bot, played to the end by clicking: each
// turn, every unit of ours is picked on the board and given an order, then
// the orders are submitted; the turn resolves live through the event
// stream, and at the end the outcome is shown.

import {BASE, apiGet, assert, createGame, waitForTurnChange} from '../lib.mjs';

const AHEAD = {N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0]};
const LEFT = {N: 'W', W: 'S', S: 'E', E: 'N'};
const RIGHT = {N: 'E', E: 'S', S: 'W', W: 'N'};

/** A simple plan for one unit: attack what is ahead, else head for the nearest enemy. */
export function plan(view, unit) {
  const at = (x, y) => view.units.find((u) => u.pos.x === x && u.pos.y === y);
  const wall = (x, y) => view.walls.some((w) => w.x === x && w.y === y);
  const free = (x, y) => x >= 0 && y >= 0 && x < view.width && y < view.height && !wall(x, y) && !at(x, y);
  const [dx, dy] = AHEAD[unit.dir];
  const ahead = at(unit.pos.x + dx, unit.pos.y + dy);
  if (ahead && ahead.player !== unit.player) return 'A';
  const foes = view.units.filter((u) => u.player !== unit.player);
  if (!foes.length) return 'F';
  const dist = (u) => Math.abs(u.pos.x - unit.pos.x) + Math.abs(u.pos.y - unit.pos.y);
  const foe = foes.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  const want = [];
  if (foe.pos.x > unit.pos.x) want.push('E');
  if (foe.pos.x < unit.pos.x) want.push('W');
  if (foe.pos.y > unit.pos.y) want.push('N');
  if (foe.pos.y < unit.pos.y) want.push('S');
  if (want.includes(unit.dir) && free(unit.pos.x + dx, unit.pos.y + dy)) return 'F';
  if (want.includes(LEFT[unit.dir])) return 'L';
  if (want.includes(RIGHT[unit.dir])) return 'R';
  return free(unit.pos.x + dx, unit.pos.y + dy) ? 'F' : 'R';
}

const BUTTON = {F: 'Forward (F)', L: 'Turn left (L)', R: 'Turn right (R)', A: 'Attack (A)'};

export default {
  name: 'ttrts',
  async run(b) {
    const {page} = b;
    const id = await createGame(page, {ruleset: 'ttrts', scenario: 'Tiny2Player', seats: ['human', 'random'], seed: 7});
    await page.getByRole('button', {name: /^Play Red here$/}).click();
    await page.locator('#game-status[data-turn]').waitFor();
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'start');
    const me = 0;
    let turns = 0;
    for (;;) {
      const finished = await page.locator('#game-status').getAttribute('data-finished');
      if (finished === 'true') break;
      assert(turns < 80, 'the game did not end within 80 turns');
      const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
      await page.locator('#submit-orders:enabled').waitFor();
      const {view} = await apiGet(`/api/games/${id}/view`);
      const mine = view.units.filter((u) => u.player === me);
      for (const u of mine) {
        // Picked on the board itself: the SVG element of the unit.
        await page.locator(`#board [data-kind="unit"][data-id="${u.id}"]`).click();
        await page.getByRole('button', {name: BUTTON[plan(view, u)], exact: true}).click();
      }
      assert(await page.locator('#orders > li').count() === mine.length, `turn ${turn}: one order per unit`);
      await page.locator('#submit-orders').click();
      await waitForTurnChange(page, turn);
      turns++;
      if (turns === 1) {
        // The units moved: the board outlines what the turn changed and
        // says so under it.
        await page.waitForFunction(() => Number(document.getElementById('board').dataset.changed || 0) > 0);
        const note = await page.locator('#changes-note').textContent();
        assert(/^Since turn \d+: \d+ things? new or changed/.test(note), `the changes are told: ${note}`);
        assert(await page.locator('#board .changed').count() > 0, 'changed things are outlined');
        await b.screenshot('#board', 'changes');
      }
    }
    const status = await page.locator('#game-status').textContent();
    assert(/Game over/.test(status), `the outcome is shown: ${status}`);
    const api = await apiGet(`/api/games/${id}`);
    assert(api.finished && api.outcome, 'the server says the game is over');
    await page.locator('#event-log li', {hasText: 'Game over'}).first().waitFor();
    await b.screenshot('#board', 'end');
    await b.axe('finished play page');
    await b.widths('finished');
    console.log(`     ttrts: ${turns} turns played by clicking; ${status.trim()} (${BASE}/#/replay/${id})`);
  },
};
