// A measurement, not a timed assertion: how long a Battle200 replay (two
// bots, 30 turns) takes from opening the replay page to its first frame,
// six steps forward (each to its board on screen) and a jump to the last
// turn. Printed as figures for BENCHMARKS.md; the test fails only if the
// replay does not show at all.

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
    // In the page too: from the Next button's click event to the frame
    // after the one that first shows the new board (what a person sees,
    // without the test driver's own checks before it clicks).
    await page.evaluate(() => {
      window.stepTimes = [];
      document.addEventListener('click', (e) => {
        const button = e.target.closest && e.target.closest('button');
        if (!button || button.textContent !== 'Next') return;
        const t0 = performance.now();
        const want = String(Number(document.getElementById('replay-position').dataset.step) + 1);
        const tick = () => {
          const pos = document.getElementById('replay-position');
          const box = document.getElementById('replay-board');
          if (pos.dataset.step === want && box.getAttribute('aria-busy') === 'false') {
            requestAnimationFrame(() => window.stepTimes.push(Math.round(performance.now() - t0)));
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }, true);
    });
    // Steps, each timed from the click to its board on screen: the first
    // ones inside turn 0, then a jump to a turn's start with the slider.
    const times = [];
    for (let i = 1; i <= 6; i++) {
      const before = Date.now();
      await page.getByRole('button', {name: 'Next'}).click();
      await page.waitForFunction((n) => {
        const pos = document.getElementById('replay-position');
        const box = document.getElementById('replay-board');
        return pos.dataset.step === String(n) && box.getAttribute('aria-busy') === 'false' && box.querySelector('svg');
      }, i, {timeout: 60000});
      times.push(Date.now() - before);
    }
    // The same at a viewer's pace: half a second on each board before the
    // next click (the boards ahead are fetched and parsed meanwhile).
    const paced = [];
    for (let i = 7; i <= 12; i++) {
      await page.waitForTimeout(500);
      const before = Date.now();
      await page.getByRole('button', {name: 'Next'}).click();
      await page.waitForFunction((n) => {
        const pos = document.getElementById('replay-position');
        const box = document.getElementById('replay-board');
        return pos.dataset.step === String(n) && box.getAttribute('aria-busy') === 'false' && box.querySelector('svg');
      }, i, {timeout: 60000});
      paced.push(Date.now() - before);
    }
    // The board patched step by step is the server's picture of this
    // position, child for child (a step puts in only what changed).
    const check = await page.evaluate(async (gameId) => {
      const m = /^Turn (\d+), action (\d+)/.exec(document.getElementById('replay-position').textContent);
      const text = await (await fetch(`/api/games/${gameId}/record/board.svg?turn=${m[1]}&action=${m[2]}`)).text();
      const fresh = document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true);
      const shown = document.querySelector('#replay-board svg');
      const a = [...shown.children];
      const b = [...fresh.children];
      const differ = b.filter((el, i) => !a[i] || !a[i].isEqualNode(el));
      return {shown: a.length, fresh: b.length, differ: differ.length,
        first: differ.length ? differ[0].outerHTML.slice(0, 200) : null,
        changed: document.getElementById('replay-board').dataset.changed};
    }, created.id);
    assert(check.shown === check.fresh && check.differ === 0,
      `the patched board is the server's: ${JSON.stringify(check)}`);
    const slider = page.locator('#turn-slider');
    const jumpStart = Date.now();
    await slider.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const box = document.getElementById('replay-board');
      return /^Turn \d+, action 0 of/.test(document.getElementById('replay-position').textContent)
        && document.getElementById('turn-slider').value !== '0' && box.getAttribute('aria-busy') === 'false';
    }, null, {timeout: 60000});
    const jump = Date.now() - jumpStart;
    await b.axe('Battle200 replay page');
    const inPage = await page.evaluate(() => window.stepTimes);
    const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const sorted = [...times].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(`     battle200: ${status.turn} turns; first frame ${first} ms after opening the replay; ` +
      `steps back to back ${times.join(', ')} ms (median ${median} ms); ` +
      `steps half a second apart ${paced.join(', ')} ms (median ${[...paced].sort((x, y) => x - y)[3]} ms); jump to the last turn ${jump} ms; ` +
      `the last step put in ${check.changed} of ${check.fresh} drawn things; ` +
      `in the page, click to the new board painted: back to back ${inPage.slice(0, 6).join(', ')} ms (median ${med(inPage.slice(0, 6))} ms), ` +
      `half a second apart ${inPage.slice(6, 12).join(', ')} ms (median ${med(inPage.slice(6, 12))} ms)`);
  },
};
