// The client's entry: a router on the URL fragment, so every page is
// served by the one `/` and a reload keeps the page.
//   #/                      the lobby
//   #/game/ID[?seat=N]      play seat N (a token kept in this browser) or watch
//   #/join/ID/SEAT/TOKEN    keep the token of seat SEAT, then play it
//   #/replay/ID             step through the game's record

import {h, fill, errorBox, pageTitle} from './dom.js';
import {keepSeat} from './store.js';
import {lobbyPage} from './lobby.js';
import {playPage} from './play.js';
import {replayPage} from './replay.js';

let cleanup = null;
let firstLoad = true;
// Each call of route() takes a number; a page that finishes loading after a
// newer one was asked for is dropped (its stream, timers and keys stopped).
let generation = 0;
let settled = 0;

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  return {parts, query: new URLSearchParams(query)};
}

async function route() {
  if (cleanup) {
    try { cleanup(); } catch { /* the old page is gone anyway */ }
    cleanup = null;
  }
  const mine = ++generation;
  const main = document.getElementById('main');
  let done = null;
  try {
    const {parts, query} = parseHash();
    if (parts[0] === 'join' && parts.length === 4 && /^\d+$/.test(parts[2])) {
      keepSeat(parts[1], Number(parts[2]), parts[3]);
      // The token leaves the address bar and the history.
      location.replace(`#/game/${encodeURIComponent(parts[1])}?seat=${parts[2]}`);
      return;
    }
    if (parts[0] === 'game' && parts[1]) {
      done = await playPage(main, parts[1], query);
    } else if (parts[0] === 'replay' && parts[1]) {
      done = await replayPage(main, parts[1], query);
    } else if (parts.length === 0) {
      done = await lobbyPage(main);
    } else {
      pageTitle('Not found');
      fill(main, h('h1', {}, 'No such page'),
        h('p', {}, 'This address names no page of the client. ', h('a', {href: '#/'}, 'Back to the lobby')));
    }
  } catch (e) {
    pageTitle('Error');
    fill(main, h('h1', {}, 'Error'), errorBox(e), h('p', {}, h('a', {href: '#/'}, 'Back to the lobby')));
  }
  if (mine !== generation) {
    if (done) {
      try { done(); } catch { /* dropped anyway */ }
    }
    // The newer page was drawn first, then this one over it: draw it again.
    if (settled === generation) route();
    return;
  }
  cleanup = done;
  settled = mine;
  // After a change of page (not the first load), focus goes to its heading,
  // so keyboard and screen-reader users start at the top of the new page.
  const heading = main.querySelector('h1');
  if (!firstLoad && heading && !main.contains(document.activeElement)) {
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
  firstLoad = false;
}

window.addEventListener('hashchange', route);
document.querySelector('[data-skip]')?.addEventListener('click', (e) => {
  e.preventDefault();
  document.getElementById('main').focus();
});
route();
