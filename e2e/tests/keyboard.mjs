// The keyboard alone: a ttrts game is created, a unit picked, given an
// order and the orders submitted, with Tab, Enter and the F key only.

import {apiGet, assert, ADMIN, BASE, tabTo, waitForTurnChange} from '../lib.mjs';

export default {
  name: 'keyboard',
  async run(b) {
    const {page} = b;
    await page.goto(`${BASE}/#/`);
    await page.locator('#new-ruleset').waitFor();
    await tabTo(page, (f) => f.id === 'new-ruleset', 'the ruleset');
    await page.keyboard.press('Home'); // ttrts is the first ruleset
    await tabTo(page, (f) => f.id === 'new-seat-1', 'seat 1');
    // Selects change with the arrow keys: from "Human" down to the first bot.
    await page.keyboard.press('ArrowDown');
    await tabTo(page, (f) => f.id === 'new-admin', 'the admin token');
    await page.keyboard.type(ADMIN);
    await tabTo(page, (f) => f.text === 'Create the game', 'the create button');
    await page.keyboard.press('Enter');
    await page.locator('.created').waitFor();
    await b.axe('lobby with the join links of a new game');
    const seats = await page.locator('#new-seat-1').inputValue();
    assert(seats !== 'human', `seat 1 is a bot (${seats})`);
    await tabTo(page, (f) => /^Play .* here$/.test(f.text), 'the play button', 300);
    await page.keyboard.press('Enter');
    await page.locator('#submit-orders:enabled').waitFor();
    const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));

    const unit = await tabTo(page, (f) => f.tag === 'button' && f.id === '' && /\bunit \d+/i.test(f.text), 'a unit button');
    await page.keyboard.press('Enter');
    await page.locator('.pick-list button[aria-pressed="true"]').waitFor();
    // The pick re-draws the side panel: the focus stays on the picked unit
    // instead of falling back to the start of the page.
    const focusedUnit = () => page.evaluate(() => {
      const el = document.activeElement;
      return el && el.matches('.pick-list button') ? el.textContent.trim() : `not a unit button: ${el && el.outerHTML.slice(0, 80)}`;
    });
    assert((await focusedUnit()) === unit.text, `focus stays on the picked unit (${await focusedUnit()})`);
    // The F key gives the order; the focus stays where it was; Tab then
    // goes on from there to the order buttons and the submit button.
    await page.keyboard.press('f');
    await page.locator('#orders > li', {hasText: 'forward'}).waitFor();
    // (Its label now names its order too.)
    assert((await focusedUnit()) === `${unit.text}: forward`, `focus stays on the unit after the order (${await focusedUnit()})`);
    await tabTo(page, (f) => f.text === 'Attack (A)', 'the attack button', 40);
    await page.keyboard.press('Enter');
    await page.locator('#orders > li', {hasText: 'attack'}).waitFor();
    const onAttack = await page.evaluate(() => document.activeElement && document.activeElement.dataset.command);
    assert(onAttack === 'A', `focus stays on the attack button after it re-draws (${onAttack})`);
    // Back to forward for the record check below.
    await page.keyboard.press('f');
    await page.locator('#orders > li', {hasText: 'forward'}).waitFor();
    await b.axe('play page with orders entered by keyboard');
    await tabTo(page, (f) => f.id === 'submit-orders', 'the submit button');
    // Focus is visible: the focused button has an outline.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert(outline !== 'none', `focus is visible (outline ${outline})`);
    await page.keyboard.press('Enter');
    await waitForTurnChange(page, turn);
    const id = /#\/game\/([^?]+)/.exec(page.url())[1];
    const record = await apiGet(`/api/games/${id}/record`);
    const unitId = Number(/\bunit (\d+)/i.exec(unit.text)[1]);
    const acted = ((record.turns.find((t) => t.turn === turn) || {}).actions || []).some((a) => a.unit === unitId && a.teamId === 0);
    assert(acted, `unit ${unitId} acted on turn ${turn}`);
  },
};
