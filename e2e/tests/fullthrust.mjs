// A Full Thrust game won by a person who fires, played by clicking: each
// turn every ship of ours is picked on the board and turned towards the
// nearest enemy; then each of its batteries is aimed (the server outlines
// the enemy ships in its arcs and range) and, when a ship is outlined, that
// ship is clicked as its target. The planned shots are drawn on the board.
// The record must show our batteries firing, and the outcome must be ours.

import {BASE, apiGet, assert, createGame, waitForTurnChange} from '../lib.mjs';

/** Starboard (+) or port (-) steps turning `ship` towards `to`, within half its thrust. */
function steer(ship, to) {
  const angle = Math.atan2(to.x - ship.x, to.y - ship.y);
  const want = ((Math.round(angle / (Math.PI / 6)) % 12) + 12) % 12 || 12;
  const diff = (((want - ship.course) % 12) + 12) % 12;
  const signed = diff > 6 ? diff - 12 : diff;
  const half = Math.floor((ship.thrust || 0) / 2);
  return Math.max(-half, Math.min(half, signed));
}

export default {
  name: 'fullthrust',
  async run(b) {
    const {page} = b;
    const id = await createGame(page, {ruleset: 'fullthrust', seats: ['human', 'random'], seed: 5});
    await page.getByRole('button', {name: /^Play .* here$/}).first().click();
    await page.locator('#board svg').waitFor();
    await b.screenshot('#board', 'start');
    const me = 0;
    let turns = 0;
    let aimed = 0;
    let outlinedSeen = 0;
    for (;;) {
      const finished = await page.locator('#game-status').getAttribute('data-finished');
      if (finished === 'true') break;
      assert(turns < 45, 'the battle did not end within 45 turns');
      const turn = Number(await page.locator('#game-status').getAttribute('data-turn'));
      await page.locator('#submit-orders:enabled').waitFor();
      const {view} = await apiGet(`/api/games/${id}/view`);
      const ships = (view.ships || []).filter((s) => s.in_play && s.x !== null && s.x !== undefined);
      const mine = ships.filter((s) => s.seat === me);
      const foes = ships.filter((s) => s.seat !== me);
      for (const s of mine) {
        const ship = page.locator(`#board [data-kind="ship"][data-id="${s.name}"]`);
        if (!(await ship.count())) continue;
        await page.locator(`.pick-list button.pick[data-id="${s.name}"]`).click();
        if (foes.length) {
          const d = (f) => (f.x - s.x) ** 2 + (f.y - s.y) ** 2;
          const foe = foes.reduce((a, c) => (d(c) < d(a) ? c : a));
          const steps = steer(s, foe);
          for (let i = 0; i < Math.abs(steps); i++) {
            await page.getByRole('button', {name: steps > 0 ? 'Turn to starboard' : 'Turn to port'}).click();
          }
        }
        const batteries = page.locator('#controls button.battery:enabled');
        const n = await batteries.count();
        for (let k = 0; k < n; k++) {
          await page.locator('#controls button.battery:enabled').nth(k).click();
          await page.waitForFunction(() => ['shown', 'none'].includes(document.getElementById('board').dataset.targets));
          aimed++;
          // The arcs and range bands of the aimed battery are drawn.
          assert(await page.locator('#board .plan-layer .arc').count() > 0, 'the aimed battery\'s arcs are drawn');
          const outlined = page.locator('#board [data-kind="ship"].target');
          if (await outlined.count()) {
            outlinedSeen++;
            if (outlinedSeen === 1) {
              await b.screenshot('#board', 'aiming');
              await b.axe('play page while aiming');
            }
            const target = await outlined.first().getAttribute('data-id');
            await page.locator(`.pick-list button.pick[data-id="${target}"]`).click();
            await page.locator('#orders > li .order-text', {hasText: `fires at ${target}`}).first().waitFor();
          } else {
            await page.locator('#controls button.battery[aria-pressed="true"]').click();
          }
        }
      }
      if (await page.locator('#board .plan-layer .plan-fire').count()) await b.screenshot('#board', 'planned-fire');
      await page.locator('#submit-orders').click();
      await waitForTurnChange(page, turn);
      turns++;
    }
    const status = (await page.locator('#game-status').textContent()).trim();
    const api = await apiGet(`/api/games/${id}`);
    assert(api.finished && api.outcome, 'the server says the game is over');
    const record = await apiGet(`/api/games/${id}/record`);
    const ours = new Set(record.turns.flatMap((t) => t.units[me] || []).map((u) => u.id));
    const shots = record.turns.flatMap((t) => t.actions || [])
      .filter((a) => a.type === 'fire' && ours.has(a.unit) && a.targetUnit !== undefined);
    assert(shots.length > 0, `our batteries fired (${aimed} aimed, ${outlinedSeen} with targets outlined)`);
    assert(api.outcome.winner === me, `the person won: ${status}`);
    assert(/You won/.test(status), `the page says so from the player's side: ${status}`);
    await page.locator('#event-log .turn-lines li', {hasText: 'fires at'}).first().waitFor();
    await b.screenshot('#board', 'end');
    console.log(`     fullthrust: ${turns} turns, ${shots.length} shots by the person, ${outlinedSeen}/${aimed} aims with targets outlined; ${status} (${BASE}/#/replay/${id})`);
  },
};
