// The lobby lists games a page at a time, newest first: with more games
// than one page holds, "Show more games" brings in the rest until all are
// listed, and the keyboard focus is not lost on the way.

import {apiPost, assert, ADMIN, BASE} from '../lib.mjs';

export default {
  name: 'lobby',
  async run(b) {
    const {page} = b;
    // Enough games that the lobby's first page (50) cannot hold them all.
    let newest = null;
    for (let i = 0; i < 55; i++) {
      const c = await apiPost('/api/games', {ruleset: 'ttrts', scenario: 'Tiny2Player', seats: ['human', 'human'], seed: i}, ADMIN);
      newest = c.id;
    }
    await page.goto(`${BASE}/#/`);
    const rows = page.locator('table.games tbody tr');
    await page.locator('#games-count').waitFor();
    const total = Number(/of (\d+) games/.exec(await page.locator('#games-count').textContent())[1]);
    assert(total >= 55, `the count names every game (${total})`);
    assert((await rows.count()) === 50, `one page of 50 rows first (${await rows.count()})`);
    assert((await rows.first().getAttribute('data-game')) === newest, 'the newest game comes first');
    for (let clicks = 0; await page.locator('#more-games').count(); clicks++) {
      assert(clicks < 10, 'the pages never end');
      const before = await rows.count();
      await page.locator('#more-games').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('table.games tbody tr').length > n, before);
      const focused = await page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.className));
      assert(focused === 'more-games' || focused === 'game-list', `focus stays in the list (${focused})`);
    }
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.game));
    assert(ids.length === total, `all ${total} games listed (${ids.length})`);
    assert(new Set(ids).size === ids.length, 'no game listed twice');
    // The seats follow the map's players.
    await page.getByLabel('Ruleset').selectOption('ttrts');
    await page.getByLabel('Map or scenario').fill('Medium4Player');
    await page.waitForFunction(() => document.querySelectorAll('.seat-list select').length === 4);
    await page.locator('#seats-hint', {hasText: 'Medium4Player is played by 4 seats'}).waitFor();
    await page.getByLabel('Map or scenario').fill('Medium3Player');
    await page.waitForFunction(() => document.querySelectorAll('.seat-list select').length === 3);
    await b.axe('lobby');
    await b.widths('lobby');
  },
};
