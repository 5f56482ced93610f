// The replay of a finished game (two bots), stepped with the buttons and
// the turn slider, then played to its last action.

import {ADMIN, BASE, apiGet, apiPost, assert} from '../lib.mjs';

export default {
  name: 'replay',
  async run(b) {
    const {page} = b;
    const created = await apiPost('/api/games', {ruleset: 'ttrts', scenario: 'Tiny2Player', seats: ['greedy', 'random'], seed: 3}, ADMIN);
    let status;
    const until = Date.now() + Number(process.env.E2E_TIMEOUT_MS || 30000);
    do {
      status = await apiGet(`/api/games/${created.id}`);
      if (status.finished) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < until);
    assert(status.finished, 'the bots finished their game');
    await page.goto(`${BASE}/#/replay/${created.id}`);
    const pos = page.locator('#replay-position');
    await pos.waitFor();
    await page.locator('#replay-board svg').waitFor();
    assert(/^Turn \d+, action 0 of/.test(await pos.textContent()), 'starts at the first turn');
    await b.screenshot('#replay-board', 'first');
    // Zoom and pan: keys while the board has the focus, the wheel, a reset.
    const box = page.locator('#replay-board');
    const viewBox = () => page.locator('#replay-board svg').getAttribute('viewBox');
    const whole = await viewBox();
    await box.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.waitForFunction(() => Number(document.getElementById('replay-board').dataset.zoom) > 1.5);
    const zoomed = await viewBox();
    await page.keyboard.press('ArrowRight');
    assert(await viewBox() !== zoomed, 'the arrow keys pan a zoomed board');
    assert(/^Turn \d+, action 0 of/.test(await pos.textContent()), 'arrows on the board pan, not step');
    await page.getByRole('button', {name: 'Reset view'}).click();
    assert(await viewBox() === whole, `reset shows the whole board (${await viewBox()} vs ${whole})`);
    const r = await box.boundingBox();
    await page.mouse.move(r.x + r.width / 3, r.y + r.height / 3);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => Number(document.getElementById('replay-board').dataset.zoom) > 1);
    await b.screenshot('#replay-board', 'zoomed');
    await page.getByRole('button', {name: 'Reset view'}).click();
    await page.getByRole('button', {name: 'Next'}).click();
    await page.waitForFunction(() => document.getElementById('replay-position').dataset.step === '1');
    // The slider jumps to a turn.
    const slider = page.locator('#turn-slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.getElementById('turn-slider').value === '1'
      && /^Turn 1, action 0 of/.test(document.getElementById('replay-position').textContent));
    // Play, fast, to the end.
    await page.getByLabel('Speed').selectOption({label: 'Fast'});
    await page.getByRole('button', {name: 'Play'}).click();
    await page.waitForFunction(() => document.getElementById('replay-position').dataset.last === 'true', null, {timeout: 60000});
    const text = await pos.textContent();
    const m = /action (\d+) of (\d+)/.exec(text);
    assert(m && m[1] === m[2], `the last action is shown: ${text}`);
    assert(await page.getByRole('button', {name: 'Next'}).isDisabled(), 'nothing after the last action');
    assert(await page.locator('#play-pause').textContent() === 'Play', 'play stops at the end');
    await page.locator('#replay-board[aria-busy="false"] svg').waitFor();
    await b.screenshot('#replay-board', 'last');
    await b.axe('replay page');
    await b.widths('replay');
  },
};
