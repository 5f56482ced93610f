// The Tactics controller of the browser client. One unit acts per turn: it
// may move once and attack once, in either order, then turn to face a way
// (which ends the turn; submitting without a turn ends it too). The orders
// are the turn's inputs, in order:
//   [{"type": "move", "unit": 3, "assignment": [5, 6]},
//    {"type": "attack", "unit": 3, "target": [5, 7]},
//    {"type": "turn", "unit": 3, "direction": "S"}]
// Pick one of your units: the tiles it may move to are tinted blue and the
// tiles it may strike red (from the view's `options`, worked out by the
// rules). Click a blue tile to move, a red tile (or the unit on it) to
// attack. Served by the host at /rulesets/tactics/controller.js.

import {h} from '/dom.js';

const MOVE_FILL = '#9ec5f0';
const TARGET_FILL = '#f2a29b';
const NAMES = {
  Knight: 'Knight', Pyromancer: 'Pyromancer', Scout: 'Scout', Cleric: 'Cleric',
  LightningWard: 'Lightning Ward', DarkMagicWitch: 'Dark Magic Witch', Assassin: 'Assassin',
  Enchantress: 'Enchantress', ChaosSeed: 'Chaos Seed', ChaosDragon: 'Chaos Dragon',
};
const SPECIAL = {Assassin: 'Deathblow', ChaosDragon: 'Regenerate'};
const ALL_ATTACK = {Cleric: 'Heal the team', Assassin: 'Strike all around', Enchantress: 'Paralyse around'};

const key = (t) => `${t[0]},${t[1]}`;
const parseTile = (id) => {
  const m = /^(-?\d+),(-?\d+)$/.exec(String(id));
  return m ? [Number(m[1]), Number(m[2])] : null;
};

function units(view) {
  const out = [];
  const teams = (view.game && view.game.teams) || [];
  teams.forEach((team, t) => (team.units || []).forEach((u) => out.push({...u, team: t})));
  return out;
}

const unitById = (view, id) => units(view).find((u) => String(u.id) === String(id)) || null;
const unitAt = (view, tile) => units(view).find((u) => u.tile && key(u.tile) === key(tile)) || null;
const optionsOf = (view, id) => (view.options || []).find((o) => String(o.unit) === String(id)) || null;

/** The unit the pending orders are for, if any. */
function actingUnit(ctx) {
  for (const k of ['move', 'attack', 'special', 'end']) {
    const o = ctx.get(k);
    if (o) return String(o.json.unit);
  }
  return null;
}

/**
 * Where the picked unit may move and strike. After a planned move the
 * strike tiles are the view's, shifted by the move: the rules check them
 * again when the orders are sent.
 */
function reach(ctx, id) {
  const opts = optionsOf(ctx.view, id);
  const u = unitById(ctx.view, id);
  if (!opts || !u) return {moves: [], targets: []};
  const move = ctx.get('move');
  const attacked = ctx.get('attack') || ctx.get('special');
  let targets = attacked ? [] : (opts.targets || []);
  if (move && String(move.json.unit) === String(id) && !attacked) {
    const [dx, dy] = [move.json.assignment[0] - u.tile[0], move.json.assignment[1] - u.tile[1]];
    targets = targets.map((t) => [t[0] + dx, t[1] + dy]);
  }
  return {moves: move ? [] : (opts.moves || []), targets};
}

/** Tints the picked unit's move and strike tiles on the board. */
function highlight(ctx, item) {
  const svg = item && item.el && item.el.ownerSVGElement;
  const root = svg || (typeof document !== 'undefined' ? document.querySelector('#board svg') : null);
  if (!root) return;
  for (const el of root.querySelectorAll('[data-kind="tile"]')) {
    if (el.dataset.fill === undefined) el.dataset.fill = el.getAttribute('fill') || '';
    el.setAttribute('fill', el.dataset.fill);
    el.classList.remove('move-tile', 'target-tile');
  }
  if (!item || item.kind !== 'unit') return;
  const {moves, targets} = reach(ctx, item.id);
  const mark = (tiles, fill, cls) => {
    for (const t of tiles) {
      const el = root.querySelector(`[data-kind="tile"][data-id="${key(t)}"]`);
      if (el) { el.setAttribute('fill', fill); el.classList.add(cls); }
    }
  };
  mark(moves, MOVE_FILL, 'move-tile');
  mark(targets, TARGET_FILL, 'target-tile');
}

function describe(u) {
  if (!u) return 'a unit';
  return `${NAMES[u.type] || u.type} ${u.id}`;
}

/** Starts a new plan when another unit than the one with orders is picked. */
function claim(ctx, id) {
  const acting = actingUnit(ctx);
  if (acting !== null && acting !== String(id)) {
    for (const k of ['move', 'attack', 'special', 'end']) ctx.remove(k);
    ctx.message(`One unit acts per turn: the orders for unit ${acting} were cleared.`);
  }
}

function attackAt(ctx, tile) {
  const sel = ctx.selected;
  const u = unitById(ctx.view, sel.id);
  claim(ctx, sel.id);
  ctx.put({key: 'attack', text: `${describe(u)} attacks ${key(tile)}`,
    json: {type: 'attack', unit: Number(sel.id), target: tile}});
}

export default {
  name: 'tactics',
  help: 'Pick one of your units: blue tiles are where it may move, red tiles what it may strike. Click a blue tile to move, a red tile (or the unit on it) to attack; then face a way (this ends the turn) or just submit. One unit acts per turn: it may move once and attack once, in either order.',
  fallbackItems(view) {
    return units(view).map((u) => ({kind: 'unit', id: String(u.id), owner: u.team,
      label: `${describe(u)} at ${key(u.tile)}`}));
  },
  selectable: (item) => item.kind === 'tile' || item.kind === 'unit',
  // Tiles and other teams' units are picked on the board, not from the list;
  // the list offers the seat's units able to act.
  listed(item, ctx) {
    if (item.kind !== 'unit') return false;
    if (Number(item.owner) !== ctx.seat) return false;
    return !ctx.view.options || Boolean(optionsOf(ctx.view, item.id));
  },
  itemLabel(item, ctx) {
    if (item.kind === 'tile') return `Tile ${item.id}`;
    const u = unitById(ctx.view, item.id);
    return u ? `${describe(u)} at ${key(u.tile)}` : (item.label || `Unit ${item.id}`);
  },
  pick(item, ctx) {
    const sel = ctx.selected;
    const mine = item.kind === 'unit' && Number(item.owner) === ctx.seat;
    if (mine && !(sel && sel.id !== item.id && reach(ctx, sel.id).targets.some((t) => {
      const u = unitById(ctx.view, item.id);
      return u && key(t) === key(u.tile);
    }))) {
      // One of yours (and not a friend a picked Cleric or Pyromancer aims
      // at): picking it is the default pick, then its tiles are tinted.
      if (!optionsOf(ctx.view, item.id)) {
        ctx.message(`${describe(unitById(ctx.view, item.id))} cannot act this turn (recovering, paralysed, or not your turn).`);
      }
      setTimeout(() => highlight(ctx, item), 0);
      return false;
    }
    if (!sel || sel.kind !== 'unit') {
      ctx.message(item.kind === 'unit'
        ? `${describe(unitById(ctx.view, item.id))}: pick one of your units first.`
        : 'Pick one of your units first, then a tile.');
      return true;
    }
    const tile = item.kind === 'tile' ? parseTile(item.id) : (unitById(ctx.view, item.id) || {}).tile;
    if (!tile) return true;
    const {moves, targets} = reach(ctx, sel.id);
    const u = unitById(ctx.view, sel.id);
    if (targets.some((t) => key(t) === key(tile))) {
      attackAt(ctx, tile);
    } else if (moves.some((t) => key(t) === key(tile)) && !unitAt(ctx.view, tile)) {
      claim(ctx, sel.id);
      ctx.put({key: 'move', text: `${describe(u)} moves to ${key(tile)}`,
        json: {type: 'move', unit: Number(sel.id), assignment: tile}});
    } else {
      ctx.message(`${describe(u)} can neither move to nor strike ${key(tile)}.`);
      return true;
    }
    setTimeout(() => highlight(ctx, sel), 0);
    return true;
  },
  controls(ctx) {
    const sel = ctx.selected;
    if (!sel || sel.kind !== 'unit') return h('p', {class: 'muted'}, 'No unit picked.');
    const u = unitById(ctx.view, sel.id);
    const opts = optionsOf(ctx.view, sel.id);
    if (!u || Number(sel.owner) !== ctx.seat) return h('p', {class: 'muted'}, `${describe(u)} is not yours.`);
    if (!opts) return h('p', {class: 'muted'}, `${describe(u)} cannot act this turn.`);
    const id = Number(sel.id);
    const buttons = [];
    if (opts.attacks_all && !ctx.get('attack') && !ctx.get('special')) {
      buttons.push(h('button', {type: 'button', onclick: () => {
        claim(ctx, sel.id);
        ctx.put({key: 'attack', text: `${describe(u)}: ${ALL_ATTACK[u.type] || 'attack'}`,
          json: {type: 'attack', unit: id}});
      }}, ALL_ATTACK[u.type] || 'Attack'));
    }
    if (opts.special && SPECIAL[u.type] && !ctx.get('attack') && !ctx.get('special')) {
      buttons.push(h('button', {type: 'button', onclick: () => {
        claim(ctx, sel.id);
        ctx.put({key: 'special', text: `${describe(u)}: ${SPECIAL[u.type]}`,
          json: {type: 'attackSpecial', unit: id}});
      }}, SPECIAL[u.type]));
    }
    const facing = u.type !== 'LightningWard' && u.type !== 'ChaosSeed'
      ? h('div', {class: 'command-row', role: 'group', 'aria-label': `Face ${describe(u)} and end the turn`},
        h('span', {}, 'Then face (ends the turn):'),
        ['N', 'E', 'S', 'W'].map((d) => h('button', {type: 'button', 'aria-label': `Face ${d}`, onclick: () => {
          claim(ctx, sel.id);
          ctx.put({key: 'end', text: `${describe(u)} faces ${d}; the turn ends`,
            json: {type: 'turn', unit: id, direction: d}});
        }}, d)))
      : null;
    return h('div', {},
      h('p', {}, sel.label || `${describe(u)} at ${key(u.tile)}`),
      buttons.length ? h('div', {class: 'command-row', role: 'group', 'aria-label': 'Attacks'}, buttons) : null,
      facing,
      h('p', {class: 'muted'}, 'Submitting the orders ends the turn.'));
  },
  /** The inputs in the order they were given, the turn's end last. */
  body(orders) {
    const inputs = orders.filter((o) => o.key !== 'end').map((o) => o.json);
    const end = orders.find((o) => o.key === 'end');
    if (end) inputs.push(end.json);
    return inputs;
  },
};
