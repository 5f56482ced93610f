// Live events alone: a game with an 8-second turn deadline, opened from its
// join link, counts the deadline down and moves to the next turn when the
// server resolves it, with no click and no reload.

import {ADMIN, BASE, apiPost, assert} from '../lib.mjs';

export default {
  name: 'deadline',
  async run(b) {
    const {page} = b;
    const c = await apiPost('/api/games', {ruleset: 'ttrts', scenario: 'Tiny2Player', seats: ['human', 'random'],
      deadline: {policy: 'fixed', seconds: 8}}, ADMIN);
    await page.goto(`${BASE}/#/join/${c.id}/0/${encodeURIComponent(c.tokens[0].token)}`);
    await page.locator('#game-status[data-turn="0"]').waitFor();
    const text = await page.locator('#deadline').textContent();
    assert(/^Deadline .*\((in \d+ s|now)\)/.test(text), `the deadline is shown: ${text}`);
    await b.axe('play page counting down a deadline');
    await page.locator('#game-status[data-turn="1"]').waitFor({timeout: 30000});
    await page.locator('#event-log > li', {hasText: 'Turn 0:'}).waitFor();
  },
};
