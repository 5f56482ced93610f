// Shared by the end-to-end tests: a fresh headless Chromium per test (its
// own user-data dir), a page that fails the test on any console error or
// page error (HTTP errors the test expects aside), screenshots, and small
// helpers for the API and the keyboard.

import {chromium} from 'playwright-core';
import {mkdtemp, rm, mkdir} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {readFile} from 'node:fs/promises';

const require = createRequire(import.meta.url);
let axeSource = null;

export const BASE = process.env.ORDERLY_URL || 'http://127.0.0.1:8080';
export const ADMIN = process.env.ORDERLY_ADMIN_TOKEN || '';
export const ARTIFACTS = process.env.E2E_ARTIFACTS || join(process.cwd(), '..', 'target', 'e2e-artifacts');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export class Failure extends Error {}

/** The pages axe-core has checked in this run, by name. */
export const axeChecked = [];

export function assert(cond, message) {
  if (!cond) throw new Failure(message);
}

/** A test's browser: call `page()` for the page, `close()` at the end. */
export async function openBrowser(name) {
  const dir = await mkdtemp(join(tmpdir(), 'orderly-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: {width: 1280, height: 900},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS || 15000));
  const problems = [];
  const allowed = new Map();
  const watch = (page) => {
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      const http = /Failed to load resource: the server responded with a status of (\d+)/.exec(text);
      if (http && (allowed.get(Number(http[1])) || 0) > 0) {
        allowed.set(Number(http[1]), allowed.get(Number(http[1])) - 1);
        return;
      }
      problems.push(`console error: ${text} (${m.location().url || 'no url'})`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    return page;
  };
  const pages = context.pages();
  const page = watch(pages.length ? pages[0] : await context.newPage());
  await mkdir(ARTIFACTS, {recursive: true});
  return {
    page,
    /** The next HTTP error with this status is expected (an illegal order). */
    allowHttpError(status) { allowed.set(status, (allowed.get(status) || 0) + 1); },
    /** Throws if the page logged an error. */
    checkClean() {
      if (problems.length) throw new Failure(`the page was not clean:\n  ${problems.join('\n  ')}`);
    },
    async screenshot(selector, file) {
      const path = join(ARTIFACTS, `${name}-${file}.png`);
      await page.locator(selector).screenshot({path});
      return path;
    },
    /**
     * Runs axe-core on the page as it is now; fails on any serious or
     * critical violation (the others are printed). `what` names the page;
     * `on`: another page of the test than the first.
     */
    async axe(what, on = page) {
      if (!axeSource) axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
      // Evaluated over the DevTools protocol, which the page's CSP (no
      // inline script) does not govern.
      if (!(await on.evaluate(() => Boolean(window.axe)))) await on.evaluate(axeSource);
      const res = await on.evaluate(async () => window.axe.run(document, {resultTypes: ['violations']}));
      const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      for (const v of res.violations.filter((x) => !bad.includes(x))) {
        console.log(`     axe (${what}): ${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`);
      }
      axeChecked.push(what);
      if (bad.length) {
        throw new Failure(`axe on ${what}: ${bad.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`).join('; ')}`);
      }
    },
    /** Screenshots of the whole page at 375 px and 1280 px wide. */
    async widths(file) {
      const was = page.viewportSize();
      for (const width of [375, 1280]) {
        await page.setViewportSize({width, height: width < 600 ? 812 : 900});
        await page.screenshot({path: join(ARTIFACTS, `${name}-${file}-${width}.png`), fullPage: true});
      }
      await page.setViewportSize(was);
    },
    async close() {
      await context.close();
      await rm(dir, {recursive: true, force: true});
    },
  };
}

/** Calls the API from the test (not through the page). */
export async function apiGet(path, token) {
  const resp = await fetch(`${BASE}${path}`, {headers: token ? {Authorization: `Bearer ${token}`} : {}});
  if (!resp.ok) throw new Failure(`GET ${path}: ${resp.status} ${await resp.text()}`);
  return resp.json();
}

export async function apiPost(path, body, token) {
  const resp = await fetch(`${BASE}${path}`, {method: 'POST', body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json', ...(token ? {Authorization: `Bearer ${token}`} : {})}});
  if (!resp.ok) throw new Failure(`POST ${path}: ${resp.status} ${await resp.text()}`);
  return resp.json();
}

/** Creates a game in the lobby by clicking; returns its id (the first human seat is then played here). */
export async function createGame(page, {ruleset, scenario, seats, seed}) {
  await page.goto(`${BASE}/#/`);
  await page.getByLabel('Ruleset').selectOption(ruleset);
  if (scenario) await page.getByLabel('Map or scenario').fill(scenario);
  const have = await page.locator('.seat-list select').count();
  for (let i = have; i < seats.length; i++) await page.getByRole('button', {name: 'Add a seat'}).click();
  for (let i = seats.length; i < have; i++) await page.getByRole('button', {name: 'Remove the last seat'}).click();
  for (let i = 0; i < seats.length; i++) await page.getByLabel(`Seat ${i}`, {exact: true}).selectOption(seats[i]);
  if (seed !== undefined) {
    await page.getByText('More options').click();
    await page.getByLabel('Seed').fill(String(seed));
  }
  await page.getByLabel('Admin token').fill(ADMIN);
  await page.getByRole('button', {name: 'Create the game'}).click();
  const heading = page.locator('.created h2');
  await heading.waitFor();
  const id = /Game (\S+) created/.exec(await heading.textContent())[1];
  return id;
}

/** Presses Tab until the focused element satisfies `test` (given its name, tag and role). */
export async function tabTo(page, test, what, max = 150) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return null;
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
      return {tag: el.tagName.toLowerCase(), text: (el.getAttribute('aria-label') || el.textContent || '').trim(),
        label: label ? label.textContent.trim() : '', id: el.id, type: el.type || ''};
    });
    if (f && test(f)) return f;
  }
  throw new Failure(`Tab never reached ${what}`);
}

/** Waits for the play page to settle after a change of turn. */
export async function waitForTurnChange(page, turn) {
  await page.waitForFunction((t) => {
    const s = document.getElementById('game-status');
    return s && (s.dataset.turn !== String(t) || s.dataset.finished === 'true');
  }, turn, {timeout: 30000});
}

// A two-human ttrts game with each seat joined in its own tab (`page` is
// seat 0's; seat 1 gets a new tab of the same browser), both at turn 0 and
// seat 1's tab on its play page.
export async function twoSeatGame(page, seed) {
  const c = await apiPost('/api/games', {ruleset: 'ttrts', scenario: 'Tiny2Player', seats: ['human', 'human'], seed}, ADMIN);
  const first = page;
  await first.goto(`${BASE}/#/join/${c.id}/0/${encodeURIComponent(c.tokens[0].token)}`);
  await first.locator('#game-status[data-turn="0"]').waitFor();
  const second = await page.context().newPage();
  await second.goto(`${BASE}/#/join/${c.id}/1/${encodeURIComponent(c.tokens[1].token)}`);
  await second.locator('#game-status[data-turn="0"]').waitFor();
  await second.goto(`${BASE}/#/game/${c.id}?seat=1`);
  return {c, first, second};
}
