//! Plays many seeded games between built-in bots and says how many ended,
//! how long a turn took and how much of it the bots spent (the quick loop
//! behind the figures in BENCHMARKS.md):
//! `cargo run --release -p orderly-xconq --example botgames -- SCENARIO
//! SIDES GAMES [BOT BOT] [LIB]`; seats alternate between the two bots.
//!
//! Environment, for looking into games that do not end:
//! * `XCONQ_CAP=N` plays up to N turns (300) and counts the games ended
//!   within 300, 1,000 and N turns;
//! * `XCONQ_FIRST=S` starts at seed S (1), so seeds S..S+GAMES-1 are played;
//! * `XCONQ_SEEDS=a,b,c` plays only these seeds;
//! * `XCONQ_BOTSEED=K` (0) gives the bots another generator stream on the
//!   same worlds, so the spread between streams shows how much of a
//!   difference between two versions of a bot is noise;
//! * `XCONQ_DIAG=1` prints, for each game still running at turn 300, what
//!   each side has, where, what it knows of the others and what its units
//!   were ordered to do on that turn (`diagnose` below). The diagnosis
//!   reads the true state (this is a measuring tool, not a player);
//! * `XCONQ_DIAG_AT=T` takes that look at turn T instead of 300;
//! * `XCONQ_ORDERS=S` (with `XCONQ_DIAG`) adds side S's units with ACP,
//!   each with the orders its bot gave, and the other sides' units S sees;
//! * `XCONQ_TRACE=N` prints every N turns each side's points and units;
//! * `XCONQ_GEO=1` prints at the start, from the true map, the land masses
//!   and seas the places of sides 1 and 2 stand on or border, and whether
//!   the two share one, and with more sides the pairs that share none
//!   (`geography`); with `XCONQ_TRUEMAP=1` too, the true map at the
//!   start, north first: a letter per terrain type (`a` = type 0), a
//!   digit for a place of that side (`0` independent).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::{Match, Ruleset, Setup};
use xconq::view::View;
use xconq::Xconq;

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args.get(1).cloned().unwrap_or_else(|| "standard".into());
    let sides: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let names = [
        args.get(4).cloned().unwrap_or_else(|| "greedy".into()),
        args.get(5).cloned().unwrap_or_else(|| "greedy".into()),
    ];
    let lib = args
        .get(6)
        .cloned()
        .unwrap_or_else(|| "../shared/corpus/xconq/lib".into());
    let cap = env_num("XCONQ_CAP", 300);
    let first = env_num("XCONQ_FIRST", 1);
    let trace = env_num("XCONQ_TRACE", 0);
    let diag_at = env_num("XCONQ_DIAG_AT", 300);
    let bot_stream = env_num("XCONQ_BOTSEED", 0);
    let diag = std::env::var("XCONQ_DIAG").is_ok_and(|s| s == "1");
    let seeds: Vec<u64> = match std::env::var("XCONQ_SEEDS") {
        Ok(s) => s.split(',').filter_map(|n| n.trim().parse().ok()).collect(),
        Err(_) => (first..first + games).collect(),
    };
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib.into()])));
    let (mut turns, mut total, mut in_bots) = (0u64, Duration::ZERO, Duration::ZERO);
    let mut ended = [0u64; 3];
    let mut won_by = [0u64; 3];
    let mut unfinished = Vec::new();
    for &seed in &seeds {
        let mut setup = Setup {
            scenario: scenario.clone(),
            seed,
            ..Setup::default()
        };
        if scenario == "standard" {
            setup.options.insert("sides".into(), sides.into());
        }
        let start = Instant::now();
        let mut m = Match::start(rules.clone(), setup, false, None).expect("the scenario sets up");
        let seats = rules.seats(m.state()).len();
        let mut bots: Vec<_> = (0..seats)
            .map(|i| rules.bot(&names[i % 2]).expect("a bot"))
            .collect();
        let mut rng = engine::GameRng::from_seed(seed ^ 0x5eed ^ (bot_stream << 32));
        if std::env::var("XCONQ_GEO").is_ok_and(|s| s == "1") {
            geography(seed, m.state(), seats);
        }
        let mut played = 0;
        while played < cap && m.outcome().is_none() {
            played += 1;
            let mut given = Vec::new();
            for seat in m.awaiting() {
                let view = m.view(Some(seat));
                let t = Instant::now();
                let o = bots[seat.0].orders(&rules, &view, seat, &mut rng);
                in_bots += t.elapsed();
                if diag && played == diag_at {
                    given.push((seat.0, view, o.clone()));
                }
                m.submit(seat, o).expect("the bot's orders pass the check");
            }
            if diag && played == diag_at {
                diagnose(seed, m.state(), &given);
                if let Ok(side) = std::env::var("XCONQ_ORDERS") {
                    let side: usize = side.parse().unwrap_or(1);
                    for (seat, v, o) in &given {
                        if seat + 1 != side {
                            continue;
                        }
                        for e in &v.units {
                            if e.side != v.side {
                                println!(
                                    "  seen {} #{} side {} at {},{} date {} in {}",
                                    e.utype, e.id, e.side, e.x, e.y, e.date, e.transport
                                );
                            }
                        }
                        for u in &v.own {
                            let os: Vec<String> = o
                                .orders
                                .iter()
                                .filter(|x| x.unit == u.id)
                                .map(|x| format!("{} {:?}", x.action, x.args))
                                .collect();
                            if u.acp > 0 && u.complete {
                                println!(
                                    "  {} #{} at {},{} in {} acp {} supply {:?}: {}",
                                    u.utype,
                                    u.id,
                                    u.x,
                                    u.y,
                                    u.transport,
                                    u.acp,
                                    u.supply,
                                    os.join("; ")
                                );
                            }
                        }
                    }
                }
            }
            m.resolve(None);
            if trace > 0 && played % trace == 0 {
                let g = m.state();
                let mut pts = vec![0; seats + 1];
                let mut n = vec![0; seats + 1];
                for u in g.state.units.iter().skip(1) {
                    if u.hp > 0 && !u.flushed && u.side <= seats && u.side > 0 {
                        pts[u.side] += g.rules.u.point_value[u.utype];
                        n[u.side] += 1;
                    }
                }
                println!(
                    "  turn {played}: points {:?} units {:?}",
                    &pts[1..],
                    &n[1..]
                );
            }
        }
        total += start.elapsed();
        turns += played;
        match m.outcome() {
            Some(o) => {
                for (n, limit) in ended.iter_mut().zip([300, 1000, u64::MAX]) {
                    if played <= limit {
                        *n += 1;
                    }
                }
                let g = m.state();
                if let Some(w) = g.state.sides.iter().position(|s| s.status == 1) {
                    won_by[(w - 1) % 2] += 1;
                } else {
                    won_by[2] += 1;
                }
                println!("seed {seed}: {played} turns, {}", o.reason);
            }
            None => {
                unfinished.push(seed);
                let g = m.state();
                println!(
                    "seed {seed}: unfinished; units by side {:?}",
                    units_by_side(g, seats)
                );
            }
        }
    }
    println!(
        "{scenario} {sides} sides {}-vs-{}, {} games: ended {} within 300 turns{}; won by first/second bot/draw {won_by:?}; {turns} turns, {:.3} ms a turn ({:.3} ms in bots); unfinished {unfinished:?}",
        names[0],
        names[1],
        seeds.len(),
        ended[0],
        match cap {
            0..=300 => String::new(),
            301..=1000 => format!(", {} within {cap}", ended[2]),
            _ => format!(", {} within 1000, {} within {cap}", ended[1], ended[2]),
        },
        total.as_secs_f64() * 1e3 / turns as f64,
        in_bots.as_secs_f64() * 1e3 / turns as f64,
    );
}

fn units_by_side(g: &xconq::ruleset::Game, seats: usize) -> Vec<BTreeMap<&str, i32>> {
    let mut left = vec![BTreeMap::new(); seats + 1];
    for u in g.state.units.iter().skip(1) {
        if u.hp > 0 && !u.flushed && u.side <= seats {
            *left[u.side]
                .entry(g.rules.unit_names[u.utype].as_str())
                .or_insert(0) += 1;
        }
    }
    left
}

/// What a stalled game looks like (at turn 300 or `XCONQ_DIAG_AT`), side by side: point-valued
/// units (those that keep a side in the game, spec §12.1) by type and by
/// land mass, ground troops by land mass, transports (loaded or not), what
/// the side's view holds of the other sides' point-valued units (seen
/// now, remembered but gone or moved, never seen), the places of others
/// in its view (and how many of them belong to sides that play, not to
/// the independents), and the actions its bot ordered this turn, with the
/// count of mobile units given no order and of ground troops aboard
/// ferries given no order (the classes the stalls are tallied by in
/// docs/xconq-decisions.md).
fn diagnose(seed: u64, g: &xconq::ruleset::Game, given: &[(usize, View, xconq::orders::Orders)]) {
    let s = &g.state;
    let r = &g.rules;
    let area = s.area;
    let Some((_, v0, _)) = given.first() else {
        return;
    };
    let types = &v0.types;
    let type_of = |name: &str| types.iter().position(|t| t.name == name);
    let place = |t: usize| !types[t].mobile;
    // Land: terrain some place type may stand on.
    let land: Vec<bool> = (0..r.terrain_names.len())
        .map(|tt| types.iter().any(|ty| !ty.mobile && ty.enters[tt]))
        .collect();
    let ground = |t: usize| {
        types[t].mobile
            && types[t]
                .enters
                .iter()
                .enumerate()
                .all(|(tt, &e)| !e || land[tt])
    };
    // Ships that carry ground troops (bombers carry an infantry too, but
    // are not counted).
    let troop_ferry = |t: usize| {
        types[t].mobile
            && types[t]
                .enters
                .iter()
                .enumerate()
                .all(|(tt, &e)| !e || !land[tt])
            && types[t].carries.iter().any(|&c| ground(c))
    };
    // Land masses of the true map, numbered by a flood fill (water cells
    // get bodies too, told apart by `sizes[b].0`).
    let (bodies, sizes) = xconq::synth::bodies(r, &area, &s.terrain);
    let mass: Vec<usize> = bodies
        .iter()
        .map(|&b| {
            if b != usize::MAX && sizes[b].0 {
                b
            } else {
                usize::MAX
            }
        })
        .collect();
    let sizes: Vec<usize> = sizes.iter().map(|s| s.1).collect();
    let where_ = |u: &xconq::state::Unit| -> String {
        if u.transport != 0 {
            let tr = &s.units[u.transport as usize];
            if !place(tr.utype) {
                return "aboard".into();
            }
        }
        match mass[area.index(u.x, u.y)] {
            usize::MAX => "sea".into(),
            m => format!("L{m}({})", sizes[m]),
        }
    };
    println!("== seed {seed}, turn {}", g.state.turn);
    for (seat, view, orders) in given {
        let side = seat + 1;
        let mine: Vec<&xconq::state::Unit> = s
            .units
            .iter()
            .skip(1)
            .filter(|u| u.side == side && u.hp > 0 && !u.flushed)
            .collect();
        let mut points: BTreeMap<(String, String), i32> = BTreeMap::new();
        let mut troops: BTreeMap<String, i32> = BTreeMap::new();
        let (mut ferries, mut loaded) = (0, 0);
        let mut by_type: BTreeMap<&str, i32> = BTreeMap::new();
        for u in &mine {
            *by_type.entry(r.unit_names[u.utype].as_str()).or_insert(0) += 1;
            if r.u.point_value[u.utype] > 0 {
                *points
                    .entry((r.unit_names[u.utype].clone(), where_(u)))
                    .or_insert(0) += 1;
            }
            if ground(u.utype) {
                *troops.entry(where_(u)).or_insert(0) += 1;
            }
            if troop_ferry(u.utype) {
                ferries += 1;
                if u.occupants
                    .iter()
                    .any(|&o| ground(s.units[o as usize].utype))
                {
                    loaded += 1;
                }
            }
        }
        let total: i32 = mine.iter().map(|u| r.u.point_value[u.utype]).sum();
        println!(
            "side {side} ({} units, {total} points): {by_type:?}",
            mine.len()
        );
        println!("  point units by place: {points:?}");
        println!("  ground troops by place: {troops:?}; troop ships {ferries} ({loaded} loaded)");
        // What the view holds of others' point-valued units.
        let (mut now, mut stale, mut unseen) = (0, 0, 0);
        let mut stale_places = 0;
        for u in s.units.iter().skip(1) {
            if u.side == side || u.side == 0 || u.hp <= 0 || u.flushed {
                continue;
            }
            if r.u.point_value[u.utype] == 0 {
                continue;
            }
            match view.units.iter().find(|w| w.id == u.id) {
                Some(w) if w.x == u.x && w.y == u.y && w.side == u.side && w.date == view.turn => {
                    now += 1
                }
                Some(_) => stale += 1,
                None => unseen += 1,
            }
        }
        for w in &view.units {
            let t = type_of(&w.utype).unwrap_or(0);
            if w.side != side && w.side != 0 && place(t) {
                let real = s.units.get(w.id as usize);
                if real.is_none_or(|u| u.side != w.side || u.hp <= 0) {
                    stale_places += 1;
                }
            }
        }
        let places_seen: Vec<&xconq::view::SeenUnit> = view
            .units
            .iter()
            .filter(|w| w.side != side && type_of(&w.utype).is_some_and(place))
            .collect();
        let known_places = places_seen.len();
        let enemy_places = places_seen.iter().filter(|w| w.side != 0).count();
        let unseen_cells: usize = view
            .terrain
            .iter()
            .map(|row| row.bytes().filter(|&b| b == b'?').count())
            .sum();
        println!(
            "  view: enemy point units seen now {now}, remembered elsewhere {stale}, never/not in view {unseen}; places in view not own {known_places} (of which of sides that play {enemy_places}, wrong now {stale_places}); unseen cells {unseen_cells}"
        );
        let mut acts: BTreeMap<&str, i32> = BTreeMap::new();
        let mut ordered = std::collections::BTreeSet::new();
        for o in &orders.orders {
            *acts.entry(o.action.as_str()).or_insert(0) += 1;
            ordered.insert(o.unit);
        }
        let idle_by: BTreeMap<&str, i32> = view
            .own
            .iter()
            .filter(|u| u.complete && u.acp > 0 && !ordered.contains(&u.id))
            .filter_map(|u| type_of(&u.utype))
            .filter(|&t| types[t].mobile)
            .fold(BTreeMap::new(), |mut m, t| {
                *m.entry(types[t].name.as_str()).or_insert(0) += 1;
                m
            });
        // Ground troops aboard ferries that were given no order this turn.
        let idle_ferries: std::collections::BTreeSet<i32> = view
            .own
            .iter()
            .filter(|f| type_of(&f.utype).is_some_and(troop_ferry) && !ordered.contains(&f.id))
            .map(|f| f.id)
            .collect();
        let stuck = view
            .own
            .iter()
            .filter(|u| {
                type_of(&u.utype).is_some_and(ground) && idle_ferries.contains(&u.transport)
            })
            .count();
        println!(
            "  orders {acts:?}; mobile units with ACP and no order {idle_by:?}; troops aboard ferries given no order {stuck}"
        );
        if std::env::var("XCONQ_MAP").is_ok_and(|s| s == "1") {
            // The seat's map, north first: its terrain view (`?` unseen),
            // `1`-`9` other sides' places (true), `*` own places.
            for (row, line) in view.terrain.iter().enumerate() {
                let y = area.height - 1 - row as i32;
                let mut out: Vec<char> = line.chars().collect();
                for u in s.units.iter().skip(1) {
                    if u.y == y && u.hp > 0 && !u.flushed && place(u.utype) && u.side != 0 {
                        let ch = if u.side == side {
                            '*'
                        } else {
                            char::from_digit(u.side as u32, 10).unwrap_or('#')
                        };
                        if let Some(c) = out.get_mut(u.x as usize) {
                            *c = ch;
                        }
                    }
                }
                println!("  |{}|", out.into_iter().collect::<String>());
            }
        }
    }
}

/// The true map's land masses and seas (water joined cell to cell inside
/// the area), and for each side the ones its places stand on or border:
/// whether two sides can meet by land, by sea, or not at all without
/// taking a port elsewhere (`XCONQ_GEO=1`, at the start).
fn geography(seed: u64, g: &xconq::ruleset::Game, seats: usize) {
    let s = &g.state;
    let r = &g.rules;
    let area = s.area;
    // Places: types that cannot move (what `bodies` calls land is where
    // they may stand).
    let immobile: Vec<bool> = (0..r.unit_names.len()).map(|u| r.u.speed[u] == 0).collect();
    let (comp, sizes) = xconq::synth::bodies(r, &area, &s.terrain);
    let mut lands = vec![std::collections::BTreeSet::new(); seats + 1];
    let mut seas = vec![std::collections::BTreeSet::new(); seats + 1];
    for u in s.units.iter().skip(1) {
        if u.hp <= 0 || u.side == 0 || u.side > seats || !immobile[u.utype] {
            continue;
        }
        if !area.in_area(u.x, u.y) {
            continue;
        }
        lands[u.side].insert(comp[area.index(u.x, u.y)]);
        for d in 0..6 {
            let (nx, ny) = (
                area.wrapx(u.x + xconq::geometry::DX[d]),
                u.y + xconq::geometry::DY[d],
            );
            if area.inside_area(nx, ny) {
                let nc = area.index(nx, ny);
                if !sizes[comp[nc]].0 && sizes[comp[nc]].1 > 3 {
                    seas[u.side].insert(comp[nc]);
                }
            }
        }
    }
    if std::env::var("XCONQ_TRUEMAP").is_ok_and(|s| s == "1") {
        let mut rows: Vec<Vec<char>> = (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| match area.in_area(x, y) {
                        true => char::from(b'a' + s.terrain[area.index(x, y)]),
                        false => '-',
                    })
                    .collect()
            })
            .collect();
        for u in s.units.iter().skip(1) {
            if u.hp > 0 && immobile[u.utype] && area.in_area(u.x, u.y) {
                let digit = char::from_digit(u.side as u32, 10).unwrap_or('#');
                rows[u.y as usize][u.x as usize] = digit;
            }
        }
        for (y, row) in rows.iter().enumerate().rev() {
            println!("|{}| {y}", row.iter().collect::<String>());
        }
    }
    let shared_land = lands[1].intersection(&lands[2]).count();
    let shared_sea = seas[1].intersection(&seas[2]).count();
    let big: Vec<usize> = sizes
        .iter()
        .filter(|s| !s.0)
        .map(|s| s.1)
        .filter(|&n| n > 3)
        .collect();
    println!(
        "geo seed {seed}: seas {big:?}; side 1 lands {:?} seas {:?}; side 2 lands {:?} seas {:?}; shared land {shared_land}, shared sea {shared_sea}",
        lands[1], seas[1], lands[2], seas[2]
    );
    if seats > 2 {
        // With more sides, the pairs that share neither a land mass nor a
        // sea of more than three cells (the synthesis counts any body of
        // water, however small, and redraws the world while some pair
        // shares nothing).
        let apart: Vec<(usize, usize)> = (1..=seats)
            .flat_map(|a| (a + 1..=seats).map(move |b| (a, b)))
            .filter(|&(a, b)| lands[a].is_disjoint(&lands[b]) && seas[a].is_disjoint(&seas[b]))
            .collect();
        println!("geo seed {seed}: pairs of sides that share no land and no sea {apart:?}");
    }
}
