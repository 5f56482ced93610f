// Seat tokens kept in the browser (localStorage), so a reload resumes the
// game. Each seat of each game has a key of its own
// (`orderly.seat.v2:<game>:<seat>`), so two tabs keeping seats of the same
// game at once (both players of a rematch in one browser) never overwrite
// each other: localStorage is shared by the tabs but not read-modify-write
// safe between them. Seats kept by earlier versions in the one
// `orderly.seats.v1` object are still read.

const PREFIX = 'orderly.seat.v2:';
const OLD = 'orderly.seats.v1';
const ADMIN = 'orderly.admin.v1';

function keyOf(id, seat) {
  return `${PREFIX}${id}:${seat}`;
}

function oldSeats(id) {
  try {
    const v = JSON.parse(localStorage.getItem(OLD) || '{}');
    const list = v && typeof v === 'object' && !Array.isArray(v) ? v[id] : null;
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The seats this browser holds in game `id`: [{seat, token}], by seat. */
export function seatsOf(id) {
  const bySeat = new Map();
  for (const s of oldSeats(id)) {
    if (Number.isInteger(s.seat) && typeof s.token === 'string') bySeat.set(s.seat, s.token);
  }
  try {
    const start = `${PREFIX}${id}:`;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith(start)) continue;
      const seat = Number(k.slice(start.length));
      const token = localStorage.getItem(k);
      if (Number.isInteger(seat) && seat >= 0 && token) bySeat.set(seat, token);
    }
  } catch {
    // Storage disabled: nothing kept.
  }
  return [...bySeat].sort((a, b) => a[0] - b[0]).map(([seat, token]) => ({seat, token}));
}

/** Keeps `token` as seat `seat` of game `id` (replacing an older token). */
export function keepSeat(id, seat, token) {
  try {
    localStorage.setItem(keyOf(id, seat), token);
  } catch {
    // Storage full or disabled: the game still plays, it just won't resume.
  }
}

/** Forgets seat `seat` of game `id`. */
export function forgetSeat(id, seat) {
  try {
    localStorage.removeItem(keyOf(id, seat));
    const all = JSON.parse(localStorage.getItem(OLD) || '{}');
    if (all && Array.isArray(all[id])) {
      all[id] = all[id].filter((s) => s.seat !== seat);
      if (!all[id].length) delete all[id];
      localStorage.setItem(OLD, JSON.stringify(all));
    }
  } catch {
    // Nothing kept to forget.
  }
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
