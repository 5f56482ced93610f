// The fullthrust controller of the browser client: which board things a seat may
// pick, what a pick offers, and how picks become fullthrust's JSON orders:
//   {"scenario": ..., "turn": N, "ships": [{"ship": "Lark", "move": [{"Port": 1}, {"Accelerate": 2}],
//     "systems": [{"kind": "B Battery", "orders": ["Fire at Warden"]}]}]}
// Pick a ship, then turn and thrust; or pick one of its batteries and then a
// target ship (the battery's arcs and ranges are drawn while picking, and
// the ships it can reach now are highlighted). Every ship's planned course
// and fire are drawn on the board. Served by the host at
// /rulesets/fullthrust/controller.js (the plug-in entry of this crate
// carries it); its default export is what play.js drives.

import {h} from '/dom.js';

/** MU reach of each battery type: 12 MU per range band it can fire at (spec 7.4). */
const REACH = {'A Battery': 36, 'B Battery': 24, 'C Battery': 12};
/** Arc centres in clock steps from the course (F ahead, S to starboard...). */
const ARC_STEP = {F: 0, S: 3, A: 6, P: 9};

/** The view's ships (from the view's `ships` list). */
function ships(view) {
  return Array.isArray(view.ships) ? view.ships : [];
}

function shipNamed(view, name) {
  return ships(view).find((s) => s.name === name) || null;
}

function ftItems(view) {
  return ships(view).map((s) => ({kind: 'ship', id: s.name, owner: s.seat ?? -1,
    label: `${s.name}${s.fleet ? ` (${s.fleet})` : ''}`}));
}

function moveElements(m) {
  const out = [];
  if (m.turn > 0) out.push({Starboard: m.turn});
  if (m.turn < 0) out.push({Port: -m.turn});
  if (m.thrust) out.push({Accelerate: m.thrust});
  return out;
}

function moveText(m) {
  const parts = [];
  if (m.turn > 0) parts.push(`${m.turn}S`);
  if (m.turn < 0) parts.push(`${-m.turn}P`);
  if (m.thrust > 0) parts.push(`+${m.thrust}`);
  if (m.thrust < 0) parts.push(`${m.thrust}`);
  return parts.length ? parts.join(' ') : 'straight ahead';
}

/** The batteries of a ship: [{index, kind, arcs, ok, label}]. */
function batteries(ship) {
  const out = [];
  let n = 0;
  (ship.systems || []).forEach((sys, index) => {
    if (!REACH[sys.kind]) return;
    n++;
    out.push({index, kind: sys.kind, arcs: sys.arcs || [], ok: sys.status === 'ok', number: n,
      label: `${sys.kind} ${n} (${(sys.arcs || []).join(' ') || 'no arcs'})`});
  });
  return out;
}

/** A ship's planned order, kept as one entry per ship. */
function planOf(ctx, ship) {
  const o = ctx.get(`ship:${ship.name}`);
  return o ? o.plan : {turn: 0, thrust: 0, fire: {}};
}

function orderFor(ship, plan) {
  const parts = [];
  if (plan.turn || plan.thrust) parts.push(`move ${moveText(plan)}`);
  const bats = batteries(ship);
  for (const b of bats) {
    if (plan.fire[b.index]) parts.push(`${b.kind} ${b.number} fires at ${plan.fire[b.index]}`);
  }
  const last = Math.max(-1, ...Object.keys(plan.fire).map(Number));
  const systems = last < 0 ? [] : (ship.systems || []).slice(0, last + 1).map((sys, i) => (
    plan.fire[i] ? {kind: sys.kind, orders: [`Fire at ${plan.fire[i]}`]} : {kind: sys.kind}));
  return {key: `ship:${ship.name}`, plan,
    text: `${ship.name}: ${parts.length ? parts.join('; ') : 'straight ahead, no fire'}`,
    json: {ship: ship.name, move: moveElements(plan), systems}};
}

/** Picture coordinates of a ship: MU, with y pointing down as SVG's does. */
const at = (s) => [s.x, -s.y];
/** The unit vector of a clock direction (12 up, 3 right), in picture coordinates. */
function clock(c) {
  const a = ((c % 12) * Math.PI) / 6;
  return [Math.sin(a), -Math.cos(a)];
}

/** The 90° sector `arc` of a ship facing `course`, out to `reach` MU, as a path. */
function sector(x, y, course, arc, reach) {
  const centre = (((course + ARC_STEP[arc]) % 12) * Math.PI) / 6;
  const a0 = centre - Math.PI / 4;
  const a1 = centre + Math.PI / 4;
  const p = (a) => [x + reach * Math.sin(a), y - reach * Math.cos(a)];
  const [x0, y0] = p(a0);
  const [x1, y1] = p(a1);
  return `M${x} ${y}L${x0.toFixed(2)} ${y0.toFixed(2)}A${reach} ${reach} 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)}Z`;
}

export default {
  name: 'fullthrust',
  help: 'Pick one of your ships, then turn it, change its thrust, or pick one of its batteries and then the enemy ship it fires at (ships in its arcs and range now are outlined; ships move before they fire). Ships without orders go straight ahead and hold fire.',
  fallbackItems: ftItems,
  selectable(item, ctx) {
    if (item.kind !== 'ship') return false;
    if (ctx.aim) return true;
    return Number(item.owner) === ctx.seat;
  },
  listed(item, ctx) {
    // While aiming, the list offers the targets; otherwise the own ships.
    return ctx.aim ? Number(item.owner) !== ctx.seat : Number(item.owner) === ctx.seat;
  },
  itemLabel(item, ctx) {
    const s = shipNamed(ctx.view, item.id);
    if (ctx.aim && Number(item.owner) !== ctx.seat) {
      return `Target ${item.id}${ctx.targets && ctx.targets.has(item.id) ? ' (in arc and range)' : ''}`;
    }
    return s ? `${s.name} (${s.fleet || 'no fleet'}), course ${s.course}, speed ${s.velocity}` : item.label || `Ship ${item.id}`;
  },
  /** While a battery is being aimed, a click on a ship sets its target. */
  pick(item, ctx) {
    if (!ctx.aim) return false;
    const ship = shipNamed(ctx.view, ctx.aim.ship);
    if (!ship) return false;
    if (item.id === ship.name) {
      this.stopAiming(ctx);
      return false;
    }
    if (Number(item.owner) === ctx.seat) {
      ctx.message(`${item.id} is one of your own ships; pick an enemy ship, or press Done aiming.`);
      return true;
    }
    const plan = planOf(ctx, ship);
    const fire = {...plan.fire, [ctx.aim.index]: item.id};
    const b = batteries(ship).find((x) => x.index === ctx.aim.index);
    const reach = ctx.targets && ctx.targets.has(item.id) ? '' : ' (not in its arcs and range now: it may be after the move)';
    ctx.put(orderFor(ship, {...plan, fire}));
    ctx.message(`${ship.name}'s ${b ? `${b.kind} ${b.number}` : 'battery'} fires at ${item.id}${reach}.`);
    this.stopAiming(ctx);
    return true;
  },
  picked(item, ctx) {
    this.stopAiming(ctx);
  },
  aimAt(ctx, ship, battery) {
    ctx.aim = {ship: ship.name, index: battery.index};
    ctx.message(`Aiming ${ship.name}'s ${battery.kind} ${battery.number}: pick the enemy ship it fires at. Its arcs and ranges are drawn; outlined ships are in reach now.`);
    ctx.showTargets(`battery:${ship.name}/${battery.index}`);
    ctx.refresh();
  },
  stopAiming(ctx) {
    if (!ctx.aim) return;
    ctx.aim = null;
    ctx.clearTargets();
    ctx.refresh();
  },
  controls(ctx) {
    const picked = ctx.selected;
    const ship = picked && shipNamed(ctx.view, picked.id);
    if (!ship || Number(picked.owner) !== ctx.seat) return h('p', {class: 'muted'}, 'No ship picked.');
    const plan = planOf(ctx, ship);
    const change = (dt, da) => ctx.put(orderFor(ship, {...plan, turn: plan.turn + dt, thrust: plan.thrust + da}));
    const move = h('div', {class: 'command-row', role: 'group', 'aria-label': `Move of ${ship.name}`},
      h('button', {type: 'button', onclick: () => change(-1, 0)}, 'Turn to port'),
      h('button', {type: 'button', onclick: () => change(1, 0)}, 'Turn to starboard'),
      h('button', {type: 'button', onclick: () => change(0, 1)}, 'Thrust +1'),
      h('button', {type: 'button', onclick: () => change(0, -1)}, 'Thrust −1'),
      h('output', {'aria-live': 'polite'}, `Move: ${moveText(plan)} (thrust rating ${ship.thrust})`));
    const bats = batteries(ship);
    const fire = bats.length
      ? h('ul', {class: 'batteries', 'aria-label': `Batteries of ${ship.name}`}, bats.map((b) => {
        const aiming = ctx.aim && ctx.aim.ship === ship.name && ctx.aim.index === b.index;
        const target = plan.fire[b.index];
        return h('li', {},
          h('button', {type: 'button', class: 'battery', 'data-battery': b.index, disabled: !b.ok,
            'aria-pressed': String(Boolean(aiming)),
            onclick: () => (aiming ? this.stopAiming(ctx) : this.aimAt(ctx, ship, b))},
          aiming ? `Done aiming ${b.kind} ${b.number}` : `Aim ${b.label}`),
          b.ok ? (target ? ` fires at ${target} ` : ' holds fire ') : ' out of action ',
          target ? h('button', {type: 'button', class: 'small', onclick: () => {
            const f = {...plan.fire};
            delete f[b.index];
            ctx.put(orderFor(ship, {...plan, fire: f}));
          }}, 'Hold fire') : null);
      }))
      : h('p', {class: 'muted'}, `${ship.name} has no beam batteries.`);
    return h('div', {}, move, h('h3', {}, 'Fire'), fire);
  },
  /** Planned moves and fire of every ordered ship; the aimed battery's arcs and ranges. */
  overlay(ctx, layer, g) {
    const view = ctx.view;
    for (const o of ctx.orders) {
      const ship = shipNamed(view, o.json.ship);
      if (!ship) continue;
      const [x, y] = at(ship);
      const course = ((ship.course + o.plan.turn) % 12 + 12) % 12 || 12;
      const speed = Math.max(0, ship.velocity + o.plan.thrust);
      if (o.plan.turn || o.plan.thrust) {
        const [dx, dy] = clock(course);
        layer.append(g.el('path', {class: 'plan-move', d: `M${x} ${y}l${(dx * speed).toFixed(2)} ${(dy * speed).toFixed(2)}`,
          stroke: '#1f4e79', 'stroke-width': 0.6, 'stroke-dasharray': '1.2 0.8', fill: 'none', 'marker-end': ''}));
        layer.append(g.el('circle', {class: 'plan-move-end', cx: (x + dx * speed).toFixed(2), cy: (y + dy * speed).toFixed(2), r: 0.9,
          fill: 'none', stroke: '#1f4e79', 'stroke-width': 0.4}));
      }
      for (const target of Object.values(o.plan.fire)) {
        const t = shipNamed(view, target);
        if (!t) continue;
        const [tx, ty] = at(t);
        layer.append(g.el('path', {class: 'plan-fire', d: `M${x} ${y}L${tx} ${ty}`, stroke: '#d35400',
          'stroke-width': 0.5, 'stroke-dasharray': '2 1', fill: 'none'}));
      }
    }
    if (ctx.aim) {
      const ship = shipNamed(view, ctx.aim.ship);
      const sys = ship && (ship.systems || [])[ctx.aim.index];
      if (ship && sys) {
        const [x, y] = at(ship);
        const reach = REACH[sys.kind] || 12;
        for (const arc of sys.arcs || []) {
          layer.append(g.el('path', {class: 'arc', d: sector(x, y, ship.course, arc, reach),
            fill: '#f39c12', 'fill-opacity': 0.12, stroke: '#d35400', 'stroke-width': 0.3}));
        }
        for (let r = 12; r <= reach; r += 12) {
          layer.append(g.el('circle', {class: 'range-band', cx: x, cy: y, r, fill: 'none', stroke: '#b9770e',
            'stroke-width': 0.25, 'stroke-dasharray': '1 1'}));
          layer.append(g.el('text', {x: x + 0.5, y: y - r + 2, 'font-size': 2, fill: '#7e5109'}, `${r} MU`));
        }
      }
    }
  },
  body: (orders, ctx) => ({scenario: ctx.view.scenario || '', turn: ctx.view.turn, ships: orders.map((o) => o.json)}),
};
