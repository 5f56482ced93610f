// Two people at one game, each in their own tab: both are told "Your move"
// in the tab title; once the first has sent orders only the second is, and
// when the turn resolves both are asked again. The play page, with the
// ruleset's guide open, passes axe-core and is photographed at 375 and
// 1280 px.

import {BASE, assert, twoSeatGame} from '../lib.mjs';

const yourMove = (page) => page.waitForFunction(() => document.title.startsWith('Your move'));
const notYourMove = (page) => page.waitForFunction(() => !document.title.startsWith('Your move'));

export default {
  name: 'twohumans',
  async run(b) {
    const {page} = b;
    const {c, first, second} = await twoSeatGame(page, 3);
    await second.locator('#board svg').waitFor();
    await yourMove(first);
    await yourMove(second);
    // The ruleset's rules and legend are at hand on the play page.
    await first.locator('#guide summary').click();
    await first.locator('#guide .guide-body', {hasText: 'how to play'}).waitFor();
    await b.axe('play page with the guide open');
    await b.widths('play');
    // The "your move" sound is off until asked for, and remembered.
    assert(!(await first.locator('#sound-toggle').isChecked()), 'the sound is off by default');
    await first.locator('#sound-toggle').check();
    await first.reload();
    await first.locator('#board svg').waitFor();
    assert(await first.locator('#sound-toggle').isChecked(), 'the sound setting is remembered');
    await first.locator('#submit-orders:enabled').click();
    await first.locator('.submit-box .ok').waitFor();
    await notYourMove(first);
    await yourMove(second);
    const status = await second.locator('#game-status').textContent();
    assert(/Your orders are awaited/.test(status), `the second player is asked: ${status}`);
    await second.locator('#submit-orders:enabled').click();
    await second.locator('#game-status[data-turn="1"]').waitFor();
    await first.locator('#game-status[data-turn="1"]').waitFor();
    await yourMove(first);
    await yourMove(second);
    await first.waitForFunction(() => Number(document.body.dataset.moveSounds || 0) >= 1);
    await second.locator('#event-log > li', {hasText: 'Turn 0:'}).waitFor();
    console.log(`     twohumans: both asked in the tab title, turn by turn (${BASE}/#/game/${c.id})`);
  },
};
