// Xconq `standard` in the browser: a city develops the nuclear bomb by
// clicks. The city's controls offer "Develop nuclear-bomb (0 of 60)" while
// the bomb's build button is disabled (the side's technology is short);
// the order is clicked and submitted, and the next turn the server says
// the side's technology in the bomb is 1 (spec §8.7: one develop, 100
// hundredths, is exactly 1) and the controls say "1 of 60".
//
// Standard is read from the Xconq library of the reference corpus (see
// xconq.mjs); without it the test says so on one line and passes.

import {ADMIN, BASE, apiGet, assert} from '../lib.mjs';

const SEED = 5;

export default {
  name: 'xconq-bombs',
  async run(b) {
    const {page} = b;
    const resp = await fetch(`${BASE}/api/games`, {method: 'POST',
      headers: {'Content-Type': 'application/json', ...(ADMIN ? {Authorization: `Bearer ${ADMIN}`} : {})},
      body: JSON.stringify({ruleset: 'xconq', scenario: 'standard', seats: ['human', 'greedy'], seed: SEED,
        options: {sides: 2}})});
    if (!resp.ok) {
      const text = await resp.text();
      if (/standard/.test(text) && /(not found|no module|cannot find|unknown)/i.test(text)) {
        console.log(`     xconq-bombs: skipped: the server has no standard module (ORDERLY_XCONQ_LIB): ${text.slice(0, 160)}`);
        return;
      }
      assert(false, `POST /api/games (xconq standard): ${resp.status} ${text}`);
    }
    const c = await resp.json();
    const id = c.id;
    const token = c.tokens[0].token;
    await page.goto(`${BASE}/#/join/${id}/0/${encodeURIComponent(token)}`);
    await page.locator('#game-status[data-turn]').waitFor();
    await page.goto(`${BASE}/#/game/${id}?seat=0`);
    await page.locator('#board svg').waitFor();
    await page.waitForFunction(() => {
      const button = document.getElementById('submit-orders');
      return button && !button.disabled;
    }, null, {timeout: 60000});

    const {view} = await apiGet(`/api/games/${id}/view`, token);
    const nuke = view.types.findIndex((t) => t.name === 'nuclear-bomb');
    assert(nuke >= 0 && view.types[nuke].tech_to_build === 60 && view.types[nuke].detonates,
      'the legend says the bomb needs technology 60 and detonates');
    const city = view.own.find((u) => u.type === 'city');
    assert(city, 'our side starts with a city');
    assert((view.tech[nuke] || 0) === 0, 'no technology at the start');

    await page.locator(`.pick[data-kind="unit"][data-id="${city.id}"]`).first().click();
    const locked = page.getByRole('button', {name: 'Build nuclear-bomb (technology 0 of 60)', exact: true});
    assert(await locked.isDisabled(), 'the bomb cannot be built yet: its button is disabled');
    await page.getByRole('button', {name: 'Develop nuclear-bomb (0 of 60)', exact: true}).click();
    const line = page.locator(`#orders > li[data-key="unit:${city.id}"]`);
    await line.waitFor();
    assert(/develop nuclear-bomb/.test(await line.textContent()), 'the order line says what the city does');
    await b.screenshot('#board', 'develop');
    await page.locator('#submit-orders').click();
    await page.waitForFunction((t) => {
      const s = document.getElementById('game-status');
      return s && s.dataset.turn !== String(t);
    }, view.turn, {timeout: 60000});

    const after = (await apiGet(`/api/games/${id}/view`, token)).view;
    assert(after.tech[nuke] === 1, `one develop gives technology 1 (the server says ${after.tech[nuke]})`);
    await page.locator(`.pick[data-kind="unit"][data-id="${city.id}"]`).first().click();
    await page.getByRole('button', {name: 'Develop nuclear-bomb (1 of 60)', exact: true}).waitFor();
    await b.axe('Xconq standard with a city picked');
  },
};
