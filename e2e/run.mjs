// Runs the end-to-end tests one after another against the server at
// ORDERLY_URL; a test fails on a broken expectation, a timeout, or any
// console or page error. Exit status 1 if any test failed.

import {openBrowser, Failure} from './lib.mjs';
import ttrts from './tests/ttrts.mjs';
import tae from './tests/tae.mjs';
import keyboard from './tests/keyboard.mjs';
import replay from './tests/replay.mjs';
import fullthrust from './tests/fullthrust.mjs';
import deadline from './tests/deadline.mjs';
import lobby from './tests/lobby.mjs';
import twohumans from './tests/twohumans.mjs';
import battle200 from './tests/battle200.mjs';
import resign from './tests/resign.mjs';
import tactics from './tests/tactics.mjs';
import tacticsChaos from './tests/tacticschaos.mjs';
import xconq from './tests/xconq.mjs';
import xconqBombs from './tests/xconqbombs.mjs';

const TESTS = [ttrts, tae, fullthrust, twohumans, resign, keyboard, deadline, replay, battle200, lobby, tactics, tacticsChaos, xconq, xconqBombs];
const only = process.argv.slice(2);

let failed = 0;
for (const test of TESTS) {
  // A name runs that test and those named after it (`tactics` runs
  // `tactics-chaos` too).
  if (only.length && !only.some((n) => test.name === n || test.name.startsWith(`${n}-`))) continue;
  const started = Date.now();
  const b = await openBrowser(test.name);
  try {
    await test.run(b);
    b.checkClean();
    console.log(`ok   ${test.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${test.name}: ${e instanceof Failure ? e.message : e.stack || e}`);
    try { await b.screenshot('body', 'failure'); } catch { /* the page may be gone */ }
  } finally {
    await b.close();
  }
}
console.log(failed ? `${failed} end-to-end test(s) failed` : 'all end-to-end tests passed');
process.exit(failed ? 1 : 0);
