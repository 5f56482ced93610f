// A TaE game: a colonist picked from the list beside the board and given an
// illegal target (a system of the wrong terrain) is refused, with the
// server's reason shown next to that order; the legal order is then stored.

import {apiGet, assert, createGame} from '../lib.mjs';

export default {
  name: 'tae',
  async run(b) {
    const {page} = b;
    const id = await createGame(page, {ruleset: 'tae', seats: ['human', 'greedy'], seed: 11});
    // The join link of seat 0 keeps its token in this browser...
    const link = await page.locator('.joins li[data-seat="0"] input').inputValue();
    await page.goto(link);
    await page.locator('#seat-select').waitFor();
    assert(!page.url().includes('/join/'), `the token leaves the address bar: ${page.url()}`);
    // ...so a reload resumes the seat.
    await page.reload();
    assert(await page.locator('#seat-select').inputValue() === '0', 'after a reload, seat 0 is played');
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'start');
    const token = await page.evaluate((gid) => localStorage.getItem(`orderly.seat.v2:${gid}:0`), id);
    const {view} = await apiGet(`/api/games/${id}/view`, token);
    const colonist = view.hand.find((p) => p.kind !== 'mining');
    assert(colonist, 'a colonist that is not mining is in hand');
    const w = view.board.width;
    const cell = (pred) => {
      const i = view.board.cells.findIndex((c, i) => c.holds === 'empty' && pred(view.board.terrain[i]));
      return i < 0 ? null : [i % w, Math.floor(i / w)];
    };
    const bad = cell((t) => t !== 'inhabitable');
    const good = cell((t) => t === 'inhabitable');
    assert(bad && good, 'the board has empty systems of both terrains');

    // Illegal: pick the colonist, then the uninhabitable system on the board.
    await page.locator(`.pick-list button[data-id="${colonist.id}"]`).click();
    await page.locator(`#board [data-kind="system"][data-id="${bad[0]},${bad[1]}"]`).click();
    await page.locator('#orders > li').first().waitFor();
    b.allowHttpError(422);
    await page.locator('#submit-orders').click();
    const err = page.locator('#orders > li .order-errors');
    await err.waitFor();
    const why = await err.textContent();
    assert(/terrain|uninhabitable/i.test(why), `the reason is shown next to the order: ${why}`);
    await b.screenshot('.side', 'rejected');
    await b.axe('TaE play page with a rejected order');

    // Legal: the same colonist to an inhabitable system replaces the order.
    await page.locator(`#board [data-kind="system"][data-id="${good[0]},${good[1]}"]`).click();
    assert(await page.locator('#orders > li').count() === 1, 'one order per piece');
    assert(await page.locator('.order-errors').count() === 0, 'the old error is gone');
    await page.locator('#submit-orders').click();
    // Stored (the turn may resolve at once, the bot having played already).
    await page.locator('#event-log li', {hasText: 'were stored'}).waitFor();
    const status = await apiGet(`/api/games/${id}`);
    assert(!(status.missing || []).includes(0) || status.turn > 1, 'the server has our orders');
    await b.screenshot('#board', 'after');

    // A spectator sees the board without anyone's hand and gives no orders.
    const now = (await apiGet(`/api/games/${id}/view`, token)).view;
    const held = now.hand[0].id;
    await page.locator(`#board [data-kind="piece"][data-id="${held}"]`).waitFor();
    await page.goto(`${page.url().split('#')[0]}#/game/${id}?seat=spectator`);
    await page.locator('#seat-select').waitFor();
    await page.waitForFunction(() => document.getElementById('seat-select').value === 'spectator');
    await page.locator('#board svg').waitFor();
    assert(await page.locator('#submit-orders').count() === 0, 'a spectator has no orders to submit');
    assert(await page.locator(`#board [data-kind="piece"][data-id="${held}"]`).count() === 0, 'a spectator sees no hand');
    await b.screenshot('#board', 'spectator');
    await b.axe('TaE spectator page');
  },
};
