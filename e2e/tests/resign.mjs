// Two people at one game, each in their own tab: the first offers a draw,
// the second sees the offer live and declines it, the first sees it gone;
// then the first resigns (confirming on the page) and both pages say how it
// ended from their side, naming the resignation. axe-core checks the page
// with an offer standing and with the confirmation open.

import {BASE, apiGet, assert, twoSeatGame} from '../lib.mjs';

export default {
  name: 'resign',
  async run(b) {
    const {page} = b;
    const {c, first, second} = await twoSeatGame(page, 8);
    await second.locator('#table-box #offer-draw').waitFor();

    // A draw offered in one tab is seen live in the other.
    await first.locator('#offer-draw').click();
    await first.locator('#withdraw-draw').waitFor();
    await second.locator('#table-box .draw-offer', {hasText: 'offers a draw'}).waitFor();
    await second.locator('#event-log > li', {hasText: 'offers a draw'}).waitFor();
    await b.axe('play page with a draw offered', second);
    await second.locator('#decline-draw').click();
    await second.locator('#offer-draw').waitFor();
    await first.locator('#offer-draw').waitFor();

    // Resigning asks first; Cancel leaves the game as it was.
    await first.locator('#resign').click();
    const cancel = first.locator('#cancel-resign');
    await cancel.waitFor();
    assert(await cancel.evaluate((el) => el === document.activeElement), 'the confirmation focuses Cancel');
    await b.axe('play page asking to confirm a resignation');
    await b.widths('confirm');
    await cancel.click();
    await first.locator('#resign').waitFor();
    assert((await apiGet(`/api/games/${c.id}`)).finished === false, 'Cancel resigned nothing');
    await first.locator('#resign').click();
    await first.locator('#confirm-resign').click();

    await first.locator('#game-status[data-finished="true"]').waitFor();
    await second.locator('#game-status[data-finished="true"]').waitFor();
    const mine = await first.locator('#game-status').textContent();
    const theirs = await second.locator('#game-status').textContent();
    assert(/You lost/.test(mine) && /resigned/.test(mine), `the resigning side: ${mine}`);
    assert(/You won/.test(theirs) && /resigned/.test(theirs), `the other side: ${theirs}`);
    assert(await first.locator('#resign, #offer-draw').count() === 0, 'no resigning or offers once over');
    const status = await apiGet(`/api/games/${c.id}`);
    assert(/resigned$/.test(status.outcome.reason), `status: ${JSON.stringify(status.outcome)}`);
    const record = await apiGet(`/api/games/${c.id}/record`);
    assert(record.table && record.table.resigned[0].seat === 0, 'the record keeps the resignation');
    await b.widths('resigned');

    // A rematch: a new game like this one, its link on the finished page.
    await first.locator('#rematch').click();
    const link = first.locator('#rematch-link');
    await link.waitFor();
    await b.axe('finished play page with a rematch made');
    await link.click();
    await first.locator('#game-status[data-turn="0"][data-finished="false"]').waitFor();
    await first.locator('#submit-orders:enabled').waitFor();
    const again = /#\/game\/([^?]+)/.exec(first.url())[1];
    assert(again !== c.id, `the rematch is a new game (${again})`);
    const st = await apiGet(`/api/games/${again}`);
    assert(st.title === status.title && st.seats.length === 2, `same map and seats: ${JSON.stringify(st.seats)}`);
    console.log(`     resign: ${theirs.trim()} (${BASE}/#/game/${c.id})`);
  },
};
