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
    // The finished page: the result from each side, no picking or Submit.
    for (const [p, said] of [[first, 'You lost.'], [second, 'You won.']]) {
      const result = (await p.locator('#my-result').textContent()).trim();
      assert(result.startsWith(said), `the result box says ${said}: ${result}`);
      assert(!(await p.locator('#submit-orders').isVisible()), 'no Submit once the game is over');
      assert(!(await p.getByText('Nothing of yours to pick').isVisible()), 'no "Nothing of yours to pick" once over');
      assert(await p.locator('#board .pickable').count() === 0, 'nothing pickable once over');
      assert(!(await p.locator('#sound-toggle').isVisible()), 'no "sound on your move" once over');
    }
    // A spectator's page of the finished game, to see the rematch live.
    const watcher = await page.context().newPage();
    await watcher.goto(`${BASE}/#/game/${c.id}?seat=spectator`);
    await watcher.locator('#game-status[data-finished="true"]').waitFor();
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
    // The other seat and the spectator see it live, without reloading.
    const theirLink = second.locator('#rematch-link');
    await theirLink.waitFor();
    await second.locator('#event-log > li', {hasText: 'A rematch was started'}).waitFor();
    await watcher.locator('#rematch-watch').waitFor();
    const made = /game (\S+)\)/.exec(await link.textContent())[1];
    assert((await theirLink.getAttribute('href')) === `#/game/${made}?seat=1`, `seat 1's link: ${await theirLink.getAttribute('href')}`);
    // Each tab keeps its own seat's token for the new game, the one it
    // played with (another tab's writes may reach it only later).
    for (const [p, seat] of [[first, 0], [second, 1]]) {
      const kept = await p.evaluate(([g, s]) => localStorage.getItem(`orderly.seat.v2:${g}:${s}`), [made, seat]);
      assert(kept === c.tokens[seat].token, `seat ${seat} keeps its own token for the rematch`);
    }
    await b.axe('finished play page told of a rematch', second);
    await watcher.close();
    await theirLink.click();
    await second.locator('#game-status[data-turn="0"][data-finished="false"]').waitFor();
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
