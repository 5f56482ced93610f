//! A literal reading of ttrts spec section 6, written for clarity, not
//! speed: lists scanned for every question, as the original does. Random
//! games on random boards must give the same states as the fast resolver.

use engine::{GameRng, Ruleset, Seat};
use proptest::prelude::*;
use ttrts::format::write_state;
use ttrts::orders::Order;
use ttrts::{Dir, Pos, State, Ttrts, Unit};

fn on_board(s: &State, p: Pos) -> bool {
    p.x < s.width && p.y < s.height
}

/// Spec 6, step by step. `cmds[i]` is unit i's command (0 = none).
fn reference_turn(s: &mut State, cmds: &[u8]) {
    let mut units: Vec<(Unit, u8)> = s.units.iter().copied().zip(cmds.iter().copied()).collect();
    // 6.1 moves
    let intent = |u: &(Unit, u8)| {
        if u.1 == b'F' {
            u.0.dir.ahead(u.0.pos)
        } else {
            u.0.pos
        }
    };
    for i in 0..units.len() {
        if units[i].1 != b'F' {
            continue;
        }
        let t = units[i].0.dir.ahead(units[i].0.pos);
        if !on_board(s, t) || s.walls.contains(&t) {
            continue;
        }
        if units
            .iter()
            .any(|v| v.0.id != units[i].0.id && intent(v) == t)
        {
            continue;
        }
        s.walls.push(units[i].0.pos);
        units[i].0.pos = t;
    }
    // 6.2 rotations
    for u in units.iter_mut() {
        match u.1 {
            b'L' => u.0.dir = u.0.dir.left(),
            b'R' => u.0.dir = u.0.dir.right(),
            _ => {}
        }
    }
    // 6.3 charges
    let passthrough = |a: &Unit, b: &Unit| {
        let (x1, y1, x2, y2) = (
            a.pos.x as i32,
            a.pos.y as i32,
            b.pos.x as i32,
            b.pos.y as i32,
        );
        (x1 == x2 && y1 == y2 + 1 && a.dir == Dir::N && b.dir == Dir::S)
            || (x1 == x2 && y1 == y2 - 1 && a.dir == Dir::S && b.dir == Dir::N)
            || (y1 == y2 && x1 == x2 + 1 && a.dir == Dir::E && b.dir == Dir::W)
            || (y1 == y2 && x1 == x2 - 1 && a.dir == Dir::E && b.dir == Dir::W)
    };
    let kill = |units: &mut Vec<(Unit, u8)>, marked: Vec<u16>| {
        for id in marked {
            if let Some(k) = units.iter().position(|u| u.0.id == id) {
                units.remove(k);
            }
        }
    };
    loop {
        let mut moved = false;
        for u in units.iter_mut() {
            if u.1 == b'A' {
                let f = u.0.dir.ahead(u.0.pos);
                if on_board(s, f) && !s.walls.contains(&f) {
                    u.0.pos = f;
                    moved = true;
                }
            }
        }
        let mut marked = vec![];
        for a in &units {
            for b in &units {
                if a.0.id != b.0.id && a.1 == b'A' && b.1 == b'A' && passthrough(&a.0, &b.0) {
                    marked.push(a.0.id);
                    marked.push(b.0.id);
                }
            }
        }
        kill(&mut units, marked);
        let mut marked = vec![];
        for a in &units {
            for b in &units {
                if a.0.id != b.0.id && a.0.pos == b.0.pos {
                    if a.1 == b'A' {
                        marked.push(b.0.id);
                    }
                    if b.1 == b'A' {
                        marked.push(a.0.id);
                    }
                }
            }
        }
        kill(&mut units, marked);
        if !moved {
            break;
        }
    }
    s.units = units.into_iter().map(|u| u.0).collect();
    s.turn += 1;
}

fn random_board(rng: &mut GameRng, size: u16, count: u16, walls: u16) -> State {
    let mut text = format!("==== ttrts v0.4.0 ====\nNAME:R\nSIZE:[{size},{size}]\nTURN:0\nWALL:");
    if walls == 0 {
        text.push_str("NONE");
    }
    for _ in 0..walls {
        text += &format!("[{},{}]", rng.below(size.into()), rng.below(size.into()));
    }
    text.push_str("\n~~~~\n");
    for id in 0..count {
        let dir = ['N', 'E', 'S', 'W'][rng.below(4) as usize];
        text += &format!(
            "UNIT:{id} pl:{} vs:^ dr:{dir} ps:[{},{}]\n",
            rng.below(3),
            rng.below(size.into()),
            rng.below(size.into())
        );
    }
    text.push_str("END");
    ttrts::format::read_map(text.as_bytes()).unwrap().0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_resolver_agrees_with_the_literal_one(seed in any::<u64>(), size in 2u16..14, count in 1u16..30, walls in 0u16..12) {
        let mut rng = GameRng::from_seed(seed);
        let mut fast = random_board(&mut rng, size, count, walls);
        let mut slow = fast.clone();
        for _ in 0..8 {
            let mut cmds = vec![0u8; fast.units.len()];
            let mut orders: Vec<(Seat, Vec<Order>)> = Ttrts.awaiting(&fast).into_iter().map(|s| (s, vec![])).collect();
            for (i, u) in fast.units.iter().enumerate() {
                let c = b"FFFLRAA\0"[rng.below(8) as usize];
                if c != 0 {
                    cmds[i] = c;
                    let k = orders.iter().position(|(s, _)| s.0 == u.player as usize).unwrap();
                    orders[k].1.push(Order { unit: u.id, command: c });
                }
            }
            Ttrts.resolve(&mut fast, &orders, &mut rng, None);
            reference_turn(&mut slow, &cmds);
            prop_assert_eq!(write_state(&fast), write_state(&slow));
        }
    }
}
