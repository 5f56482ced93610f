// The HTTP API of `orderly serve`, as the client uses it. Every failure
// becomes an ApiError carrying the server's message and details[] (field,
// line, column, reason), so pages can show them next to what caused them.

export class ApiError extends Error {
  constructor(status, message, details = []) {
    super(message);
    this.status = status;
    this.details = Array.isArray(details) ? details : [];
  }
}

const enc = encodeURIComponent;

async function request(path, {method = 'GET', token, body, accept = 'application/json', text = false, response = false} = {}) {
  const headers = {Accept: accept};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch(path, {method, headers, body: payload, cache: 'no-cache'});
  } catch (e) {
    throw new ApiError(0, `The server cannot be reached (${e.message}). Is \`orderly serve\` running?`);
  }
  if (!resp.ok) {
    let message = `${method} ${path} failed: ${resp.status} ${resp.statusText}`;
    let details = [];
    try {
      const j = await resp.json();
      if (j && typeof j.error === 'string') message = j.error;
      if (j && Array.isArray(j.details)) details = j.details;
    } catch { /* not our JSON error shape */ }
    throw new ApiError(resp.status, message, details);
  }
  if (response) return resp;
  return text ? resp.text() : resp.json();
}

/** The address in a `Link` header's rel="next" part, if any. */
function nextLink(resp) {
  const link = resp.headers.get('Link') || '';
  const m = /<([^>]*)>\s*;\s*rel="?next"?/.exec(link);
  return m ? m[1] : null;
}

export const api = {
  rulesets: () => request('/api/rulesets'),
  scenarios: (ruleset) => request(`/api/rulesets/${enc(ruleset)}/scenarios`),
  /** How many seats a game of `scenario` takes: {seat_counts: [n]}. */
  scenarioSeats: (ruleset, scenario) => request(`/api/rulesets/${enc(ruleset)}/scenarios/${enc(scenario)}`),
  /**
   * One page of games: {games, next, total}; `next` is the address of the
   * next page (from the Link header) or null. Without `path`: the newest.
   */
  gamesPage: async (path = '/api/games?order=newest&limit=50') => {
    const resp = await request(path, {response: true});
    const count = resp.headers.get('X-Total-Count');
    const total = count === null ? NaN : Number(count);
    return {games: await resp.json(), next: nextLink(resp), total: Number.isFinite(total) ? total : null};
  },
  status: (id) => request(`/api/games/${enc(id)}`),
  create: (req, admin) => request('/api/games', {method: 'POST', body: req, token: admin || undefined}),
  view: (id, token) => request(`/api/games/${enc(id)}/view`, {token}),
  submit: (id, token, orders, turn) =>
    request(`/api/games/${enc(id)}/orders${turn === undefined ? '' : `?turn=${enc(turn)}`}`,
      {method: 'POST', token, body: orders}),
  record: (id) => request(`/api/games/${enc(id)}/record`),
  frames: (id) => request(`/api/games/${enc(id)}/record/frames`),
  /** Frames of `count` turns from the `from`-th, with the index of every turn. */
  framesPage: (id, from, count) => request(`/api/games/${enc(id)}/record/frames?from=${enc(from)}&count=${enc(count)}`),
  boardSvg: (id, token) => request(`/api/games/${enc(id)}/board.svg`, {token, accept: 'image/svg+xml', text: true}),
  recordSvg: (id, turn, action) =>
    request(`/api/games/${enc(id)}/record/board.svg?turn=${enc(turn)}&action=${enc(action)}`,
      {accept: 'image/svg+xml', text: true}),
  targets: (id, token, pick) => request(`/api/games/${enc(id)}/targets?pick=${enc(pick)}`, {token}),
  resign: (id, token) => request(`/api/games/${enc(id)}/resign`, {method: 'POST', token}),
  /** `what`: offer, accept, decline or withdraw. */
  draw: (id, token, what) => request(`/api/games/${enc(id)}/draw/${enc(what)}`, {method: 'POST', token}),
  rematch: (id, token) => request(`/api/games/${enc(id)}/rematch`, {method: 'POST', token}),
  turns: (id, from) => request(`/api/games/${enc(id)}/turns?from=${enc(from)}`),
  /** The address of the event stream; the seat token goes in a header (stream.js), never here. */
  eventsUrl: (id) => `/api/games/${enc(id)}/events`,
};
