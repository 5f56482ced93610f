// Xconq `standard` in the browser: a city develops the nuclear bomb by
// clicks. The city's controls offer "Develop nuclear-bomb (0 of 60)" while
// the bomb's build button is disabled (the side's technology is short);
// the order is clicked and submitted, and the next turn the server says
// the side's technology in the bomb is 1 (spec §8.7: one develop, 100
// hundredths, is exactly 1) and the controls say "1 of 60".
//
//
// Then a bomb is dropped by clicks: `bombtest` (e2e/xconq-lib, stdunit's
// rules on a fixed 10 x 6 world) gives side 1 a nuclear bomb next to side
// 2's only town. The bomb is picked, "Blow up (6, 2)" clicked and the turn
// submitted; the town is gone and side 1 has won.
//
// Standard and stdunit are read from the Xconq library of the reference
// corpus (see xconq.mjs); without it the test says so on one line and
// passes.

import {apiGet, assert} from '../lib.mjs';
import {openXconq} from './xconq.mjs';

const SEED = 5;

export default {
  name: 'xconq-bombs',
  async run(b) {
    const {page} = b;
    const game = await ready(page, 'standard', SEED, {sides: 2});
    if (!game) return;
    const {id, token, view} = game;
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

    await blowUp(b);
  },
};

// A game of `scenario` opened in the page, once orders can be sent, with
// the seat's view; null when the server has no such module.
async function ready(page, scenario, seed, options) {
  const game = await openXconq(page, 'xconq-bombs', scenario, seed, options);
  if (!game) return null;
  await page.locator('#board svg').waitFor();
  await page.waitForFunction(() => {
    const button = document.getElementById('submit-orders');
    return button && !button.disabled;
  }, null, {timeout: 60000});
  const {view} = await apiGet(`/api/games/${game.id}/view`, game.token);
  return {...game, view};
}

// Side 1's bomb blows up side 2's only town by clicks, and wins.
async function blowUp(b) {
  const {page} = b;
  const game = await ready(page, 'bombtest', 1, {});
  if (!game) return;
  const {id, token, view} = game;
  const bomb = view.own.find((u) => u.type === 'nuclear-bomb');
  assert(bomb && bomb.x === 5 && bomb.y === 2, `our bomb stands at (5, 2): ${JSON.stringify(bomb)}`);
  const target = (view.units || []).find((u) => u.side !== view.side && u.type === 'town');
  assert(target && target.x === 6 && target.y === 2, 'the other side\'s town is in sight next to it');

  await page.locator(`.pick[data-kind="unit"][data-id="${bomb.id}"]`).first().click();
  await page.getByRole('button', {name: 'Blow up here', exact: true}).waitFor();
  await page.getByRole('button', {name: 'Blow up (6, 2)', exact: true}).click();
  const line = page.locator(`#orders > li[data-key="unit:${bomb.id}"]`);
  await line.waitFor();
  assert(/blow up \(6, 2\)/.test(await line.textContent()), 'the order line says where the bomb goes off');
  await b.screenshot('#board', 'blow-up');
  await page.locator('#submit-orders').click();

  const deadline = Date.now() + 60000;
  let after;
  for (;;) {
    after = (await apiGet(`/api/games/${id}/view`, token)).view;
    if (after.over || after.turn !== view.turn) break;
    assert(Date.now() < deadline, 'the turn was resolved');
    await new Promise((r) => setTimeout(r, 200));
  }
  assert(!(after.units || []).some((u) => u.id === target.id), 'the town is gone');
  assert(!after.own.some((u) => u.id === bomb.id), 'the bomb went with it');
  assert(after.over, 'the game is over: side 2 has nothing left that counts');
  const me = after.sides.find((s) => s.id === after.side);
  assert(me && me.status === 1, `side 1 won: ${JSON.stringify(after.sides)}`);
}
