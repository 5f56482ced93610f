//! Built-in players. They see only their seat's view and ask the same
//! checks the host asks ([`crate::checks`] on the view as a [`Table`]), so
//! every order they send is legal at submission.
//!
//! * `random`: random legal orders, mostly colonizing (so the pool drains
//!   and games end), sometimes moving a leader or bombing; in a combat it
//!   commits a random share of its eligible colonists.
//! * `greedy`: plays for points. It colonizes where one of its own leaders
//!   (or its settler leader) will score, favouring its weakest category;
//!   places leaders next to scientist colonies in regions where its hand
//!   can score and merchants next to artifacts; avoids handing points to
//!   others and unions it would lose; and in a combat commits everything
//!   when that wins against the opponent's announced strength.

use engine::{Bot, GameRng, Seat};

use crate::board::{Kind, Leader, Pos};
use crate::checks::{
    check_bomb, check_colonize_in, check_move_in, Table, TurnKind, MAX_NORMAL_ORDERS,
};
use crate::orders::{Order, Orders};
use crate::regions::Regions;
use crate::view::View;
use crate::Tae;

/// The built-in bots' names.
pub const BOT_NAMES: &[&str] = &["random", "greedy"];

/// A built-in bot by name.
pub fn bot(name: &str) -> Option<Box<dyn Bot<Tae>>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "greedy" => Some(Box::new(GreedyBot)),
        _ => None,
    }
}

/// A legal normal order with the bot's estimate of its worth.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    order: Order,
    value: i32,
}

fn target(p: Pos) -> (i64, i64) {
    (i64::from(p.x), i64::from(p.y))
}

/// Every legal Colonize for the seat's hand (one colonist per type: the
/// colonists of one type are interchangeable).
fn colonize_options(view: &View, regions: &Regions) -> Vec<(u64, Kind, Pos)> {
    let mut out = vec![];
    let mut seen = vec![];
    for c in &view.hand {
        if seen.contains(&c.kind) {
            continue;
        }
        seen.push(c.kind);
        for p in view.board.positions() {
            if check_colonize_in(&view.board, regions, c.kind, p, false).is_ok() {
                out.push((c.id, c.kind, p));
            }
        }
    }
    out
}

/// Every legal Move of the seat's leaders.
fn move_options(view: &View, seat: usize) -> Vec<(Leader, Pos)> {
    let mut out = vec![];
    for kind in Kind::ALL {
        let leader = Leader { owner: seat, kind };
        let from = view.board.leader_pos(leader);
        let regions = Regions::of(&view.board, from);
        for p in view.board.positions() {
            if check_move_in(&view.board, &regions, leader, from, p, false).is_ok() {
                out.push((leader, p));
            }
        }
    }
    out
}

/// Picks up to two orders, best first, with distinct pieces and targets.
fn best_two(mut candidates: Vec<Candidate>) -> Orders {
    candidates.sort_by_key(|c| std::cmp::Reverse(c.value));
    let mut chosen: Orders = vec![];
    for c in candidates {
        if chosen.len() == MAX_NORMAL_ORDERS {
            break;
        }
        if chosen
            .iter()
            .any(|o| o.piece() == c.order.piece() || o.target() == c.order.target())
        {
            continue;
        }
        chosen.push(c.order);
    }
    chosen
}

/// The colonists of the combat's type a combatant may commit.
fn eligible(view: &View, kind: Kind) -> Vec<u64> {
    view.hand
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.id)
        .collect()
}

struct RandomBot;

impl Bot<Tae> for RandomBot {
    fn orders(&mut self, _rules: &Tae, view: &View, seat: Seat, rng: &mut GameRng) -> Orders {
        match view.turn_kind() {
            TurnKind::Over => vec![],
            TurnKind::Combat { reinforcement, .. } => {
                let mut ids = eligible(view, reinforcement);
                rng.shuffle(&mut ids);
                let keep = rng.index(ids.len() + 1);
                ids.truncate(keep);
                ids.into_iter()
                    .map(|colonist| Order::Reinforce { colonist })
                    .collect()
            }
            TurnKind::Normal => {
                let regions = Regions::of(&view.board, None);
                let colonize: Vec<Order> = colonize_options(view, &regions)
                    .into_iter()
                    .map(|(id, _, p)| {
                        let (x, y) = target(p);
                        Order::Colonize { colonist: id, x, y }
                    })
                    .collect();
                let mut orders: Orders = vec![];
                for _ in 0..MAX_NORMAL_ORDERS {
                    let roll = rng.below(100);
                    let pool: Vec<Order> = if roll < 75 {
                        colonize.clone()
                    } else if roll < 97 {
                        move_options(view, seat.0)
                            .into_iter()
                            .map(|(l, p)| {
                                let (x, y) = target(p);
                                Order::Move {
                                    leader: crate::pieces::leader_id(l),
                                    x,
                                    y,
                                }
                            })
                            .collect()
                    } else {
                        bomb_options(view, seat.0)
                    };
                    let fresh: Vec<Order> = pool
                        .into_iter()
                        .filter(|o| {
                            orders
                                .iter()
                                .all(|c| c.piece() != o.piece() && c.target() != o.target())
                        })
                        .collect();
                    if let Some(o) = rng.choose(&fresh) {
                        orders.push(*o);
                    }
                }
                orders
            }
        }
    }
}

/// Every legal Bomb with the seat's first unused bomber.
fn bomb_options(view: &View, seat: usize) -> Vec<Order> {
    let Some(&bomber) = view.players[seat].bombers.first() else {
        return vec![];
    };
    view.board
        .positions()
        .filter(|&p| check_bomb(&view.board, p).is_ok() && view.board.cell(p).is_occupied())
        .map(|p| {
            let (x, y) = target(p);
            Order::Bomb { bomber, x, y }
        })
        .collect()
}

struct GreedyBot;

/// The leaders that would stand in the region formed by joining `regions`.
fn leaders_joined(regions: &Regions, joined: &[u32]) -> Vec<Leader> {
    joined
        .iter()
        .flat_map(|&r| regions.leaders(r).iter().map(|(_, l)| *l))
        .collect()
}

impl GreedyBot {
    fn colonize_value(view: &View, regions: &Regions, me: usize, kind: Kind, at: Pos) -> i32 {
        let board = &view.board;
        let bordered = regions.bordered(board, at);
        let kingdoms: Vec<u32> = bordered
            .iter()
            .copied()
            .filter(|&r| regions.holds_leader(r))
            .collect();
        if kingdoms.len() == 2 {
            // A union: no point now, and wars it would start.
            return Self::union_value(view, regions, me, &kingdoms, at);
        }
        let leaders = leaders_joined(regions, &bordered);
        let mine = view.players[me].score.points;
        let weakest = *mine.iter().min().unwrap_or(&0) as i32;
        match crate::effects::scorer(&leaders, kind) {
            Some(s) if s == me => 20 - 2 * (mine[kind.index()] as i32 - weakest).min(8),
            Some(_) => -6,
            None => {
                // Scientist colonies next to my leaders strengthen them.
                let helps = kind == Kind::Scientist
                    && board
                        .neighbours(at)
                        .any(|q| board.cell(q).leader().is_some_and(|l| l.owner == me));
                if helps {
                    4
                } else {
                    1
                }
            }
        }
    }

    /// A union is worth it only if every war it starts looks winnable.
    fn union_value(view: &View, regions: &Regions, me: usize, kingdoms: &[u32], at: Pos) -> i32 {
        let a = regions.leaders(kingdoms[0]);
        let b = regions.leaders(kingdoms[1]);
        let mut value = 0;
        for k in Kind::ALL {
            let la = a.iter().find(|(_, l)| l.kind == k);
            let lb = b.iter().find(|(_, l)| l.kind == k);
            if let (Some((pa, la)), Some((pb, lb))) = (la, lb) {
                let (mine, theirs) = match (la.owner == me, lb.owner == me) {
                    (true, false) => (*pa, *pb),
                    (false, true) => (*pb, *pa),
                    _ => continue,
                };
                let count =
                    |from: Pos| crate::combat::side_strength(&view.board, from, at, k) as i32;
                let mine_total =
                    count(mine) + view.hand.iter().filter(|c| c.kind == k).count() as i32;
                value += if mine_total > count(theirs) + 1 {
                    8
                } else {
                    -15
                };
            }
        }
        value
    }

    /// How good standing on `at` is for `leader` (regions with it lifted).
    fn place_value(view: &View, regions: &Regions, me: usize, leader: Leader, at: Pos) -> i32 {
        let board = &view.board;
        let Some(&r) = regions.bordered(board, at).first() else {
            return 0;
        };
        let systems = regions.systems(board, r);
        let mut value = 4 + board.scientist_neighbours(at) as i32;
        let rival = regions
            .leaders_of(r, leader.kind)
            .into_iter()
            .find(|l| l.owner != me);
        if let Some(rival) = rival {
            let rival_at = board.leader_pos(rival).unwrap_or(at);
            let theirs = board.scientist_neighbours(rival_at) as i32;
            let mine = board.scientist_neighbours(at) as i32
                + view
                    .hand
                    .iter()
                    .filter(|c| c.kind == Kind::Scientist)
                    .count() as i32;
            value += if mine > theirs + 1 { 6 } else { -20 };
        }
        // Colonies of my hand's type this leader would score.
        value += 2 * view.hand.iter().filter(|c| c.kind == leader.kind).count() as i32;
        let same = systems
            .iter()
            .filter(|&&p| {
                board
                    .cell(p)
                    .colony()
                    .is_some_and(|c| c.kind == leader.kind)
            })
            .count() as i32;
        value += same.min(4);
        if leader.kind == Kind::Merchant {
            let artifacts = systems
                .iter()
                .filter(|&&p| board.cell(p).colony().is_some_and(|c| c.artifact))
                .count() as i32;
            if artifacts >= 2 {
                value += 12 * (artifacts - 1);
            }
        }
        value
    }
}

impl Bot<Tae> for GreedyBot {
    fn orders(&mut self, _rules: &Tae, view: &View, seat: Seat, _rng: &mut GameRng) -> Orders {
        let me = seat.0;
        match view.turn_kind() {
            TurnKind::Over => vec![],
            TurnKind::Combat {
                attacker,
                defender,
                reinforcement,
            } => {
                let Some(combat) = view.combat() else {
                    return vec![];
                };
                let (mine, theirs) = if me == attacker {
                    (combat.attacker_strength, combat.defender_strength)
                } else if me == defender {
                    (combat.defender_strength, combat.attacker_strength)
                } else {
                    return vec![];
                };
                let ids = eligible(view, reinforcement);
                let total = mine + ids.len() as u32;
                // Attackers need more, defenders keep ties (decision 2).
                let wins = if me == attacker {
                    total > theirs
                } else {
                    total >= theirs
                };
                if wins {
                    ids.into_iter()
                        .map(|colonist| Order::Reinforce { colonist })
                        .collect()
                } else {
                    vec![]
                }
            }
            TurnKind::Normal => {
                let regions = Regions::of(&view.board, None);
                let mut candidates: Vec<Candidate> = colonize_options(view, &regions)
                    .into_iter()
                    .map(|(id, kind, p)| {
                        let (x, y) = target(p);
                        Candidate {
                            order: Order::Colonize { colonist: id, x, y },
                            value: Self::colonize_value(view, &regions, me, kind, p),
                        }
                    })
                    .collect();
                for kind in Kind::ALL {
                    let leader = Leader { owner: me, kind };
                    let from = view.board.leader_pos(leader);
                    let lifted = Regions::of(&view.board, from);
                    let now = from.map_or(0, |f| Self::place_value(view, &lifted, me, leader, f));
                    for p in view.board.positions() {
                        if check_move_in(&view.board, &lifted, leader, from, p, false).is_err() {
                            continue;
                        }
                        let (x, y) = target(p);
                        candidates.push(Candidate {
                            order: Order::Move {
                                leader: crate::pieces::leader_id(leader),
                                x,
                                y,
                            },
                            // Moving costs an order; only a clear gain counts.
                            value: Self::place_value(view, &lifted, me, leader, p) - now - 3,
                        });
                    }
                }
                // Keep the game moving: a colony even when nothing scores.
                candidates.retain(|c| {
                    c.value > 0 || matches!(c.order, Order::Colonize { .. }) && c.value >= 0
                });
                best_two(candidates)
            }
        }
    }
}
