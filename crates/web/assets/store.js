// Seat tokens kept in the browser (localStorage), so a reload resumes the
// game; one entry per game, holding every seat this browser may play.

const KEY = 'orderly.seats.v1';
const ADMIN = 'orderly.admin.v1';

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function save(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the game still plays, it just won't resume.
  }
}

/** The seats this browser holds in game `id`: [{seat, token}]. */
export function seatsOf(id) {
  const list = load()[id];
  return Array.isArray(list) ? list.filter((s) => Number.isInteger(s.seat) && typeof s.token === 'string') : [];
}

/** Keeps `token` as seat `seat` of game `id` (replacing an older token). */
export function keepSeat(id, seat, token) {
  const all = load();
  const list = (Array.isArray(all[id]) ? all[id] : []).filter((s) => s.seat !== seat);
  list.push({seat, token});
  list.sort((a, b) => a.seat - b.seat);
  all[id] = list;
  save(all);
}

/** Forgets seat `seat` of game `id`. */
export function forgetSeat(id, seat) {
  const all = load();
  all[id] = (all[id] || []).filter((s) => s.seat !== seat);
  if (!all[id].length) delete all[id];
  save(all);
}

/** The admin token, kept for this tab only (sessionStorage). */
export function adminToken() {
  try { return sessionStorage.getItem(ADMIN) || ''; } catch { return ''; }
}

export function keepAdminToken(t) {
  try {
    if (t) sessionStorage.setItem(ADMIN, t); else sessionStorage.removeItem(ADMIN);
  } catch { /* not kept */ }
}
