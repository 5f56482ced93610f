//! Turn resolution (spec 6): orders applied as the original applies them
//! (spec 5), then moves, rotations and attack charges, with every quirk the
//! original has (decisions 1–3).
//!
//! The original scans lists for every question (O(units²) per step). Here
//! the same answers come from per-tile grids: intent counts in phase 1, and
//! chains of the units on each tile in phase 3; so a turn costs about
//! O(units × longest charge).

use engine::record::{Action, ActionResult};
use serde_json::json;

use crate::board::{Dir, Pos, State, Unit};

/// An off-board tile in phase 1's intents.
const NONE: u32 = u32::MAX;
use crate::orders::Order;

/// Sets each unit's command from the players' orders, in the original's way
/// (spec 5): per file, in line order, last order for a unit wins; a line
/// naming a unit the player does not have (unknown, dead, another's) stops
/// that file. Returns, per unit in list order, its command byte (0 = none).
pub fn apply_orders(state: &State, orders: &[(u8, &[Order])]) -> Vec<u8> {
    let mut commands = vec![0u8; state.units.len()];
    if orders.is_empty() {
        return commands;
    }
    let by_id = IdIndex::new(state);
    for &(player, list) in orders {
        for o in list {
            match by_id.get(o.unit) {
                Some(i) if state.units[i].player == player => commands[i] = o.command,
                _ => break,
            }
        }
    }
    commands
}

/// Where each order file stops being read: the 0-based index of the first
/// order naming a unit the player does not have, if any (spec 5).
pub fn first_ignored(state: &State, player: u8, list: &[Order]) -> Option<usize> {
    let by_id = IdIndex::new(state);
    list.iter().position(|o| {
        by_id
            .get(o.unit)
            .is_none_or(|i| state.units[i].player != player)
    })
}

/// Unit ids to list positions: a sorted array, cheaper to build each turn
/// than a hash map and as quick to search for a few hundred units.
struct IdIndex(Vec<(u16, u32)>);

impl IdIndex {
    fn new(state: &State) -> IdIndex {
        let mut ids: Vec<(u16, u32)> = state
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.id, i as u32))
            .collect();
        ids.sort_unstable();
        IdIndex(ids)
    }

    fn get(&self, id: u16) -> Option<usize> {
        self.0
            .binary_search_by_key(&id, |e| e.0)
            .ok()
            .map(|k| self.0[k].1 as usize)
    }
}

/// Resolves one turn with the commands of [`apply_orders`]. When `log` is
/// given, appends one record action per unit that had an order.
pub fn resolve(state: &mut State, commands: &[u8], mut log: Option<&mut Vec<Action>>) {
    debug_assert_eq!(commands.len(), state.units.len());
    moves(state, commands, log.as_deref_mut());
    rotations(state, commands, log.as_deref_mut());
    let dead = charges(state, commands, log);
    if dead.iter().any(|&d| d) {
        let mut i = 0;
        state.units.retain(|_| {
            i += 1;
            !dead[i - 1]
        });
    }
    state.turn += 1;
}

fn xy(p: Pos) -> serde_json::Value {
    json!([p.x, p.y])
}

/// Phase 1 (spec 6.1): moves in list order. A move into tile `t` fails when
/// `t` is off the board, a wall (including walls left earlier this phase),
/// or the intent of any other unit, where a unit's intent is the tile ahead
/// of it if its order is `F`, else its own tile, computed from where it
/// stands now. A successful move leaves a wall on the tile it left.
fn moves(state: &mut State, commands: &[u8], mut log: Option<&mut Vec<Action>>) {
    if !commands.contains(&b'F') {
        return;
    }
    let n = state.units.len();
    // Each unit's intended tile index, or NONE when it is off the board.
    let mut intent = vec![NONE; n];
    state.grid_mut();
    let (w, h) = (state.width, state.height);
    let index = |p: Pos| -> u32 {
        if p.x < w && p.y < h {
            (p.y as usize * w as usize + p.x as usize) as u32
        } else {
            NONE
        }
    };
    let grid = state.grid.as_mut().expect("built above");
    for (i, u) in state.units.iter().enumerate() {
        let t = if commands[i] == b'F' {
            u.dir.ahead(u.pos)
        } else {
            u.pos
        };
        intent[i] = index(t);
        if intent[i] != NONE {
            grid.scratch[intent[i] as usize] += 1;
        }
    }
    for i in 0..n {
        if commands[i] != b'F' {
            continue;
        }
        let u = state.units[i];
        let t = intent[i];
        let blocked = if t == NONE {
            Some("edge")
        } else if grid.is_wall(t as usize) {
            Some("wall")
        } else if grid.scratch[t as usize] > 1 {
            // The unit's own intent is `t`; any more is another's claim.
            Some("claimed")
        } else {
            None
        };
        let mut action = log.as_ref().map(|_| {
            Action::new("move", Some(u64::from(u.id)), Some(u64::from(u.player)))
                .with("command", "F")
        });
        match blocked {
            Some(why) => {
                if let Some(a) = action.as_mut() {
                    a.extra.insert("blocked".into(), why.into());
                }
            }
            None => {
                let from = index(u.pos) as usize;
                state.walls.push(u.pos);
                grid.set_wall(from);
                grid.scratch[t as usize] -= 1;
                let to = u.dir.ahead(u.pos); // the tile `t`
                state.units[i].pos = to;
                let next = index(u.dir.ahead(to));
                intent[i] = next;
                if next != NONE {
                    grid.scratch[next as usize] += 1;
                }
                if let Some(a) = action.as_mut() {
                    a.extra.insert("wall".into(), xy(u.pos));
                    a.push_result(ActionResult::change(u64::from(u.id), "assignment", xy(to)));
                }
            }
        }
        if let (Some(log), Some(a)) = (log.as_deref_mut(), action) {
            log.push(a);
        }
    }
    for &t in &intent {
        if t != NONE {
            grid.scratch[t as usize] -= 1;
        }
    }
}

/// Phase 2 (spec 6.2): every `L` and `R` turns the unit; nothing can fail.
/// Units with an inert command are logged here too, as `hold`.
fn rotations(state: &mut State, commands: &[u8], mut log: Option<&mut Vec<Action>>) {
    for (u, &c) in state.units.iter_mut().zip(commands) {
        let turned = match c {
            b'L' => u.dir.left(),
            b'R' => u.dir.right(),
            0 | b'F' | b'A' => continue,
            other => {
                if let Some(log) = log.as_deref_mut() {
                    log.push(
                        Action::new("hold", Some(u64::from(u.id)), Some(u64::from(u.player)))
                            .with("command", char::from(other).to_string()),
                    );
                }
                continue;
            }
        };
        u.dir = turned;
        if let Some(log) = log.as_deref_mut() {
            let mut a = Action::new("turn", Some(u64::from(u.id)), Some(u64::from(u.player)))
                .with("command", char::from(c).to_string())
                .with("direction", turned.letter().to_string());
            a.push_result(ActionResult::change(
                u64::from(u.id),
                "direction",
                turned.letter().to_string(),
            ));
            log.push(a);
        }
    }
}

/// Phase 3 (spec 6.3): attackers charge one tile per step until a wall or
/// the edge stops them, killing as they go. After every step (and once after
/// the last, motionless one): the pass-through test, then the same-tile
/// test, each removing the units it marks. Returns which units died.
///
/// Both tests look at pairs of units, and a pair's answer changes only when
/// one of the two moves; deaths only remove pairs. So after the first step,
/// which checks every attacker, only the attackers that moved in a step are
/// checked, each against the units on and beside its tile. A blocked
/// attacker never moves again (walls do not change in this phase), so it
/// leaves the list of movers at once.
fn charges(state: &mut State, commands: &[u8], log: Option<&mut Vec<Action>>) -> Vec<bool> {
    let n = state.units.len();
    let mut dead = vec![false; n];
    let attackers: Vec<usize> = (0..n).filter(|&i| commands[i] == b'A').collect();
    if attackers.is_empty() {
        return dead;
    }
    let logging = log.is_some();
    let start: Vec<Pos> = if logging {
        attackers.iter().map(|&i| state.units[i].pos).collect()
    } else {
        vec![]
    };
    // (killer, victim, how) in the order they happened, when logging.
    let mut kills: Vec<(usize, usize, &'static str)> = vec![];
    state.grid_mut();
    let (width, height) = (state.width, state.height);
    let w = width as usize;
    let grid = state.grid.as_mut().expect("built above");
    let units = &mut state.units;
    let tile = |p: Pos| p.y as usize * w + p.x as usize;
    // Chains of the units on each tile: head[tile] → next[unit] → ...,
    // each link being 1 + a unit's index, 0 ending the chain.
    let head = &mut grid.scratch;
    let walls = &grid.wall;
    let wall_at = |t: usize| walls[t / 64] >> (t % 64) & 1 == 1;
    let mut next = vec![0u16; n];
    for (i, u) in units.iter().enumerate() {
        let t = tile(u.pos);
        next[i] = head[t];
        head[t] = link(i);
    }
    let is_attacker = |i: usize| commands[i] == b'A';
    let mut moving = attackers.clone();
    let mut subjects: Vec<usize> = Vec::with_capacity(attackers.len());
    let mut marked: Vec<usize> = vec![];
    let mut first = true;
    loop {
        subjects.clear();
        moving.retain(|&a| {
            if dead[a] {
                return false;
            }
            let p = units[a].pos;
            let f = units[a].dir.ahead(p);
            if f.x < width && f.y < height && !wall_at(tile(f)) {
                unlink(head, &mut next, tile(p), a);
                units[a].pos = f;
                let t = tile(f);
                next[a] = head[t];
                head[t] = link(a);
                subjects.push(a);
                true
            } else {
                false
            }
        });
        let moved = !subjects.is_empty();
        if first {
            subjects.clear();
            subjects.extend(attackers.iter().copied().filter(|&a| !dead[a]));
            first = false;
        }
        // Pass-through (spec 6.3, with the original's E–W sign error).
        marked.clear();
        for &a in &subjects {
            let p = units[a].pos;
            let around = [
                Pos::new(p.x, p.y.wrapping_add(1)),
                Pos::new(p.x.wrapping_add(1), p.y),
                Pos::new(p.x, p.y.wrapping_sub(1)),
                Pos::new(p.x.wrapping_sub(1), p.y),
            ];
            for q in around {
                if q.x >= width || q.y >= height {
                    continue;
                }
                let mut cur = head[tile(q)];
                while cur != 0 {
                    let b = cur as usize - 1;
                    if is_attacker(b)
                        && (passthrough(&units[a], &units[b]) || passthrough(&units[b], &units[a]))
                    {
                        marked.push(a);
                        marked.push(b);
                        if logging {
                            kills.push((a, b, "passthrough"));
                            kills.push((b, a, "passthrough"));
                        }
                    }
                    cur = next[b];
                }
            }
        }
        remove(&marked, &mut dead, units, head, &mut next, &tile);
        // Same tile: an attacker kills everyone else on its tile, and two
        // attackers on one tile kill each other.
        marked.clear();
        for &a in &subjects {
            if dead[a] {
                continue;
            }
            let mut cur = head[tile(units[a].pos)];
            while cur != 0 {
                let b = cur as usize - 1;
                if b != a {
                    marked.push(b);
                    if logging {
                        kills.push((a, b, "charge"));
                    }
                    if is_attacker(b) {
                        marked.push(a);
                        if logging {
                            kills.push((b, a, "charge"));
                        }
                    }
                }
                cur = next[b];
            }
        }
        remove(&marked, &mut dead, units, head, &mut next, &tile);
        if !moved {
            break;
        }
    }
    // Leave the chains empty for the next turn.
    for (i, u) in units.iter().enumerate() {
        if !dead[i] {
            head[tile(u.pos)] = 0;
        }
    }
    if let Some(log) = log {
        for (k, &a) in attackers.iter().enumerate() {
            let u = units[a];
            let mut action =
                Action::new("attack", Some(u64::from(u.id)), Some(u64::from(u.player)))
                    .with("command", "A")
                    .with("direction", u.dir.letter().to_string());
            if u.pos != start[k] {
                action.push_result(ActionResult::change(
                    u64::from(u.id),
                    "assignment",
                    xy(u.pos),
                ));
            }
            let mut seen = std::collections::HashSet::new();
            for &(killer, victim, how) in &kills {
                if killer == a && seen.insert(victim) {
                    let mut r = ActionResult::change(u64::from(units[victim].id), "alive", false);
                    r.extra.insert("cause".into(), how.into());
                    action.push_result(r);
                }
            }
            log.push(action);
        }
    }
    dead
}

/// The original's pass-through test for the ordered pair `(a, b)`
/// (`game.cpp:308-337`): back to back along a's facing, or, through its
/// sign error, face to face on an east–west row with a facing east.
fn passthrough(a: &Unit, b: &Unit) -> bool {
    let (x1, y1) = (i32::from(a.pos.x), i32::from(a.pos.y));
    let (x2, y2) = (i32::from(b.pos.x), i32::from(b.pos.y));
    match (a.dir, b.dir) {
        (Dir::N, Dir::S) => x1 == x2 && y1 == y2 + 1,
        (Dir::S, Dir::N) => x1 == x2 && y1 == y2 - 1,
        (Dir::E, Dir::W) => y1 == y2 && (x1 == x2 + 1 || x1 == x2 - 1),
        _ => false,
    }
}

/// The chain link for unit index `i`.
fn link(i: usize) -> u16 {
    debug_assert!(i < usize::from(u16::MAX));
    (i + 1) as u16
}

/// Takes unit `i` out of the chain of tile `t`.
fn unlink(head: &mut [u16], next: &mut [u16], t: usize, i: usize) {
    let me = link(i);
    if head[t] == me {
        head[t] = next[i];
        return;
    }
    let mut cur = head[t];
    while cur != 0 {
        let after = next[cur as usize - 1];
        if after == me {
            next[cur as usize - 1] = next[i];
            return;
        }
        cur = after;
    }
}

/// Removes marked units at once (ids de-duplicated, spec 6.3 `KillAll`).
fn remove(
    marked: &[usize],
    dead: &mut [bool],
    units: &[Unit],
    head: &mut [u16],
    next: &mut [u16],
    tile: &impl Fn(Pos) -> usize,
) {
    for &i in marked {
        if !dead[i] {
            dead[i] = true;
            unlink(head, next, tile(units[i].pos), i);
        }
    }
}
