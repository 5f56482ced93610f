// A Full Thrust game: one of our ships is picked on the board, turned to
// port and given thrust, and the orders are stored; the server's view of
// the ship's move is checked through the record after the turn resolves.

import {apiGet, assert, createGame, waitForTurnChange} from '../lib.mjs';

export default {
  name: 'fullthrust',
  async run(b) {
    const {page} = b;
    const id = await createGame(page, {ruleset: 'fullthrust', seats: ['human', 'closer'], seed: 5});
    await page.getByRole('button', {name: /^Play .* here$/}).first().click();
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'start');
    const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
    const ship = page.locator('#board [data-kind="ship"][data-owner="0"]').first();
    // A ship is clicked on its label (the group's centre may be empty space).
    const name = await ship.getAttribute('data-id');
    await ship.locator('text').first().click();
    await page.getByRole('button', {name: 'Turn to port'}).click();
    await page.getByRole('button', {name: 'Thrust +1'}).click();
    const order = await page.locator('#orders > li .order-text').textContent();
    assert(order === `${name}: 1P +1`, `the order reads ${order}`);
    await page.locator('#submit-orders').click();
    await waitForTurnChange(page, turn);
    const record = await apiGet(`/api/games/${id}/record`);
    const moved = (record.turns.find((t) => t.turn === turn) || {}).actions || [];
    assert(moved.length > 0, `turn ${turn} has actions`);
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'after');
  },
};
