//! Movement (spec §5): where a unit may go, and which way it faces after
//! going there. Walking units find their tiles with a breadth-first search;
//! their facing comes from the last step of the engine's A* path, whose
//! tie-breaking (a preferred first direction, a float cost for walking
//! through friends, a stable sort of the open list) must be followed exactly.

use crate::board::{dir, Dir, Reduce, Tile};
use crate::game::{Game, Occupancy, Unit};
use crate::units::Movement;

/// Whether a walking unit of `team` may enter `t` (spec §5.1): empty, or a
/// passable friend (which it may cross but not stop on).
fn blocked(game: &Game, occ: &Occupancy, team: usize, t: Tile) -> bool {
    match occ.at(t) {
        None => false,
        Some((id, other)) => other != team || !game.unit(id).is_some_and(Unit::passable),
    }
}

/// The tiles `u` may move to from its tile, in search order (spec §5.1).
pub fn move_tiles(game: &Game, occ: &Occupancy, u: &Unit) -> Vec<Tile> {
    let stats = u.kind.stats();
    let Some(team) = game.team_of(u.id) else {
        return vec![];
    };
    match stats.movement {
        Movement::None => vec![],
        Movement::Teleport => crate::board::range(u.tile, 1, stats.radius)
            .filter(|t| occ.at(*t).is_none())
            .collect(),
        Movement::Path => {
            let mut seen = [false; 121];
            seen[u.tile.index()] = true;
            let mut out = vec![];
            let mut frontier = vec![u.tile];
            for _ in 0..stats.radius {
                let mut next = vec![];
                for t in frontier {
                    for d in [Dir::N, Dir::E, Dir::S, Dir::W] {
                        let Some(n) = t.step(d) else { continue };
                        if std::mem::replace(&mut seen[n.index()], true) {
                            continue;
                        }
                        if blocked(game, occ, team, n) {
                            continue;
                        }
                        if occ.at(n).is_none() {
                            out.push(n);
                        }
                        next.push(n);
                    }
                }
                frontier = next;
            }
            out
        }
    }
}

/// The facing after a move from `u`'s tile to `dest` (spec §5.3); `None` for
/// a non-directional unit.
pub fn move_direction(game: &Game, occ: &Occupancy, u: &Unit, dest: Tile) -> Option<Dir> {
    let stats = u.kind.stats();
    if !stats.directional {
        return None;
    }
    match stats.movement {
        Movement::Teleport => Some(dir(u.tile, dest, Reduce::None)),
        _ => Some(path_direction(game, occ, u, dest)),
    }
}

/// The last step's direction of the engine's A* path (spec §5.3).
fn path_direction(game: &Game, occ: &Occupancy, u: &Unit, dest: Tile) -> Dir {
    let start = u.tile;
    let team = game.team_of(u.id).unwrap_or(usize::MAX);
    let preferred = dir(start, dest, Reduce::Facing(u.facing));
    let mut g = [0.0f64; 121];
    let mut f = [0.0f64; 121];
    let mut from: [Option<Tile>; 121] = [None; 121];
    let mut in_open = [false; 121];
    let mut closed = [false; 121];
    let mut open: Vec<Tile> = vec![start];
    in_open[start.index()] = true;
    g[start.index()] = 0.0;
    f[start.index()] = f64::from(start.distance(dest));
    while !open.is_empty() {
        let current = open.remove(0);
        in_open[current.index()] = false;
        if current == dest {
            let prev = from[dest.index()].unwrap_or(start);
            return dir(prev, dest, Reduce::None);
        }
        closed[current.index()] = true;
        for d in [Dir::N, Dir::S, Dir::E, Dir::W] {
            let Some(n) = current.step(d) else { continue };
            let occupant = occ.at(n);
            if let Some((id, other)) = occupant {
                let mover = id == u.id;
                let passable = if mover {
                    u.focusing.is_none() && u.passable()
                } else {
                    game.unit(id).is_some_and(Unit::passable)
                };
                if other != team || !passable {
                    continue;
                }
            }
            if closed[n.index()] {
                continue;
            }
            let mut score = g[current.index()] + 1.0;
            score += if d == preferred { 0.1 } else { 0.0 };
            if occupant.is_some() {
                score += 0.4;
            }
            if !in_open[n.index()] || score < g[n.index()] {
                from[n.index()] = Some(current);
                g[n.index()] = score;
                f[n.index()] = score + f64::from(n.distance(dest));
                if !in_open[n.index()] {
                    in_open[n.index()] = true;
                    open.push(n);
                }
                // A stable sort by f: equal keys keep their order (D13).
                open.sort_by(|a, b| {
                    f[a.index()]
                        .partial_cmp(&f[b.index()])
                        .unwrap_or(std::cmp::Ordering::Equal)
                });
            }
        }
    }
    // Unreachable for a destination among the move tiles; face it anyway.
    dir(start, dest, Reduce::Facing(u.facing))
}
