// Xconq `standard` in the browser: a city develops the nuclear bomb by
// clicks. The city's controls offer "Develop nuclear-bomb (0 of 60)" while
// the bomb's build button is disabled (the side's technology is short);
// the order is clicked and submitted, and the next turn the server says
// the side's technology in the bomb is 1 (spec §8.7: one develop, 100
// hundredths, is exactly 1) and the controls say "1 of 60".
//
// Standard is read from the Xconq library of the reference corpus (see
// xconq.mjs); without it the test says so on one line and passes.

import {apiGet, assert} from '../lib.mjs';
import {openXconq} from './xconq.mjs';

const SEED = 5;

export default {
  name: 'xconq-bombs',
  async run(b) {
    const {page} = b;
    const game = await openXconq(page, 'xconq-bombs', 'standard', SEED, {sides: 2});
    if (!game) return;
    const {id, token} = game;
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
