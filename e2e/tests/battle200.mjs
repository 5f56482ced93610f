// A measurement, not a timed assertion: how long a Battle200 replay (two
// bots, 30 turns) takes from opening the replay page to its first frame,
// and one step forward. Printed as figures for BENCHMARKS.md; the test
// fails only if the replay does not show at all.

import {ADMIN, BASE, apiGet, apiPost, assert} from '../lib.mjs';

export default {
  name: 'battle200',
  async run(b) {
    const {page} = b;
    const created = await apiPost('/api/games', {ruleset: 'ttrts', scenario: 'Battle200', seats: ['random', 'random'],
      seed: 4, max_turns: 30}, ADMIN);
    let status;
    const until = Date.now() + 120000;
    do {
      status = await apiGet(`/api/games/${created.id}`);
      if (status.finished) break;
      await new Promise((r) => setTimeout(r, 250));
    } while (Date.now() < until);
    assert(status.finished, 'the bots finished their Battle200 game');
    await page.goto(`${BASE}/#/`);
    await page.locator('#games-count').waitFor();
    const start = Date.now();
    await page.goto(`${BASE}/#/replay/${created.id}`);
    await page.locator('#replay-board svg').waitFor({timeout: 120000});
    const first = Date.now() - start;
    const before = Date.now();
    await page.getByRole('button', {name: 'Next'}).click();
    await page.waitForFunction(() => document.getElementById('replay-position').dataset.step === '1', null, {timeout: 60000});
    await page.locator('#replay-board svg').waitFor();
    const step = Date.now() - before;
    console.log(`     battle200: ${status.turn} turns; first frame ${first} ms after opening the replay, one step ${step} ms`);
  },
};
